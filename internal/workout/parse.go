package workout

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Parse reads Intervals.icu workout text into a tree, as Intervals.icu reads it, and fails
// when the text has errors: places where what Intervals.icu reads is most likely not what
// the text means (a step line it drops, two targets of which it keeps the last, "400m",
// which is 400 minutes). The *TextError lists every error with its line. Warnings do not
// fail Parse; [Check] reports them.
func Parse(sport Sport, text string) (*Workout, error) {
	w, problems := parse(sport, text)
	var errs []Problem
	for _, p := range problems {
		if p.Severity == SeverityError {
			errs = append(errs, p)
		}
	}
	if len(errs) > 0 {
		return nil, &TextError{Problems: errs}
	}
	return w, nil
}

// Read reads workout text exactly as Intervals.icu reads it, whatever it holds: the steps it
// makes of the text (lines it cannot time dropped, the last duration and the last target of
// a line taken), which is what reaches the athlete's watch. It never fails; [Check] says
// where the reading differs from what the text seems to mean.
func Read(sport Sport, text string) *Workout {
	w, _ := parse(sport, text)
	return w
}

var (
	reRepeatLine = compiled(`^(.*?)\s*(\d+)\s*[xX]$`)
	reSpacedDash = compiled(`(\d[\w%:/.]*)\s+-\s+(\d)`)
)

// parser holds the state of one pass over the lines of a workout text.
type parser struct {
	sport    Sport
	w        *Workout
	problems []Problem
	block    *Node  // the open repeat block, if any
	blockTxt string // the text of its repeat line
	section  string // the header or repeat label in force
	flag     string // "warmup" or "cooldown": the header in force that marks its steps so
	line     int    // 1-based number of the current line
	text     string
}

func (p *parser) add(sev Severity, format string, args ...any) {
	p.problems = append(p.problems, Problem{Line: p.line, Text: p.text, Severity: sev, Message: fmt.Sprintf(format, args...)})
}

// parse is Read with the problems: the tree as Intervals.icu reads it, and every place where
// the reading may not be what the writer meant.
func parse(sport Sport, text string) (*Workout, []Problem) {
	sport = normalSport(sport)
	p := &parser{sport: sport, w: &Workout{Sport: sport}}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	prevBlank, stepsSeen := true, false
	for i, raw := range lines {
		p.line, p.text = i+1, strings.TrimSpace(raw)
		s := p.text
		switch {
		case s == "":
			p.closeBlock()
			p.flag = ""
			prevBlank = true
			continue
		case strings.HasPrefix(s, "-"):
			stepsSeen = true
			n, timed := p.step(strings.TrimSpace(s[1:]))
			if !timed {
				break
			}
			n.Section = p.section
			switch p.flag {
			case "warmup":
				n.Warmup = true
			case "cooldown":
				n.Cooldown = true
			}
			if p.block != nil {
				p.block.Steps = append(p.block.Steps, n)
			} else {
				p.w.Steps = append(p.w.Steps, n)
			}
		case reRepeatLine().MatchString(s):
			stepsSeen = true
			p.repeat(s, prevBlank)
		default:
			if p.block != nil {
				p.add(SeverityError, "put a blank line after the repeat block of line %d, before %q", p.block.Line, s)
				p.closeBlock()
			}
			if !stepsSeen && p.w.Description == "" {
				p.w.Description = s // Intervals.icu's workout_doc keeps the first line of text before the steps
			}
			p.header(s)
			p.section = s
		}
		prevBlank = false
	}
	p.line, p.text = 0, ""
	p.closeBlock()
	if len(p.w.Steps) == 0 && !hasError(p.problems) {
		p.add(SeverityError, "the workout has no steps: write one step per line, e.g. - 10m 75%%")
	}
	return p.w, p.problems
}

