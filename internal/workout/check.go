package workout

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"time"
)

// Check parses workout text given by a model or a user and reports every trap
// before anything is written: syntax errors (SeverityError: Intervals.icu would
// misread the text) and plausibility warnings (SeverityWarning: it reads it, but
// it is probably not what was meant). Problems come in line order, those about the
// whole text (line 0) first. The Summary is
// of what could be parsed, even when there are errors.
func Check(sport Sport, text string, th Thresholds) (Summary, []Problem) {
	sport = normalSport(sport)
	w, problems := parse(sport, text)
	c := checker{sport: sport, th: th, lines: strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n"), once: map[TargetKind]bool{}}
	for _, n := range w.Steps {
		c.node(n)
	}
	problems = append(problems, c.problems...)
	s := w.Summary(th)
	if s.Duration > 12*time.Hour && !hasError(problems) {
		problems = append(problems, Problem{Severity: SeverityWarning,
			Message: fmt.Sprintf("the workout lasts %s: check for minutes written where metres were meant (400m is 400 minutes; write 400mtr)", fmtClock(s.Duration))})
	}
	sort.SliceStable(problems, func(i, j int) bool { return problems[i].Line < problems[j].Line })
	return s, problems
}

type checker struct {
	sport    Sport
	th       Thresholds
	lines    []string
	once     map[TargetKind]bool // sport mismatches already reported
	problems []Problem
}

func (c *checker) warn(n Node, format string, args ...any) {
	text := ""
	if n.Line >= 1 && n.Line <= len(c.lines) {
		text = strings.TrimSpace(c.lines[n.Line-1])
	}
	c.problems = append(c.problems, Problem{Line: n.Line, Text: text, Severity: SeverityWarning, Message: fmt.Sprintf(format, args...)})
}

func (c *checker) node(n Node) {
	if n.Repeat > 0 {
		for _, s := range n.Steps {
			c.node(s)
		}
		return
	}
	d, _, known := stepTime(c.sport, n, c.th)
	long := known && d > 5*time.Minute
	t := n.Target
	top := math.Max(t.Low, t.High)
	switch t.Kind {
	case TargetPowerFTP:
		if top > 200 && long {
			c.warn(n, "%s of FTP for %s is not sustainable (over 200%% is for seconds to a few minutes): check the number, e.g. %s%%", fmtNum(top)+"%", fmtClock(d), fmtNum(top/10))
		}
	case TargetPowerWatts:
		if c.th.FTP > 0 && top > 2*c.th.FTP && long {
			c.warn(n, "%sw is over twice the FTP (%sw) for %s: check the number", fmtNum(top), fmtNum(c.th.FTP), fmtClock(d))
		} else if top > 2500 {
			c.warn(n, "%sw is beyond human power: check the number", fmtNum(top))
		}
	case TargetHRMax:
		if top > 100 {
			c.warn(n, "heart rate cannot exceed 100%% of max HR: write at most 100%% HR, or use %% LTHR (e.g. %s%% LTHR)", fmtNum(top))
		}
	case TargetHRLTHR:
		if top > 110 {
			c.warn(n, "%s%% of LTHR is above most athletes' max HR: check the number", fmtNum(top))
		}

	case TargetPacePct:
		if top > 150 {
			c.warn(n, "%s%% of threshold pace is not plausible (speed as %% of threshold speed): check the number", fmtNum(top))
		}
	case TargetPaceAbs:
		c.pace(n)
	case TargetPowerZone, TargetHRZone, TargetPaceZone:
		if top > 7 {
			c.warn(n, "Z%s: Intervals.icu's zones go up to Z7 at most", fmtNum(top))
		}
	}
	c.sportTarget(n)
	if n.Cadence != (Range{}) && (math.Max(n.Cadence.Low, n.Cadence.High) > 200 || math.Min(n.Cadence.Low, n.Cadence.High) < 20) {
		c.warn(n, "cadence %s-%srpm is not plausible: check the numbers", fmtNum(n.Cadence.Low), fmtNum(n.Cadence.High))
	}
}

// pace warns about absolute paces faster than any human holds.
func (c *checker) pace(n Node) {
	t := n.Target
	v := math.Max(paceSpeed(c.sport, t.Low, t.PaceUnit), paceSpeed(c.sport, t.High, t.PaceUnit))
	limit := 6.5 // m/s, faster than 2:34/km
	if c.sport == Swim {
		limit = 2.4 // faster than 0:42/100m
	}
	if v > limit {
		c.warn(n, "%s is faster than world-record pace: check the number and the unit (/km, /mi, /100m)", paceText(t))
	}
}

// sportTarget warns about targets that do not fit the sport, once per kind.
func (c *checker) sportTarget(n Node) {
	k := n.Target.Kind
	if c.once[k] {
		return
	}
	c.once[k] = true
	switch {
	case c.sport == Ride && (k == TargetPacePct || k == TargetPaceAbs || k == TargetPaceZone):
		c.warn(n, "a pace target in a Ride: use %% FTP, watts, a power zone or heart rate")
	case (c.sport == Run || c.sport == Swim) && k == TargetPowerZone:
		c.warn(n, "Z%s without HR or Pace is a power zone: for a %s without a power meter write Z%s HR or Z%s Pace (the same for any later step)", fmtNum(n.Target.Low), c.sport, fmtNum(n.Target.Low), fmtNum(n.Target.Low))
	case (c.sport == Run || c.sport == Swim) && k == TargetPowerFTP:
		c.warn(n, "%s%% without HR, LTHR or Pace is %% of FTP (power): for a %s write e.g. %s%% Pace or %s%% LTHR (the same for any later step)", fmtNum(n.Target.Low), c.sport, fmtNum(n.Target.Low), fmtNum(n.Target.Low))
	}
}

func hasError(problems []Problem) bool {
	for _, p := range problems {
		if p.Severity == SeverityError {
			return true
		}
	}
	return false
}
