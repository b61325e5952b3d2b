package format

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// StreamZones are the zone upper bounds that turn a stream into time in zones; nil when the
// threshold is unknown (no zones are then shown).
type StreamZones struct {
	HR    []float64 // bpm, upper bound of each heart-rate zone
	Power []float64 // W, upper bound of each power zone
}

// Streams summarises an activity's streams without dumping them: per stream the number of
// samples, the gaps (null samples), min/avg/max, time in zones where thresholds are known,
// and the stream downsampled to at most points bucket means. Raw samples are never returned.
func (u Units) Streams(id string, ss []intervals.ActivityStream, sport string, z StreamZones, points, max int) string {
	byType := map[string][]*float64{}
	var order []string
	for _, s := range ss {
		t := str(s.Type)
		if t == "" {
			continue
		}
		v := samples(s.Data)
		if t == "heartrate" {
			// a heart rate of 0 is a strap drop-out, not a measurement: missing, not zero
			for i, x := range v {
				if x != nil && *x <= 0 {
					v[i] = nil
				}
			}
		}
		byType[t] = v
		order = append(order, t)
	}
	if len(order) == 0 {
		return fmt.Sprintf("Activity %s has no streams (nothing recorded, a manual entry, or a Strava import, which the API does not serve).", id)
	}
	times := byType["time"]
	weights := sampleSecs(times, longest(byType))
	var head strings.Builder
	fmt.Fprintf(&head, "Streams of activity %s", id)
	if n := len(times); n > 0 {
		if last := times[n-1]; last != nil {
			fmt.Fprintf(&head, ": %d samples over %s", n, Duration(*last))
		}
	}
	// the buckets, said once when every stream has as many samples (as the API's streams do)
	n := longest(byType)
	same := true
	for _, t := range order {
		same = same && len(byType[t]) == n
	}
	if size := bucketSize(n, points); same {
		fmt.Fprintf(&head, ". Each stream: min/avg/max, time in zones (zones without time left out), then %d bucket means of %d samples in time order, as precise as the samples (\"-\": no data in that bucket).", (n+size-1)/size, size)
	} else {
		fmt.Fprintf(&head, ". Each stream: min/avg/max, time in zones (zones without time left out), then at most %d bucket means in time order, as precise as the samples (\"-\": no data in that bucket).", points)
	}
	var items []string
	for _, t := range order {
		v := byType[t]
		switch t {
		case "time":
			continue
		case "latlng":
			items = append(items, "latlng: GPS track present (not shown)")
			continue
		case "distance":
			if last := lastValue(v); last != nil {
				items = append(items, fmt.Sprintf("distance: %s in total", u.Distance(*last, sport)))
			}
			continue
		}
		items = append(items, u.stream(t, v, weights, sport, z, points, !same))
	}
	return List{Head: head.String(), Items: items, Noun: "streams", Hint: "ask for fewer stream types"}.Render(max)
}

// samples turns a stream's data (a JSON array of numbers and nulls) into optional floats.
func samples(data any) []*float64 {
	arr, ok := data.([]any)
	if !ok {
		return nil
	}
	out := make([]*float64, len(arr))
	for i, x := range arr {
		if f, ok := x.(float64); ok && !math.IsNaN(f) {
			v := f
			out[i] = &v
		}
	}
	return out
}

func longest(m map[string][]*float64) int {
	n := 0
	for _, v := range m {
		n = max(n, len(v))
	}
	return n
}

func lastValue(v []*float64) *float64 {
	for i := len(v) - 1; i >= 0; i-- {
		if v[i] != nil {
			return v[i]
		}
	}
	return nil
}

// sampleSecs is how many seconds each sample stands for: the step to the next time sample
// (1 s without a time stream; pauses longer than a minute count as 1 s).
func sampleSecs(times []*float64, n int) []float64 {
	w := make([]float64, n)
	for i := range w {
		w[i] = 1
		if i+1 < len(times) && times[i] != nil && times[i+1] != nil {
			if d := *times[i+1] - *times[i]; d > 0 && d <= 60 {
				w[i] = d
			}
		}
	}
	return w
}

var streamUnits = map[string]string{
	"watts": "W", "heartrate": "bpm", "cadence": "rpm", "altitude": "m", "fixed_altitude": "m",
	"grade_smooth": "%", "temp": "°C", "torque": "Nm", "respiration": "br/min", "core_temperature": "°C",
}