// repeat opens the repeat block of the line s ("Main set 4x", "4x").
func (p *parser) repeat(s string, prevBlank bool) {
	m := reRepeatLine().FindStringSubmatch(s)
	if p.block != nil {
		p.add(SeverityError, "put a blank line after the repeat block of line %d, before this repeat line (nested repeats are not supported)", p.block.Line)
		p.closeBlock()
	} else if !prevBlank {
		p.add(SeverityError, "put a blank line before the repeat line %q", s)
	}
	reps, err := strconv.Atoi(m[2])
	if err != nil || reps < 1 || reps > maxRepeat {
		p.add(SeverityError, "repeat count %q must be from 1 to 1000: write e.g. 5x", m[2])
		reps = 1
	} else if reps == 1 {
		p.add(SeverityWarning, "1x repeats its block once: drop the line or write the count you mean")
	}
	p.section = strings.TrimSpace(m[1])
	p.block = &Node{Line: p.line, Label: p.section, Repeat: reps, Section: p.section, RepeatText: s}
	p.blockTxt = s
}

// closeBlock ends the open repeat block and adds it to the workout; a block left without a
// step Intervals.icu can time is dropped, as Intervals.icu drops it.
func (p *parser) closeBlock() {
	b := p.block
	if b == nil {
		return
	}
	p.block, p.section = nil, ""
	if len(b.Steps) == 0 {
		p.problems = append(p.problems, Problem{Line: b.Line, Text: p.blockTxt, Severity: SeverityError,
			Message: "the repeat line has no steps under it: put its steps (lines starting with - ) right below it"})
		return
	}
	p.w.Steps = append(p.w.Steps, *b)
}

// header checks a line that is neither a step nor a repeat: free text or a section
// title. "Warmup" and "Cooldown" mark the steps under them (up to a blank line). A line that
// reads like a step lacks its leading dash.
func (p *parser) header(s string) {
	switch strings.ToLower(s) {
	case "warmup", "cooldown":
		p.flag = strings.ToLower(s)
		return
	}
	p.flag = ""
	fields := strings.Fields(s)
	switch fields[0] {
	case "*", "•", "+", "–", "—", "·":
		p.add(SeverityError, "step lines start with a hyphen and a space (\"- \"), not %q: write - %s", fields[0], strings.Join(fields[1:], " "))
		return
	}
	first := lex(fields[0])
	if first.isLength() || first.isTarget() {
		p.add(SeverityError, "step lines start with \"- \": write - %s", s)
		return
	}
	for _, f := range fields[1:] {
		if t := lex(f); t.isLength() {
			p.add(SeverityWarning, "the header contains %q, which reads like a duration or distance; steps go on their own line starting with - ", f)
			return
		}
	}
}

// word is one word of a step line: its text and where it starts in the line.
type word struct {
	text string
	at   int
}

// words splits a step's body into words, as Intervals.icu reads it: at white space, and
// after "<" (which Intervals.icu stores escaped, &lt;), so that "<40%" is "<" and a target.
func words(body string) []word {
	var out []word
	start := -1
	for i, r := range body {
		space := r == ' ' || r == '\t'
		switch {
		case space && start >= 0:
			out = append(out, word{body[start:i], start})
			start = -1
		case !space && start < 0:
			start = i
		}
		if r == '<' && !space {
			out = append(out, word{body[start : i+1], start})
			start = -1
		}
	}
	if start >= 0 {
		out = append(out, word{body[start:], start})
	}
	return out
}

// stepLine is what the reading of one step line found, for the problems it may show.
type stepLine struct {
	lengths  []string // the duration and distance words, in order (the last counts)
	targets  []string // the target words, in order (the last counts)
	dropped  []string // words after the first token, which the step's text loses
	unknown  []string // numbers with a unit Intervals.icu does not read
	enDash   []string // ranges written with an en dash, read as their first value
	barePace []string // paces without the word pace, which Intervals.icu does not read
	rampOne  []string // single values after "ramp", which Intervals.icu reads as steady
}

