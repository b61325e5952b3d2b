package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

type copyIn struct {
	selection
	ToDate    string `json:"to_date" jsonschema_description:"New date of the first; spacing kept"`
	AllowPast bool   `json:"allow_past,omitempty"`
	CheckOnly bool   `json:"check_only,omitempty"`
}

func copySessionsTool() manifest.Tool {
	t := manifest.New(manifest.Def{
		Name:        "copy_sessions",
		Title:       "Copy sessions",
		Description: "Copies sessions to a new start date.",
		Toolset:     manifest.Calendar,
		Access:      manifest.Write,
		Operations:  []string{"getAthlete", "showEvent", "listEvents", "createMultipleEvents", "deleteEventsBulk", "listWellnessRecords", "listActivities", "listFitnessModelEvents"},
	}, copySessions)
	t.View = planView
	return t
}

func copySessions(ctx context.Context, env *toolcall.Env, in copyIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	events, first, err := in.pick(ctx, env, a.today)
	if err != nil {
		return "", err
	}
	days, err := shiftDays(0, in.ToDate, first, a.today)
	if err != nil {
		return "", err
	}
	if err := checkShift(events, days, a.today, in.AllowPast); err != nil {
		return "", err
	}
	copies := make([]intervals.EventEx, len(events))
	shifts, exts := make([]int, len(events)), make([]string, len(events))
	for i, e := range events {
		// The external id lets a rollback find a copy whose creation answer was lost.
		copies[i] = copyOf(e, days, fmt.Sprintf("imcp:c%d:%s", deref(e.Id), strings.ReplaceAll(deref(shiftLocal(e.StartDateLocal, days))[:10], "-", "")))
		shifts[i], exts[i] = days, deref(copies[i].ExternalId)
	}
	check := checkCalendar(ctx, env, a, copiesWrite(events, shifts, exts, a))
	// A copy's external id is keyed by its source and day: a repeat of a call whose rollback
	// failed finds the copies already there and makes only the missing ones.
	there, err := existingCopies(ctx, env, copies)
	if err != nil {
		return "", err
	}
	var todo []intervals.EventEx
	var created []intervals.Event
	changes := make([]calendarChange, len(copies))
	for i, c := range copies {
		changes[i] = calendarChange{e: shifted(events[i], days), from: events[i].day()}
		changes[i].e.ExternalId = c.ExternalId
		if e, ok := there[deref(c.ExternalId)]; ok {
			created = append(created, e.Event)
			changes[i].e, changes[i].status = e, "already there"
		} else {
			todo = append(todo, c)
		}
	}
	if in.CheckOnly {
		would := make([]intervals.Event, len(changes))
		for i, c := range changes {
			would[i] = c.e.Event
		}
		return answerChanges(ctx, env, a, check, changes, "Copy preview", false, func(n int) string { return a.units.Copied(would, days, a.today, n) }), nil
	}
	j := newJournal(env, a)
	if len(todo) > 0 {
		src := map[string]int32{}
		for i, c := range copies {
			src[deref(c.ExternalId)] = deref(events[i].Id)
		}
		if err := j.intend(ctx, fmt.Sprintf("copy of %d session(s) to %s", len(copies), in.ToDate), writeIntent{Creates: createsOf(todo, func(i int) int32 { return src[deref(todo[i].ExternalId)] })}); err != nil {
			return "", err
		}
	}
	made, err := j.create(ctx, todo)
	if err != nil {
		return "", j.fail(ctx, err)
	}
	answeredCopies(changes, made)
	return answerChanges(ctx, env, a, check, changes, "Copied", true, func(n int) string { return a.units.Copied(append(created, made...), days, a.today, n) }), nil
}

// existingCopies reads the calendar on the copies' days and returns the events there that
// carry a copy's external id.
func existingCopies(ctx context.Context, env *toolcall.Env, copies []intervals.EventEx) (map[string]planEvent, error) {
	out := map[string]planEvent{}
	if len(copies) == 0 {
		return out, nil
	}
	want := map[string]bool{}
	lo, hi := "", ""
	for _, c := range copies {
		want[deref(c.ExternalId)] = true
		d := deref(c.StartDateLocal)[:10]
		if lo == "" || d < lo {
			lo = d
		}
		hi = max(hi, d)
	}
	evs, err := readCalendar(ctx, env, lo, hi)
	if err != nil {
		return nil, err
	}
	for _, e := range evs {
		if x := deref(e.ExternalId); want[x] {
			out[x] = e
		}
	}
	return out, nil
}

// copyOf is a new planned event like e, days later, with the given external id: what
// Intervals.icu reads of a session and the user set, never what it computed of the original
// (its time, distance and load when it has steps: the copy's are computed anew; its doc, its
// intensity, fitness and energy figures).
func copyOf(e planEvent, days int, externalID string) intervals.EventEx {
	raw, _ := json.Marshal(e.Event)
	var c intervals.EventEx
	_ = json.Unmarshal(raw, &c)
	c.Id, c.Uid, c.AthleteId, c.CreatedById, c.Updated, c.CalendarId = nil, nil, nil, nil, nil, nil
	c.ExternalId, c.OauthClientId, c.SharedEventId, c.PushErrors = nil, nil, nil, nil
	c.WorkoutDoc, c.IcuIntensity, c.IcuAtl, c.IcuCtl, c.IcuFtp, c.Joules, c.JoulesAboveFtp = nil, nil, nil, nil, nil, nil, nil
	c.StrainScore, c.SsCp, c.SsPMax, c.SsWPrime, c.PMax, c.WPrime = nil, nil, nil, nil, nil, nil
	if hasSteps(deref(e.Description)) {
		c.MovingTime, c.Distance, c.IcuTrainingLoad = nil, nil, nil
	}
	if externalID != "" {
		c.ExternalId = &externalID
	}
	c.StartDateLocal = shiftLocal(e.StartDateLocal, days)
	c.EndDateLocal = shiftLocal(e.EndDateLocal, days)
	return c
}

// answeredCopies puts Intervals.icu's answer for each copy made in its change (by external id).
func answeredCopies(changes []calendarChange, made []intervals.Event) {
	by := map[string]intervals.Event{}
	for _, e := range made {
		by[deref(e.ExternalId)] = e
	}
	for i, c := range changes {
		if e, ok := by[deref(c.e.ExternalId)]; ok {
			changes[i].e = planEvent{Event: e}
		}
	}
}
