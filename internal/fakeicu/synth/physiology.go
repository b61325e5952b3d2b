package synth

import (
	"math"
	"math/rand/v2"
)

// The physiology of the synthetic athletes: how power, speed, heart rate and cadence follow
// a segment's intensity. Activity summaries and intervals are computed from it directly and
// the 1 Hz streams are drawn around it, so they agree (the streams' noise has zero mean over
// each segment).

// hrTau is how fast heart rate follows effort, in seconds.
const hrTau = 30.0

// hrStartAbove is how far above resting heart rate an activity starts.
const hrStartAbove = 25.0

// isRide tells rides (power targets) from runs and swims (pace targets).
func isRide(sport string) bool { return sport == "Ride" || sport == "VirtualRide" }

// steadyHR is the heart rate an effort of intensity i settles at.
func (s *StreamSpec) steadyHR(i float64) float64 {
	h := float64(s.LTHR) * (0.467 + 0.533*i)
	if s.Sport == "Swim" {
		h -= 8
	}
	return math.Min(h, float64(s.MaxHR-2))
}

// rideSpeed is the speed, m/s, that power p holds on flat road (air drag and rolling
// resistance), found by Newton's method.
func rideSpeed(p, weight float64) float64 {
	if p <= 0 {
		return 0
	}
	const cda, rho = 0.32, 1.225
	crr := 0.005 * (weight + 9) * 9.81
	v := 8.0
	for range 8 {
		f := 0.5*rho*cda*v*v*v + crr*v - p
		df := 1.5*rho*cda*v*v + crr
		v -= f / df
	}
	return v
}

// segModel is what one segment looks like on average.
type segModel struct {
	secs              int
	power             float64 // watts, rides only
	speed             float64 // m/s
	cadence           float64
	hrMean, hrEnd     float64
	hrStart, hrSteady float64
}

// model is the noise-free shape of an activity, segment by segment.
func (s *StreamSpec) model() []segModel {
	out := make([]segModel, len(s.Segments))
	a := math.Exp(-1 / hrTau)
	h := float64(s.RestHR) + hrStartAbove
	for k, seg := range s.Segments {
		m := segModel{secs: seg.End - seg.Start, hrStart: h}
		i := seg.Intensity
		switch {
		case isRide(s.Sport):
			m.power = float64(s.FTP) * i
			m.speed = rideSpeed(m.power, s.Weight)
			m.cadence = 86 + 12*(i-0.7)
		case s.Sport == "Swim":
			m.speed = s.ThresholdSpeed * i
			m.cadence = 28 + 10*(i-0.8)
		default:
			m.speed = s.ThresholdSpeed * i
			m.cadence = 84 + 8*(i-0.8)
		}
		T := s.steadyHR(i)
		m.hrSteady = T
		d := float64(m.secs)
		if m.secs > 0 {
			// h_k = T + (h0-T) a^k for k = 1..d; its mean and its last value.
			m.hrMean = T + (h-T)*a*(1-math.Pow(a, d))/((1-a)*d)
			m.hrEnd = T + (h-T)*math.Pow(a, d)
		} else {
			m.hrMean, m.hrEnd = h, h
		}
		h = m.hrEnd
		out[k] = m
	}
	return out
}

// terrain is the altitude profile of a route: a sum of hills along the distance.
type terrain struct {
	base      float64
	amp, wave [3]float64
	phase     [3]float64
}

func (s *StreamSpec) terrain() terrain {
	r := newRand(s.Seed, 7)
	t := terrain{base: s.Altitude}
	// Rolling terrain: about 10-12 m of climbing per km, less on foot.
	amp, wave := [3]float64{10, 3, 0.8}, [3]float64{4000, 1500, 500}
	switch {
	case s.Sport == "VirtualRide":
		amp, wave = [3]float64{35, 8, 1.5}, [3]float64{15000, 4000, 1000}
	case isRide(s.Sport):
		amp, wave = [3]float64{25, 6, 1}, [3]float64{15000, 4000, 1000}
	}
	for k := range 3 {
		t.amp[k] = amp[k] * (0.6 + 0.8*r.Float64())
		t.wave[k] = wave[k] * (0.7 + 0.6*r.Float64())
		t.phase[k] = 2 * math.Pi * r.Float64()
	}
	return t
}

// at is the altitude after d metres.
func (t terrain) at(d float64) float64 {
	a := t.base
	for k := range 3 {
		a += t.amp[k] * (math.Sin(2*math.Pi*d/t.wave[k]+t.phase[k]) - math.Sin(t.phase[k]))
	}
	return a
}

// climbStep is the sampling step of climb, in metres: the shortest hills are over 300 m
// long, so finer sampling changes the totals by well under 1%.
const climbStep = 20.0

// climb is the total ascent and descent over [from, to] metres, with the altitude range and
// mean, sampled every climbStep. Each hill's sine is advanced by rotation, not recomputed,
// which keeps a year of activities fast to summarise.
func (t terrain) climb(from, to float64) (gain, loss, lo, hi, mean float64) {
	var sn, cs, rs, rc [3]float64
	offset := t.base
	for k := range 3 {
		th := 2*math.Pi*from/t.wave[k] + t.phase[k]
		sn[k], cs[k] = math.Sincos(th)
		rs[k], rc[k] = math.Sincos(2 * math.Pi * climbStep / t.wave[k])
		offset -= t.amp[k] * math.Sin(t.phase[k])
	}
	alt := func() float64 {
		a := offset
		for k := range 3 {
			a += t.amp[k] * sn[k]
		}
		return a
	}
	prev := alt()
	lo, hi, mean = prev, prev, prev
	n := 1
	for d := from + climbStep; d <= to; d += climbStep {
		for k := range 3 {
			sn[k], cs[k] = sn[k]*rc[k]+cs[k]*rs[k], cs[k]*rc[k]-sn[k]*rs[k]
		}
		a := alt()
		if a > prev {
			gain += a - prev
		} else {
			loss += prev - a
		}
		if a < lo {
			lo = a
		} else if a > hi {
			hi = a
		}
		mean += a
		n++
		prev = a
	}
	return gain, loss, lo, hi, mean / float64(n)
}

// hasTerrain tells whether the sport has altitude (pool swims do not).
func (s *StreamSpec) hasTerrain() bool { return s.Sport != "Swim" }

// hasGPS tells whether the activity has a route (latlng) and air temperature.
func (s *StreamSpec) hasGPS() bool { return !s.Indoor && s.Sport != "Swim" && s.Sport != "VirtualRide" }

// noise is smooth (AR(1)) zero-mean noise of unit variance, plus white jitter.
type noise struct {
	r *rand.Rand
	x float64
}

func (n *noise) next(smooth, white float64) float64 {
	n.x = 0.95*n.x + math.Sqrt(1-0.95*0.95)*n.r.NormFloat64()
	return smooth*n.x + white*n.r.NormFloat64()
}

// segmentAt is the index of the segment holding second t.
func (s *StreamSpec) segmentAt(t int) int {
	for k, seg := range s.Segments {
		if t >= seg.Start && t < seg.End {
			return k
		}
	}
	return len(s.Segments) - 1
}
