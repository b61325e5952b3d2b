package fakeicu

import (
	"math"
	"sync"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// curveSecs are the durations of the power and HR curves, as the real API samples them.
var curveSecs = sync.OnceValue(func() []int {
	var s []int
	for _, step := range []struct{ from, to, by int }{
		{1, 60, 1}, {65, 120, 5}, {130, 300, 10}, {330, 600, 30}, {660, 3600, 60}, {3900, 86400, 300},
	} {
		for v := step.from; v <= step.to; v += step.by {
			s = append(s, v)
		}
	}
	return s
})

// curveMetres are the distances of the pace curves.
var curveMetres = []float64{
	100, 200, 400, 500, 800, 1000, 1500, 1609.34, 2000, 3000, 3218.69, 5000, 8046.72,
	10000, 15000, 16093.4, 20000, 21097.5, 25000, 30000, 42195, 50000,
}

// effort is the best value at each point of a curve and the activity it came from.
type effort struct {
	values []float64
	ids    []string
}

// bestEfforts combines per-activity bests (from best, cached per activity) into a curve.
// Higher values win unless lowerWins (times over a distance); 0 means no effort. The curve
// ends at its last point with an effort.
func (st *store) bestEfforts(a *synth.Athlete, acts []*api.Activity, kind string, n int, lowerWins bool,
	best func(synth.StreamSpec) []float64) effort {
	e := effort{values: make([]float64, n), ids: make([]string, n)}
	for _, act := range acts {
		id := deref(act.Id)
		vals := st.cachedBest(kind+":"+id, func() []float64 { return best(a.StreamSpecs[id]) })
		for i, v := range vals {
			if v <= 0 {
				continue
			}
			if e.values[i] == 0 || (lowerWins && v < e.values[i]) || (!lowerWins && v > e.values[i]) {
				e.values[i], e.ids[i] = v, id
			}
		}
	}
	last := -1
	for i, v := range e.values {
		if v > 0 {
			last = i
		}
	}
	e.values, e.ids = e.values[:last+1], e.ids[:last+1]
	return e
}

// cachedBest memoizes an activity's best efforts: streams are regenerated to compute them.
func (st *store) cachedBest(key string, compute func() []float64) []float64 {
	st.cacheMu.Lock()
	v, ok := st.bestCache[key]
	st.cacheMu.Unlock()
	if ok {
		return v
	}
	v = compute()
	st.cacheMu.Lock()
	st.bestCache[key] = v
	st.cacheMu.Unlock()
	return v
}

// curveHeader fills the fields every curve kind shares.
type curveHeader struct {
	id, label, start, end  string
	days, movingTime, load int32
	weight                 float32
}

func header(c curveRange, acts []*api.Activity, weight float32) curveHeader {
	h := curveHeader{
		id: c.id, label: c.label, start: c.lo.Format(dateLayout), end: c.hi.Format(localLayout),
		days: int32(c.days), weight: weight,
	}
	for _, act := range acts {
		h.movingTime += deref(act.MovingTime)
		h.load += deref(act.IcuTrainingLoad)
	}
	return h
}

// latestWeight is the athlete's most recent weight, from wellness or the profile.
func latestWeight(a *synth.Athlete) float32 {
	for i := len(a.Wellness) - 1; i >= 0; i-- {
		if w := deref(a.Wellness[i].Weight); w > 0 {
			return w
		}
	}
	return deref(a.Profile.IcuWeight)
}

// roundInts turns curve values into the integers the API sends.
func roundInts(v []float64) []int32 {
	out := make([]int32, len(v))
	for i, x := range v {
		out[i] = int32(math.Round(x))
	}
	return out
}

// powerModel is a two-parameter critical power fit through the 3- and 12-minute bests
// (Monod-Scherrer), as the API's MS_2P model.
func powerModel(secs []int32, watts []int32) []api.PowerModel {
	i3, i12 := indexOf(secs, 180), indexOf(secs, 720)
	if i3 < 0 || i12 < 0 || i12 >= len(watts) {
		return []api.PowerModel{}
	}
	p3, p12 := float64(watts[i3]), float64(watts[i12])
	cp := (p12*720 - p3*180) / (720 - 180)
	wPrime := (p3 - cp) * 180
	if cp <= 0 || wPrime <= 0 {
		return []api.PowerModel{}
	}
	return []api.PowerModel{{
		Type: ptr(api.PowerModelTypeMS2P), CriticalPower: ptr(int32(math.Round(cp))),
		WPrime: ptr(int32(math.Round(wPrime))), Ftp: ptr(int32(math.Round(cp))),
		InputPointIndexes: &[]int32{int32(i3), int32(i12)},
	}}
}

// paceModel is a critical speed fit through the 1600 m and 5 km bests.
func paceModel(metres []float32, secs []int32) []api.PaceModel {
	i1, i5 := indexOf(metres, 1609.34), indexOf(metres, 5000)
	if i1 < 0 || i5 < 0 || i5 >= len(secs) || secs[i5] <= secs[i1] {
		return []api.PaceModel{}
	}
	cs := (5000 - 1609.34) / float64(secs[i5]-secs[i1])
	dPrime := 5000 - cs*float64(secs[i5])
	return []api.PaceModel{{
		Type: ptr(api.PaceModelTypeCS), CriticalSpeed: ptr(float32(cs)), DPrime: ptr(float32(dPrime)),
		R2: ptr(float32(1)), InputPointIndexes: &[]int32{int32(i1), int32(i5)},
	}}
}

func indexOf[T comparable](xs []T, v T) int {
	for i, x := range xs {
		if x == v {
			return i
		}
	}
	return -1
}

// intsOf converts curve points to the API's types.
func intsOf(v []int) []int32 {
	out := make([]int32, len(v))
	for i, x := range v {
		out[i] = int32(x)
	}
	return out
}

func float32s(v []float64) []float32 {
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(x)
	}
	return out
}

// curveSet is the body of the athlete curve endpoints: the curves, and the activities
// their points come from.
type curveSet[T any] struct {
	List       []T                      `json:"list"`
	Activities map[string]curveActivity `json:"activities"`
}

// addActivities records the activities a curve's points come from.
func addActivities(m map[string]curveActivity, acts []*api.Activity, ids []string) {
	for _, id := range ids {
		if _, ok := m[id]; ok || id == "" {
			continue
		}
		for _, act := range acts {
			if deref(act.Id) == id {
				m[id] = newCurveActivity(act)
				break
			}
		}
	}
}
