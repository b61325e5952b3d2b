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

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// move_sessions, copy_sessions, repeat_session and the multi-id delete. Each reads the
// sessions it would touch first and refuses, before any write, when one is paired with a
// recorded activity (moving or deleting it would rewrite the athlete's history) or when an
// id is a recorded activity's. Writes go through a journal (journal.go), so a
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

// OwnSchema lets an id be given as a number or a string (of at most 20 characters: an id):
// the schema reflection (internal/schema/infer) writes for it.
func (sessionRef) OwnSchema() (types []string, maxLength uint64) {
	return []string{"integer", "string"}, 20
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
	Oldest   string       `json:"oldest,omitempty" jsonschema_description:"First date YYYY-MM-DD"`
	Newest   string       `json:"newest,omitempty" jsonschema_description:"Last date YYYY-MM-DD"`
	Category []string     `json:"category,omitempty" jsonschema_description:"Default WORKOUT"`
}

// rangeCategories are what a range selects unless category says otherwise: training
// sessions. Races keep their dates, and a note ("Bike fit") is an appointment, not training.
var rangeCategories = []string{"WORKOUT"}

// pick reads the selected sessions; with a range, those starting in it. first is the day
// the selection starts (oldest, or the earliest session).
func (s selection) pick(ctx context.Context, env *toolcall.Env, today time.Time) (events []planEvent, first string, err error) {
	cats := s.Category
	for i := range cats {
		if cats[i], err = eventCategoryArg(cats[i]); err != nil {
			return nil, "", err
		}
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
			cats = rangeCategories
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
