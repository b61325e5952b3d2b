package synth

import (
	"math"
	"slices"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

// streamOrder is the order Intervals.icu lists an activity's streams in.
var streamOrder = []string{"time", "watts", "cadence", "heartrate", "distance", "altitude", "latlng", "velocity_smooth", "temp"}

// StreamTypes are the streams an activity of spec has, in the API's order.
func StreamTypes(spec StreamSpec) []string {
	out := make([]string, 0, len(streamOrder))
	for _, t := range streamOrder {
		switch t {
		case "watts":
			if !isRide(spec.Sport) {
				continue
			}
		case "altitude":
			if !spec.hasTerrain() {
				continue
			}
		case "latlng", "temp":
			if !spec.hasGPS() {
				continue
			}
		}
		out = append(out, t)
	}
	return out
}

// Streams regenerates an activity's 1 Hz streams from its recipe: one sample per second of
// moving time in every stream. types names the streams wanted, as the API does (time,
// watts, heartrate, cadence, velocity_smooth, distance, altitude, latlng, temp); nil or
// empty means every stream the activity has. Streams the activity does not have are left
// out, and the result follows the API's order whatever the order asked. The same spec
// always gives the same samples.
func Streams(spec StreamSpec, types []string) []api.ActivityStream {
	have := StreamTypes(spec)
	want := have
	if len(types) > 0 {
		want = nil
		for _, t := range have {
			if slices.Contains(types, t) {
				want = append(want, t)
			}
		}
	}
	s := spec.render(want)
	out := make([]api.ActivityStream, 0, len(want))
	for _, t := range want {
		st := api.ActivityStream{Type: ptr(t), ValueTypeIsArray: ptr(false), Custom: ptr(false), AllNull: ptr(false)}
		switch t {
		case "time":
			v := make([]int32, s.n)
			for i := range v {
				v[i] = int32(i)
			}
			st.Data = v
		case "watts":
			st.Data = ints(s.watts)
		case "heartrate":
			st.Data = ints(s.hr)
		case "cadence":
			st.Data = ints(s.cadence)
		case "velocity_smooth":
			st.Data = floats(s.speed, 3)
		case "distance":
			st.Data = floats(s.dist, 2)
		case "altitude":
			st.Data = floats(s.alt, 1)
		case "latlng":
			st.Data, st.Data2 = floats(s.lat, 6), floats(s.lng, 6)
		case "temp":
			st.Data = ints(s.temp)
		}
		out = append(out, st)
	}
	return out
}

func ints(v []float64) []int32 {
	out := make([]int32, len(v))
	for i, x := range v {
		out[i] = int32(math.Round(x))
	}
	return out
}

func floats(v []float64, places int) []float32 {
	out := make([]float32, len(v))
	p := math.Pow(10, float64(places))
	for i, x := range v {
		out[i] = float32(math.Round(x*p) / p)
	}
	return out
}

// series holds the samples of the streams rendered; a stream not asked for is nil.
type series struct {
	n                                    int
	watts, hr, cadence, speed, dist, alt []float64
	lat, lng, temp                       []float64
}

// render draws the samples of the streams named in want (and those they derive from).
// Each stream has its own noise source, so a stream is the same whichever others are asked.
func (s *StreamSpec) render(want []string) series {
	has := func(t ...string) bool {
		for _, x := range t {
			if slices.Contains(want, x) {
				return true
			}
		}
		return false
	}
	n := s.Seconds
	out := series{n: n}
	segs := s.model()
	needSpeed := has("velocity_smooth", "distance", "altitude", "latlng")
	if isRide(s.Sport) && (has("watts") || needSpeed) {
		out.watts = s.drawPower(segs)
	}
	if needSpeed {
		out.speed = make([]float64, n)
		if isRide(s.Sport) {
			for k, seg := range s.Segments {
				m := segs[k]
				for t := seg.Start; t < seg.End; t++ {
					if m.power > 0 {
						out.speed[t] = m.speed * math.Cbrt(math.Max(out.watts[t], 1)/m.power)
					}
				}
				recentre(out.speed[seg.Start:seg.End], m.speed)
			}
		} else {
			out.speed = s.drawAround(segs, 3, func(m segModel) float64 { return m.speed }, 0.03, 0.01)
		}
		out.dist = make([]float64, n)
		d := 0.0
		for t := range n {
			d += out.speed[t]
			out.dist[t] = d
		}
	}
	if has("heartrate") {
		out.hr = s.drawHR(segs)
	}
	if has("cadence") {
		out.cadence = s.drawAround(segs, 4, func(m segModel) float64 { return m.cadence }, 0.02, 0.02)
	}
	if has("altitude") {
		tr := s.terrain()
		out.alt = make([]float64, n)
		for t := range n {
			out.alt[t] = tr.at(out.dist[t])
		}
	}
	if has("latlng") {
		out.lat, out.lng = s.route(out.dist)
	}
	if has("temp") {
		out.temp = make([]float64, n)
		for t := range n {
			out.temp[t] = s.Temp + 1.5*math.Sin(math.Pi*float64(t)/float64(n)) - 0.75
		}
	}
	if !isRide(s.Sport) || !has("watts") {
		out.watts = nil
	}
	return out
}

// drawAround draws 1 Hz samples around each segment's value of f with relative smooth and
// white noise, recentred so that each segment's mean is its value exactly.
func (s *StreamSpec) drawAround(segs []segModel, stream uint64, f func(segModel) float64, smooth, white float64) []float64 {
	out := make([]float64, s.Seconds)
	nz := noise{r: newRand(s.Seed, stream)}
	for k, seg := range s.Segments {
		v := f(segs[k])
		for t := seg.Start; t < seg.End; t++ {
			out[t] = math.Max(0, v*(1+nz.next(smooth, white)))
		}
		recentre(out[seg.Start:seg.End], v)
	}
	return out
}

// drawPower draws power around each segment's, with the surges of an outdoor ride; the
// rest of the segment is recentred so that the segment's mean power is unchanged.
func (s *StreamSpec) drawPower(segs []segModel) []float64 {
	out := s.drawAround(segs, 1, func(m segModel) float64 { return m.power }, 0.06, 0.03)
	sg := s.surges()
	if len(sg) == 0 {
		return out
	}
	in := make([]bool, len(out))
	r := newRand(s.Seed, 12)
	for _, x := range sg {
		for t := x.start; t < x.start+x.secs && t < len(out); t++ {
			out[t] = x.watts * (1 + 0.04*r.NormFloat64())
			in[t] = true
		}
	}
	for k, seg := range s.Segments {
		var sum float64
		var free int
		for t := seg.Start; t < seg.End; t++ {
			sum += out[t]
			if !in[t] {
				free++
			}
		}
		if free == 0 {
			continue
		}
		shift := (segs[k].power*float64(seg.End-seg.Start) - sum) / float64(free)
		for t := seg.Start; t < seg.End; t++ {
			if !in[t] {
				out[t] = math.Max(0, out[t]+shift)
			}
		}
	}
	return out
}

// recentre shifts samples so that their mean is v, keeping them at 0 or above.
func recentre(x []float64, v float64) {
	if len(x) == 0 {
		return
	}
	sum := 0.0
	for _, y := range x {
		sum += y
	}
	shift := v - sum/float64(len(x))
	for i := range x {
		x[i] = math.Max(0, x[i]+shift)
	}
}

// drawHR follows each segment's steady heart rate with the lag of the model, plus a little
// noise, never above the athlete's max HR. The noise never takes a sample out of the
// heart-rate zone of the noise-free curve (hrCurve), so that the time in zones the activity
// reports (summarise) is what the stream adds up to.
func (s *StreamSpec) drawHR(segs []segModel) []float64 {
	out := make([]float64, s.Seconds)
	nz := noise{r: newRand(s.Seed, 2)}
	zones := hrZones(s.LTHR, s.MaxHR)
	last, lo, hi := -1.0, 0.0, 0.0
	s.hrCurve(segs, func(t int, h float64) {
		if b := math.Round(h); b != last {
			l, u := hrZoneRange(zones, zoneOf(zones, b))
			last, lo, hi = b, float64(l), float64(u)
		}
		x := clamp(h+nz.next(1.2, 0.4), float64(s.RestHR), float64(s.MaxHR))
		out[t] = clamp(x, lo, hi)
	})
	return out
}

// hrCurve calls f with each second's noise-free heart rate, from rest to each segment's
// steady heart rate with the lag of the model, within resting and max HR.
func (s *StreamSpec) hrCurve(segs []segModel, f func(t int, h float64)) {
	a := math.Exp(-1 / hrTau)
	h := float64(s.RestHR) + hrStartAbove
	for k, seg := range s.Segments {
		T := segs[k].hrSteady
		for t := seg.Start; t < seg.End; t++ {
			h = T + (h-T)*a
			f(t, clamp(h, float64(s.RestHR), float64(s.MaxHR)))
		}
	}
}

// route is a loop that starts and ends at the spec's start point, as long as the activity.
func (s *StreamSpec) route(dist []float64) (lat, lng []float64) {
	lat, lng = make([]float64, len(dist)), make([]float64, len(dist))
	if len(dist) == 0 || dist[len(dist)-1] <= 0 {
		for t := range dist {
			lat[t], lng[t] = s.Lat, s.Lng
		}
		return lat, lng
	}
	total := dist[len(dist)-1]
	rad := total / (2 * math.Pi)
	const mPerDeg = 111320.0
	cos := math.Cos(s.Lat * math.Pi / 180)
	for t, d := range dist {
		th := 2 * math.Pi * d / total
		lat[t] = s.Lat + rad*(1-math.Cos(th))/mPerDeg
		lng[t] = s.Lng + rad*math.Sin(th)/(mPerDeg*cos)
	}
	return lat, lng
}
