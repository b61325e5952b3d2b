package fakeicu

import (
	"context"
	"encoding/json"
	"math"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
	"github.com/intervals-mcp/intervals-mcp/internal/workout"
)

// readWorkout does what Intervals.icu does with a planned workout's description on every
// create and update: it reads the text as Intervals.icu reads it (workout.Read), keeps the
// workout_doc it makes, and for a workout with steps sets the time, the distance (timed steps
// counted at their target pace) and the load from it, whatever the client sent for those. A
// workout without steps keeps the time, distance and load the client gave. With misread (the
// fault FaultMisread), the first step is read twice as long: a reading that is not what the
// client meant.
func readWorkout(a *synth.Athlete, e *api.Event, misread bool) {
	if deref(e.Category) != api.EventCategoryWORKOUT {
		return
	}
	th := thresholds(a, deref(e.Type))
	w := workout.Read(workout.SportFor(deref(e.Type)), deref(e.Description))
	if len(w.Steps) == 0 && keepDoc(e) {
		return
	}
	if misread {
		stretchFirstStep(w)
	}
	doc := w.Doc(th)
	e.WorkoutDoc = docMap(doc, th)
	if len(doc.Steps) == 0 {
		return
	}
	sum := w.Summary(th)
	e.MovingTime = ptr(int32(doc.Duration.Value))
	e.Distance = nil
	if doc.Distance.Value > 0 {
		e.Distance = ptr(float32(doc.Distance.Value))
	}
	e.IcuTrainingLoad, e.IcuIntensity = nil, nil
	if h := sum.Duration.Hours(); sum.Load > 0 && h > 0 {
		e.IcuTrainingLoad = ptr(int32(math.Round(sum.Load)))
		e.IcuIntensity = ptr(float32(math.Sqrt(sum.Load/(h*100)) * 100))
	}
}

// keepDoc keeps the workout_doc a client sent with a workout whose text has no steps (what
// the reference server's add_or_update_event relies on, and what other apps' synced workouts
// carry), its duration the event's time; false when the client sent none with steps.
func keepDoc(e *api.Event) bool {
	if e.WorkoutDoc == nil {
		return false
	}
	b, err := json.Marshal(*e.WorkoutDoc)
	var doc workout.Doc
	if err != nil || json.Unmarshal(b, &doc) != nil || len(doc.Steps) == 0 {
		return false
	}
	if doc.Duration.Value > 0 {
		e.MovingTime = ptr(int32(doc.Duration.Value))
	}
	return true
}

// stretchFirstStep reads the workout's first step twice as long.
func stretchFirstStep(w *workout.Workout) {
	n := &w.Steps
	for len(*n) > 0 {
		first := &(*n)[0]
		if first.Repeat == 0 {
			first.Duration *= 2
			first.Distance *= 2
			return
		}
		n = &first.Steps
	}
}

// docMap is the workout_doc as the event carries it (the spec's free object), with the
// thresholds it was read against, as Intervals.icu's carries them.
func docMap(doc workout.Doc, th workout.Thresholds) *map[string]any {
	b, _ := json.Marshal(doc)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	if th.FTP > 0 {
		m["ftp"] = th.FTP
	}
	if th.LTHR > 0 {
		m["lthr"] = th.LTHR
	}
	if tp := max(th.ThresholdPace, th.SwimThresholdPace); tp > 0 {
		m["threshold_pace"] = tp
	}
	return &m
}

// thresholds are an athlete's thresholds and zones for a sport, from the sport settings
// covering it.
func thresholds(a *synth.Athlete, sport string) workout.Thresholds {
	var th workout.Thresholds
	for _, ss := range a.SportSettings {
		if !containsSport(ss, sport) {
			continue
		}
		th.FTP, th.LTHR, th.MaxHR = float64(deref(ss.Ftp)), float64(deref(ss.Lthr)), float64(deref(ss.MaxHr))
		if workout.SportFor(sport) == workout.Swim {
			th.SwimThresholdPace = float64(deref(ss.ThresholdPace))
		} else {
			th.ThresholdPace = float64(deref(ss.ThresholdPace))
		}
		th.PowerZones, th.HRZones, th.PaceZones = zoneFloats(ss.PowerZones), zoneFloats(ss.HrZones), zoneFloats(ss.PaceZones)
	}
	return th
}

func zoneFloats[T int32 | float32](p *[]T) []float64 {
	if p == nil {
		return nil
	}
	out := make([]float64, len(*p))
	for i, v := range *p {
		out[i] = float64(v)
	}
	return out
}

type misreadKey struct{}

// withMisread marks a request hit by FaultMisread.
func withMisread(ctx context.Context) context.Context {
	return context.WithValue(ctx, misreadKey{}, true)
}

func misreading(ctx context.Context) bool { v, _ := ctx.Value(misreadKey{}).(bool); return v }
