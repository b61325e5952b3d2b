package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/invopop/jsonschema"
)

// move_sessions, copy_sessions, repeat_session and the multi-id delete. Each reads the
// sessions it would touch first and refuses, before any write, when one is paired with a
// recorded activity (moving or deleting it would rewrite the athlete's history) or when an
// id is a recorded activity's. Writes go through a journal (sessions_calendar.go), so a
// failure half-way leaves the calendar as it was.

// sessionRef is an id the model gives: an event id (a number) or, by mistake, a recorded
// activity's id ("i123"), which is refused by name instead of failing to decode.
type sessionRef string

func (r *sessionRef) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*r = sessionRef(strings.TrimSpace(s))
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("an id is a number (an event id from get_events)")
	}
	*r = sessionRef(n.String())
	return nil
}

// JSONSchema lets an id be given as a number or a string.
func (sessionRef) JSONSchema() *jsonschema.Schema {
	return &jsonschema.Schema{AnyOf: []*jsonschema.Schema{{Type: "integer"}, {Type: "string"}}}
}

// eventIDs turns refs into event ids, refusing activity ids and anything else.
func eventIDs(refs []sessionRef) ([]int32, error) {
	var ids []int32
	var acts, bad []string
	for _, r := range refs {
		n, err := strconv.ParseInt(string(r), 10, 32)
		switch {
		case err == nil && n > 0:
			if !slices.Contains(ids, int32(n)) {
				ids = append(ids, int32(n))
			}
		case strings.HasPrefix(strings.ToLower(string(r)), "i"):
			acts = append(acts, string(r))
		default:
			bad = append(bad, strconv.Quote(string(r)))
		}
	}
	switch {
	case len(acts) > 0:
		return nil, manifest.Errorf("Refused, nothing was changed: %s is a recorded activity, and recorded activities are never moved, changed or deleted here; give planned session ids (numbers, from get_events)", strings.Join(acts, ", "))
	case len(bad) > 0:
		return nil, manifest.Errorf("%s is not an event id: give the numbers get_events shows as ids", strings.Join(bad, ", "))
	}
	return ids, nil
}

// selection is how the tools pick sessions: ids, or a range with optional categories.
type selection struct {
	IDs      []sessionRef `json:"ids,omitempty" jsonschema_description:"Event ids, or oldest/newest"`
	Oldest   string       `json:"oldest,omitempty" jsonschema_description:"YYYY-MM-DD"`
	Newest   string       `json:"newest,omitempty" jsonschema_description:"YYYY-MM-DD"`
	Category []string     `json:"category,omitempty" jsonschema_description:"Default WORKOUT, RACE_*, NOTE"`
}

// pick reads the selected sessions; with a range, those starting in it. first is the day
// the selection starts (oldest, or the earliest session).
func (s selection) pick(ctx context.Context, env *manifest.Env, today time.Time) (events []planEvent, first string, err error) {
	cats := s.Category
	for i := range cats {
		cats[i] = strings.ToUpper(strings.TrimSpace(cats[i]))
	}
	switch {
	case len(s.IDs) > 0 && (s.Oldest != "" || s.Newest != ""):
		return nil, "", manifest.Errorf("give ids or a date range (oldest, newest), not both")
	case len(s.IDs) > 0:
		ids, err := eventIDs(s.IDs)
		if err != nil {
			return nil, "", err
		}
		for _, id := range ids {
			e, err := readEvent(ctx, env, id)
			if err != nil {
				return nil, "", err
			}
			events = append(events, e)
		}
	case s.Oldest != "":
		newest := s.Newest
		if newest == "" {
			newest = s.Oldest
		}
		lo, hi, err := localRange(s.Oldest, newest, today, 0, 0)
		if err != nil {
			return nil, "", err
		}
		if len(cats) == 0 {
			cats = sessionCategories
		}
		all, err := readCalendar(ctx, env, lo, hi, cats...)
		if err != nil {
			return nil, "", err
		}
		for _, e := range all {
			if d := e.day(); d >= lo && d <= hi && slices.Contains(cats, string(deref(e.Category))) {
				events = append(events, e)
			}
		}
		if len(events) == 0 {
			return nil, "", manifest.Errorf("no %s between %s and %s: check the dates with get_events", strings.Join(cats, "/"), lo, hi)
		}
		first = lo
	default:
		return nil, "", manifest.Errorf("say which sessions: ids, or oldest (and newest) dates")
	}
	for _, e := range events {
		if _, err := time.Parse(ymd, e.day()); err != nil {
			return nil, "", manifest.Errorf("event %d has no date: it cannot be moved or copied", deref(e.Id))
		}
	}
	slices.SortStableFunc(events, func(a, b planEvent) int { return strings.Compare(a.day(), b.day()) })
	if first == "" {
		first = events[0].day()
	}
	return events, first, nil
}

