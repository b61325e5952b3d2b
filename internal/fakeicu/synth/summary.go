package synth

import "math"

// summary is an activity's totals and averages, computed from its segments' model: the
// same numbers the streams average to.
type summary struct {
	secs                       int
	avgWatts, np, maxWatts     float64
	avgHR, maxHR               float64
	dist, avgSpeed, maxSpeed   float64
	cadence                    float64
	gain, loss, minAlt, maxAlt float64
	meanAlt                    float64
	load, intensity            float64 // training load and IF (fraction)
	hrZoneSecs, zoneSecs       []int32 // by HR zone; by power (rides) or pace zone
}

func (s *StreamSpec) summarise() summary {
	segs := s.model()
	out := summary{secs: s.Seconds}
	T := float64(s.Seconds)
	hrz := hrZones(s.LTHR, s.MaxHR)
	out.hrZoneSecs = make([]int32, len(hrz))
	out.zoneSecs = make([]int32, 7)
	for k, m := range segs {
		d := float64(m.secs)
		out.avgWatts += d * m.power / T
		out.avgHR += d * m.hrMean / T
		out.dist += d * m.speed
		out.cadence += d * m.cadence / T
		out.maxWatts = math.Max(out.maxWatts, m.power*1.25)
		out.maxSpeed = math.Max(out.maxSpeed, m.speed*1.12)
		out.maxHR = math.Max(out.maxHR, math.Max(m.hrEnd, m.hrStart)+2)
		out.hrZoneSecs[zoneOf(hrz, m.hrMean)-1] += int32(m.secs)
		if isRide(s.Sport) {
			out.zoneSecs[zoneOf(powerZones, s.Segments[k].Intensity*100)-1] += int32(m.secs)
		} else {
			out.zoneSecs[zoneOf(paceZones, s.Segments[k].Intensity*100)-1] += int32(m.secs)
		}
	}
	out.maxHR = math.Min(out.maxHR, float64(s.MaxHR))
	out.avgSpeed = out.dist / T
	out.load, out.intensity = loadOf(s.Segments)
	if isRide(s.Sport) {
		out.np = float64(s.FTP) * out.intensity
	}
	if s.hasTerrain() {
		out.gain, out.loss, out.minAlt, out.maxAlt, out.meanAlt = s.terrain().climb(0, out.dist)
	}
	return out
}
