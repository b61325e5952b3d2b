package tools

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// Periods are multi-day calendar entries, mapped onto Intervals.icu's calendar the way its
// own calendar shows them:
//   - a training block ("Base 2", 3 weeks) is a NOTE whose end_date_local is after its start:
//     Intervals.icu draws a note spanning days as a bar across them;
//   - a period without training is an event of Intervals.icu's own categories HOLIDAY, SICK
//     or INJURED, spanning its days (Intervals.icu shows them as such on the calendar and
//     its fitness chart).
// end_date_local is exclusive (midnight after the last day), as Intervals.icu writes it;
// the tools take and show the last day inclusive.

// periodKinds maps a period kind to its category.
var periodKinds = map[string]string{"BLOCK": "NOTE", "HOLIDAY": "HOLIDAY", "SICK": "SICK", "INJURED": "INJURED"}

// periodCategories are the categories update_period and delete_period accept.
var periodCategories = []string{"NOTE", "HOLIDAY", "SICK", "INJURED"}

// periodDays resolves start and end (or weeks) into the first and last day.
func periodDays(start, end string, weeks int, today time.Time) (string, string, error) {
	first, err := resolveDate(start, today)
	if err != nil {
		return "", "", manifest.Errorf("start: %v", err)
	}
	switch {
	case end != "" && weeks > 0:
		return "", "", manifest.Errorf("give end or weeks, not both")
	case weeks > 0:
		t, _ := time.Parse(ymd, first)
		return first, t.AddDate(0, 0, 7*weeks-1).Format(ymd), nil
	case end == "":
		return "", "", manifest.Errorf("give end (the last day, YYYY-MM-DD) or weeks")
	}
	last, err := resolveDate(end, today)
	if err != nil {
		return "", "", manifest.Errorf("end: %v", err)
	}
	if last < first {
		return "", "", manifest.Errorf("end (%s) is before start (%s): swap them", last, first)
	}
	return first, last, nil
}

// exclusiveEnd is end_date_local for a last day: the midnight after it.
func exclusiveEnd(last string) string {
	t, _ := time.Parse(ymd, last)
	return t.AddDate(0, 0, 1).Format(ymd) + "T00:00:00"
}

type periodIn struct {
	Kind        string `json:"kind" jsonschema:"enum=BLOCK,enum=HOLIDAY,enum=SICK,enum=INJURED"`
	Name        string `json:"name,omitempty" jsonschema_description:"Default: the kind"`
	Start       string `json:"start" jsonschema_description:"First day YYYY-MM-DD"`
	End         string `json:"end,omitempty" jsonschema_description:"Last day; or weeks"`
	Weeks       int    `json:"weeks,omitempty" jsonschema:"minimum=1,maximum=52"`
	Description string `json:"description,omitempty" jsonschema:"maxLength=4000"`
}

func createPeriodTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "create_period",
		Title:       "Create a period",
		Description: "Marks a training block (e.g. Base 2, 3 weeks) or days without training (holiday, sick, injured); lists the sessions in them.",
		Toolset:     manifest.Calendar,
		Access:      manifest.Write,
		Operations:  []string{"getAthlete", "createEvent", "listEvents"},
	}, createPeriod)
}

func createPeriod(ctx context.Context, env *toolcall.Env, in periodIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	kind, cat := in.Kind, periodKinds[in.Kind]
	first, last, err := periodDays(in.Start, in.End, in.Weeks, a.today)
	if err != nil {
		return "", err
	}
	name := strings.TrimSpace(in.Name)
	if name == "" {
		name = strings.ToUpper(kind[:1]) + strings.ToLower(kind[1:])
	}
	c := intervals.EventExCategory(cat)
	start, end := first+"T00:00:00", exclusiveEnd(last)
	ev := intervals.EventEx{Category: &c, Name: &name, StartDateLocal: &start, EndDateLocal: &end}
	if d := strings.TrimSpace(in.Description); d != "" {
		ev.Description = &d
	}
	resp, err := env.Client.CreateEvent(ctx, env.AthleteID, &intervals.CreateEventParams{}, ev)
	if err != nil {
		return "", apiFailed("create the period", err)
	}
	created, err := answerEvents(resp)
	if err != nil || len(created) != 1 {
		// The period is written (2xx); only its answer is unreadable: show what was sent.
		created = []intervals.Event{{Category: (*intervals.EventCategory)(&c), Name: &name, StartDateLocal: &start, EndDateLocal: &end}}
	}
	period := planEvent{Event: created[0]}.session()
	var todo []planEvent
	if kind != "BLOCK" {
		inside, err := readCalendar(ctx, env, first, last, "WORKOUT", "RACE_A", "RACE_B", "RACE_C")
		if err != nil {
			return a.units.PeriodCreated(period, nil, err.Error(), a.today, env.MaxChars()), nil
		}
		for _, e := range inside {
			if e.activity == "" && e.day() >= first && e.day() <= last {
				todo = append(todo, e)
			}
		}
	}
	return a.units.PeriodCreated(period, sessions(todo), "", a.today, env.MaxChars()), nil
}

