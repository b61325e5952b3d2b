package fakeicu

import (
	"net/http"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// ListAthletePowerCurves answers GET /athlete/{id}/power-curves{ext}: best mean power per
// duration over the activities of the sport in each curve's range, with W/kg and a
// critical power model.
func (s *server) ListAthletePowerCurves(w http.ResponseWriter, r *http.Request, id string, ext string, p api.ListAthletePowerCurvesParams) {
	if !jsonExt(w, r, ext) {
		return
	}
	st := s.f.store()
	st.mu.RLock()
	defer st.mu.RUnlock()
	a, ranges, types, ok := s.curveRequest(w, st, id, p.Curves, string(p.Type))
	if !ok {
		return
	}
	weight := latestWeight(a)
	set := curveSet[api.PowerCurve]{List: []api.PowerCurve{}, Activities: map[string]curveActivity{}}
	for _, c := range ranges {
		acts := curveActivities(a, types, c)
		e := st.bestEfforts(a, acts, "power", len(curveSecs), false, func(spec synth.StreamSpec) []float64 {
			return synth.BestPower(spec, curveSecs)
		})
		h := header(c, acts, weight)
		secs := intsOf(curveSecs[:len(e.values)])
		watts := roundInts(e.values)
		wkg := make([]float32, len(watts))
		for i, v := range watts {
			if weight > 0 {
				wkg[i] = float32(int(float32(v)/weight*100+0.5)) / 100
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
		if i := indexOf(secs, 300); i >= 0 && weight > 0 {
			// ACSM estimate of VO2max from the best 5-minute power.
			pc.Vo2max5m = ptr(float32(10.8*float64(watts[i])/float64(weight) + 7))
		}
		set.List = append(set.List, pc)
		addActivities(set.Activities, acts, e.ids)
	}
	writeJSON(w, http.StatusOK, set)
}

// ListAthleteHRCurves answers GET /athlete/{id}/hr-curves{ext}: best mean heart rate per
// duration (default sport: every activity type of the Ride settings, or Ride).
func (s *server) ListAthleteHRCurves(w http.ResponseWriter, r *http.Request, id string, ext string, p api.ListAthleteHRCurvesParams) {
	if !jsonExt(w, r, ext) {
		return
	}
	st := s.f.store()
	st.mu.RLock()
	defer st.mu.RUnlock()
	sport := "Ride"
	if p.Type != nil {
		sport = string(*p.Type)
	}
	a, ranges, types, ok := s.curveRequest(w, st, id, p.Curves, sport)
	if !ok {
		return
	}
	weight := latestWeight(a)
	set := curveSet[api.HRCurve]{List: []api.HRCurve{}, Activities: map[string]curveActivity{}}
	for _, c := range ranges {
		acts := curveActivities(a, types, c)
		e := st.bestEfforts(a, acts, "hr", len(curveSecs), false, func(spec synth.StreamSpec) []float64 {
			return synth.BestHR(spec, curveSecs)
		})
		h := header(c, acts, weight)
		secs := intsOf(curveSecs[:len(e.values)])
		bpm := roundInts(e.values)
		set.List = append(set.List, api.HRCurve{
			Id: &h.id, Label: &h.label, StartDateLocal: &h.start, EndDateLocal: &h.end,
			Days: &h.days, MovingTime: &h.movingTime, TrainingLoad: &h.load, Weight: &h.weight,
			Secs: &secs, Values: &bpm, ActivityId: &e.ids,
		})
		addActivities(set.Activities, acts, e.ids)
	}
	writeJSON(w, http.StatusOK, set)
}

// ListAthletePaceCurves answers GET /athlete/{id}/pace-curves{ext}: the shortest time per
// distance (default sport Run), with a critical speed model.
func (s *server) ListAthletePaceCurves(w http.ResponseWriter, r *http.Request, id string, ext string, p api.ListAthletePaceCurvesParams) {
	if !jsonExt(w, r, ext) {
		return
	}
	st := s.f.store()
	st.mu.RLock()
	defer st.mu.RUnlock()
	sport := "Run"
	if p.Type != nil {
		sport = string(*p.Type)
	}
	a, ranges, types, ok := s.curveRequest(w, st, id, p.Curves, sport)
	if !ok {
		return
	}
	weight := latestWeight(a)
	set := curveSet[api.PaceCurve]{List: []api.PaceCurve{}, Activities: map[string]curveActivity{}}
	for _, c := range ranges {
		acts := curveActivities(a, types, c)
		e := st.bestEfforts(a, acts, "pace", len(curveMetres), true, func(spec synth.StreamSpec) []float64 {
			return synth.BestPace(spec, curveMetres)
		})
		h := header(c, acts, weight)
		metres := float32s(curveMetres[:len(e.values)])
		secs := roundInts(e.values)
		set.List = append(set.List, api.PaceCurve{
			Id: &h.id, Label: &h.label, StartDateLocal: &h.start, EndDateLocal: &h.end,
			Days: &h.days, MovingTime: &h.movingTime, TrainingLoad: &h.load, Weight: &h.weight,
			Distance: &metres, Values: &secs, ActivityId: &e.ids, Type: ptr(api.PaceCurveTypePACE),
			PaceModels: ptr(paceModel(metres, secs)),
		})
		addActivities(set.Activities, acts, e.ids)
	}
	writeJSON(w, http.StatusOK, set)
}

// GetPowerHRCurve answers GET /athlete/{id}/power-hr-curve?start&end: for each 5 W power
// bucket, the minutes spent in it and the mean heart rate and cadence there.
func (s *server) GetPowerHRCurve(w http.ResponseWriter, r *http.Request, id string, p api.GetPowerHRCurveParams) {
	lo, hi, ok := dateRange(w, "start", &p.Start, "end", &p.End, time.Time{}, time.Time{})
	if !ok {
		return
	}
	st := s.f.store()
	st.mu.RLock()
	defer st.mu.RUnlock()
	sport := "Ride"
	if p.Type != nil {
		sport = string(*p.Type)
	}
	a := s.access(w, st, id)
	if a == nil {
		return
	}
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
}
