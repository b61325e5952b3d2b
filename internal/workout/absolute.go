package workout

import (
	"fmt"
	"math"
	"strings"
)

// This file turns relative targets (% of FTP, LTHR, max HR or threshold pace, and zones)
// into the athlete's absolute values: watts, bpm, pace. Zones come from the athlete's sport
// settings (Thresholds.PowerZones, HRZones, PaceZones); a target that is already absolute,
// or that the thresholds known cannot turn into a value, has none.

// Absolute is a relative target in the athlete's units: "188 W", "220-235 W", "4:28/km",
// "137-150 bpm", "over 300 W"; "" when there is none to give.
func (t Target) Absolute(sport Sport, th Thresholds) string {
	lo, hi := math.Min(t.Low, t.High), math.Max(t.Low, t.High)
	switch t.Kind {
	case TargetPowerFTP:
		return scaled(lo, hi, th.FTP, " W")
	case TargetHRLTHR:
		return scaled(lo, hi, th.LTHR, " bpm")
	case TargetHRMax:
		return scaled(lo, hi, th.MaxHR, " bpm")
	case TargetPowerZone:
		if th.FTP <= 0 {
			return ""
		}
		a, b, ok := zoneBounds(th.PowerZones, lo, hi)
		if !ok {
			return ""
		}
		return bounded(a*th.FTP/100, b*th.FTP/100, " W")
	case TargetHRZone:
		a, b, ok := zoneBounds(th.HRZones, lo, hi)
		if !ok {
			return ""
		}
		if a > 0 {
			a++ // a heart-rate zone starts a beat above the one below it
		}
		return bounded(a, b, " bpm")
	case TargetPacePct:
		return paces(sport, th, lo, hi)
	case TargetPaceZone:
		a, b, ok := zoneBounds(th.PaceZones, lo, hi)
		if !ok {
			return ""
		}
		return paces(sport, th, a, b)
	}
	return ""
}

// Absolutes lists the workout's relative targets once each, in the order they first come and
// as the workout text writes them, with their absolute values: "88-94% 220-235 W", "Z2 HR
// 137-150 bpm", "95% Pace 4:28/km".
func (w *Workout) Absolutes(th Thresholds) []string {
	var out []string
	seen := map[string]bool{}
	var walk func(ns []Node)
	walk = func(ns []Node) {
		for _, n := range ns {
			if n.Repeat > 0 {
				walk(n.Steps)
				continue
			}
			abs := n.Target.Absolute(w.Sport, th)
			rel := n.Target.text()
			if abs == "" || seen[rel] {
				continue
			}
			seen[rel] = true
			out = append(out, rel+" "+abs)
		}
	}
	walk(w.Steps)
	return out
}

// scaled is lo..hi percent of a threshold, rounded: "188 W", "220-235 W".
func scaled(lo, hi, threshold float64, unit string) string {
	if threshold <= 0 {
		return ""
	}
	return bounded(lo*threshold/100, hi*threshold/100, unit)
}

// bounded writes a range of values: "up to b" when a is 0, "over a" when b is unbounded (0).
func bounded(a, b float64, unit string) string {
	ra, rb := math.Round(a), math.Round(b)
	switch {
	case rb <= 0:
		return fmt.Sprintf("over %.0f%s", ra, unit)
	case ra <= 0:
		return fmt.Sprintf("up to %.0f%s", rb, unit)
	case ra == rb:
		return fmt.Sprintf("%.0f%s", ra, unit)
	}
	return fmt.Sprintf("%.0f-%.0f%s", ra, rb, unit)
}

// zoneBounds are the lower and upper bounds of zones lo..hi (1-based) from the zones' upper
// bounds: the first zone starts at 0, and the last is open (upper bound 0) when its bound is
// a placeholder (999 or more, as Intervals.icu writes "max"). ok is false for a zone the
// settings do not have.
func zoneBounds(uppers []float64, lo, hi float64) (a, b float64, ok bool) {
	l, h := int(lo), int(hi)
	if l < 1 || h < l || h > len(uppers) {
		return 0, 0, false
	}
	if l > 1 {
		a = uppers[l-2]
	}
	b = uppers[h-1]
	if b >= 999 {
		b = 0
	}
	return a, b, true
}

// paces writes lo..hi percent of threshold speed as paces in the sport's unit, the faster
// first: "4:28/km", "4:28-4:43/km", "faster than 4:15/km", "slower than 5:29/km".
func paces(sport Sport, th Thresholds, lo, hi float64) string {
	tv := thresholdSpeed(sport, th)
	if tv <= 0 {
		return ""
	}
	unit := th.PaceUnit
	if unit == "" {
		unit = map[Sport]string{Swim: "100m"}[sport]
		if unit == "" {
			unit = "km"
		}
	}
	per := paceUnits[unit]
	if per == 0 {
		return ""
	}
	pace := func(pct float64) string { return fmtClock(seconds(math.Round(per / (tv * pct / 100)))) }
	label := "/" + strings.Replace(unit, "100y", "100yd", 1)
	switch {
	case hi <= 0 && lo <= 0:
		return ""
	case hi <= 0:
		return "faster than " + pace(lo) + label
	case lo <= 0:
		return "slower than " + pace(hi) + label
	case pace(lo) == pace(hi):
		return pace(hi) + label
	}
	return pace(hi) + "-" + pace(lo) + label
}

// Unresolved lists the targets Intervals.icu cannot turn into the athlete's watts, beats or
// pace with the thresholds it has (th: a % of FTP without an FTP, heart-rate targets without
// an LTHR, a max HR or zones, pace targets without a threshold pace): the watch gets no target
// for those steps. One error per kind of target, on the line it first comes.
func (w *Workout) Unresolved(th Thresholds) []Problem {
	var out []Problem
	seen := map[TargetKind]bool{}
	var walk func(nodes []Node)
	walk = func(nodes []Node) {
		for _, n := range nodes {
			if n.Repeat > 0 {
				walk(n.Steps)
				continue
			}
			k := n.Target.Kind
			if seen[k] {
				continue
			}
			if lack := lacks(w.Sport, n.Target, th); lack != "" {
				seen[k] = true
				out = append(out, Problem{Line: n.Line, Severity: SeverityError,
					Message: fmt.Sprintf("%s needs the athlete's %s, which their %s settings do not have: Intervals.icu cannot resolve it and the watch gets no target. Set it first (update_training_zone), or give the target another way", n.Target.text(), lack, w.Sport)})
			}
		}
	}
	walk(w.Steps)
	return out
}

// lacks names the threshold a target needs and th does not have, "" when it has it.
func lacks(sport Sport, t Target, th Thresholds) string {
	switch t.Kind {
	case TargetPowerFTP, TargetPowerZone:
		if th.FTP <= 0 {
			return "FTP"
		}
	case TargetHRLTHR:
		if th.LTHR <= 0 {
			return "LTHR"
		}
	case TargetHRMax:
		if th.MaxHR <= 0 {
			return "max HR"
		}
	case TargetHRZone:
		if len(th.HRZones) == 0 && th.LTHR <= 0 {
			return "heart-rate zones"
		}
	case TargetPacePct, TargetPaceZone:
		if thresholdSpeed(sport, th) <= 0 {
			return "threshold pace"
		}
	}
	return ""
}