// readPeriod reads an event and refuses anything that is not a period.
func readPeriod(ctx context.Context, env *toolcall.Env, ref sessionRef) (planEvent, error) {
	ids, err := eventIDs([]sessionRef{ref})
	if err != nil {
		return planEvent{}, err
	}
	e, err := readEvent(ctx, env, ids[0])
	if err != nil {
		return planEvent{}, err
	}
	cat := string(deref(e.Category))
	ok := false
	for _, c := range periodCategories {
		ok = ok || c == cat
	}
	if !ok || e.activity != "" {
		return planEvent{}, manifest.Errorf("event %d is a %s, not a period (BLOCK note, HOLIDAY, SICK, INJURED): use update_session or delete_event for sessions", ids[0], cat)
	}
	return e, nil
}

type periodUpdateIn struct {
	ID          sessionRef `json:"id" jsonschema_description:"Event id"`
	Name        string     `json:"name,omitempty"`
	Start       string     `json:"start,omitempty" jsonschema_description:"YYYY-MM-DD"`
	End         string     `json:"end,omitempty" jsonschema_description:"Last day"`
	Description string     `json:"description,omitempty" jsonschema:"maxLength=4000"`
}

func updatePeriodTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "update_period",
		Title:       "Update a period",
		Description: "Changes a block's or a holiday/sick/injured period's name, days or description.",
		Toolset:     manifest.Calendar,
		Access:      manifest.Write,
		Idempotent:  true,
		Operations:  []string{"getAthlete", "showEvent", "updateEvent"},
	}, updatePeriod)
}

func updatePeriod(ctx context.Context, env *toolcall.Env, in periodUpdateIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	e, err := readPeriod(ctx, env, in.ID)
	if err != nil {
		return "", err
	}
	first, last := e.day(), lastDay(e, a)
	if last == "" {
		last = first
	}
	if in.Start != "" {
		if first, err = resolveDate(in.Start, a.today); err != nil {
			return "", manifest.Errorf("start: %v", err)
		}
	}
	if in.End != "" {
		if last, err = resolveDate(in.End, a.today); err != nil {
			return "", manifest.Errorf("end: %v", err)
		}
	}
	if last < first {
		return "", manifest.Errorf("the last day (%s) would be before the first (%s): give both start and end", last, first)
	}
	f := map[string]any{}
	if first != e.day() || last != lastDay(e, a) {
		f["start_date_local"] = first + "T00:00:00"
		f["end_date_local"] = exclusiveEnd(last)
	}
	if n := strings.TrimSpace(in.Name); n != "" {
		f["name"] = n
	}
	if d := strings.TrimSpace(in.Description); d != "" {
		f["description"] = d
	}
	if len(f) == 0 {
		return "", manifest.Errorf("nothing to change: give name, start, end or description")
	}
	if err := env.PutEventFields(ctx, deref(e.Id), f); err != nil {
		return "", fmt.Errorf("update the period: %w", err)
	}
	after, err := readEvent(ctx, env, deref(e.Id))
	if err != nil {
		return a.units.PeriodUpdated(e.session(), nil, a.today), nil
	}
	now := after.session()
	return a.units.PeriodUpdated(e.session(), &now, a.today), nil
}

type periodDeleteIn struct {
	ID sessionRef `json:"id" jsonschema_description:"Event id"`
}

func deletePeriodTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "delete_period",
		Title:       "Delete a period",
		Description: "Deletes a block or a holiday/sick/injured period; its sessions stay.",
		Toolset:     manifest.Calendar,
		Access:      manifest.Destructive,
		Idempotent:  true,
		Operations:  []string{"getAthlete", "showEvent", "deleteEvent"},
	}, deletePeriod)
}

func deletePeriod(ctx context.Context, env *toolcall.Env, in periodDeleteIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	e, err := readPeriod(ctx, env, in.ID)
	if err != nil {
		return "", err
	}
	resp, err := env.Client.DeleteEvent(ctx, env.AthleteID, deref(e.Id), &intervals.DeleteEventParams{})
	if err == nil {
		err = drain(resp)
	}
	if err != nil {
		return "", apiFailed("delete the period", err)
	}
	return a.units.PeriodDeleted(e.session(), a.today), nil
}
