package workout

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// Summary is what a workout amounts to: steps done (repeats expanded), total time,
// total distance of distance steps (and an estimate for the timed ones), and an estimated
// training load.
type Summary struct {
	Steps    int           `json:"steps"`
	Duration time.Duration `json:"duration"`
	Distance float64       `json:"distance,omitempty"` // metres, 0 if no distance step
	// TimedDistance is the distance of the timed steps, estimated at their target pace
	// (absolute, % of threshold pace, a pace zone, or for a heart-rate zone the pace zone of
	// the same number); 0 if none can be estimated.
	TimedDistance float64 `json:"timed_distance,omitempty"`
	// Unpaced is the time of timed steps whose distance cannot be estimated (no pace target,
	// or no threshold pace for a relative one).
	Unpaced time.Duration `json:"unpaced,omitempty"`
	// Load is hours × IF² × 100 summed over steps (TSS-like); 0 when not estimable.
	Load float64 `json:"load,omitempty"`
	// EstimatedDuration is true when distance steps were timed at their target pace.
	EstimatedDuration bool `json:"estimated_duration,omitempty"`
	// Note says why Duration is incomplete or Load is 0, when that is so.
	Note string `json:"note,omitempty"`
}

// String reads e.g. "1:15:00, 10.2 km, load ~78"; "~" before the time marks distance
// steps timed at their target pace, before the distance timed steps' estimated distance.
func (s Summary) String() string {
	var parts []string
	for _, p := range s.Parts() {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

// Parts are the figures String joins: the time, the distance ("" when there is none) and the
// load ("load not estimable" when it is not).
func (s Summary) Parts() [3]string {
	var out [3]string
	out[0] = fmtClock(s.Duration)
	if s.EstimatedDuration {
		out[0] = "~" + out[0]
	}
	dist, approx := s.Distance+s.TimedDistance, ""
	if s.TimedDistance > 0 {
		approx = "~"
	}
	switch {
	case dist >= 1000:
		out[1] = fmt.Sprintf("%s%.1f km", approx, dist/1000)
	case dist > 0:
		out[1] = fmt.Sprintf("%s%.0f m", approx, dist)
	}
	out[2] = "load not estimable"
	if s.Load > 0 {
		out[2] = fmt.Sprintf("load ~%.0f", s.Load)
	}
	return out
}

// Zone midpoints used for load and for timing distance steps, after Intervals.icu's
// default zones: power in % FTP, heart rate in % LTHR, pace in % threshold speed.
var (
	powerZoneMid = [8]float64{0, 50, 65, 82, 97, 112, 135, 160}
	hrZoneMid    = [8]float64{0, 72, 85, 91, 97, 102, 106, 110}
	paceZoneMid  = [8]float64{0, 70, 83, 91, 97, 102, 107, 115}
)

func zoneMid(table [8]float64, z float64) float64 {
	return table[int(math.Max(1, math.Min(7, z)))]
}

// Summary adds up the workout. Distance steps are timed at their target pace
// (absolute, % of threshold pace or pace zone); their time is unknown otherwise.
// Load needs every step's time and intensity: % FTP, watts (with FTP), % LTHR,
// % max HR (as % LTHR when both are known), bpm (with LTHR), pace (with threshold
// pace) or a zone (table midpoints). Ramps use the mean of IF² over the ramp.
func (w *Workout) Summary(th Thresholds) Summary {
	var s Summary
	var notes []string
	note := func(n Node, msg string) {
		m := fmt.Sprintf("line %d: %s", n.Line, msg)
		for _, x := range notes {
			if x == m {
				return
			}
		}
		notes = append(notes, m)
	}
	loadOK := true
	total := 0.0   // seconds; summed as float so that absurd texts cannot overflow
	unpaced := 0.0 // seconds of timed steps without a distance estimate
	var leaf func(n Node, times int)
	leaf = func(n Node, times int) {
		if n.Repeat > 0 {
			for _, c := range n.Steps {
				leaf(c, times*n.Repeat)
			}
			return
		}
		s.Steps += times
		s.Distance += n.Distance * float64(times)
		d, estimated, ok := stepTime(w.Sport, n, th)
		if !ok {
			loadOK = false
			note(n, "time unknown (a distance step needs a pace target, and the threshold pace for % pace or zones)")
			return
		}
		s.EstimatedDuration = s.EstimatedDuration || estimated
		total += d.Seconds() * float64(times)
		if n.Distance <= 0 {
			if v := timedSpeed(w.Sport, n.Target, th); v > 0 {
				s.TimedDistance += v * d.Seconds() * float64(times)
			} else {
				unpaced += d.Seconds() * float64(times)
			}
		}
		ifSq, why := intensitySq(w.Sport, n.Target, th)
		if why != "" {
			loadOK = false
			note(n, why)
			return
		}
		s.Load += d.Hours() * ifSq * 100 * float64(times)
	}
	for _, n := range w.Steps {
		leaf(n, 1)
	}
	s.Duration = seconds(total)
	s.Unpaced = seconds(unpaced)
	s.TimedDistance = math.Round(s.TimedDistance)
	if !loadOK {
		s.Load = 0
	}
	s.Load = math.Round(s.Load*10) / 10
	s.Note = strings.Join(notes, "; ")
	return s
}

// stepTime is a step's duration, or its distance over its target speed.
func stepTime(sport Sport, n Node, th Thresholds) (d time.Duration, estimated, ok bool) {
	if n.Distance <= 0 {
		return n.Duration, false, true
	}
	v := speed(sport, n.Target, th)
	if v <= 0 {
		return 0, false, false
	}
	return seconds(math.Round(n.Distance / v)), true, true
}

// thresholdSpeed is the sport's threshold pace in m/s, 0 if unknown.
func thresholdSpeed(sport Sport, th Thresholds) float64 {
	if sport == Swim {
		return th.SwimThresholdPace
	}
	return th.ThresholdPace
}

// paceSpeed turns seconds per pace unit into m/s; the unit "" is the sport's usual one.
func paceSpeed(sport Sport, sec float64, unit string) float64 {
	if unit == "" {
		unit = map[Sport]string{Run: "km", Swim: "100m"}[sport]
	}
	m := paceUnits[unit]
	if m == 0 || sec <= 0 {
		return 0
	}
	return m / sec
}

// speed is the mean speed (m/s) a pace target asks for, 0 if not known.
func speed(sport Sport, t Target, th Thresholds) float64 {
	tv := thresholdSpeed(sport, th)
	switch t.Kind {
	case TargetPaceAbs:
		return (paceSpeed(sport, t.Low, t.PaceUnit) + paceSpeed(sport, t.High, t.PaceUnit)) / 2
	case TargetPacePct:
		return tv * (t.Low + t.High) / 200
	case TargetPaceZone:
		return tv * (zoneMid(paceZoneMid, t.Low) + zoneMid(paceZoneMid, t.High)) / 200
	}
	return 0
}

// timedSpeed is the speed (m/s) at which a timed step covers ground: its pace target's, or
// for a heart-rate zone the speed of the pace zone of the same number (both sets of zones
// sit on the threshold alike); 0 when not known.
func timedSpeed(sport Sport, t Target, th Thresholds) float64 {
	if v := speed(sport, t, th); v > 0 {
		return v
	}
	if t.Kind == TargetHRZone && (sport == Run || sport == Swim) {
		return thresholdSpeed(sport, th) * (zoneMid(paceZoneMid, t.Low) + zoneMid(paceZoneMid, t.High)) / 200
	}
	return 0
}

// meanSq is the mean of IF² over a step going from a to b: a ramp's integral, or
// the square of the midpoint of a range.
func meanSq(a, b float64, ramp bool) float64 {
	if ramp {
		return (a*a + a*b + b*b) / 3
	}
	m := (a + b) / 2
	return m * m
}

// intensitySq is a target's mean IF², or why it cannot be estimated.
func intensitySq(sport Sport, t Target, th Thresholds) (float64, string) {
	lo, hi := t.Low, t.High
	switch t.Kind {
	case TargetPowerFTP, TargetHRLTHR, TargetPacePct:
		return meanSq(lo/100, hi/100, t.Ramp), ""
	case TargetPowerWatts:
		if th.FTP <= 0 {
			return 0, "load of a watts target needs the athlete's FTP"
		}
		return meanSq(lo/th.FTP, hi/th.FTP, t.Ramp), ""
	case TargetPowerZone:
		return meanSq(zoneMid(powerZoneMid, lo)/100, zoneMid(powerZoneMid, hi)/100, t.Ramp), ""
	case TargetHRZone:
		return meanSq(zoneMid(hrZoneMid, lo)/100, zoneMid(hrZoneMid, hi)/100, t.Ramp), ""
	case TargetPaceZone:
		return meanSq(zoneMid(paceZoneMid, lo)/100, zoneMid(paceZoneMid, hi)/100, t.Ramp), ""
	case TargetHRMax:
		f := 1.0
		if th.LTHR > 0 && th.MaxHR > 0 {
			f = th.MaxHR / th.LTHR
		}
		return meanSq(lo/100*f, hi/100*f, t.Ramp), ""
	case TargetHRBpm:
		if th.LTHR <= 0 {
			return 0, "load of a bpm target needs the athlete's LTHR"
		}
		return meanSq(lo/th.LTHR, hi/th.LTHR, t.Ramp), ""
	case TargetPaceAbs:
		tv := thresholdSpeed(sport, th)
		a, b := paceSpeed(sport, lo, t.PaceUnit), paceSpeed(sport, hi, t.PaceUnit)
		if tv <= 0 || a <= 0 || b <= 0 {
			return 0, "load of an absolute pace needs the athlete's threshold pace"
		}
		return meanSq(a/tv, b/tv, t.Ramp), ""
	case TargetPowerMMP:
		return 0, "load of a % MMP target is not estimable here"
	case TargetFreeride:
		return 0, "load of a freeride step is not estimable"
	}
	return 0, "load of a step without a target is not estimable"
}
