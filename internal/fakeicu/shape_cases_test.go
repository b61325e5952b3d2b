package fakeicu

import (
	"fmt"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// activityOf is the id of the primary athlete's latest activity of a sport with streams.
func activityOf(w *synth.World, sport string) string {
	a := w.Athletes[0]
	for i := len(a.Activities) - 1; i >= 0; i-- {
		act := a.Activities[i]
		spec, ok := a.StreamSpecs[deref(act.Id)]
		if deref(act.Type) == sport && ok && !spec.Indoor {
			return deref(act.Id)
		}
	}
	panic("no " + sport + " activity with streams in the synthetic world")
}

// eventOf is the id of the primary athlete's first event of a category (with a workout
// document for workouts).
func eventOf(w *synth.World, category api.EventCategory) int32 {
	for _, e := range w.Athletes[0].Events {
		if deref(e.Category) == category && (category != api.EventCategoryWORKOUT || e.WorkoutDoc != nil) {
			return deref(e.Id)
		}
	}
	panic(fmt.Sprintf("no %s event in the synthetic world", category))
}

// around is a date range of the synthetic data, relative to its today (2026-03-11).
const (
	monthAgo  = "2026-02-09"
	yesterday = "2026-03-10"
	nextMonth = "2026-04-11"
)

func shapeCases() []shapeCase {
	fixed := func(p string) func(*synth.World) string { return func(*synth.World) string { return p } }
	return []shapeCase{
		{file: "activities-list.json", method: "GET", path: fixed("/api/v1/athlete/0/activities?oldest=" + monthAgo), model: api.Activity{}},
		{file: "extra/activities-list.yannvillellas.json", method: "GET", path: fixed("/api/v1/athlete/0/activities?oldest=2025-03-11"), model: api.Activity{}},
		{file: "extra/activities-list.strava-stub.json", method: "GET", path: fixed("/api/v1/athlete/0/activities?oldest=2025-03-11"), model: stravaStub{}},
		{file: "activity.json", method: "GET", path: func(w *synth.World) string { return "/api/v1/activity/" + activityOf(w, "Run") }, model: api.Activity{}},
		{file: "activity-with-intervals.json", method: "GET", path: func(w *synth.World) string {
			return "/api/v1/activity/" + activityOf(w, "Ride") + "?intervals=true"
		}, model: api.ActivityWithIntervals{}},
		{file: "activity-intervals.json", method: "GET", path: func(w *synth.World) string {
			return "/api/v1/activity/" + activityOf(w, "Run") + "/intervals"
		}, model: api.IntervalsDTO{}},
		{file: "activity-streams.json", method: "GET", path: func(w *synth.World) string {
			return "/api/v1/activity/" + activityOf(w, "Ride") + "/streams"
		}, model: api.ActivityStream{}},
		{file: "wellness-list.json", method: "GET", path: fixed("/api/v1/athlete/0/wellness?oldest=" + monthAgo + "&newest=" + yesterday), model: api.Wellness{}},
		{file: "extra/wellness-list.ljcl-1day.json", method: "GET", path: fixed("/api/v1/athlete/0/wellness.json?oldest=" + yesterday + "&newest=" + yesterday), model: api.Wellness{}},
		{file: "extra/wellness-list.fields-filtered.gafferlloyd.json", method: "GET", path: fixed("/api/v1/athlete/0/wellness?oldest=" + monthAgo + "&fields=id,ctl,atl,rampRate,ctlLoad,atlLoad"), model: api.Wellness{}},
		{file: "wellness-day.json", method: "GET", path: fixed("/api/v1/athlete/0/wellness/" + yesterday), model: api.Wellness{}},
		{file: "events-list.json", method: "GET", path: fixed("/api/v1/athlete/0/events?oldest=" + monthAgo + "&newest=" + nextMonth), model: api.Event{}},
		{file: "extra/events-list.yannvillellas.json", method: "GET", path: fixed("/api/v1/athlete/0/events?oldest=" + monthAgo + "&newest=" + nextMonth), model: api.Event{}},
		{file: "event-workout.json", method: "GET", path: func(w *synth.World) string {
			return fmt.Sprintf("/api/v1/athlete/0/events/%d", eventOf(w, api.EventCategoryWORKOUT))
		}, model: api.Event{}},
		{file: "event-note.json", method: "GET", path: func(w *synth.World) string {
			return fmt.Sprintf("/api/v1/athlete/0/events/%d", eventOf(w, api.EventCategoryNOTE))
		}, model: api.Event{}},
		{file: "extra/event-note-create-response.json", method: "POST", path: fixed("/api/v1/athlete/0/events"),
			body: `{"category":"NOTE","name":"Note","description":"Travel day","start_date_local":"2026-03-12T00:00:00"}`, model: api.Event{}},
		{file: "sport-settings.json", method: "GET", path: fixed("/api/v1/athlete/0/sport-settings"), model: api.SportSettings{}},
		{file: "extra/sport-settings.ljcl.json", method: "GET", path: fixed("/api/v1/athlete/0/sport-settings"), model: api.SportSettings{}},
		{file: "power-curves.json", method: "GET", path: fixed("/api/v1/athlete/0/power-curves?type=Ride&curves=r.2026-01-26.2026-03-09"), model: curveSet[api.PowerCurve]{}},
		{file: "hr-curves.json", method: "GET", path: fixed("/api/v1/athlete/0/hr-curves?curves=90d"), model: curveSet[api.HRCurve]{}},
		{file: "pace-curves.json", method: "GET", path: fixed("/api/v1/athlete/0/pace-curves?type=Run&curves=all,1y"), model: curveSet[api.PaceCurve]{}},
		{file: "power-hr-curve.json", method: "GET", path: fixed("/api/v1/athlete/0/power-hr-curve?start=2026-01-26&end=2026-03-09"), model: api.PowerHRCurve{}},
		{file: "folders.json", method: "GET", path: fixed("/api/v1/athlete/0/folders"), model: api.Folder{}},
		{file: "gear.json", method: "GET", path: fixed("/api/v1/athlete/0/gear"), model: api.Gear{}},
		{file: "athlete-summary.json", method: "GET", path: fixed("/api/v1/athlete/0/athlete-summary?start=2026-02-23&end=" + yesterday), model: api.SummaryWithCats{}},
	}
}