// step reads the body of a step line (after the dash) as Intervals.icu reads it: the cue
// text is what comes before the first token (duration, distance, target, cadence), and
// none when that first token is a zone; the last duration or distance and the last target
// count; "ramp" makes a ramp only right before a range; words after the first token are
// dropped. timed is false for a line Intervals.icu drops: one it cannot time.
func (p *parser) step(body string) (n Node, timed bool) {
	n = Node{Line: p.line}
	body = reSpacedDash().ReplaceAllString(body, "$1-$2")
	ws := words(body)
	var sl stepLine
	first, firstKind := -1, tWord // the word where the cue text ends, and its kind
	ramp := false                 // the word before is "ramp", and a range follows it
	for i := 0; i < len(ws); i++ {
		raw := strings.TrimSuffix(ws[i].text, ",") // "85–95rpm," is a token for Intervals.icu
		low := strings.ToLower(raw)
		t := lex(raw)
		switch {
		case t.kind == tRamp && i+1 < len(ws) && lex(ws[i+1].text).isTarget() && !rangedTarget(lex(ws[i+1].text)):
			sl.rampOne = append(sl.rampOne, ws[i+1].text) // read as a steady target
			continue
		case t.kind == tRamp && (i+1 >= len(ws) || !rangedTarget(lex(ws[i+1].text))):
			t.kind = tWord // "no ramp into it": cue text
		case low == "press" && i+1 < len(ws) && strings.EqualFold(ws[i+1].text, "lap"):
			t.kind = tFreeride // a keyword, which ends the cue text as a token does
		case rePowerOpt().MatchString(low):
			t.kind = tFreeride
		case t.kind == tPace && (i+1 >= len(ws) || !strings.EqualFold(ws[i+1].text, "pace")):
			sl.barePace = append(sl.barePace, raw)
			t.kind = tWord // an absolute pace needs the word pace
		}
		if t.kind == tWord || t.kind == tUnknownUnit {
			if t.kind == tUnknownUnit {
				sl.unknown = append(sl.unknown, raw)
			}
			if first >= 0 {
				sl.dropped = append(sl.dropped, raw)
			}
			continue
		}
		if first < 0 {
			first, firstKind = i, t.kind
		}
		if t.enDash {
			sl.enDash = append(sl.enDash, raw)
		}
		switch t.kind {
		case tRamp:
			ramp = true
			continue
		case tDuration:
			sl.lengths = append(sl.lengths, raw)
			n.Duration, n.Distance, n.DistanceUnit = t.dur, 0, ""
		case tDistance:
			sl.lengths = append(sl.lengths, raw)
			n.Duration, n.Distance, n.DistanceUnit = 0, t.metres, t.unit
		case tRpm:
			n.Cadence = Range{Low: t.lo, High: t.hi}
		case tFreeride:
			switch {
			case low == "freeride":
				n.Freeride = true
			case low == "press":
				n.UntilLapPress = true
				i++
			default:
				n.PowerSmoothing = rePowerOpt().FindStringSubmatch(low)[1]
			}
		default:
			tg, used := p.target(t, ws[i+1:])
			i += used
			if tg.Kind == TargetNone {
				break
			}
			tg.Ramp = ramp
			sl.targets = append(sl.targets, raw)
			n.Target = tg
		}
		ramp = false
	}
	if n.Freeride && n.Target.Kind == TargetNone {
		n.Target.Kind = TargetFreeride
	}
	if first > 0 && firstKind != tZone {
		n.Label = strings.ReplaceAll(strings.TrimSpace(body[:ws[first].at]), "<", "&lt;")
	}
	timed = n.Duration > 0 || n.Distance > 0
	p.stepProblems(n, sl, timed)
	return n, timed
}

// rangedTarget says whether t is a target range: what "ramp" before it makes a ramp of.
func rangedTarget(t token) bool {
	switch t.kind {
	case tPercent, tWatts, tBpm, tZone, tPace:
		return t.ranged
	}
	return false
}

