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
	// (absolute, % of threshold pace or a pace zone), as Intervals.icu does; 0 if none can be
	// estimated.
	TimedDistance float64 `json:"timed_distance,omitempty"`
	// Untimed counts the steps (repeats expanded) left out of Duration: distance steps with no
	// pace to time them at (Intervals.icu times a ride's at its power, by a model of its own).
	Untimed int `json:"untimed,omitempty"`
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

// Intervals.icu's default zones, as upper bounds: power in % FTP, pace in % of threshold
// speed (the last is open). The athlete's own (Thresholds) come first.
var (
	defaultPowerZones = []float64{55, 75, 90, 105, 120, 150, 999}
	defaultPaceZones  = []float64{77.5, 87.7, 94.3, 100, 103.4, 111.5, 999}
)

// hrZoneMid are heart-rate zones' midpoints in % LTHR, for a load estimate.
var hrZoneMid = [8]float64{0, 72, 85, 91, 97, 102, 106, 110}

// zoneSpan is the span of zones lo to hi as Intervals.icu resolves it, on the upper bounds
// tops (each zone starts one unit above the one below; the first at first, a fraction of its
// top): from the bottom of zone lo to the top of zone hi. An open top (999 or more) is read
// as 10% above the bound below it.
func zoneSpan(tops []float64, lo, hi, first float64) (from, to float64) {
	top := func(z int) float64 {
		z = max(1, min(z, len(tops)))
		t := tops[z-1]
		if t >= 999 && z > 1 {
			t = tops[z-2] * 1.1
		}
		return t
	}
	a, b := int(math.Min(lo, hi)), int(math.Max(lo, hi))
	from = first * top(1)
	if a > 1 {
		from = top(a-1) + 1
	}
	return from, top(b)
}

// firstZone is where power zone 1 starts, as a fraction of its top: Intervals.icu
// resolves Z1 of 55% FTP as 44-55%.
const firstZone = 0.8

// powerZoneMid is the middle of power zones lo to hi in % FTP, on the default zones.
func powerZoneMid(lo, hi float64) float64 {
	a, b := zoneSpan(defaultPowerZones, lo, hi, firstZone)
	return (a + b) / 2
}

// paceZoneMid is the middle of pace zones lo to hi, in % of threshold speed. Pace zone 1
// is taken to start where power zone 1 does, at 80% of its top: no recorded pair has a Z1
// pace step, and its literal span (from standing still) would time a Z1 jog at half the
// zone's speed.
func paceZoneMid(th Thresholds, lo, hi float64) float64 {
	tops := th.PaceZones
	if len(tops) == 0 {
		tops = defaultPaceZones
	}
	a, b := zoneSpan(tops, lo, hi, firstZone)
	return (a + b) / 2
}

// powerZoneWatts is the middle of power zones lo to hi in watts: the zones' tops are whole
// watts (floor of % × FTP), each zone starting a watt above the one below.
func powerZoneWatts(th Thresholds, lo, hi float64) float64 {
	tops := th.PowerZones
	if len(tops) == 0 {
		tops = defaultPowerZones
	}
	watts := make([]float64, len(tops))
	for i, t := range tops {
		watts[i] = math.Floor(t*th.FTP/100 + 1e-9)
		if t >= 999 {
			watts[i] = t
		}
	}
	a, b := zoneSpan(watts, lo, hi, firstZone)
	return (math.Floor(a) + b) / 2
}

func zoneMid(table [8]float64, z float64) float64 {
	return table[int(math.Max(1, math.Min(7, z)))]
}

