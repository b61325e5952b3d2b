package synth

import (
	"fmt"
	"math"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

// intervalsOf is an activity's laps and intervals (GET /activity/{id}/intervals): one
// interval per segment, WORK for efforts and RECOVERY for the rest, and the WORK intervals
// grouped by duration and intensity, as Intervals.icu groups repeats.
func intervalsOf(id string, spec StreamSpec, analyzed *api.Activity) api.IntervalsDTO {
	segs := spec.model()
	surges := spec.surges()
	ride := isRide(spec.Sport)
	var list []api.Interval
	type group struct {
		g  api.IntervalGroup
		n  int
		hr float64 // sum of the members' mean heart rates
	}
	var groups []*group
	byKey := map[[2]int]*group{} // by duration and intensity (%), as repeats of one step
	dist := 0.0
	for k, seg := range spec.Segments {
		m := segs[k]
		secs := int32(seg.End - seg.Start)
		d := m.speed * float64(secs)
		typ := api.RECOVERY
		if seg.Work {
			typ = api.WORK
		}
		iv := api.Interval{
			Id: ptr(int32(k + 1)), Type: ptr(typ),
			StartIndex: ptr(int32(seg.Start)), EndIndex: ptr(int32(seg.End)),
			StartTime: ptr(int32(seg.Start)), EndTime: ptr(int32(seg.End)),
			MovingTime: ptr(secs), ElapsedTime: ptr(secs), Distance: f32(d, 2),
			AverageSpeed: f32(m.speed, 3), MinSpeed: f32(m.speed*0.85, 3), MaxSpeed: f32(m.speed*1.12, 3),
			AverageHeartrate: i32(m.hrMean), MinHeartrate: i32(math.Min(m.hrStart, m.hrEnd)),
			MaxHeartrate:   i32(math.Min(math.Max(m.hrStart, m.hrEnd)+2, float64(spec.MaxHR))),
			AverageCadence: f32(m.cadence, 2), Intensity: i32(seg.Intensity * 100),
			MinCadence: i32(m.cadence * 0.9), MaxCadence: i32(m.cadence * 1.08),
		}
		l, _ := loadOf(spec.Segments[k : k+1])
		iv.TrainingLoad = f32(l, 2)
		if ride {
			iv.AverageWatts, iv.WeightedAverageWatts = i32(m.power), i32(m.power)
			iv.MaxWatts, iv.MinWatts = i32(m.power*1.25), i32(m.power*0.75)
			for _, x := range surges {
				if x.start >= seg.Start && x.start < seg.End {
					iv.MaxWatts = i32(math.Max(float64(*iv.MaxWatts), x.watts*1.05))
					iv.MinWatts = i32(m.power * 0.4) // easing off after the surge
				}
			}
			iv.Joules = i32(m.power * float64(secs))
			iv.AverageWattsKg = f32(m.power/spec.Weight, 2)
			z := zoneOf(powerZones, seg.Intensity*100)
			iv.Zone = ptr(int32(z))
			lo := 0.0
			if z > 1 {
				lo = float64(powerZones[z-2]) + 1
			}
			iv.ZoneMinWatts = i32(lo * float64(spec.FTP) / 100)
			iv.ZoneMaxWatts = i32(math.Min(float64(powerZones[z-1]), 999) * float64(spec.FTP) / 100)
		} else {
			iv.Zone = ptr(int32(zoneOf(paceZones, seg.Intensity*100)))
			if spec.Sport == "Run" {
				iv.Gap = f32(m.speed*1.01, 3)
				iv.AverageStride = f32(m.speed*60/m.cadence/2, 3)
			}
		}
		if spec.hasTerrain() {
			tr := spec.terrain()
			g, _, lo, hi, _ := tr.climb(dist, dist+d)
			iv.TotalElevationGain = f32(g, 1)
			iv.MinAltitude, iv.MaxAltitude = f32(lo, 1), f32(hi, 1)
			if d > 0 {
				iv.AverageGradient = f32((tr.at(dist+d)-tr.at(dist))/d, 5)
			}
		}
		dist += d
		if seg.Work {
			key := [2]int{int(secs), int(*iv.Intensity)}
			gr, ok := byKey[key]
			if !ok {
				// The group is named after its first interval, as Intervals.icu does.
				gid := groupID(spec, m, secs)
				gr = &group{}
				gr.g = api.IntervalGroup{Id: ptr(gid), StartIndex: ptr(int32(seg.Start)),
					MovingTime: ptr(secs), ElapsedTime: ptr(secs), Distance: iv.Distance, AverageSpeed: iv.AverageSpeed,
					AverageCadence: iv.AverageCadence, AverageWatts: iv.AverageWatts, WeightedAverageWatts: iv.WeightedAverageWatts,
					Intensity: iv.Intensity, Zone: iv.Zone, MaxHeartrate: iv.MaxHeartrate, MinHeartrate: iv.MinHeartrate,
					MinSpeed: iv.MinSpeed, MaxSpeed: iv.MaxSpeed, Gap: iv.Gap, MinCadence: iv.MinCadence,
					MaxCadence: iv.MaxCadence, TotalElevationGain: iv.TotalElevationGain, AverageStride: iv.AverageStride}
				byKey[key] = gr
				groups = append(groups, gr)
			}
			iv.GroupId = gr.g.Id
			gr.n++
			gr.hr += m.hrMean
			if *iv.MaxHeartrate > *gr.g.MaxHeartrate {
				gr.g.MaxHeartrate = iv.MaxHeartrate
			}
		}
		list = append(list, iv)
	}
	out := make([]api.IntervalGroup, 0, len(groups))
	for _, g := range groups {
		g.g.Count = ptr(int32(g.n))
		g.g.AverageHeartrate = i32(g.hr / float64(g.n))
		out = append(out, g.g)
	}
	dto := api.IntervalsDTO{Id: ptr(id), IcuIntervals: &list, IcuGroups: &out}
	if analyzed != nil {
		dto.Analyzed = analyzed.Analyzed
	}
	return dto
}

// groupID names a group of repeats the way Intervals.icu does: duration and average.
func groupID(spec StreamSpec, m segModel, secs int32) string {
	if isRide(spec.Sport) {
		return fmt.Sprintf("%ds@%.0fw%.0frpm", secs, m.power, m.cadence)
	}
	return fmt.Sprintf("%ds@%.0fbpm%.0frpm", secs, m.hrMean, m.cadence)
}

// intervalSummary is the activity's one-line summary of its efforts ("3x 12m 248w").
func intervalSummary(spec StreamSpec) []string {
	segs := spec.model()
	var out []string
	var last string
	n := 0
	flush := func() {
		if n > 0 {
			out = append(out, fmt.Sprintf("%dx %s", n, last))
		}
	}
	for k, seg := range spec.Segments {
		if !seg.Work {
			continue
		}
		m := segs[k]
		var s string
		if isRide(spec.Sport) {
			s = fmt.Sprintf("%s %.0fw", fmtDur(seg.End-seg.Start), m.power)
		} else {
			s = fmt.Sprintf("%s %s", fmtDur(seg.End-seg.Start), paceLabel(spec.Sport, m.speed))
		}
		if s != last {
			flush()
			last, n = s, 0
		}
		n++
	}
	flush()
	return out
}

// paceLabel writes a speed as the sport's pace: per 100 m in the water, per km on foot.
func paceLabel(sport string, speed float64) string {
	if sport == "Swim" {
		secs := int(math.Round(100 / speed))
		return fmt.Sprintf("%d:%02d/100m", secs/60, secs%60)
	}
	return fmtPace(speed)
}
