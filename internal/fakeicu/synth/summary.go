package synth

import "math"

// summary is an activity's totals and averages, computed from its segments' model: the
// same numbers the streams average to.
type summary struct {
	secs                       int
	avgWatts, np               float64
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
		out.maxSpeed = math.Max(out.maxSpeed, m.speed*1.12)
		out.maxHR = math.Max(out.maxHR, math.Max(m.hrEnd, m.hrStart)+2)
		if !isRide(s.Sport) {
			out.zoneSecs[zoneOf(paceZones, s.Segments[k].Intensity*100)-1] += int32(m.secs)
		}
	}
	out.maxHR = math.Min(out.maxHR, float64(s.MaxHR))
	last, z := -1.0, 0
	s.hrCurve(segs, func(_ int, h float64) {
		if b := math.Round(h); b != last { // heart rate settles: most seconds keep their zone
			last, z = b, zoneOf(hrz, b)
		}
		out.hrZoneSecs[z-1]++
	})
	out.avgSpeed = out.dist / T
	out.load, out.intensity = loadOf(s.Segments)
	if isRide(s.Sport) {
		out.zoneSecs = s.powerZoneSecs(segs)
		// Normalised power with the surges; load and IF follow it. Around its surges a
		// segment rides a little easier, so that its mean power is unchanged.
		ftp := float64(s.FTP)
		sg := s.surges()
		base := make([]float64, len(s.Segments))
		np4 := 0.0
		for k, seg := range s.Segments {
			n := float64(seg.End - seg.Start)
			work, secs := 0.0, 0.0
			for _, x := range sg {
				if x.start >= seg.Start && x.start < seg.End {
					work += x.watts * float64(x.secs)
					secs += float64(x.secs)
				}
			}
			base[k] = segs[k].power
			if secs > 0 && secs < n {
				base[k] = (segs[k].power*n - work) / (n - secs)
			}
			np4 += n * math.Pow(base[k], 4)
		}
		np4 += surgeNP4(sg, func(t int) float64 { return base[s.segmentAt(t)] })
		out.np = math.Pow(np4/T, 0.25)
		out.intensity = out.np / ftp
		out.load = T / 3600 * out.intensity * out.intensity * 100
	}
	if s.hasTerrain() {
		out.gain, out.loss, out.minAlt, out.maxAlt, out.meanAlt = s.terrain().climb(0, out.dist)
	}
	return out
}

// powerZoneSecs is the time in each power zone of the watts stream, as Intervals.icu counts
// it from the stream (and a client from the samples the API sends: rounded watts against
// each zone's top, % of FTP): the noise of the stream moves seconds between zones.
func (s *StreamSpec) powerZoneSecs(segs []segModel) []int32 {
	tops := make([]float64, len(powerZones))
	for i, pct := range powerZones {
		tops[i] = float64(pct) * float64(s.FTP) / 100
	}
	out := make([]int32, len(powerZones))
	for _, w := range s.drawPower(segs) {
		out[zoneOf(tops, math.Round(w))-1]++
	}
	return out
}
