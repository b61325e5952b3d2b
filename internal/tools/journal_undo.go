package tools

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// UndoJournal rolls back the journal of a write that a process did not finish (it was
// killed): it deletes the events created, those recorded only as being created too (found
// by external id: their answer never came), and puts back the fields changed, last change
// first, skipping an event whose fields are as they were. It returns how many events were
// deleted and put back, and what could not be undone.
// Deleting an event already gone and restoring a field already restored are harmless, so a
// journal may be undone twice.
func UndoJournal(ctx context.Context, env *toolcall.Env, entries []toolcall.JournalEntry) (removed, restored int, left []string) {
	created := map[string]bool{}
	var doomed []intervals.DoomedEvent
	for _, e := range entries {
		if e.Kind == toolcall.JournalCreated {
			id := int32(e.EventID)
			doomed = append(doomed, intervals.DoomedEvent{Id: &id})
			created[e.ExternalID] = true
		}
	}
	for _, e := range entries {
		if x := e.ExternalID; e.Kind == toolcall.JournalCreating && !created[x] {
			doomed = append(doomed, intervals.DoomedEvent{ExternalId: &x})
			created[x] = true
		}
	}
	if len(doomed) > 0 {
		resp, err := env.Client.DeleteEventsBulk(ctx, env.AthleteID, doomed)
		var b []byte
		if err == nil {
			b, err = readAnswer(resp)
		}
		if err != nil {
			left = append(left, fmt.Sprintf("up to %d created event(s) could not be deleted (%v)", len(doomed), err))
		} else {
			var n intervals.DeleteEventsResponse
			if json.Unmarshal(b, &n) == nil && n.EventsDeleted != nil {
				removed = int(*n.EventsDeleted)
			} else {
				removed = len(doomed)
			}
		}
	}
	for i := len(entries) - 1; i >= 0; i-- {
		e := entries[i]
		if e.Kind != toolcall.JournalChanged {
			continue
		}
		var fields map[string]any
		if err := json.Unmarshal(e.Original, &fields); err != nil {
			left = append(left, fmt.Sprintf("event %d: its original values cannot be read (%v)", e.EventID, err))
			continue
		}
		if cur, err := readEvent(ctx, env, int32(e.EventID)); err == nil && sameFields(cur.Event, fields) {
			continue // the change was never sent (the process died first), or is undone already
		}
		if err := putFields(ctx, env, int32(e.EventID), fields); err != nil {
			left = append(left, fmt.Sprintf("event %d could not be put back (%v)", e.EventID, err))
			continue
		}
		restored++
	}
	return removed, restored, left
}

// sameFields says whether e's fields named in want hold want's values (compared as JSON).
func sameFields(e intervals.Event, want map[string]any) bool {
	have, err1 := json.Marshal(originalFields(e, want))
	w, err2 := json.Marshal(want)
	return err1 == nil && err2 == nil && string(have) == string(w)
}
