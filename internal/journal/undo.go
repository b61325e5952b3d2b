package journal

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// undone is what a rollback did: events deleted and put back, and what it could not undo.
type undone struct {
	removed, restored int
	late              int // of those, undone at the second look: a request in flight at the crash that landed after the first
	left              []string
}

// inFlight are the entries of a journal whose request may have been in flight when its
// process died: its last change, and the creates whose answer never came. The tools write one
// request at a time, so any earlier change had been answered.
func inFlight(entries []store.JournalEntry) []store.JournalEntry {
	created := map[string]bool{}
	for _, e := range entries {
		if e.Kind == store.Created {
			created[e.ExternalID] = true
		}
	}
	var out []store.JournalEntry
	last := -1
	for i, e := range entries {
		switch {
		case e.Kind == store.Creating && !created[e.ExternalID]:
			out = append(out, e)
		case e.Kind == store.Changed:
			last = i
		}
	}
	if last >= 0 {
		out = append(out, entries[last])
	}
	return out
}

// undo rolls back the entries of a journal that a process did not finish (it was killed):
// it deletes the events created, those recorded only as being created too (found by external
// id: their answer never came), and puts back the fields changed, last change first, skipping
// an event whose fields are as they were. Deleting an event already gone and restoring a
// field already restored are harmless, so a journal may be undone twice.
func undo(ctx context.Context, env *toolcall.Env, entries []store.JournalEntry) undone {
	var u undone
	created := map[string]bool{}
	var doomed []intervals.DoomedEvent
	for _, e := range entries {
		if e.Kind == store.Created {
			id := int32(e.EventID)
			doomed = append(doomed, intervals.DoomedEvent{Id: &id})
			created[e.ExternalID] = true
		}
	}
	for _, e := range entries {
		if x := e.ExternalID; e.Kind == store.Creating && !created[x] {
			doomed = append(doomed, intervals.DoomedEvent{ExternalId: &x})
			created[x] = true
		}
	}
	if len(doomed) > 0 {
		n, err := deleteEvents(ctx, env, doomed)
		if err != nil {
			u.left = append(u.left, fmt.Sprintf("up to %d created event(s) could not be deleted (%v)", len(doomed), err))
		}
		u.removed = n
	}
	for i := len(entries) - 1; i >= 0; i-- {
		e := entries[i]
		if e.Kind != store.Changed {
			continue
		}
		var fields map[string]any
		if err := json.Unmarshal(e.Original, &fields); err != nil {
			u.left = append(u.left, fmt.Sprintf("event %d: its original values cannot be read (%v)", e.EventID, err))
			continue
		}
		if same, err := holds(ctx, env, int32(e.EventID), fields); err == nil && same {
			continue // the change was never sent (the process died first), or is undone already
		}
		if err := env.PutEventFields(ctx, int32(e.EventID), fields); err != nil {
			u.left = append(u.left, fmt.Sprintf("event %d could not be put back (%v)", e.EventID, err))
			continue
		}
		u.restored++
	}
	return u
}

// notice is the outcome of a journal so undone, and the notice its caller reads; of names the
// write ("Your plan_sessions of Mon 30 Nov 09:12 CET").
func (u undone) notice(of string) (outcome, text string) {
	if u.removed == 0 && u.restored == 0 && len(u.left) == 0 {
		return "rolled back", of + " was interrupted before it changed anything: the calendar is as it was. Run it again if you still want it."
	}
	var did []string
	if u.removed > 0 || u.restored == 0 {
		did = append(did, fmt.Sprintf("%d session(s) removed", u.removed))
	}
	if u.restored > 0 {
		did = append(did, fmt.Sprintf("%d put back as they were", u.restored))
	}
	if u.late > 0 {
		did = append(did, fmt.Sprintf("of which %d after a change sent before the interruption landed late", u.late))
	}
	if len(u.left) > 0 {
		return "incomplete", fmt.Sprintf("%s was interrupted; the rollback was incomplete (%s; not undone: %s): check the calendar with get_events.", of, strings.Join(did, ", "), strings.Join(u.left, "; "))
	}
	return "rolled back", fmt.Sprintf("%s was interrupted and rolled back: %s. Run it again if you still want it.", of, strings.Join(did, ", "))
}

// deleteEvents deletes events by id or external id, and says how many Intervals.icu deleted
// (all of them when its answer does not say).
func deleteEvents(ctx context.Context, env *toolcall.Env, doomed []intervals.DoomedEvent) (int, error) {
	resp, err := env.Client.DeleteEventsBulk(ctx, env.AthleteID, doomed)
	if err != nil {
		return 0, err
	}
	b, err := toolcall.ReadAnswer(resp)
	if err != nil {
		return 0, err
	}
	var n intervals.DeleteEventsResponse
	if json.Unmarshal(b, &n) == nil && n.EventsDeleted != nil {
		return int(*n.EventsDeleted), nil
	}
	return len(doomed), nil
}

// holds says whether event id's fields named in want hold want's values (compared as JSON).
func holds(ctx context.Context, env *toolcall.Env, id int32, want map[string]any) (bool, error) {
	resp, err := env.Client.ShowEvent(ctx, env.AthleteID, id)
	if err != nil {
		return false, err
	}
	b, err := toolcall.ReadAnswer(resp)
	if err != nil {
		return false, err
	}
	var have map[string]json.RawMessage
	if err := json.Unmarshal(b, &have); err != nil {
		return false, err
	}
	for name, v := range want {
		w, err := json.Marshal(v)
		if err != nil {
			return false, err
		}
		h, ok := have[name]
		if !ok {
			h = json.RawMessage("null")
		}
		if !jsonEqual(h, w) {
			return false, nil
		}
	}
	return true, nil
}

// jsonEqual compares two JSON values as values (key order and spacing aside).
func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xs, _ := json.Marshal(x)
	ys, _ := json.Marshal(y)
	return bytes.Equal(xs, ys)
}
