package workout

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// This file writes a Node both ways: as Intervals.icu text (text*) and as plain
// units (plain*). Build and Workout.Plain are thin walks over these.

// fmtNum writes a number with as few digits as it needs (up to 6 decimals).
func fmtNum(v float64) string {
	return strconv.FormatFloat(math.Round(v*1e6)/1e6, 'f', -1, 64)
}

func fmtRange(lo, hi float64, ranged bool, sep string) string {
	if !ranged && lo == hi {
		return fmtNum(lo)
	}
	return fmtNum(lo) + sep + fmtNum(hi)
}

// fmtHM writes a duration in Intervals.icu units: 1h30m, 5m30s, 45s.
func fmtHM(d time.Duration) string {
	if d <= 0 {
		return "0s"
	}
	total := d.Seconds()
	h := math.Floor(total / 3600)
	m := math.Floor((total - h*3600) / 60)
	s := total - h*3600 - m*60
	var b strings.Builder
	if h > 0 {
		b.WriteString(fmtNum(h) + "h")
	}
	if m > 0 {
		b.WriteString(fmtNum(m) + "m")
	}
	if s > 1e-6 {
		b.WriteString(fmtNum(s) + "s")
	}
	return b.String()
}

// fmtClock writes a duration as m:ss, or h:mm:ss from an hour, rounded to the second.
func fmtClock(d time.Duration) string {
	s := int64(math.Round(d.Seconds()))
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// fmtPace writes seconds per unit as m:ss (with tenths if not whole).
func fmtPace(sec float64) string {
	r := math.Round(sec*10) / 10
	m := math.Floor(r / 60)
	s := r - m*60
	if s == math.Trunc(s) {
		return fmt.Sprintf("%d:%02d", int(m), int(s))
	}
	return fmt.Sprintf("%d:%04.1f", int(m), s)
}

func (t Target) ranged() bool { return t.Ramp || t.Low != t.High }

// text writes a target in Intervals.icu syntax.
func (t Target) text() string {
	r := ""
	if t.Ramp {
		r = "ramp "
	}
	switch t.Kind {
	case TargetPowerFTP:
		return r + fmtRange(t.Low, t.High, t.Ramp, "-") + "%"
	case TargetPowerMMP:
		return r + fmtRange(t.Low, t.High, t.Ramp, "-") + "% MMP " + fmtHM(t.MMP)
	case TargetPowerWatts:
		return r + fmtRange(t.Low, t.High, t.Ramp, "-") + "w"
	case TargetPowerZone:
		return r + zoneText(t)
	case TargetHRMax:
		return r + fmtRange(t.Low, t.High, t.Ramp, "-") + "% HR"
	case TargetHRLTHR:
		return r + fmtRange(t.Low, t.High, t.Ramp, "-") + "% LTHR"
	case TargetHRBpm:
		return r + fmtRange(t.Low, t.High, t.Ramp, "-") + "bpm"
	case TargetHRZone:
		return r + zoneText(t) + " HR"
	case TargetPacePct:
		return r + fmtRange(t.Low, t.High, t.Ramp, "-") + "% Pace"
	case TargetPaceZone:
		return r + zoneText(t) + " Pace"
	case TargetPaceAbs:
		return r + paceText(t) + " Pace"
	case TargetFreeride:
		return "freeride"
	}
	return ""
}

func zoneText(t Target) string {
	if t.ranged() {
		return "Z" + fmtNum(t.Low) + "-Z" + fmtNum(t.High)
	}
	return "Z" + fmtNum(t.Low)
}

func paceText(t Target) string {
	u := ""
	if t.PaceUnit != "" {
		u = "/" + t.PaceUnit
	}
	if t.ranged() {
		return fmtPace(t.Low) + "-" + fmtPace(t.High) + u
	}
	return fmtPace(t.Low) + u
}

// plain writes a target in the plain units of Step.Target.
func (t Target) plain() string {
	r := ""
	if t.Ramp {
		r = "ramp "
	}
	pct := func(of string) string { return r + fmtRange(t.Low, t.High, t.Ramp, "-") + "% " + of }
	switch t.Kind {
	case TargetPowerFTP:
		return pct("FTP")
	case TargetPowerMMP:
		return pct("MMP " + fmtClock(t.MMP))
	case TargetPowerWatts:
		return r + fmtRange(t.Low, t.High, t.Ramp, "-") + "W"
	case TargetPowerZone:
		return r + zoneText(t)
	case TargetHRMax:
		return pct("maxHR")
	case TargetHRLTHR:
		return pct("LTHR")
	case TargetHRBpm:
		return r + fmtRange(t.Low, t.High, t.Ramp, "-") + "bpm"
	case TargetHRZone:
		return r + zoneText(t) + " HR"
	case TargetPacePct:
		return pct("pace")
	case TargetPaceZone:
		return r + zoneText(t) + " pace"
	case TargetPaceAbs:
		p := paceText(t)
		if t.PaceUnit == "100y" {
			p = strings.TrimSuffix(p, "/100y") + "/100yd"
		}
		return r + p
	case TargetFreeride:
		return "freeride"
	}
	return ""
}

// plainDistance writes metres back in the unit they were written in.
func plainDistance(metres float64, unit string) string {
	switch unit {
	case "km":
		return fmtNum(metres/1000) + "km"
	case "mi":
		return fmtNum(metres/1609.344) + "mi"
	case "yrd":
		return fmtNum(metres/0.9144) + "yd"
	}
	return fmtNum(metres) + "m"
}

// textLine writes one step as an Intervals.icu step line.
func (n Node) textLine() string {
	parts := []string{"-"}
	if n.Label != "" {
		parts = append(parts, n.Label)
	}
	if n.Distance > 0 {
		u := n.DistanceUnit
		if u == "" {
			u = "mtr"
		}
		parts = append(parts, fmtNum(n.Distance/distanceUnits[u])+u)
	} else {
		parts = append(parts, fmtHM(n.Duration))
	}
	if n.Freeride && n.Target.Kind != TargetFreeride {
		parts = append(parts, "freeride")
	}
	if s := n.Target.text(); s != "" {
		parts = append(parts, s)
	}
	if n.Cadence != (Range{}) {
		parts = append(parts, fmtRange(n.Cadence.Low, n.Cadence.High, false, "-")+"rpm")
	}
	if n.PowerSmoothing != "" {
		parts = append(parts, "power="+n.PowerSmoothing)
	}
	if n.UntilLapPress {
		parts = append(parts, "Press lap")
	}
	return strings.Join(parts, " ")
}

// text writes workout steps as Intervals.icu text, with a blank line around
// every repeat block.
func text(nodes []Node) string {
	var b strings.Builder
	// blank separates what follows from what came before by one blank line.
	blank := func() {
		if out := b.String(); out != "" && !strings.HasSuffix(out, "\n\n") {
			b.WriteString("\n")
		}
	}
	for i, n := range nodes {
		if n.Repeat > 0 {
			blank()
			head := strconv.Itoa(n.Repeat) + "x"
			if n.Label != "" {
				head = n.Label + " " + head
			}
			b.WriteString(head + "\n")
			for _, c := range n.Steps {
				b.WriteString(c.textLine() + "\n")
			}
			blank()
			continue
		}
		// Warm-up and cool-down steps go under their header, which is what flags them for
		// Intervals.icu (and the watch), up to a blank line.
		header := map[bool]string{true: "Warmup"}[n.Warmup]
		if n.Cooldown {
			header = "Cooldown"
		}
		if header != "" && (i == 0 || nodes[i-1].Warmup != n.Warmup || nodes[i-1].Cooldown != n.Cooldown || nodes[i-1].Repeat > 0) {
			blank()
			b.WriteString(header + "\n")
		}
		b.WriteString(n.textLine() + "\n")
		if header != "" && i+1 < len(nodes) && (nodes[i+1].Warmup != n.Warmup || nodes[i+1].Cooldown != n.Cooldown) {
			blank()
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// Plain returns the workout as plain-unit steps, the inverse of [Build]:
// durations as m:ss or h:mm:ss, distances in the unit they were written in
// ("400m" is metres here), targets as "75% FTP", "Z2 HR", "4:35/km" and so on.
// A power zone in a run or swim reads "Z2 power", as Build wants it there.
func (w *Workout) Plain() []Step {
	return plainSteps(w.Steps, w.Sport)
}

func plainSteps(nodes []Node, sport Sport) []Step {
	out := make([]Step, 0, len(nodes))
	for _, n := range nodes {
		s := Step{Label: n.Label, Target: n.Target.plain()}
		switch {
		case n.Warmup && n.Label == "":
			s.Label = "Warmup"
		case n.Cooldown && n.Label == "":
			s.Label = "Cooldown"
		}
		if n.Repeat > 0 {
			s.Repeat, s.Steps = n.Repeat, plainSteps(n.Steps, sport)
		} else if n.Distance > 0 {
			s.Distance = plainDistance(n.Distance, n.DistanceUnit)
		} else {
			s.Duration = fmtClock(n.Duration)
		}
		if n.Target.Kind == TargetPowerZone && (sport == Run || sport == Swim) {
			s.Target += " power"
		}
		if n.Cadence != (Range{}) {
			s.Cadence = fmtRange(n.Cadence.Low, n.Cadence.High, false, "-") + "rpm"
		}
		out = append(out, s)
	}
	return out
}
