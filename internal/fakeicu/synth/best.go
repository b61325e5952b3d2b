package synth

import "math"

// Best efforts, as the power, heart-rate and pace curves show them: computed from the same
// streams Streams returns, so the curves agree with the activity. A curve never rises with
// duration (or falls in speed with distance): the best over d seconds is the best held over
// d seconds or more. A single activity's best means alone can rise (10 min hard, 10 easy,
// 10 hard holds more over 30 minutes than over any 20), which reads as a mistake to a coach.

// BestPower is the best mean power, in watts, the activity held over each duration (in
// seconds); 0 where the activity is shorter than the duration or has no power.
func BestPower(spec StreamSpec, durations []int) []float64 {
	if !isRide(spec.Sport) {
		return make([]float64, len(durations))
	}
	return bestMean(spec.render([]string{"watts"}).watts, durations)
}

// BestHR is the best mean heart rate, in bpm, held over each duration (in seconds); 0 where
// the activity is shorter than the duration.
func BestHR(spec StreamSpec, durations []int) []float64 {
	return bestMean(spec.render([]string{"heartrate"}).hr, durations)
}

// BestPace is the shortest time, in seconds, in which the activity covered each distance
// (in metres); 0 where the activity is shorter than the distance.
func BestPace(spec StreamSpec, distances []float64) []float64 {
	dist := spec.render([]string{"distance"}).dist
	out := make([]float64, len(distances))
	for k, want := range distances {
		if want <= 0 || len(dist) == 0 || dist[len(dist)-1] < want {
			continue
		}
		best := math.Inf(1)
		// cum(t) is the distance covered by the end of second t (cum(-1) = 0). For each start
		// i, find the first end j with cum(j) - cum(i-1) >= want, interpolating inside second j.
		j := 0
		for i := range dist {
			base := 0.0
			if i > 0 {
				base = dist[i-1]
			}
			for j < len(dist) && dist[j]-base < want {
				j++
			}
			if j == len(dist) {
				break
			}
			prev := base
			if j > 0 {
				prev = math.Max(dist[j-1], base)
			}
			frac := 1.0
			if step := dist[j] - prev; step > 0 {
				frac = (want - (prev - base)) / step
			}
			t := float64(j-i) + frac
			if t < best {
				best = t
			}
		}
		out[k] = round(best, 1)
	}
	// Speed never rises with distance: over a shorter distance, at least the speed held over
	// the longer one.
	for k := len(out) - 2; k >= 0; k-- {
		if out[k+1] > 0 && distances[k] > 0 && distances[k] < distances[k+1] {
			if t := round(out[k+1]*distances[k]/distances[k+1], 1); out[k] == 0 || t < out[k] {
				out[k] = t
			}
		}
	}
	return out
}

// bestMean is the best mean of x over each window length, from prefix sums, and over any
// longer window among durations (ascending).
func bestMean(x []float64, durations []int) []float64 {
	out := make([]float64, len(durations))
	if len(x) == 0 {
		return out
	}
	prefix := make([]float64, len(x)+1)
	for i, v := range x {
		prefix[i+1] = prefix[i] + math.Round(v)
	}
	for k, d := range durations {
		if d <= 0 || d > len(x) {
			continue
		}
		best := 0.0
		for i := d; i <= len(x); i++ {
			best = math.Max(best, prefix[i]-prefix[i-d])
		}
		out[k] = round(best/float64(d), 1)
	}
	for k := len(out) - 2; k >= 0; k-- {
		if durations[k] < durations[k+1] && out[k+1] > out[k] {
			out[k] = out[k+1]
		}
	}
	return out
}

// modelBestPower is the best mean power over secs seconds of the noise-free model (each
// segment at its intensity of FTP): what the watts stream holds there, within its noise.
// 0 for activities without power or shorter than secs. The model is constant within a
// segment, so the best window starts or ends at a segment's edge.
func (s StreamSpec) modelBestPower(secs int) float64 {
	if !isRide(s.Sport) || secs <= 0 || secs > s.Seconds {
		return 0
	}
	mean := func(from int) float64 {
		to, sum := from+secs, 0.0
		for _, seg := range s.Segments {
			if lo, hi := max(seg.Start, from), min(seg.End, to); hi > lo {
				sum += float64(hi-lo) * seg.Intensity
			}
		}
		return sum * float64(s.FTP) / float64(secs)
	}
	best := 0.0
	for _, seg := range s.Segments {
		for _, from := range []int{seg.Start, seg.End - secs} {
			if from >= 0 && from+secs <= s.Seconds {
				best = math.Max(best, mean(from))
			}
		}
	}
	return round(best, 1)
}