// Summary adds up the workout as Intervals.icu does. Distance steps are timed at their
// target pace (absolute, % of threshold pace or pace zone); their time is unknown otherwise.
// The load of a workout whose every step has a power target is Intervals.icu's: the
// normalized power of the steps' power (NormalizedPower) over FTP, squared, times the hours,
// times 100. Other workouts get an estimate: each step's hours × IF² × 100, IF from % LTHR,
// % max HR (as % LTHR when both are known), bpm (with LTHR), pace (with threshold pace) or a
// zone.
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
	w.leaves(func(n Node, times int) {
		s.Steps += times
		s.Distance += n.Distance * float64(times)
		d, estimated, ok := stepTime(w.Sport, n, th)
		if !ok {
			loadOK = false
			s.Untimed += times
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
	})
	s.Duration = seconds(total)
	s.Unpaced = seconds(unpaced)
	s.TimedDistance = math.Round(s.TimedDistance)
	if np, ok := w.NormalizedPower(th); ok && th.FTP > 0 {
		s.Load, loadOK, notes = s.Duration.Hours()*math.Pow(np/th.FTP, 2)*100, true, nil
	}
	if !loadOK {
		s.Load = 0
	}
	s.Load = math.Round(s.Load*10) / 10
	s.Note = strings.Join(notes, "; ")
	return s
}

// NormalizedPower is the normalized power of the workout's planned power, as Intervals.icu
// computes it for a planned workout: the power of each second (a range at its middle, a ramp
// rising linearly, a zone at the middle of its watts), averaged over the last 30 seconds
// (over the seconds so far in the first 30), raised to the fourth power, averaged, and the
// fourth root taken. ok is false unless every step has a power target in watts or one the
// thresholds turn into watts.
func (w *Workout) NormalizedPower(th Thresholds) (np float64, ok bool) {
	var window [30]float64
	var sum, sum4 float64
	n := 0
	var add func(nodes []Node) bool
	add = func(nodes []Node) bool {
		for _, x := range nodes {
			if x.Repeat > 0 {
				for range x.Repeat {
					if !add(x.Steps) {
						return false
					}
				}
				continue
			}
			a, b, known := stepWatts(x.Target, th)
			d, _, timed := stepTime(w.Sport, x, th)
			secs := int(math.Round(d.Seconds()))
			if !known || !timed || secs > 48*3600 {
				return false
			}
			for i := range secs {
				p := (a + b) / 2
				if x.Target.Ramp {
					p = a + (b-a)*(float64(i)+0.5)/float64(secs)
				}
				sum += p - window[n%30]
				window[n%30] = p
				n++
				avg := sum / float64(min(n, 30))
				sum4 += avg * avg * avg * avg
			}
		}
		return true
	}
	if !add(w.Steps) || n == 0 {
		return 0, false
	}
	return math.Pow(sum4/float64(n), 0.25), true
}

// stepWatts is a power target's start and end in watts; known is false for another target,
// or one the thresholds cannot turn into watts.
func stepWatts(t Target, th Thresholds) (a, b float64, known bool) {
	switch t.Kind {
	case TargetPowerWatts:
		return t.Low, t.High, true
	case TargetPowerFTP:
		if th.FTP > 0 {
			return t.Low * th.FTP / 100, t.High * th.FTP / 100, true
		}
	case TargetPowerZone:
		if th.FTP > 0 {
			m := powerZoneWatts(th, t.Low, t.High)
			return m, m, true
		}
	}
	return 0, 0, false
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
		return tv * paceZoneMid(th, t.Low, t.High) / 100
	}
	return 0
}

// timedSpeed is the speed (m/s) at which a timed step covers ground, as Intervals.icu
// estimates it: its pace target's; 0 for any other target (a heart-rate or power step has no
// pace to go by).
func timedSpeed(sport Sport, t Target, th Thresholds) float64 {
	return speed(sport, t, th)
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
		m := powerZoneMid(lo, hi)
		return meanSq(m/100, m/100, t.Ramp), ""
	case TargetHRZone:
		return meanSq(zoneMid(hrZoneMid, lo)/100, zoneMid(hrZoneMid, hi)/100, t.Ramp), ""
	case TargetPaceZone:
		m := paceZoneMid(th, lo, hi)
		return meanSq(m/100, m/100, t.Ramp), ""
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
