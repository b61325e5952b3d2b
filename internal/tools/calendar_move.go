package tools

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// A move is resolved once to absolute dates: its plan, each session's id with the day it is
// on and the day it goes to, is kept in env.Writes under a key made of the athlete and the
// arguments, from before the first write until the move is done or rolled back. A repeat of
// the same call that finds a plan (the first one failed and could not undo everything, or
// was cut off) carries out that plan instead of shifting again: a session already on its new
// day stays, one still on its old day moves, one on another day is refused (something else
// moved it since). So "days": 7 sent twice after a failure never moves a session 14 days.
type movePlan struct {
	Days  int           `json:"days"`
	Moves []plannedMove `json:"moves"`
}

type plannedMove struct {
	ID   int32  `json:"id"`
	From string `json:"from"`
	To   string `json:"to"`
}

// moveKey is the key of a move's plan: the athlete and the arguments as given.
func moveKey(athlete string, in moveIn) string {
	b, _ := json.Marshal(in)
	sum := sha256.Sum256(append([]byte("move_sessions\x00"+athlete+"\x00"), b...))
	return "move:" + hex.EncodeToString(sum[:8])
}

type moveIn struct {
	selection
	Days      int    `json:"days,omitempty" jsonschema_description:"Shift in days, + or -"`
	ToDate    string `json:"to_date,omitempty" jsonschema_description:"Or new date of the first; spacing kept"`
	AllowPast bool   `json:"allow_past,omitempty"`
	CheckOnly bool   `json:"check_only,omitempty"`
}

func moveSessionsTool() manifest.Tool {
	t := manifest.New(manifest.Def{
		Name:        "move_sessions",
		Title:       "Move sessions",
		Description: "Moves planned sessions by days or to a date; done ones stay.",
		Toolset:     manifest.Calendar,
		Access:      manifest.Write,
		Operations:  []string{"getAthlete", "showEvent", "listEvents", "updateEvent", "listWellnessRecords", "listActivities", "listFitnessModelEvents"},
	}, moveSessions)
	t.View = planView
	return t
}

func moveSessions(ctx context.Context, env *toolcall.Env, in moveIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	asked := in
	asked.CheckOnly = false // a preview shows the plan a failed move left, as its repeat would carry it out
	key := moveKey(env.AthleteID, asked)
	plan, events, err := resolveMove(ctx, env, a, in, key)
	if err != nil {
		return "", err
	}
	var todo []int
	for i, m := range plan.Moves {
		switch events[i].day() {
		case m.To:
		case m.From:
			todo = append(todo, i)
		default:
			return "", manifest.Errorf("Nothing was changed: event %d is on %s, neither where this move found it (%s) nor where it goes (%s): check it with get_events, then move it with to_date", m.ID, events[i].day(), m.From, m.To)
		}
	}
	check := checkCalendar(ctx, env, a, moveWrite(plan, events, a))
	changes := make([]calendarChange, len(plan.Moves))
	for i, m := range plan.Moves {
		changes[i] = calendarChange{e: events[i], from: m.From, moved: m.ID}
	}
	if in.CheckOnly {
		moves := make([]format.Move, len(plan.Moves))
		for i, m := range plan.Moves {
			if slices.Contains(todo, i) {
				changes[i].e = shifted(events[i], plan.Days)
			}
			moves[i] = format.Move{After: changes[i].e.session(), Was: m.From}
		}
		return answerChanges(ctx, env, a, check, changes, "Move preview", false, func(n int) string { return a.units.Moved(moves, plan.Days, a.today, n) }), nil
	}
	raw, _ := json.Marshal(plan)
	env.Writes.Put(key, raw)
	j := newJournal(env, a)
	moves := make([]format.Move, len(plan.Moves))
	for i, m := range plan.Moves {
		moves[i] = format.Move{After: events[i].session(), Was: m.From}
	}
	if len(todo) > 0 {
		if err := j.intend(ctx, fmt.Sprintf("move of %d session(s) by %+d day(s) from %s", len(plan.Moves), plan.Days, plan.Moves[0].From), writeIntent{Moves: plan.Moves}); err != nil {
			return "", err
		}
		j.done = len(plan.Moves) - len(todo) // a repeat: those moved by the earlier call
	}
	for _, i := range todo {
		e := events[i]
		f := shiftFields(e, plan.Days)
		saved, err := j.update(ctx, e, f)
		if err != nil {
			ferr := j.fail(ctx, err)
			if !j.left {
				env.Writes.Delete(key)
			}
			return "", ferr
		}
		changes[i].e = planEvent{Event: saved, activity: e.activity} // as Intervals.icu answered
		moves[i].After = changes[i].e.session()
	}
	env.Writes.Delete(key)
	return answerChanges(ctx, env, a, check, changes, "Moved", true, func(n int) string { return a.units.Moved(moves, plan.Days, a.today, n) }), nil
}

