package workout

import "math"

// defaultHRZones are heart-rate zones' upper bounds in % LTHR (Friel's, which Intervals.icu
// offers for LTHR-based zones), used when the athlete's own in bpm are not known.
var defaultHRZones = []float64{84, 89, 94, 99, 102, 106, 999}

// ZoneTimes is the time (seconds) of the workout's steps in each zone of their target's own
// scale: power zones for a power target, heart-rate zones for a heart-rate one, pace zones for
// a pace one, zone 1 first (seven zones; a step above the last is in the last). The athlete's
// zones (Thresholds) place a relative or absolute target, else Intervals.icu's defaults do;
// a zone target is its zone (a range, its middle's lower zone; a ramp or range of values, its
// middle). Unzoned is the time of the steps no zone holds: freeride, no target, % MMP, a
// target the thresholds cannot place, or a step with no time.
func (w *Workout) ZoneTimes(th Thresholds) (zones [7]float64, unzoned float64) {
	w.leaves(func(n Node, times int) {
		d, _, ok := stepTime(w.Sport, n, th)
		if !ok {
			return
		}
		secs := d.Seconds() * float64(times)
		if z, ok := stepZone(w.Sport, n.Target, th); ok {
			zones[z-1] += secs
		} else {
			unzoned += secs
		}
	})
	return zones, unzoned
}

// leaves calls f with each step of the workout, a repeat's steps with the times they are done.
func (w *Workout) leaves(f func(n Node, times int)) {
	var leaf func(n Node, times int)
	leaf = func(n Node, times int) {
		if n.Repeat > 0 {
			for _, c := range n.Steps {
				leaf(c, times*n.Repeat)
			}
			return
		}
		f(n, times)
	}
	for _, n := range w.Steps {
		leaf(n, 1)
	}
}

// stepZone is the zone (1-7) of a target on its own scale, ok false when it has none.
func stepZone(sport Sport, t Target, th Thresholds) (int, bool) {
	mid := (t.Low + t.High) / 2
	in := func(v float64, tops []float64) (int, bool) {
		if !(v > 0) || len(tops) == 0 {
			return 0, false
		}
		for i, top := range tops {
			if v <= top+1e-9 || i == 6 {
				return min(i+1, 7), true
			}
		}
		return min(len(tops), 7), true
	}
	powerTops := th.PowerZones
	if len(powerTops) == 0 {
		powerTops = defaultPowerZones
	}
	paceTops := th.PaceZones
	if len(paceTops) == 0 {
		paceTops = defaultPaceZones
	}
	hr := func(bpm float64) (int, bool) { // a heart rate in bpm on the athlete's zones, else % LTHR
		if len(th.HRZones) > 0 {
			return in(bpm, th.HRZones)
		}
		if th.LTHR > 0 {
			return in(bpm/th.LTHR*100, defaultHRZones)
		}
		return 0, false
	}
	switch t.Kind {
	case TargetPowerZone, TargetHRZone, TargetPaceZone:
		if !(mid >= 1) {
			return 0, false
		}
		return min(int(math.Floor(mid)), 7), true
	case TargetPowerFTP:
		return in(mid, powerTops)
	case TargetPowerWatts:
		if th.FTP > 0 {
			return in(mid/th.FTP*100, powerTops)
		}
	case TargetPacePct:
		return in(mid, paceTops)
	case TargetPaceAbs:
		if tv := thresholdSpeed(sport, th); tv > 0 {
			v := (paceSpeed(sport, t.Low, t.PaceUnit) + paceSpeed(sport, t.High, t.PaceUnit)) / 2
			return in(v/tv*100, paceTops)
		}
	case TargetHRLTHR:
		if len(th.HRZones) > 0 && th.LTHR > 0 {
			return in(mid*th.LTHR/100, th.HRZones)
		}
		return in(mid, defaultHRZones)
	case TargetHRBpm:
		return hr(mid)
	case TargetHRMax:
		if th.MaxHR > 0 {
			return hr(mid * th.MaxHR / 100)
		}
	}
	return 0, false
}
