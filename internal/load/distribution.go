package load

import "math"

// Distribution is time (seconds) in the three intensity zones of the physiological model
// (Seiler 2010): below the first lactate threshold (0), between the two (1: "threshold"), above
// the second (2).
type Distribution [3]float64

// ThreeZones maps time in Intervals.icu's seven zones (power, pace or heart rate, zone 1
// first) onto the three: Z1-Z2 below the first threshold, Z3-Z4 between the thresholds, Z5
// and above over the second.
func ThreeZones(seven []float64) Distribution {
	var d Distribution
	for i, s := range seven {
		d[min(i/2, 2)] += s
	}
	return d
}

// Add adds another distribution's time.
func (d *Distribution) Add(o Distribution) {
	for i := range d {
		d[i] += o[i]
	}
}

// Total is the time in all three zones.
func (d Distribution) Total() float64 { return d[0] + d[1] + d[2] }

// Share is each zone's share of the time, in %; zeros when there is none.
func (d Distribution) Share() [3]float64 {
	var s [3]float64
	if t := d.Total(); t > 0 {
		for i := range d {
			s[i] = d[i] / t * 100
		}
	}
	return s
}

// ModelThreshold is the share of the threshold zone (% of the time in zone 2) of each
// intensity distribution a coach names (Stöggl & Sperlich 2014, Front Physiol 5:33, and
// 2015, Front Physiol 6:295): polarized about 75-80/5/15-20 (their polarized group 68/6/26),
// pyramidal about 75/20/5, threshold about 46/54/0 (their threshold group).
var ModelThreshold = map[string]float64{"polarized": 5, "pyramidal": 20, "threshold": 54}

// ThresholdRise is how far (percentage points) the threshold share of a plan may rise above
// both the athlete's recent weeks and the model they follow before it is warned.
const ThresholdRise = 10.0

// PolarizationIndex is Treff et al.'s (2019, Front Physiol 10:707) log10(Z1/Z2 × Z3 × 100),
// the zones as fractions of the time (a Z2 of 0 taken as 0.01); ok false without time in zone
// 1 or zone 3.
func (d Distribution) PolarizationIndex() (float64, bool) {
	s := d.Share()
	z1, z2, z3 := s[0]/100, s[1]/100, s[2]/100
	if !(z1 > 0) || !(z3 > 0) {
		return 0, false
	}
	if z2 == 0 {
		z2 = 0.01
	}
	return math.Log10(z1 / z2 * z3 * 100), true
}

// Name is the model the distribution follows, as Treff et al. 2019 classify it: polarized
// when the polarization index is above 2.00; else pyramidal when zone 1 holds the most time
// and zone 2 more than zone 3, threshold when zone 2 holds the most; else "" (high
// intensity, or zone 1 ahead of a larger zone 3 short of polarized).
func (d Distribution) Name() string {
	s := d.Share()
	if pi, ok := d.PolarizationIndex(); ok && pi > 2 {
		return "polarized"
	}
	switch {
	case d.Total() == 0:
		return ""
	case s[0] >= s[1] && s[1] >= s[2]:
		return "pyramidal"
	case s[1] > s[0] && s[1] >= s[2]:
		return "threshold"
	}
	return ""
}
