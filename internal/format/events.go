package format

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// Status of a planned session, relative to the athlete's today.
const (
	StatusDone   = "done"
	StatusMissed = "missed"
	StatusToDo   = "to do"
)

// plannable reports whether a category is a session that can be done, missed or to do.
func plannable(cat string) bool {
	return cat == "WORKOUT" || strings.HasPrefix(cat, "RACE_")
}

// EventDays returns an event's first local date and its last (inclusive): Intervals.icu ends
// an event at local midnight after its last day.
func (u Units) EventDays(e intervals.Event) (first, last time.Time, ok bool) {
	first, ok = u.localStart(e.StartDateLocal, nil)
	if !ok {
		return
	}
	first = midnight(first)
	last = first
	if e.EndDateLocal != nil {
		if end, ok := ParseLocal(*e.EndDateLocal, u.loc()); ok {
			if end.Equal(midnight(end)) {
				end = end.AddDate(0, 0, -1)
			}
			if end.After(last) {
				last = midnight(end)
			}
		}
	}
	return first, last, true
}

func midnight(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, t.Location())
}

// EventStatus says whether a planned session is done (paired with a recorded activity),
// missed (its day is before today and nothing is paired) or to do. Other categories have no
// status ("").
func (u Units) EventStatus(e intervals.Event, paired string, today time.Time) string {
	if !plannable(str(e.Category)) {
		return ""
	}
	if paired != "" {
		return StatusDone + " (activity " + paired + ")"
	}
	_, last, ok := u.EventDays(e)
	if ok && last.Before(midnight(today)) {
		return StatusMissed
	}
	return StatusToDo
}

// EventLine is the one-line summary of an event used in lists.
func (u Units) EventLine(e intervals.Event, paired string, today time.Time) string {
	cat := str(e.Category)
	var b strings.Builder
	first, last, ok := u.EventDays(e)
	switch {
	case !ok:
		b.WriteString("(no date)")
	case last.After(first):
		b.WriteString(Day(first) + " to " + Day(last))
	default:
		b.WriteString(Day(first))
	}
	b.WriteString(" " + orMissing(cat, "EVENT"))
	if e.Type != nil && *e.Type != "" {
		b.WriteString(" " + *e.Type)
	}
	b.WriteString(" " + quote(e.Name))
	if e.Id != nil {
		fmt.Fprintf(&b, " [id %d]", *e.Id)
	}
	if fig := u.eventTargets(e); fig != "" {
		b.WriteString(": " + fig)
	}
	if st := u.EventStatus(e, paired, today); st != "" {
		b.WriteString(" - " + st)
	}
	if !plannable(cat) && e.Description != nil {
		if d := strings.Join(strings.Fields(*e.Description), " "); d != "" {
			b.WriteString(" - " + Clip(d, 160))
		}
	}
	return b.String()
}

func derefI(p *int32) int32 {
	if p == nil {
		return 0
	}
	return *p
}

// eventTargets are the planned duration, distance and load of an event, when set.
func (u Units) eventTargets(e intervals.Event) string {
	sport := str(e.Type)
	var f []string
	if v, ok := i32(e.MovingTime); ok && v > 0 {
		f = append(f, Duration(v))
	} else if v, ok := i32(e.TimeTarget); ok && v > 0 {
		f = append(f, Duration(v)+" target")
	}
	if v, ok := f32(e.Distance); ok && v > 0 {
		f = append(f, u.Distance(v, sport))
	} else if v, ok := f32(e.DistanceTarget); ok && v > 0 {
		f = append(f, u.Distance(v, sport)+" target")
	}
	if v, ok := i32(e.IcuTrainingLoad); ok {
		f = append(f, fmt.Sprintf("load %.0f", v))
	} else if v, ok := i32(e.LoadTarget); ok {
		f = append(f, fmt.Sprintf("load %.0f target", v))
	}
	return strings.Join(f, ", ")
}