// target reads the target that starts with t, the words after it (rest) completing it
// ("75% HR", "Z2 Pace", "5:00/km Pace", "60% MMP 5m"); used is how many of them it took.
func (p *parser) target(t token, rest []word) (tg Target, used int) {
	next := func(k int) string {
		if k < len(rest) {
			return strings.ToLower(rest[k].text)
		}
		return ""
	}
	lo, hi := t.lo, t.hi
	switch t.kind {
	case tWatts:
		return Target{Kind: TargetPowerWatts, Low: lo, High: hi}, 0
	case tBpm:
		return Target{Kind: TargetHRBpm, Low: lo, High: hi}, 0
	case tPercent:
		switch next(0) {
		case "hr":
			return Target{Kind: TargetHRMax, Low: lo, High: hi}, 1
		case "lthr":
			return Target{Kind: TargetHRLTHR, Low: lo, High: hi}, 1
		case "pace":
			return Target{Kind: TargetPacePct, Low: lo, High: hi}, 1
		case "mmp":
			tg = Target{Kind: TargetPowerMMP, Low: lo, High: hi}
			if d := lex(next(1)); d.kind == tDuration {
				tg.MMP = d.dur
				return tg, 2
			}
			return tg, 1
		}
		return Target{Kind: TargetPowerFTP, Low: lo, High: hi}, 0
	case tZone:
		switch next(0) {
		case "hr":
			return Target{Kind: TargetHRZone, Low: lo, High: hi}, 1
		case "pace":
			return Target{Kind: TargetPaceZone, Low: lo, High: hi}, 1
		}
		return Target{Kind: TargetPowerZone, Low: lo, High: hi}, 0
	case tPace:
		if next(0) == "pace" {
			return Target{Kind: TargetPaceAbs, Low: lo, High: hi, PaceUnit: t.unit}, 1
		}
	}
	return Target{}, 0
}

// stepProblems notes where Intervals.icu's reading of a step line (n, sl) may not be what
// the line means.
func (p *parser) stepProblems(n Node, sl stepLine, timed bool) {
	last := ""
	if len(sl.lengths) > 0 {
		last = sl.lengths[len(sl.lengths)-1]
	}
	if !timed {
		switch {
		case last != "":
			p.add(SeverityError, "%q is no length: Intervals.icu drops a step that lasts nothing; give it a duration such as 5m or a distance such as 400mtr", last)
		case len(sl.unknown) > 0:
			p.add(SeverityError, "Intervals.icu drops this line: %q is no duration for it: write %s", sl.unknown[0], unitHint(sl.unknown[0]))
		case len(sl.barePace) > 0 && !strings.Contains(sl.barePace[0], "/"):
			p.add(SeverityError, "Intervals.icu drops this line: %q is no duration for it: write %sm", sl.barePace[0], strings.TrimSuffix(strings.TrimSuffix(sl.barePace[0], ":00"), ":0"))
		default:
			p.add(SeverityError, "Intervals.icu drops this line: a step needs a duration or a distance, e.g. - 10m 75%%; a note goes on a line without the leading -")
		}
		return
	}
	switch {
	case len(sl.lengths) > 1:
		p.add(SeverityError, "more than one duration or distance (%s): Intervals.icu takes the last, %s; number+unit words in cue text count, so reword the cue without them (e.g. \"two km\")", strings.Join(sl.lengths, ", "), last)
	case n.Duration > 0 && n.Duration < time.Second:
		p.add(SeverityError, "%q lasts less than a second: give the step a duration such as 5m or 30s", last)
	case n.Duration > 24*time.Hour:
		p.add(SeverityError, "%q is longer than a day: check the number and the unit (m is minutes, h hours)", last)
	case n.Distance > 0 && n.Distance < 1:
		p.add(SeverityError, "%q is shorter than a metre: give the step a distance such as 400mtr or 1km", last)
	case n.Distance > 1e6:
		p.add(SeverityError, "%q is longer than 1000km: check the number and the unit", last)
	}
	if len(sl.lengths) == 1 {
		p.minuteTrap(lex(sl.lengths[0]))
	}
	if len(sl.targets) > 1 {
		p.add(SeverityError, "more than one target (%s): Intervals.icu keeps the last, %s, and the watch gets that one; keep one target a step", strings.Join(sl.targets, ", "), sl.targets[len(sl.targets)-1])
	}
	for _, r := range sl.enDash {
		p.add(SeverityError, "%q is written with an en dash: Intervals.icu reads its first value alone; write the range with a hyphen (%s)", r, strings.ReplaceAll(r, "–", "-"))
	}
	for _, r := range sl.rampOne {
		p.add(SeverityError, "a ramp needs two values (from-to): Intervals.icu reads ramp %s as a steady %s; write e.g. ramp 50-75%%", r, r)
	}
	for _, r := range sl.barePace {
		p.add(SeverityError, "an absolute pace needs the word pace after it: write %s pace (Intervals.icu reads %s alone as cue text)", r, r)
	}
	for _, u := range sl.unknown {
		p.add(SeverityWarning, "%q is cue text for Intervals.icu, not a duration, distance or target: if you meant one, write %s", u, unitHint(u))
	}
	p.targetProblems(n)
	if len(sl.lengths) <= 1 && len(sl.targets) <= 1 {
		p.words(sl.dropped)
	}
}

