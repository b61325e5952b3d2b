package synth

import "math"

// surge is a short unplanned effort inside a long steady stretch of an outdoor ride: a
// sprint for a town sign, a kick over a short climb. Surges give the power curve its
// short-duration end; they are part of the segment (its mean power stays the segment's).
type surge struct {
	start, secs int
	watts       float64
}

// surges are the activity's surges, from its seed: in outdoor rides only, every 10 to 25
// minutes of the long WORK segments.
func (s *StreamSpec) surges() []surge {
	if s.Sport != "Ride" {
		return nil
	}
	r := newRand(s.Seed, 11)
	var out []surge
	for _, seg := range s.Segments {
		if !seg.Work || seg.End-seg.Start < 1200 || seg.Intensity >= 0.9 {
			continue // no sprints in a steady effort at threshold (an FTP test, a time trial)
		}
		for t := seg.Start + 300 + r.IntN(600); t+30 < seg.End-120; t += 600 + r.IntN(900) {
			secs := 6 + r.IntN(25)
			w := float64(s.FTP) * (3.3 - 0.05*float64(secs)) * (0.8 + 0.2*r.Float64())
			out = append(out, surge{start: t, secs: secs, watts: w})
		}
	}
	return out
}

// surgeNP4 is how the surges change the sum, over the seconds of the activity, of the
// fourth power of 30-second mean power that normalised power is made of: the 30-second
// windows that hold k seconds of a surge average p + k(w-p)/30, where p is the power
// around the surge; a surge of L seconds is wholly inside 31-L windows and partly (k = 1
// .. L-1) inside two windows for each k.
func surgeNP4(surges []surge, base func(t int) float64) float64 {
	d := 0.0
	for _, s := range surges {
		p := base(s.start)
		p4 := math.Pow(p, 4)
		at := func(k int) float64 { return math.Pow(p+float64(k)*(s.watts-p)/30, 4) - p4 }
		d += float64(31-s.secs) * at(s.secs)
		for k := 1; k < s.secs; k++ {
			d += 2 * at(k)
		}
	}
	return d
}