type moveIn struct {
	selection
	Days   int    `json:"days,omitempty" jsonschema_description:"Shift in days, + or -"`
	ToDate string `json:"to_date,omitempty" jsonschema_description:"Or new date of the first; spacing kept"`
}

func moveSessions(ctx context.Context, env *manifest.Env, in moveIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	events, first, err := in.pick(ctx, env, a.today)
	if err != nil {
		return "", err
	}
	days, err := shiftDays(in.Days, in.ToDate, first, a.today)
	if err != nil {
		return "", err
	}
	if err := refusePaired(events, a); err != nil {
		return "", err
	}
	j := newJournal(env, a)
	var lines []string
	for _, e := range events {
		f := shiftFields(e, days)
		if err := j.update(ctx, e, f); err != nil {
			return "", j.fail(ctx, err)
		}
		lines = append(lines, fmt.Sprintf("- %s, was %s", eventText(a, applied(e, f)), e.day()))
	}
	return sessionList(env, fmt.Sprintf("Moved %d session(s) by %+d day(s):", len(events), days), lines), nil
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
	t1, _ := time.Parse(ymd, first)
	t2, _ := time.Parse(ymd, to)
	d := int(t2.Sub(t1).Hours() / 24)
	if d == 0 {
		return 0, manifest.Errorf("the sessions already start on %s: nothing to move", to)
	}
	return d, nil
}

// shiftFields are the fields that move an event by days.
func shiftFields(e planEvent, days int) map[string]any {
	f := map[string]any{"start_date_local": shiftLocal(e.StartDateLocal, days)}
	if e.EndDateLocal != nil {
		f["end_date_local"] = shiftLocal(e.EndDateLocal, days)
	}
	return f
}

// shiftLocal moves a local date or date-time by days, keeping its form; nil stays nil.
func shiftLocal(s *string, days int) *string {
	if s == nil || len(*s) < 10 {
		return s
	}
	t, err := time.Parse(ymd, (*s)[:10])
	if err != nil {
		return s
	}
	out := t.AddDate(0, 0, days).Format(ymd) + (*s)[10:]
	return &out
}

type copyIn struct {
	selection
	ToDate string `json:"to_date" jsonschema_description:"New date of the first; spacing kept"`
}

func copySessions(ctx context.Context, env *manifest.Env, in copyIn) (string, error) {
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
	copies := make([]intervals.EventEx, len(events))
	for i, e := range events {
		// The external id lets a rollback find a copy whose creation answer was lost.
		copies[i] = copyOf(e, days, fmt.Sprintf("imcp:c%d:%s", deref(e.Id), strings.ReplaceAll(deref(shiftLocal(e.StartDateLocal, days))[:10], "-", "")))
	}
	j := newJournal(env, a)
	created, err := j.create(ctx, copies)
	if err != nil {
		return "", j.fail(ctx, err)
	}
	return sessionList(env, fmt.Sprintf("Copied %d session(s), %+d day(s) later:", len(created), days), createdLines(a, created)), nil
}

// copyOf is a new planned event like e, days later, with the given external id.
func copyOf(e planEvent, days int, externalID string) intervals.EventEx {
	raw, _ := json.Marshal(e.Event)
	var c intervals.EventEx
	_ = json.Unmarshal(raw, &c)
	c.Id, c.Uid, c.AthleteId, c.CreatedById, c.Updated, c.CalendarId = nil, nil, nil, nil, nil, nil
	c.ExternalId, c.OauthClientId, c.SharedEventId, c.PushErrors = nil, nil, nil, nil
	if externalID != "" {
		c.ExternalId = &externalID
	}
	c.StartDateLocal = shiftLocal(e.StartDateLocal, days)
	c.EndDateLocal = shiftLocal(e.EndDateLocal, days)
	return c
}

