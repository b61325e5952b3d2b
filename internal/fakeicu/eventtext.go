package fakeicu

import (
	"math"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
	"github.com/intervals-mcp/intervals-mcp/internal/workout"
)

// fillFromText does what Intervals.icu does with a planned workout's description: it reads
// the workout text and sets the event's moving time, distance and load from it, against
// the athlete's thresholds for the sport. Values the caller sent win; text that does not
// parse to any step leaves the event as it is.
func fillFromText(a *synth.Athlete, e *api.Event) {
	sent := sentOf(e)
	if deref(e.Category) != api.EventCategoryWORKOUT || deref(e.Description) == "" {
		return
	}
	sport := workout.SportFor(deref(e.Type))
	sum, _ := workout.Check(sport, *e.Description, thresholds(a, deref(e.Type)))
	if sum.Steps == 0 {
		return
	}
	if !sent["moving_time"] && sum.Duration > 0 {
		e.MovingTime = ptr(int32(sum.Duration.Seconds()))
	}
	// Intervals.icu's distance counts timed steps too, at their target pace: the recorded
	// "pace test" run (fixtures events-list.json), four 10-minute steps, has distance 5433.9,
	// the sum of its steps' _distance.
	if d := sum.Distance + sum.TimedDistance; !sent["distance"] && d > 0 {
		e.Distance = ptr(float32(d))
	}
	if !sent["icu_training_load"] && sum.Load > 0 {
		e.IcuTrainingLoad = ptr(int32(math.Round(sum.Load)))
	}
}

// thresholds are an athlete's thresholds for a sport, from the sport settings covering it.
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
	}
	return th
}

// sentOf says which of the fields read from the text an event already has.
func sentOf(e *api.Event) map[string]bool {
	return map[string]bool{
		"moving_time": e.MovingTime != nil, "distance": e.Distance != nil, "icu_training_load": e.IcuTrainingLoad != nil,
	}
}