// Achieved says how close a done session came to its plan: the activity's time, distance
// and load, each against the planned one when there is one. What the activity lacks is left
// out, never shown as 0; "" when it has none of them.
func (u Units) Achieved(e intervals.Event, a intervals.Activity) string {
	if IsStravaStub(a) {
		return "did: the activity was " + StravaNote
	}
	sport := str(e.Type)
	var f []string
	add := func(did, planned string) {
		if planned != "" {
			did += " of " + planned
		}
		f = append(f, did)
	}
	if v, ok := i32(a.MovingTime); ok && v > 0 {
		planned := ""
		if p, ok := i32(e.MovingTime); ok && p > 0 {
			planned = Duration(p)
		} else if p, ok := i32(e.TimeTarget); ok && p > 0 {
			planned = Duration(p)
		}
		add(Duration(v), planned)
	}
	if v, ok := f32(a.Distance); ok && v > 0 {
		planned := ""
		if p, ok := f32(e.Distance); ok && p > 0 {
			planned = u.Distance(p, sport)
		} else if p, ok := f32(e.DistanceTarget); ok && p > 0 {
			planned = u.Distance(p, sport)
		}
		add(u.Distance(v, sport), planned)
	}
	if v, ok := i32(a.IcuTrainingLoad); ok {
		planned := ""
		if p, ok := i32(e.IcuTrainingLoad); ok {
			planned = fmt.Sprintf("%.0f", p)
		} else if p, ok := i32(e.LoadTarget); ok {
			planned = fmt.Sprintf("%.0f", p)
		}
		add(fmt.Sprintf("load %.0f", v), planned)
	}
	if len(f) == 0 {
		return ""
	}
	return "did " + strings.Join(f, ", ")
}

// Events lists calendar events in date order with the status of planned sessions. paired
// maps event ids to the id of the recorded activity paired with them; acts holds those
// activities by id, where read, and a done session then says how close it came (Achieved);
// targets holds, by event id, the relative targets of a workout with their values in the
// athlete's units, shown under a session still to do.
func (u Units) Events(evs []intervals.Event, paired map[int32]string, acts map[string]intervals.Activity, targets map[int32]string, today time.Time, oldest, newest string, max int) string {
	if len(evs) == 0 {
		return fmt.Sprintf("No events %s..%s (athlete-local dates).", oldest, newest)
	}
	var done, missed, todo int
	items := make([]string, len(evs))
	for i, e := range evs {
		p := paired[derefI(e.Id)]
		st := u.EventStatus(e, p, today)
		switch {
		case strings.HasPrefix(st, StatusDone):
			done++
		case st == StatusMissed:
			missed++
		case st == StatusToDo:
			todo++
		}
		items[i] = "- " + u.EventLine(e, p, today)
		if tg := targets[derefI(e.Id)]; tg != "" && st == StatusToDo {
			items[i] += "\n  " + tg
		}
		if act, ok := acts[p]; ok && p != "" {
			if did := u.Achieved(e, act); did != "" {
				items[i] += "\n  " + did
			}
		}
	}
	head := fmt.Sprintf("%d events %s..%s (athlete-local dates; today is %s). Planned sessions: %d done, %d missed, %d to do.",
		len(evs), oldest, newest, Day(today), done, missed, todo)
	return List{Head: head, Items: items, Noun: "events", Hint: "narrow the range or filter by category"}.Render(max)
}

// Reading is a workout's steps as Intervals.icu read them (from the event's workout_doc: what
// reaches the watch), or, for an event without one, as this project reads its text (Ours):
// the steps as workout text, and their relative targets in the athlete's units ("" for none).
type Reading struct {
	Steps, Targets string
	Ours           bool
}

