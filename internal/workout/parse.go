package workout

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Parse reads Intervals.icu workout text into a tree. When the text has syntax
// errors (including the traps Intervals.icu would silently misread, such as "400m"
// in a run) it returns a nil Workout and a *TextError listing every error with its
// line. Warnings do not fail Parse; [Check] reports them.
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

var (
	reRepeatLine = lazyRegexp(`^(.*?)\s*(\d+)\s*[xX]$`)
	reSpacedDash = lazyRegexp(`(\d[\w%:/.]*)\s+-\s+(\d)`)
)

// parser holds the state of one pass over the lines of a workout text.
type parser struct {
	sport    Sport
	w        *Workout
	problems []Problem
	block    *Node  // the open repeat block, if any
	blockTxt string // the text of its repeat line
	section  string // the header or repeat label in force
	line     int    // 1-based number of the current line
	text     string
}

func (p *parser) add(sev Severity, format string, args ...any) {
	p.problems = append(p.problems, Problem{Line: p.line, Text: p.text, Severity: sev, Message: fmt.Sprintf(format, args...)})
}

// parse is Parse without the error filtering: the tree as far as it could be read,
// and every syntax problem and syntax-level warning.
func parse(sport Sport, text string) (*Workout, []Problem) {
	sport = normalSport(sport)
	p := &parser{sport: sport, w: &Workout{Sport: sport}}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	prevBlank := true
	for i, raw := range lines {
		p.line, p.text = i+1, strings.TrimSpace(raw)
		s := p.text
		switch {
		case s == "":
			p.closeBlock()
			prevBlank = true
			continue
		case strings.HasPrefix(s, "-"):
			n := p.step(strings.TrimSpace(s[1:]))
			n.Section = p.section
			if p.block != nil {
				p.block.Steps = append(p.block.Steps, n)
			} else {
				p.w.Steps = append(p.w.Steps, n)
			}
		case reRepeatLine.MatchString(s):
			m := reRepeatLine.FindStringSubmatch(s)
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
			p.block = &Node{Line: p.line, Label: p.section, Repeat: reps, Section: p.section}
			p.blockTxt = s
		default:
			if p.block != nil {
				p.add(SeverityError, "put a blank line after the repeat block of line %d, before %q", p.block.Line, s)
				p.closeBlock()
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

// closeBlock ends the open repeat block and adds it to the workout.
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
// title. A line that reads like a step lacks its leading dash.
func (p *parser) header(s string) {
	fields := strings.Fields(s)
	switch fields[0] {
	case "*", "•", "+", "–", "—", "·":
		p.add(SeverityError, "step lines start with a hyphen and a space (\"- \"), not %q: write - %s", fields[0], strings.Join(fields[1:], " "))
		return
	}
	first := lex(fields[0])
	if first.isLength() || first.isTarget() || first.kind == tRamp {
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

// step parses the body of a step line (after the dash).
func (p *parser) step(body string) Node {
	n := Node{Line: p.line}
	fields := strings.Fields(reSpacedDash.ReplaceAllString(body, "$1-$2"))
	var label, lengths, words []string
	structured, ramp, badLength := false, false, false
	for i := 0; i < len(fields); i++ {
		t := lex(fields[i])
		if !structured && t.kind == tWord {
			label = append(label, fields[i])
			continue
		}
		structured = true
		next := ""
		if i+1 < len(fields) {
			next = strings.ToLower(fields[i+1])
		}
		var tg Target
		switch t.kind {
		case tDuration:
			lengths = append(lengths, t.raw)
			trapped := false
			if len(lengths) == 1 {
				n.Duration = t.dur
				trapped = p.minuteTrap(t)
			}
			switch {
			case t.dur < time.Second:
				p.add(SeverityError, "%q lasts less than a second: give the step a duration such as 5m or 30s", t.raw)
			case t.dur > 24*time.Hour && !trapped:
				p.add(SeverityError, "%q is longer than a day: check the number and the unit (m is minutes, h hours)", t.raw)
			}
			continue
		case tDistance:
			lengths = append(lengths, t.raw)
			if len(lengths) == 1 {
				n.Distance, n.DistanceUnit = t.metres, t.unit
			}
			switch {
			case t.metres < 1:
				p.add(SeverityError, "%q is shorter than a metre: give the step a distance such as 400mtr or 1km", t.raw)
			case t.metres > 1e6:
				p.add(SeverityError, "%q is longer than 1000km: check the number and the unit", t.raw)
			}
			continue
		case tRamp:
			ramp = true
			continue
		case tRpm:
			n.Cadence = Range{Low: t.lo, High: t.hi}
			continue
		case tUnknownUnit:
			badLength = true
			p.add(SeverityError, "unknown unit in %q: write %s (in Intervals.icu m is minutes, mtr is metres)", t.raw, unitHint(t.raw))
			continue
		case tWord:
			words = append(words, t.raw)
			continue
		case tFreeride:
			tg = Target{Kind: TargetFreeride}
		case tWatts:
			tg = Target{Kind: TargetPowerWatts, Low: t.lo, High: t.hi}
		case tBpm:
			tg = Target{Kind: TargetHRBpm, Low: t.lo, High: t.hi}
		case tPercent:
			tg = Target{Kind: TargetPowerFTP, Low: t.lo, High: t.hi}
			switch next {
			case "hr":
				tg.Kind = TargetHRMax
			case "lthr":
				tg.Kind = TargetHRLTHR
			case "pace":
				tg.Kind = TargetPacePct
			case "mmp":
				tg.Kind = TargetPowerMMP
				if i+2 < len(fields) {
					if d := lex(fields[i+2]); d.kind == tDuration {
						tg.MMP = d.dur
						i++
					}
				}
				if tg.MMP == 0 {
					p.add(SeverityError, "%% MMP needs the duration of the best power it refers to: write e.g. %s MMP 5m", t.raw)
				}
			}
			if tg.Kind != TargetPowerFTP {
				i++
			}
		case tZone:
			tg = Target{Kind: TargetPowerZone, Low: t.lo, High: t.hi}
			switch next {
			case "hr":
				tg.Kind = TargetHRZone
				i++
			case "pace":
				tg.Kind = TargetPaceZone
				i++
			}
			if t.lo < 1 || t.hi < 1 {
				p.add(SeverityError, "zones are numbered from 1: write Z1 to Z7, not %s", t.raw)
			}
		case tPace:
			tg = Target{Kind: TargetPaceAbs, Low: t.lo, High: t.hi, PaceUnit: t.unit}
			if next == "pace" {
				i++
			} else if t.unit == "" {
				badLength = true
				p.add(SeverityError, "%q is not a duration: write 5m for 5 minutes, or %s/km pace for a pace", t.raw, t.raw)
				continue
			} else {
				p.add(SeverityError, "an absolute pace needs the word pace after it: write %s pace", t.raw)
			}
		}
		if ramp {
			ramp = false
			tg.Ramp = true
			if !t.ranged {
				p.add(SeverityError, "a ramp needs two values (from-to): write e.g. ramp 50-75%%, not ramp %s", t.raw)
			}
		}
		if n.Target.Kind != TargetNone {
			p.add(SeverityWarning, "a second target %q on one step: Intervals.icu uses one target per step; keep one", t.raw)
			continue
		}
		n.Target = tg
	}
	if ramp {
		p.add(SeverityError, "ramp needs a range after it: write e.g. ramp 50-75%%")
	}
	n.Label = strings.Join(label, " ")
	switch {
	case len(lengths) > 1:
		p.add(SeverityError, "more than one duration or distance (%s): number+unit words in cue text are read as durations; reword the cue without them (e.g. \"two km\")", strings.Join(lengths, ", "))
	case len(lengths) == 0 && !badLength:
		p.add(SeverityError, "the step has no duration or distance: write e.g. - 10m 75%% or - 1km 90%% pace")
	}
	if len(lengths) <= 1 {
		for _, w := range words {
			p.word(w)
		}
	}
	return n
}

// word handles a plain word after a step's first duration, target or keyword.
func (p *parser) word(raw string) {
	switch strings.ToLower(raw) {
	case "press", "lap", "-":
		return
	case "pace", "hr", "lthr", "mmp":
		p.add(SeverityError, "%q needs a value before it: write e.g. 90%% %s or Z2 %s", raw, raw, raw)
		return
	}
	p.add(SeverityWarning, "%q after the duration is not workout syntax; put cue text before the duration: - %s 10m 75%%", raw, raw)
}

// minuteTrap reports a minutes token that was most likely meant as metres:
// "400m" is 400 minutes in Intervals.icu.
func (p *parser) minuteTrap(t token) bool {
	s := strings.ToLower(t.raw)
	if !strings.HasSuffix(s, "m") || strings.ContainsAny(s, "hs") {
		return false
	}
	n := num(strings.TrimSuffix(s, "m"))
	hm := fmtHM(t.dur)
	switch {
	case n > 180 || (n >= 100 && p.sport == Swim):
		p.add(SeverityError, "%s means %s minutes in Intervals.icu: write %smtr for metres (or %s if you meant minutes)", t.raw, fmtNum(n), fmtNum(n), hm)
		return true
	case n >= 100 && p.sport == Run:
		p.add(SeverityWarning, "%s means %s minutes (%s) in Intervals.icu: write %smtr if you meant metres, or %s to make minutes plain", t.raw, fmtNum(n), hm, fmtNum(n), hm)
	}
	return false
}