type repeatIn struct {
	ID         sessionRef `json:"id" jsonschema_description:"Event id"`
	EveryWeeks int        `json:"every_weeks,omitempty" jsonschema:"minimum=1,maximum=12,default=1"`
	Times      int        `json:"times" jsonschema:"minimum=1,maximum=52"`
}

// seriesPrefix is the external-id prefix of the copies repeat_session makes of event id:
// update_session's "following" scope finds the series by it.
func seriesPrefix(id int32) string { return fmt.Sprintf("imcp:s%d:", id) }

// seriesRoot is the event a series of e was repeated from: the id in e's external id when
// repeat_session made e, else e's own id.
func seriesRoot(e planEvent) int32 {
	if x := deref(e.ExternalId); strings.HasPrefix(x, "imcp:s") {
		if n, err := strconv.Atoi(strings.SplitN(strings.TrimPrefix(x, "imcp:s"), ":", 2)[0]); err == nil {
			return int32(n)
		}
	}
	return deref(e.Id)
}

func repeatSession(ctx context.Context, env *manifest.Env, in repeatIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	ids, err := eventIDs([]sessionRef{in.ID})
	if err != nil {
		return "", err
	}
	every := max(in.EveryWeeks, 1)
	if in.Times < 1 || in.Times > 52 {
		return "", manifest.Errorf("times must be 1 to 52")
	}
	src, err := readEvent(ctx, env, ids[0])
	if err != nil {
		return "", err
	}
	if _, err := time.Parse(ymd, src.day()); err != nil {
		return "", manifest.Errorf("event %d has no date to repeat from", ids[0])
	}
	root := seriesRoot(src)
	if root == 0 {
		root = ids[0]
	}
	last := shiftLocal(src.StartDateLocal, 7*every*in.Times)
	have, err := readCalendar(ctx, env, src.day(), deref(last)[:10])
	if err != nil {
		return "", err
	}
	var copies []intervals.EventEx
	skipped := 0
	for k := 1; k <= in.Times; k++ {
		c := copyOf(src, 7*every*k, seriesPrefix(root)+strings.ReplaceAll(deref(shiftLocal(src.StartDateLocal, 7*every*k))[:10], "-", ""))
		if slices.ContainsFunc(have, func(e planEvent) bool { return deref(e.ExternalId) == deref(c.ExternalId) }) {
			skipped++
			continue
		}
		copies = append(copies, c)
	}
	j := newJournal(env, a)
	created, err := j.create(ctx, copies)
	if err != nil {
		return "", j.fail(ctx, err)
	}
	head := fmt.Sprintf("Repeated %s every %d week(s): %d cop(ies) created", eventText(a, src), every, len(created))
	if skipped > 0 {
		head += fmt.Sprintf(", %d already there", skipped)
	}
	return sessionList(env, head+":", createdLines(a, created)), nil
}

// deleteSessions deletes planned events by id in one request, after reading every one: it
// refuses, deleting nothing, when any is paired with a recorded activity. delete_event
// calls it for one id or several.
func deleteSessions(ctx context.Context, env *manifest.Env, refs []sessionRef) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	ids, err := eventIDs(refs)
	if err != nil {
		return "", err
	}
	if len(ids) == 0 {
		return "", manifest.Errorf("give the ids of the events to delete (from get_events)")
	}
	var events []planEvent
	for _, id := range ids {
		e, err := readEvent(ctx, env, id)
		if err != nil {
			return "", err
		}
		events = append(events, e)
	}
	if err := refusePaired(events, a); err != nil {
		return "", err
	}
	doomed := make([]intervals.DoomedEvent, len(ids))
	for i := range ids {
		doomed[i] = intervals.DoomedEvent{Id: &ids[i]}
	}
	resp, err := env.Client.DeleteEventsBulk(ctx, env.AthleteID, doomed)
	if err == nil {
		err = drain(resp)
	}
	if err != nil {
		return "", fmt.Errorf("delete %d event(s): %w; nothing was deleted if Intervals.icu refused: check with get_events", len(ids), err)
	}
	lines := make([]string, len(events))
	for i, e := range events {
		lines[i] = "- " + eventText(a, e)
	}
	return sessionList(env, fmt.Sprintf("Deleted %d event(s):", len(events)), lines), nil
}
