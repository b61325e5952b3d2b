package tools

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// The journal's entries also go to Env.Journal, when the server keeps one (internal/store):
// before the first write the call's absolute intent (intend), before each create the external
// ids it sends, after it the ids it got, and before each change the original values. A
// process killed in the middle of a write then leaves a journal that the next process (or
// another replica) rolls back.

// writeIntent is what a write will do, in absolute terms, persisted before its first write:
// each event it moves with the day it is on and the day it goes to, each event it creates by
// external id and day (and the event it copies), each event it changes in place.
type writeIntent struct {
	Moves   []plannedMove   `json:"moves,omitempty"`
	Creates []plannedCreate `json:"creates,omitempty"`
	Updates []int32         `json:"updates,omitempty"`
}

// plannedCreate is an event a write creates.
type plannedCreate struct {
	ExternalID string `json:"external_id"`
	Day        string `json:"day"`
	From       int32  `json:"from,omitempty"` // the event it copies
}

// createsOf is the intent of creating events; from, when not nil, names the event the i-th
// copies.
func createsOf(events []intervals.EventEx, from func(i int) int32) []plannedCreate {
	out := make([]plannedCreate, len(events))
	for i, e := range events {
		out[i] = plannedCreate{ExternalID: deref(e.ExternalId)}
		if d := deref(e.StartDateLocal); len(d) >= 10 {
			out[i].Day = d[:10]
		}
		if from != nil {
			out[i].From = from(i)
		}
	}
	return out
}

// intend persists the call's intent, in words (summary: what the notice of a recovery says
// was interrupted) and in absolute terms, before its first write.
func (j *journal) intend(ctx context.Context, summary string, in writeIntent) error {
	j.total = len(in.Moves) + len(in.Creates) + len(in.Updates)
	toolcall.Report(ctx, 0, j.total, fmt.Sprintf("checked the calendar; writing %d event(s)", j.total))
	if j.env.Journal == nil {
		return nil
	}
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	if err := j.env.Journal.Intend(ctx, summary, b); err != nil {
		return manifest.Errorf("the write journal could not be kept (%v): nothing was written", err)
	}
	return nil
}

// recordCreating records a create about to be sent: its events by external id (an event
// without one cannot be found again if the answer is lost).
func (j *journal) recordCreating(ctx context.Context, events []intervals.EventEx) error {
	var es []toolcall.JournalEntry
	for _, e := range events {
		if x := deref(e.ExternalId); x != "" {
			es = append(es, toolcall.JournalEntry{Kind: toolcall.JournalCreating, ExternalID: x})
		}
	}
	return j.record(ctx, es)
}

// recordCreated records the events a create made.
func (j *journal) recordCreated(ctx context.Context, events []intervals.Event) error {
	es := make([]toolcall.JournalEntry, len(events))
	for i, e := range events {
		es[i] = toolcall.JournalEntry{Kind: toolcall.JournalCreated, EventID: int64(deref(e.Id)), ExternalID: deref(e.ExternalId)}
	}
	return j.record(ctx, es)
}

// recordChanged records a change about to be sent, with the original values of its fields.
func (j *journal) recordChanged(ctx context.Context, id int32, original map[string]any) error {
	b, err := json.Marshal(original)
	if err != nil {
		return err
	}
	return j.record(ctx, []toolcall.JournalEntry{{Kind: toolcall.JournalChanged, EventID: int64(id), Original: b}})
}

func (j *journal) record(ctx context.Context, es []toolcall.JournalEntry) error {
	if j.env.Journal == nil || len(es) == 0 {
		return nil
	}
	if err := j.env.Journal.Record(ctx, es...); err != nil {
		return manifest.Errorf("the write journal could not be kept (%v): stopped before the next write", err)
	}
	return nil
}
