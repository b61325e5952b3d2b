package synth

import (
	"slices"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

// What a coach's weekly review must find in the last full week (Monday to Sunday before
// today's week, in the athlete's time zone), whatever the clock: Camille Martin rode more
// than planned (her longest ride of the week was not on the plan: no planned session is
// paired with it), and Jordan Rivera wrote that his calf was tight on Thursday's run (his
// note on the activity and his comment under it). Made after the rest of the athlete, so
// that no other datum moves.

// CalfNote is Jordan Rivera's note on his Thursday run of the last full week, and
// CalfComment his comment under it.
const (
	CalfNote    = "Calf tight from the start, eased off the last rep."
	CalfComment = "calf tight again, will foam roll tonight"
)

// coachCases adds the review's cases to the coached athletes (by index in people()).
func coachCases(k int, a *Athlete, today time.Time, n *ids, p person) {
	monday := day(mondayOf(today), -7)
	inLastWeek := func(act api.Activity) bool {
		d := deref(act.StartDateLocal)
		return (act.Source == nil || *act.Source != api.ActivitySourceSTRAVA) && len(d) >= 10 && d[:10] >= monday.Format(dateLayout) && d[:10] < day(monday, 7).Format(dateLayout)
	}
	switch k {
	case 1: // an unplanned ride: the week's longest loses the planned session it did
		best := -1
		for i, act := range a.Activities {
			if inLastWeek(act) && act.PairedEventId != nil && (best < 0 || deref(act.MovingTime) > deref(a.Activities[best].MovingTime)) {
				best = i
			}
		}
		if best < 0 {
			return
		}
		ev := *a.Activities[best].PairedEventId
		a.Activities[best].PairedEventId = nil
		delete(a.PairedActivity, ev)
		a.Events = slices.DeleteFunc(a.Events, func(e api.Event) bool { return deref(e.Id) == ev })
	case 2: // the athlete's words on Thursday's run (or the last before it that week)
		thursday := day(monday, 3).Format(dateLayout)
		at := -1
		for i, act := range a.Activities {
			if inLastWeek(act) && deref(act.StartDateLocal)[:10] <= thursday {
				at = i
			}
		}
		if at < 0 {
			return
		}
		act := &a.Activities[at]
		act.Description = ptr(CalfNote)
		act.IcuRpe, act.Feel = ptr(int32(8)), ptr(int32(4))
		n.message++
		start, _ := time.ParseInLocation(localLayout, deref(act.StartDateLocal), today.Location())
		a.Messages[*act.Id] = append(a.Messages[*act.Id], api.Message{
			Id: ptr(n.message), ActivityId: act.Id, AthleteId: ptr(p.id), Name: ptr(p.first + " " + p.last),
			Type: ptr(api.MessageTypeTEXT), Content: ptr(CalfComment), Created: stamp(start.Add(time.Duration(deref(act.ElapsedTime)+1800) * time.Second)), Seen: ptr(false),
		})
	}
}

// deref is *p, or the zero value for nil.
func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}
