package fakeicu

import (
	"net/http"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// curveKind is what sets the power, heart rate and pace curves apart: how an activity's
// best efforts are computed, and how a curve is built from them.
type curveKind[T any] struct {
	name      string // "power", "hr", "pace": the best-effort cache key
	points    int    // how many points a full curve has
	lowerWins bool   // times over a distance: the lowest value is the best
	best      func(synth.StreamSpec) []float64
	build     func(h curveHeader, e effort) T
}

// serveCurves answers an athlete curve endpoint: for each curve asked for, the athlete's
// best efforts over the activities of the sport in its range, and the activities the
// points come from.
func serveCurves[T any](s *server, w http.ResponseWriter, r *http.Request, id, ext string, curves *[]string, sport string, k curveKind[T]) {
	if !jsonExt(w, r, ext) {
		return
	}
	s.readAthlete(w, r, id, func(st *store, a *synth.Athlete) {
		ranges, err := parseCurves(deref(curves), st.today(a))
		if err != nil {
			writeError(w, http.StatusUnprocessableEntity, err.Error())
			return
		}
		types, weight := sportTypes(a, sport), latestWeight(a)
		set := curveSet[T]{List: []T{}, Activities: map[string]curveActivity{}}
		for _, c := range ranges {
			acts := curveActivities(a, types, c)
			e := st.bestEfforts(a, acts, k.name, k.points, k.lowerWins, k.best)
			set.List = append(set.List, k.build(header(c, acts, weight), e))
			addActivities(set.Activities, acts, e.ids)
		}
		writeJSON(w, http.StatusOK, set)
	})
}

// ListAthletePowerCurves answers GET /athlete/{id}/power-curves{ext}: best mean power per
// duration over the activities of the sport in each curve's range, with W/kg and a
// critical power model.
func (s *server) ListAthletePowerCurves(w http.ResponseWriter, r *http.Request, id string, ext string, p api.ListAthletePowerCurvesParams) {
	serveCurves(s, w, r, id, ext, p.Curves, string(p.Type), curveKind[api.PowerCurve]{
		name: "power", points: len(curveSecs()),
		best: func(spec synth.StreamSpec) []float64 { return synth.BestPower(spec, curveSecs()) },
		build: func(h curveHeader, e effort) api.PowerCurve {
			secs := intsOf(curveSecs()[:len(e.values)])
			watts := roundInts(e.values)
			wkg := make([]float32, len(watts))
			for i, v := range watts {
				if h.weight > 0 {
					wkg[i] = float32(int(float32(v)/h.weight*100+0.5)) / 100
				}
			}
			pc := api.PowerCurve{
				Id: &h.id, Label: &h.label, StartDateLocal: &h.start, EndDateLocal: &h.end,
				Days: &h.days, MovingTime: &h.movingTime, TrainingLoad: &h.load, Weight: &h.weight,
				AfterKj: ptr(int32(0)), Filters: &[]api.ActivityFilter{},
				Secs: &secs, Values: &watts, Watts: ptr(append([]int32{}, watts...)), ActivityId: &e.ids,
				WattsPerKg: &wkg, WkgActivityId: ptr(append([]string{}, e.ids...)),
				PowerModels: ptr(powerModel(secs, watts)), Ranks: &map[string]api.Rank{},
			}
			if i := indexOf(secs, 300); i >= 0 && h.weight > 0 {
				// ACSM estimate of VO2max from the best 5-minute power.
				pc.Vo2max5m = ptr(float32(10.8*float64(watts[i])/float64(h.weight) + 7))
			}
			return pc
		},
	})
}

// ListAthleteHRCurves answers GET /athlete/{id}/hr-curves{ext}: best mean heart rate per
// duration (default sport: every activity type of the Ride settings, or Ride).
func (s *server) ListAthleteHRCurves(w http.ResponseWriter, r *http.Request, id string, ext string, p api.ListAthleteHRCurvesParams) {
	sport := "Ride"
	if p.Type != nil {
		sport = string(*p.Type)
	}
	serveCurves(s, w, r, id, ext, p.Curves, sport, curveKind[api.HRCurve]{
		name: "hr", points: len(curveSecs()),
		best: func(spec synth.StreamSpec) []float64 { return synth.BestHR(spec, curveSecs()) },
		build: func(h curveHeader, e effort) api.HRCurve {
			secs := intsOf(curveSecs()[:len(e.values)])
			bpm := roundInts(e.values)
			return api.HRCurve{
				Id: &h.id, Label: &h.label, StartDateLocal: &h.start, EndDateLocal: &h.end,
				Days: &h.days, MovingTime: &h.movingTime, TrainingLoad: &h.load, Weight: &h.weight,
				Secs: &secs, Values: &bpm, ActivityId: &e.ids,
			}
		},
	})
}

// ListAthletePaceCurves answers GET /athlete/{id}/pace-curves{ext}: the shortest time per
// distance (default sport Run), with a critical speed model.
func (s *server) ListAthletePaceCurves(w http.ResponseWriter, r *http.Request, id string, ext string, p api.ListAthletePaceCurvesParams) {
	sport := "Run"
	if p.Type != nil {
		sport = string(*p.Type)
	}
	serveCurves(s, w, r, id, ext, p.Curves, sport, curveKind[api.PaceCurve]{
		name: "pace", points: len(curveMetres), lowerWins: true,
		best: func(spec synth.StreamSpec) []float64 { return synth.BestPace(spec, curveMetres) },
		build: func(h curveHeader, e effort) api.PaceCurve {
			metres := float32s(curveMetres[:len(e.values)])
			secs := roundInts(e.values)
			return api.PaceCurve{
				Id: &h.id, Label: &h.label, StartDateLocal: &h.start, EndDateLocal: &h.end,
				Days: &h.days, MovingTime: &h.movingTime, TrainingLoad: &h.load, Weight: &h.weight,
				Distance: &metres, Values: &secs, ActivityId: &e.ids, Type: ptr(api.PaceCurveTypePACE),
				PaceModels: ptr(paceModel(metres, secs)),
			}
		},
	})
}

// GetPowerHRCurve answers GET /athlete/{id}/power-hr-curve?start&end: for each 5 W power
// bucket, the minutes spent in it and the mean heart rate and cadence there.
func (s *server) GetPowerHRCurve(w http.ResponseWriter, r *http.Request, id string, p api.GetPowerHRCurveParams) {
	lo, hi, ok := dateRange(w, "start", &p.Start, "end", &p.End, time.Time{}, time.Time{})
	if !ok {
		return
	}
	sport := "Ride"
	if p.Type != nil {
		sport = string(*p.Type)
	}
	s.readAthlete(w, r, id, func(_ *store, a *synth.Athlete) {
		const bucket = 5
		var secs, hrSum, cadSum []float64
		acts := curveActivities(a, sportTypes(a, sport), curveRange{lo: lo, hi: hi})
		for _, act := range acts {
			streams := synth.Streams(a.StreamSpecs[deref(act.Id)], []string{"watts", "heartrate", "cadence"})
			watts, hr, cad := streamInts(streams, "watts"), streamInts(streams, "heartrate"), streamInts(streams, "cadence")
			for i, pw := range watts {
				b := int(pw) / bucket
				for len(secs) <= b {
					secs, hrSum, cadSum = append(secs, 0), append(hrSum, 0), append(cadSum, 0)
				}
				secs[b]++
				if i < len(hr) {
					hrSum[b] += float64(hr[i])
				}
				if i < len(cad) {
					cadSum[b] += float64(cad[i])
				}
			}
		}
		out := api.PowerHRCurve{
			AthleteId: a.Profile.Id, Start: &p.Start, End: &p.End,
			MinWatts: ptr(int32(0)), MaxWatts: ptr(int32(len(secs) * bucket)), BucketSize: ptr(int32(bucket)),
			Bpm: &[]int32{}, Cadence: &[]int32{}, Minutes: &[]int32{},
		}
		for b := range secs {
			mean := func(sum float64) int32 {
				if secs[b] == 0 {
					return 0
				}
				return int32(sum/secs[b] + 0.5)
			}
			*out.Bpm = append(*out.Bpm, mean(hrSum[b]))
			*out.Cadence = append(*out.Cadence, mean(cadSum[b]))
			*out.Minutes = append(*out.Minutes, int32(secs[b]/60+0.5))
		}
		for _, ss := range a.SportSettings {
			if containsSport(ss, sport) {
				out.Lthr, out.MaxHr, out.Ftp = ss.Lthr, ss.MaxHr, ss.Ftp
			}
		}
		writeJSON(w, http.StatusOK, out)
	})
}