// resolveMove returns the plan of a move and the sessions it moves, as they are now: the plan
// kept under key when an earlier call left one, or else a new one from the arguments, checked
// (dates in range, not in the past unless allowed) before any write.
func resolveMove(ctx context.Context, env *toolcall.Env, a *athleteCtx, in moveIn, key string) (movePlan, []planEvent, error) {
	var plan movePlan
	if raw, ok := env.Writes.Get(key); ok && json.Unmarshal(raw, &plan) == nil && len(plan.Moves) > 0 {
		events := make([]planEvent, len(plan.Moves))
		for i, m := range plan.Moves {
			e, err := readEvent(ctx, env, m.ID)
			if err != nil {
				return plan, nil, err
			}
			events[i] = e
		}
		return plan, events, refusePaired(events, a)
	}
	events, first, err := in.pick(ctx, env, a.today)
	if err != nil {
		return plan, nil, err
	}
	if err := refusePaired(events, a); err != nil {
		return plan, nil, err
	}
	days, err := shiftDays(in.Days, in.ToDate, first, a.today)
	if err != nil {
		return plan, nil, err
	}
	if err := checkShift(events, days, a.today, in.AllowPast); err != nil {
		return plan, nil, err
	}
	plan.Days = days
	for _, e := range events {
		plan.Moves = append(plan.Moves, plannedMove{ID: deref(e.Id), From: e.day(), To: addDays(e.day(), days)})
	}
	return plan, events, nil
}

// shiftDays is the shift asked: days, or to_date minus the first selected day.
func shiftDays(days int, toDate, first string, today time.Time) (int, error) {
	if (days == 0) == (toDate == "") {
		return 0, manifest.Errorf("give either days (a shift, e.g. 2 or -7) or to_date (YYYY-MM-DD)")
	}
	if toDate == "" {
		return days, nil
	}
	to, err := resolveDate(toDate, today)
	if err != nil {
		return 0, manifest.Errorf("to_date: %v", err)
	}
	d, _ := calendarDays(first, to)
	if d == 0 {
		return 0, manifest.Errorf("the sessions already start on %s: nothing to move", to)
	}
	return d, nil
}

// checkShift refuses, before any write, a shift that takes a session out of the accepted
// dates or, unless allowPast, into the past.
func checkShift(events []planEvent, days int, today time.Time, allowPast bool) error {
	if days == 0 {
		return nil
	}
	for _, e := range events {
		if _, err := shiftTarget(e.day(), days, today, allowPast); err != nil {
			return manifest.Errorf("Nothing was changed: event %d (%s): %v", deref(e.Id), e.day(), err)
		}
	}
	return nil
}

// shiftFields are the fields that move an event by days.
func shiftFields(e planEvent, days int) map[string]any {
	f := map[string]any{"start_date_local": shiftLocal(e.StartDateLocal, days)}
	if e.EndDateLocal != nil {
		f["end_date_local"] = shiftLocal(e.EndDateLocal, days)
	}
	return f
}