// stream formats one stream.
func (u Units) stream(t string, v []*float64, w []float64, sport string, z StreamZones, points int, sayBuckets bool) string {
	var n, gaps int
	lo, hi, sum, secs := math.Inf(1), math.Inf(-1), 0.0, 0.0
	whole := true // every sample a whole number (W, bpm, rpm, °C as the API sends them)
	for i, x := range v {
		if x == nil {
			gaps++
			continue
		}
		n++
		lo, hi = math.Min(lo, *x), math.Max(hi, *x)
		sum += *x * w[i]
		secs += w[i]
		whole = whole && *x == math.Trunc(*x)
	}
	show := func(x float64) string { return num(x) }
	// a bucket's mean is as precise as the samples it is the mean of
	bucket := func(x float64) string {
		if whole {
			return fmt.Sprintf("%.0f", x)
		}
		return num(x)
	}
	unit := streamUnits[t]
	if t == "velocity_smooth" {
		if isFoot(sport) || isSwim(sport) {
			show = func(x float64) string { return orMissing(strings.SplitN(u.Pace(x, sport), "/", 2)[0], "stopped") }
			unit = paceUnitName(u, sport)
		} else {
			show = func(x float64) string {
				s := u.Speed(x)
				return strings.Fields(s)[0]
			}
			unit = strings.Fields(u.Speed(1))[1]
		}
		bucket = show
	}
	name := t
	if unit != "" {
		name += " (" + unit + ")"
	}
	if n == 0 {
		return fmt.Sprintf("%s: no data (all %d samples empty)", name, len(v))
	}
	line := fmt.Sprintf("%s: min %s, avg %s, max %s", name, show(lo), show(sum/secs), show(hi))
	if t == "velocity_smooth" && (isFoot(sport) || isSwim(sport)) {
		// for pace, the fastest is the max speed
		line = fmt.Sprintf("%s: slowest %s, avg %s, fastest %s", name, show(lo), show(sum/secs), show(hi))
	}
	if gaps > 0 {
		line += fmt.Sprintf("; %d of %d samples missing", gaps, len(v))
	}
	switch {
	case t == "heartrate" && len(z.HR) > 0:
		line += "\n  time in HR zones: " + inZones(v, w, z.HR)
	case t == "watts" && len(z.Power) > 0:
		line += "\n  time in power zones: " + inZones(v, w, z.Power)
	}
	return line + "\n  " + downsample(v, points, bucket, sayBuckets)
}

func paceUnitName(u Units, sport string) string {
	switch {
	case isSwim(sport):
		return "pace min:s/100m"
	case u.Miles:
		return "pace min:s/mi"
	}
	return "pace min:s/km"
}

// inZones sums the seconds spent in each zone (a value belongs to the first zone whose upper
// bound it does not exceed).
func inZones(v []*float64, w []float64, bounds []float64) string {
	secs := make([]float64, len(bounds))
	for i, x := range v {
		if x == nil {
			continue
		}
		k := sort.SearchFloat64s(bounds, *x)
		if k >= len(bounds) {
			k = len(bounds) - 1
		}
		secs[k] += w[i]
	}
	var out []string
	for i, s := range secs {
		if math.Round(s) > 0 {
			out = append(out, fmt.Sprintf("Z%d %s", i+1, Duration(s)))
		}
	}
	return orMissing(strings.Join(out, ", "), "none")
}

// bucketSize is how many samples of n a bucket holds, for at most points buckets.
func bucketSize(n, points int) int {
	return max(int(math.Ceil(float64(n)/float64(max(points, 1)))), 1)
}

// downsample splits the stream into at most points equal buckets and shows each bucket's mean
// (saying how many buckets of how many samples when say is set).
func downsample(v []*float64, points int, show func(float64) string, say bool) string {
	size := bucketSize(len(v), points)
	var out []string
	for start := 0; start < len(v); start += size {
		end := min(start+size, len(v))
		sum, n := 0.0, 0
		for _, x := range v[start:end] {
			if x != nil {
				sum += *x
				n++
			}
		}
		if n == 0 {
			out = append(out, "-")
		} else {
			out = append(out, show(sum/float64(n)))
		}
	}
	if !say {
		return strings.Join(out, " ")
	}
	return fmt.Sprintf("%d buckets of %d samples: %s", len(out), size, strings.Join(out, " "))
}
