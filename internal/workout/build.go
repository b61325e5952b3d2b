package workout

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Build turns plain-unit steps into Intervals.icu workout text for a sport.
// Every invalid step is reported at once in a *Error, each with its path
// ("step 3.2: ...") and what to write instead; nothing is guessed. The text
// it returns parses back (see [Parse]) to the same durations, distances and
// targets. Build checks syntax, not plausibility: run [Check] on its result for
// warnings and the summary.
func Build(sport Sport, steps []Step, th Thresholds) (string, error) {
	sport = normalSport(sport)
	b := builder{sport: sport, th: th}
	if len(steps) == 0 {
		b.fail("", "the workout has no steps: give at least one step with a duration or a distance")
	}
	nodes := b.nodes(steps, "", false)
	if len(b.problems) > 0 {
		return "", &Error{Problems: b.problems}
	}
	return text(nodes), nil
}

// maxRepeat is the most repeats of a block either direction accepts.
const maxRepeat = 1000

func normalSport(s Sport) Sport {
	switch s {
	case Ride, Run, Swim, Other:
		return s
	}
	return SportFor(string(s))
}

type builder struct {
	sport    Sport
	th       Thresholds
	problems []StepProblem
}

func (b *builder) fail(path, msg string) {
	b.problems = append(b.problems, StepProblem{Path: path, Message: msg})
}

func (b *builder) nodes(steps []Step, prefix string, nested bool) []Node {
	out := make([]Node, 0, len(steps))
	for i, s := range steps {
		path := prefix + strconv.Itoa(i+1)
		if err := checkLabel(s.Label); err != nil {
			b.fail(path, err.Error())
		}
		if s.Repeat > 1 || len(s.Steps) > 0 {
			if n, ok := b.block(s, path, nested); ok {
				out = append(out, n)
			}
			continue
		}
		if s.Repeat < 0 || s.Repeat > maxRepeat {
			b.fail(path, "repeat must be from 2 to 1000 (with steps), or left out")
		}
		n := b.leaf(s, path)
		if !nested {
			n.Warmup, n.Cooldown = sectionLabel(&n.Label)
		}
		out = append(out, n)
	}
	return out
}

// sectionLabel reads a step labelled as a warm-up or cool-down ("Warm up", "Cooldown") as
// one: Intervals.icu flags a step as such (and the watch shows it so) only under a header line
// of that name, which the text writes in the label's place.
func sectionLabel(label *string) (warmup, cooldown bool) {
	switch strings.ReplaceAll(strings.ReplaceAll(strings.ToLower(strings.TrimSpace(*label)), " ", ""), "-", "") {
	case "warmup":
		*label = ""
		return true, false
	case "cooldown":
		*label = ""
		return false, true
	}
	return false, false
}

func (b *builder) block(s Step, path string, nested bool) (Node, bool) {
	ok := true
	bad := func(msg string) { b.fail(path, msg); ok = false }
	switch {
	case nested:
		bad("nested repeats are not supported by Intervals.icu: write the inner block's steps out, or split the outer block")
	case s.Repeat < 2 || s.Repeat > maxRepeat:
		bad("a block of steps needs repeat 2 to 1000; for a single pass list the steps at top level")
	case len(s.Steps) == 0:
		bad("a repeat needs its steps: give steps to repeat " + strconv.Itoa(s.Repeat) + " times")
	}
	if s.Duration != "" || s.Distance != "" || s.Target != "" || s.Cadence != "" {
		bad("a repeat block carries only label, repeat and steps: put duration, distance, target and cadence on its steps")
	}
	children := b.nodes(s.Steps, path+".", true)
	return Node{Label: s.Label, Repeat: s.Repeat, Steps: children}, ok
}

// splitCadence cuts a trailing cadence off a target: "75% FTP 90rpm" is the target "75% FTP"
// with the cadence "90rpm" (how the tools' steps take a cadence); a target that is only a
// cadence is a cadence.
func splitCadence(target string) (rest, cadence string) {
	f := strings.Fields(target)
	if len(f) == 0 || !rePlainRpm().MatchString(strings.ToLower(f[len(f)-1])) {
		return target, ""
	}
	return strings.Join(f[:len(f)-1], " "), f[len(f)-1]
}

func (b *builder) leaf(s Step, path string) Node {
	n := Node{Label: s.Label}
	switch {
	case s.Duration != "" && s.Distance != "":
		b.fail(path, "give a duration or a distance, not both")
	case s.Duration != "":
		d, err := readDuration(s.Duration)
		if err != nil {
			b.fail(path, err.Error())
		} else if msg := metresAsSeconds(b.sport, s.Duration, d); msg != "" {
			b.fail(path, msg)
		}
		n.Duration = d
	case s.Distance != "":
		m, unit, err := readDistance(s.Distance)
		if err != nil {
			b.fail(path, err.Error())
		}
		n.Distance, n.DistanceUnit = m, unit
	default:
		b.fail(path, "the step needs a duration (\"600\", \"10:00\") or a distance (\"400m\", \"5km\")")
	}
	target, cadence := splitCadence(s.Target)
	switch {
	case cadence != "" && s.Cadence != "":
		b.fail(path, "the cadence is given twice: in the target and as cadence")
	case cadence != "":
		s.Cadence = cadence
	}
	if target != "" {
		t, err := readTarget(b.sport, target, b.th)
		if err != nil {
			b.fail(path, err.Error())
		}
		n.Target = t
	}
	if s.Cadence != "" {
		c, err := readCadence(s.Cadence)
		if err != nil {
			b.fail(path, err.Error())
		}
		n.Cadence = c
	}
	return n
}

// metresAsSeconds says why a duration given as a bare number, in a swim or a run, reads like
// metres: a swim's 2500 is 41:40 of swimming, a run's 400 is 6:40 of running, and the watch
// would get that time. A whole number of minutes (600) reads as the seconds it is. "" when
// it does not read like metres.
func metresAsSeconds(sport Sport, given string, d time.Duration) string {
	n, err := strconv.Atoi(strings.TrimSpace(given))
	switch {
	case err != nil || n%60 == 0:
		return ""
	case sport == Swim && n >= 100 && n%25 == 0, sport == Run && n >= 200 && n%100 == 0:
		doing := map[Sport]string{Swim: "swimming", Run: "running"}[sport]
		return fmt.Sprintf("duration %q is %s of %s and reads like metres: for %d metres give distance \"%dm\"; for that time write \"%s\"",
			given, fmtClock(d), doing, n, n, fmtClock(d))
	}
	return ""
}
