package synth

import "math"

// Best efforts, as the power, heart-rate and pace curves show them: computed from the same
// streams Streams returns, so the curves agree with the activity.

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
	return out
}

// bestMean is the best mean of x over each window length, from prefix sums.
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
	return out
}
