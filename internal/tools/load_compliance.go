package tools

import (
	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
)

// weeklyPlans is how the planned sessions (workouts and races) of each Monday-based week from
// first went, by sport (the session's type), as get_training_volume shows beside the volume.
//
// A session is done when a recorded activity did it: Intervals.icu pairs the two, and says so
// on both sides (the event's paired_activity_id, the activity's paired_event_id); either will
// do. Its time and load are the activity's. A session before today that no activity did was
// missed; one today not done yet, or later in the week, is still to come and counts in no
// share. Sessions after today's week are not read. An activity that did no planned session
// (paired on neither side) is the week's unplanned: it adds to what was done, not to a share.
func weeklyPlans(evs []calEvent, acts []intervals.Activity, first, today string) map[string]format.WeekPlan {
	byID := map[string]intervals.Activity{}
	doneBy := map[int32]string{}
	for _, a := range acts {
		if a.Id == nil {
			continue
		}
		byID[*a.Id] = a
		if a.PairedEventId != nil {
			doneBy[*a.PairedEventId] = *a.Id
		}
	}
	out := map[string]format.WeekPlan{}
	didPlan := map[string]bool{}
	for _, e := range evs {
		if id := pairedID(e.Paired); id != "" {
			didPlan[id] = true
		}
	}
	for _, a := range acts {
		d := activityDate(a)
		if a.Id == nil || a.PairedEventId != nil || didPlan[*a.Id] || d < first || d > today || format.IsStravaStub(a) {
			continue
		}
		p := out[mondayOf(d)]
		p.Unplanned = plusActivity(p.Unplanned, a)
		out[mondayOf(d)] = p
	}
	for _, e := range evs {
		d := e.date()
		if !e.session() || d < first {
			continue
		}
		wk := mondayOf(d)
		p := out[wk]
		act := pairedID(e.Paired)
		if act == "" {
			act = doneBy[e.ID]
		}
		if act == "" && d >= today {
			p.ToCome++
			out[wk] = p
			continue
		}
		if p.Sports == nil {
			p.Sports = map[string]format.PlanDone{}
		}
		sport := e.Type
		if sport == "" {
			sport = "Other"
		}
		v := p.Sports[sport]
		v.Planned++
		a, recorded := byID[act]
		if act != "" {
			v.Done++
		} else {
			p.Missed = append(p.Missed, format.Label{Category: e.Category, Sport: e.Type, Name: e.Name})
			p.MissedOn = append(p.MissedOn, d)
		}
		if e.MovingTime != nil && *e.MovingTime > 0 {
			v.PlanSecs += *e.MovingTime
			if recorded && a.MovingTime != nil {
				v.DoneSecs += float64(*a.MovingTime)
			}
		}
		if load, ok := e.plannedLoad(); ok && load > 0 {
			v.PlanLoad += load
			if recorded && a.IcuTrainingLoad != nil {
				v.DoneLoad += float64(*a.IcuTrainingLoad)
			}
		}
		p.Sports[sport] = v
		out[wk] = p
	}
	return out
}