// targetProblems notes targets that do not say what Intervals.icu needs.
func (p *parser) targetProblems(n Node) {
	t := n.Target
	switch t.Kind {
	case TargetPowerZone, TargetHRZone, TargetPaceZone:
		if t.Low < 1 || t.High < 1 {
			p.add(SeverityError, "zones are numbered from 1: write Z1 to Z7, not Z%s", fmtNum(t.Low))
		}
	case TargetHRBpm:
		p.add(SeverityError, "Intervals.icu's workout syntax has no heart rate in bpm, so the watch may not get it: write it as %% LTHR (e.g. 85%% LTHR), %% HR or an HR zone (Z2 HR)")
	case TargetPowerMMP:
		if t.MMP == 0 {
			p.add(SeverityError, "%% MMP needs the duration of the best power it refers to: write e.g. %s%% MMP 5m", fmtNum(t.Low))
		}
	}
	if t.Ramp && t.Low == t.High {
		p.add(SeverityError, "a ramp needs two values (from-to): write e.g. ramp 50-75%%")
	}
}

// words handles the words after a step's first token, which Intervals.icu drops from the
// cue text: keywords that need a value are errors, the rest one warning for the line.
func (p *parser) words(dropped []string) {
	var plain []string
	for _, raw := range dropped {
		switch strings.ToLower(raw) {
		case "press", "lap", "-":
			continue
		case "ramp":
			p.add(SeverityError, "ramp needs a range after it: write e.g. ramp 50-75%%")
			continue
		case "pace", "hr", "lthr", "mmp":
			p.add(SeverityError, "%q needs a value before it: write e.g. 90%% %s or Z2 %s", raw, raw, raw)
			continue
		}
		if t := lex(raw); t.kind == tUnknownUnit || t.kind == tPace {
			continue // said once already
		}
		plain = append(plain, raw)
	}
	if len(plain) > 0 {
		p.add(SeverityWarning, "%q after the duration is not workout syntax and Intervals.icu drops it from the cue; put cue text before the duration: - %s 10m 75%%", strings.Join(plain, " "), strings.Join(plain, " "))
	}
}

// minuteTrap notes a minutes token that was most likely meant as metres: "400m" is 400
// minutes in Intervals.icu.
func (p *parser) minuteTrap(t token) {
	s := strings.ToLower(t.raw)
	if t.kind != tDuration || !strings.HasSuffix(s, "m") || strings.ContainsAny(s, "hs") {
		return
	}
	n := num(strings.TrimSuffix(s, "m"))
	hm := fmtHM(t.dur)
	switch {
	case n > 180 || (n >= 100 && p.sport == Swim):
		p.add(SeverityError, "%s means %s minutes in Intervals.icu: write %smtr for metres (or %s if you meant minutes)", t.raw, fmtNum(n), fmtNum(n), hm)
	case n >= 100 && p.sport == Run:
		p.add(SeverityWarning, "%s means %s minutes (%s) in Intervals.icu: write %smtr if you meant metres, or %s to make minutes plain", t.raw, fmtNum(n), hm, fmtNum(n), hm)
	}
}