// Event is the full view of one event: its line, then its workout's steps as Intervals.icu
// read them with their targets in the athlete's units, and the words of its description
// (the description whole when there is no reading of its steps).
func (u Units) Event(e intervals.Event, paired string, r Reading, today time.Time, max int) string {
	l := []string{u.EventLine(e, paired, today)}
	if e.Indoor != nil && *e.Indoor {
		l = append(l, "Indoor")
	}
	if e.Tags != nil && len(*e.Tags) > 0 {
		l = append(l, "Tags: "+strings.Join(*e.Tags, ", "))
	}
	desc := strings.Trim(str(e.Description), "\n")
	switch {
	case r.Steps != "":
		head := "Steps, as Intervals.icu read them (what the watch gets):"
		if r.Ours {
			head = "Workout text (Intervals.icu sent no reading of it):"
		}
		l = append(l, head+"\n"+r.Steps)
		if r.Targets != "" {
			l = append(l, targetsLine(r.Targets))
		}
		if words := wordsOf(desc); words != "" {
			l = append(l, "Description:\n"+words)
		}
	case strings.TrimSpace(desc) != "":
		label := "Description"
		if str(e.Category) == "WORKOUT" {
			label = "Workout text"
		}
		l = append(l, label+":\n"+desc)
	case str(e.Category) == "WORKOUT":
		l = append(l, "No workout text (a session without structured steps).")
	}
	return Clip(strings.Join(l, "\n"), max)
}

// wordsOf is a description without its step lines ("- ...") and repeat lines: the words
// around a workout's steps.
func wordsOf(desc string) string {
	var keep []string
	for _, line := range strings.Split(desc, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "-") || repeatLine(t) {
			continue
		}
		keep = append(keep, line)
	}
	return strings.TrimSpace(strings.Join(keep, "\n"))
}

// repeatLine says whether a line opens a repeat block ("4x", "Main set 4x").
func repeatLine(s string) bool {
	s = strings.TrimRight(strings.ToLower(s), " ")
	if !strings.HasSuffix(s, "x") {
		return false
	}
	n := strings.TrimRight(strings.TrimSuffix(s, "x"), " ")
	i := len(n)
	for i > 0 && n[i-1] >= '0' && n[i-1] <= '9' {
		i--
	}
	return i < len(n) && (i == 0 || n[i-1] == ' ')
}

// unitSaid starts a list of targets whose unit is said once.
const unitSaid = "in "

// targetsLine is a workout's targets under its text: "In the athlete's units: Z2 HR 137-150
// bpm", or with a unit said once, "In the athlete's units (W): 55% 132, 70% 168, 100% 240".
func targetsLine(targets string) string {
	if rest, ok := strings.CutPrefix(targets, unitSaid); ok {
		if unit, list, ok := strings.Cut(rest, ": "); ok {
			return "In the athlete's units (" + unit + "): " + list
		}
	}
	return "In the athlete's units: " + targets
}

// targetUnits are the units a workout's targets are written in, in the athlete's units.
var targetUnits = []string{" W", " bpm", "/km", "/mi", "/100m", "/100yd", "/250m", "/400m", "/500m"}

// Targets joins a planned workout's relative targets with their values in the athlete's units
// ("55% 132 W", "72% Pace 2:26/100m"): three or more in one unit say it once, first: "in W:
// 55% 132, 70% 168, 100% 240", and paces all of pace say that once too: "in /100m pace: 72%
// 2:26, 101% 1:44".
func Targets(ts []string) string {
	if len(ts) >= 3 {
		for _, u := range targetUnits {
			if !slices.ContainsFunc(ts, func(t string) bool { return !strings.HasSuffix(t, u) }) {
				out := make([]string, len(ts))
				allPace := true
				for i, t := range ts {
					out[i] = strings.TrimSuffix(t, u)
					allPace = allPace && strings.Contains(out[i], " Pace ")
				}
				unit := strings.TrimSpace(u)
				if allPace {
					for i := range out {
						out[i] = strings.Replace(out[i], " Pace ", " ", 1)
					}
					unit += " pace"
				}
				return unitSaid + unit + ": " + strings.Join(out, ", ")
			}
		}
	}
	return strings.Join(ts, ", ")
}
