package workout

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// FromDoc is the tree of a workout_doc as Intervals.icu sends it: what it read of a
// workout's text (and what reaches the watch), so that a read tool shows that reading and
// not one of its own. A target in units it does not know is left out.
func FromDoc(sport Sport, d Doc) *Workout {
	sport = normalSport(sport)
	w := &Workout{Sport: sport, Description: d.Description}
	for _, s := range d.Steps {
		w.Steps = append(w.Steps, docNode(s))
	}
	return w
}

func docNode(s DocStep) Node {
	n := Node{Label: s.Text, Warmup: bool(s.Warmup), Cooldown: bool(s.Cooldown),
		Freeride: bool(s.Freeride), UntilLapPress: bool(s.UntilLapPress)}
	if s.Reps.OK && len(s.Steps) > 0 {
		n.Repeat, n.RepeatText = int(s.Reps.Value), s.Text
		n.Label = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s.Text), fmt.Sprintf("%dx", n.Repeat)))
		for _, c := range s.Steps {
			n.Steps = append(n.Steps, docNode(c))
		}
		return n
	}
	n.Duration = time.Duration(math.Round(s.Duration.Value)) * time.Second
	if s.Distance.OK && s.Distance.Value > 0 {
		n.Distance, n.DistanceUnit = s.Distance.Value, "mtr"
		if math.Mod(s.Distance.Value, 1000) == 0 || s.Distance.Value >= 1000 {
			n.DistanceUnit = "km"
		}
	}
	for _, v := range []*DocValue{s.Power, s.HR, s.Pace} {
		if t, ok := docTarget(v); ok {
			t.Ramp = bool(s.Ramp)
			n.Target = t
		}
	}
	if s.Power != nil && s.Power.Target != "" {
		n.PowerSmoothing = s.Power.Target
	}
	if n.Freeride && n.Target.Kind == TargetNone {
		n.Target.Kind = TargetFreeride
	}
	if c := s.Cadence; c != nil {
		lo, hi, ok := c.bounds()
		if ok {
			n.Cadence = Range{Low: lo, High: hi}
		}
	}
	return n
}

// bounds are a target's low and high values: its value, or its start and end.
func (v *DocValue) bounds() (lo, hi float64, ok bool) {
	switch {
	case v.Value != nil && v.Value.OK:
		return v.Value.Value, v.Value.Value, true
	case v.Start != nil && v.End != nil && v.Start.OK && v.End.OK:
		return v.Start.Value, v.End.Value, true
	}
	return 0, 0, false
}

// docTarget is a workout_doc target as a Target; ok is false for none, or for units not
// known here.
func docTarget(v *DocValue) (Target, bool) {
	if v == nil {
		return Target{}, false
	}
	lo, hi, ok := v.bounds()
	if !ok {
		return Target{}, false
	}
	t := Target{Low: lo, High: hi}
	for kind, units := range docUnits {
		if units == v.Units {
			t.Kind = kind
		}
	}
	if unit, abs := strings.CutPrefix(v.Units, "secs/"); abs {
		t.Kind, t.PaceUnit = TargetPaceAbs, unit
	}
	return t, t.Kind != TargetNone
}

// Text is the workout as Intervals.icu workout text, one step a line.
func (w *Workout) Text() string { return text(w.Steps) }

// Differences says where read (the doc Intervals.icu made of a text) differs from asked
// (the doc the same text was meant to give, as Read makes it): a step's length or target,
// steps missing or extra, the total time. Each is one short phrase; none when they agree.
func Differences(asked, read Doc) []string {
	var out []string
	a, r := leaves(asked.Steps, ""), leaves(read.Steps, "")
	for i := 0; i < max(len(a), len(r)); i++ {
		switch {
		case i >= len(r):
			out = append(out, fmt.Sprintf("step %s (%s) is missing", a[i].path, a[i].what()))
		case i >= len(a):
			out = append(out, fmt.Sprintf("step %s (%s) was not asked", r[i].path, r[i].what()))
		case a[i].what() != r[i].what():
			out = append(out, fmt.Sprintf("step %s is %s, not %s", r[i].path, r[i].what(), a[i].what()))
		}
		if len(out) == 3 {
			break
		}
	}
	if asked.Duration.Value != read.Duration.Value {
		out = append(out, fmt.Sprintf("it lasts %s, not %s", fmtClock(seconds(read.Duration.Value)), fmtClock(seconds(asked.Duration.Value))))
	}
	return out
}

// leaf is a step of a doc with its place ("3", "4.2": the second step of the fourth, a
// repeat, whose count is part of the place: "4(x3).2").
type leaf struct {
	path string
	step DocStep
}

func leaves(steps []DocStep, prefix string) []leaf {
	var out []leaf
	for i, s := range steps {
		p := fmt.Sprintf("%s%d", prefix, i+1)
		if len(s.Steps) > 0 {
			out = append(out, leaves(s.Steps, fmt.Sprintf("%s(x%s).", p, s.Reps))...)
			continue
		}
		out = append(out, leaf{p, s})
	}
	return out
}

// what is a step's length and target, as Differences compares them: "10:00 75-80 %ftp".
func (l leaf) what() string {
	s := l.step
	parts := []string{fmtClock(seconds(s.Duration.Value))}
	if s.Distance.Value > 0 {
		parts[0] = fmtNum(s.Distance.Value) + " m"
	}
	for _, v := range []*DocValue{s.Power, s.HR, s.Pace} {
		if lo, hi, ok := v.safeBounds(); ok {
			r := ""
			if s.Ramp {
				r = "ramp "
			}
			parts = append(parts, r+fmtRange(lo, hi, false, "-")+" "+v.Units)
		}
	}
	return strings.Join(parts, " ")
}

func (v *DocValue) safeBounds() (lo, hi float64, ok bool) {
	if v == nil {
		return 0, 0, false
	}
	return v.bounds()
}
