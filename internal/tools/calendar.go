package tools

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// Event categories are the spec's (Event.category). The arguments of get_events,
// delete_events_by_date_range and add_or_update_event carry the tag spec:"Event.category":
// their schemas list and check the spec's enum. The selections of move_sessions and
// copy_sessions, where the list would cost its tokens twice more, check against it in
// selection.pick.

// eventCategories are the spec's event categories, as generated (intervals.SchemaDoc).
func eventCategories() []string {
	d, _ := intervals.SchemaDoc("Event", "category")
	return d.Enum
}

// eventCategoryArg checks a category argument against the spec's (where a schema names the
// everyday ones only, the whole list costing tokens on every request), ignoring case and
// space; it returns the spec's spelling.
func eventCategoryArg(cat string) (string, error) {
	for _, c := range eventCategories() {
		if strings.EqualFold(c, strings.TrimSpace(cat)) {
			return c, nil
		}
	}
	return "", manifest.Errorf("category %q is not an Intervals.icu event category: use one of %s", cat, strings.Join(eventCategories(), ", "))
}

// pairings is the recorded activity paired with each event of an answer (the event's
// paired_activity_id), by event id.
func pairings(evs []intervals.Event) map[int32]string {
	out := map[int32]string{}
	for _, e := range evs {
		if p := pairing(e); p != "" && e.Id != nil {
			out[*e.Id] = p
		}
	}
	return out
}

// pairing is the activity an event's paired_activity_id names, "" for none.
func pairing(e intervals.Event) string {
	if e.PairedActivityId == nil {
		return ""
	}
	raw, _ := json.Marshal(e.PairedActivityId)
	return pairedID(raw)
}

// pairedID is the activity a raw paired_activity_id names (the typed Event's and the lean
// calEvent's), "" for none (absent, null or ""); an id sent as a number counts as
// well as a string, so that a session is never taken as free because its pairing did not decode.
func pairedID(raw json.RawMessage) string {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" {
		return ""
	}
	var id string
	if json.Unmarshal(raw, &id) == nil {
		return strings.TrimSpace(id)
	}
	return s
}

type eventsIn struct {
	Oldest   string   `json:"oldest,omitempty" jsonschema_description:"Local YYYY-MM-DD (default today)"`
	Newest   string   `json:"newest,omitempty" jsonschema_description:"Local YYYY-MM-DD (default oldest+6)"`
	Category []string `json:"category,omitempty" spec:"Event.category" jsonschema_description:"Only these"`
}

func getEventsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_events", Title: "Calendar",
		Description: "Calendar in a local date range (default the next 7 days): planned workouts (done/missed/to do), races, notes, periods.",
		Toolset:     manifest.Calendar, Access: manifest.Read, Operations: []string{"getAthlete", "listEvents", "listActivities"},
		Aliases: rangeAliases,
	}, getEvents)
}

func getEvents(ctx context.Context, env *toolcall.Env, in eventsIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	from, to := 0, 6
	if in.Oldest != "" && in.Newest == "" {
		o, err := parseLocalDate("oldest", in.Oldest, a.today.Location())
		if err != nil {
			return "", err
		}
		in.Newest = o.AddDate(0, 0, 6).Format(ymd)
	}
	oldest, newest, err := localRange(in.Oldest, in.Newest, a.today, from, to)
	if err != nil {
		return "", err
	}
	evs, paired, err := listEvents(ctx, env, oldest, newest, in.Category)
	if err != nil {
		return "", err
	}
	acts, err := pairedActivities(ctx, env, paired, oldest, newest)
	if err != nil {
		return "", err
	}
	targets := map[int32]string{}
	for _, e := range evs {
		if e.Id != nil && paired[*e.Id] == "" {
			targets[*e.Id] = eventTargets(a, e)
		}
	}
	return a.units.Events(evs, paired, acts, targets, a.today, oldest, newest, env.MaxChars()), nil
}

// eventTargets are a planned workout's relative targets in the athlete's units, as
// Intervals.icu read them (eventReading).
func eventTargets(a *athleteCtx, e intervals.Event) string {
	if string(deref(e.Category)) != "WORKOUT" {
		return ""
	}
	w, _, ok := eventReading(e)
	if !ok {
		return ""
	}
	return workoutTargets(a, deref(e.Type), deref(e.Indoor), w)
}

// eventReadingOf is a workout event's steps as Intervals.icu read them, for get_event_by_id.
func eventReadingOf(a *athleteCtx, e intervals.Event) format.Reading {
	if string(deref(e.Category)) != "WORKOUT" {
		return format.Reading{}
	}
	w, fromDoc, ok := eventReading(e)
	if !ok {
		return format.Reading{}
	}
	return format.Reading{Steps: w.Text(), Targets: workoutTargets(a, deref(e.Type), deref(e.Indoor), w), Ours: !fromDoc}
}

// pairedActivities reads the activities of the range, by id, when a session in it is done:
// get_events shows how close each came to its plan.
func pairedActivities(ctx context.Context, env *toolcall.Env, paired map[int32]string, oldest, newest string) (map[string]intervals.Activity, error) {
	if len(paired) == 0 {
		return nil, nil
	}
	list, err := loadActivities(ctx, env, oldest, newest)
	if err != nil {
		return nil, err
	}
	acts := map[string]intervals.Activity{}
	for _, a := range list {
		if a.Id != nil {
			acts[*a.Id] = a
		}
	}
	return acts, nil
}

type eventIDIn struct {
	EventID int32 `json:"event_id" jsonschema:"minimum=1" jsonschema_description:"Event id from get_events"`
}

func getEventByIDTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_event_by_id", Title: "Calendar event",
		Description: "One calendar event with its workout text.",
		Toolset:     manifest.Calendar, Access: manifest.Read, Operations: []string{"getAthlete", "showEvent"},
	}, getEventByID)
}

func getEventByID(ctx context.Context, env *toolcall.Env, in eventIDIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	e, paired, err := fetchEvent(ctx, env, in.EventID)
	if err != nil {
		return "", err
	}
	return a.units.Event(e, paired, eventReadingOf(a, e), a.today, env.MaxChars()), nil
}

// refusePairedEvent is the error for a write on a session paired with a recorded activity.
func refusePairedEvent(verb string, e intervals.Event, paired string) error {
	return manifest.Errorf("event %d (%s) is paired with recorded activity %s: sessions that were done are never %s; plan a new session instead", deref(e.Id), deref(e.Name), paired, verb)
}

// refusePaired returns the refusal for events paired with recorded activities, or nil.
func refusePaired(events []planEvent, a *athleteCtx) error {
	var lines []string
	for _, e := range events {
		if e.activity != "" {
			lines = append(lines, "- "+a.units.EventLine(e.Event, e.activity, a.today))
		}
	}
	if len(lines) == 0 {
		return nil
	}
	return manifest.Errorf("Refused, nothing was changed: %d session(s) are paired with a recorded activity, and done sessions are never moved, changed or deleted:\n%s\nLeave them out (give other ids, or narrow the range or category).",
		len(lines), strings.Join(lines, "\n"))
}

// lastDay is the last local day an event covers (its start day for a one-day event).
func lastDay(e planEvent, a *athleteCtx) string {
	_, last, ok := a.units.EventDays(e.Event)
	if !ok {
		return e.day()
	}
	return last.Format(ymd)
}
