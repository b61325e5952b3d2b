package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// The calendar tools that write several events (plan_sessions, move_sessions, copy_sessions,
// repeat_session, update_session) change the calendar in several requests (Intervals.icu has no
// transaction), so they keep a journal: every event a call creates and the original value
// of every field it changes. If a later request fails, the journal is rolled back (created
// events deleted, changed fields put back) and the calendar is as it was. Before any write,
// the events a call would touch are read once and checked: a session paired with a
// recorded activity is never moved, changed or deleted.

// createChunk is how many events one bulk create carries: a 60-session plan takes three
// requests, each small enough for Intervals.icu's request limits.
const createChunk = 20

// journal records what a call wrote, so that a failure can be undone.
type journal struct {
	env     *toolcall.Env
	a       *athleteCtx
	created []int32                  // ids of events this call created
	lost    []lostCreate             // the events of a create whose answer never came
	left    bool                     // a rollback ran and could not undo everything
	changed []int32                  // ids of events this call changed, in order
	restore map[int32]map[string]any // id -> the original values of the fields changed
	before  map[int32]planEvent      // id -> the event before the change, for messages
	// total and done count the events the call writes and has written (intend sets total):
	// the progress told to a client that asked for it (toolcall.Report).
	total, done int
}

// wrote counts n more events written, and tells the client that asked.
func (j *journal) wrote(ctx context.Context, n int) {
	j.done += n
	total := max(j.total, j.done)
	toolcall.Report(ctx, j.done, total, fmt.Sprintf("written %d of %d", j.done, total))
}

// create writes events with bulk creates of createChunk events each, and returns them as
// Intervals.icu answered (what it read and computed of each). An answer that cannot be read
// is not taken as done: the chunk's events are read back by their external ids, and a create
// is done only when every one of them is found.
func (j *journal) create(ctx context.Context, events []intervals.EventEx) ([]intervals.Event, error) {
	var out []intervals.Event
	for chunk := range slices.Chunk(events, createChunk) {
		var created []intervals.Event
		if err := j.recordCreating(ctx, chunk); err != nil {
			return out, err
		}
		resp, err := j.env.Client.CreateMultipleEvents(ctx, j.env.AthleteID, &intervals.CreateMultipleEventsParams{Upsert: pointer(true)}, chunk)
		if err == nil {
			if created, err = answerEvents(resp); err != nil || len(created) != len(chunk) {
				created, err = j.confirmCreated(ctx, chunk, err, len(created))
			}
		}
		if err != nil {
			for _, e := range chunk {
				if x := deref(e.ExternalId); x != "" {
					j.lost = append(j.lost, lostCreate{externalID: x, day: localDay(e.StartDateLocal)})
				}
			}
			return out, apiFailed(fmt.Sprintf("create %d event(s)", len(chunk)), err)
		}
		for _, e := range created {
			j.created = append(j.created, deref(e.Id))
		}
		out = append(out, created...)
		j.wrote(ctx, len(created))
		if err := j.recordCreated(ctx, created); err != nil {
			return out, err
		}
	}
	return out, nil
}

// confirmCreated reads back the events of a create whose answer could not be read (why, or
// n events of len(chunk)): by their external ids, on their days. It returns them in the
// chunk's order, or an error naming those it cannot find.
func (j *journal) confirmCreated(ctx context.Context, chunk []intervals.EventEx, why error, n int) ([]intervals.Event, error) {
	if why == nil {
		why = fmt.Errorf("Intervals.icu answered %d of %d events", n, len(chunk))
	}
	lo, hi := localDay(chunk[0].StartDateLocal), localDay(chunk[0].StartDateLocal)
	for _, e := range chunk {
		lo, hi = min(lo, localDay(e.StartDateLocal)), max(hi, localDay(e.StartDateLocal))
	}
	evs, err := readCalendar(ctx, j.env, lo, hi)
	if err != nil {
		return nil, fmt.Errorf("%v, and the events could not be read back to confirm them: %w", why, err)
	}
	byExt := map[string]intervals.Event{}
	for _, e := range evs {
		if x := deref(e.ExternalId); x != "" {
			byExt[x] = e.Event
		}
	}
	out := make([]intervals.Event, 0, len(chunk))
	var missing []string
	for _, e := range chunk {
		if got, ok := byExt[deref(e.ExternalId)]; ok {
			out = append(out, got)
		} else {
			missing = append(missing, fmt.Sprintf("%s %q", localDay(e.StartDateLocal), deref(e.Name)))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%v, and %d of the events are not on the calendar when read back (%s): unconfirmed", why, len(missing), strings.Join(missing, ", "))
	}
	return out, nil
}

// localDay is the YYYY-MM-DD of a local date-time, "" for none.
func localDay(local *string) string {
	if d := deref(local); len(d) >= len(ymd) {
		return d[:len(ymd)]
	}
	return ""
}

// lostCreate is an event of a create whose answer never came: it may exist upstream, and only
// its external id (every event a call creates carries one) and day can find it.
type lostCreate struct{ externalID, day string }

// update changes the given fields of an event (JSON names to values; nil clears one) and
// returns the event as Intervals.icu answered it, confirmed (putEvent).
func (j *journal) update(ctx context.Context, orig planEvent, fields map[string]any) (intervals.Event, error) {
	id := deref(orig.Id)
	if _, seen := j.restore[id]; !seen {
		j.restore[id] = originalFields(orig.Event, fields)
		j.before[id] = orig
		j.changed = append(j.changed, id)
		if err := j.recordChanged(ctx, id, j.restore[id]); err != nil {
			j.changed = j.changed[:len(j.changed)-1] // not sent: nothing of it to undo
			delete(j.restore, id)
			delete(j.before, id)
			return intervals.Event{}, err
		}
	}
	saved, err := putEvent(ctx, j.env, id, fields)
	if err != nil {
		return intervals.Event{}, apiFailed(fmt.Sprintf("update event %d", id), err)
	}
	j.wrote(ctx, 1)
	return saved, nil
}

// putEvent sends a partial update of event id and returns the event as Intervals.icu
// answered it. An answer that is not the event (cut short, another body) is not taken as
// done: the event is read back, and the update is done only when it holds the fields sent.
func putEvent(ctx context.Context, env *toolcall.Env, id int32, fields map[string]any) (intervals.Event, error) {
	body, err := json.Marshal(fields)
	if err != nil {
		return intervals.Event{}, err
	}
	resp, err := env.Client.UpdateEventWithBody(ctx, env.AthleteID, id, "application/json", bytes.NewReader(body))
	if err != nil {
		return intervals.Event{}, err
	}
	if resp.StatusCode/100 != 2 {
		return intervals.Event{}, drain(resp) // Intervals.icu refused it
	}
	evs, aerr := answerEvents(resp)
	if aerr == nil && len(evs) == 1 && deref(evs[0].Id) == id && holds(evs[0], fields) {
		return evs[0], nil
	}
	back, _, err := fetchEvent(ctx, env, id)
	switch {
	case err != nil:
		return intervals.Event{}, fmt.Errorf("its answer could not be read, nor the event read back to confirm it (%v): unconfirmed", err)
	case !holds(back, fields):
		return intervals.Event{}, fmt.Errorf("Intervals.icu answered, but the event read back does not hold the change: not done")
	}
	return back, nil
}

// drain closes a write's answer; a 2xx is success whatever its body holds.
func drain(resp *http.Response) error {
	_, err := toolcall.ReadAnswer(resp)
	return err
}

// holds says whether e's fields named in want hold want's values (compared as JSON).
func holds(e intervals.Event, want map[string]any) bool {
	have, err1 := json.Marshal(originalFields(e, want))
	w, err2 := json.Marshal(want)
	var a, b any
	return err1 == nil && err2 == nil && json.Unmarshal(have, &a) == nil && json.Unmarshal(w, &b) == nil && reflect.DeepEqual(a, b)
}

// rollbackTimeout bounds a rollback when the call has no deadline of its own (a test's Env).
const rollbackTimeout = 60 * time.Second

// rollback undoes the journal: deletes what was created, restores what was changed. It
// runs even when ctx was cancelled (until the call's answer is due, env.Deadline) and
// returns what it could not undo.
func (j *journal) rollback(ctx context.Context) []string {
	var cancel context.CancelFunc
	if dl := j.env.Deadline; !dl.IsZero() {
		ctx, cancel = context.WithDeadline(context.WithoutCancel(ctx), dl)
	} else {
		ctx, cancel = context.WithTimeout(context.WithoutCancel(ctx), rollbackTimeout)
	}
	defer cancel()
	var left []string
	var doomed []intervals.DoomedEvent
	for _, id := range j.created {
		doomed = append(doomed, intervals.DoomedEvent{Id: &id})
	}
	for _, l := range j.lost {
		doomed = append(doomed, intervals.DoomedEvent{ExternalId: &l.externalID})
	}
	if len(doomed) > 0 {
		resp, err := j.env.Client.DeleteEventsBulk(ctx, j.env.AthleteID, doomed)
		if err == nil {
			err = drain(resp)
		}
		if err != nil {
			left = append(left, j.leftBehind(ctx, err))
		}
	}
	for i := len(j.changed) - 1; i >= 0; i-- {
		id := j.changed[i]
		if err := j.env.PutEventFields(ctx, id, j.restore[id]); err != nil {
			left = append(left, fmt.Sprintf("%s could not be restored: %v", j.a.units.EventLine(j.before[id].Event, "", j.a.today), err))
		}
	}
	return left
}

// fail rolls back and returns the error to show: what failed, and that the calendar is as
// before, or exactly what could not be undone. A call its client cancelled says so, with how
// far it had come.
func (j *journal) fail(ctx context.Context, cause error) error {
	if errors.Is(ctx.Err(), context.Canceled) {
		cause = manifest.Errorf("cancelled by the client after %d of %d event(s) were written", j.done, max(j.total, j.done))
	}
	if len(j.created) == 0 && len(j.lost) == 0 && len(j.changed) == 0 {
		return failed(cause, "nothing was written, the calendar is unchanged")
	}
	left := j.rollback(ctx)
	j.left = len(left) > 0
	if len(left) == 0 {
		return failed(cause, fmt.Sprintf("rolled back (%d created event(s) deleted, %d event(s) put back as they were%s): the calendar is as before", len(j.created), len(j.changed), j.putBack()))
	}
	return failed(cause, fmt.Sprintf("the rollback was incomplete: %s. Check the calendar with get_events and fix these by hand", strings.Join(left, "; ")))
}

// putBack names the events a rollback put back (at most a dozen), after a colon.
func (j *journal) putBack() string {
	if len(j.changed) == 0 {
		return ""
	}
	var names []string
	for i, id := range j.changed {
		if i == 12 {
			names = append(names, fmt.Sprintf("%d more", len(j.changed)-i))
			break
		}
		e := j.before[id]
		names = append(names, fmt.Sprintf("%s %q", localDay(e.StartDateLocal), deref(e.Name)))
	}
	return ": " + strings.Join(names, ", ")
}

// failed is cause followed by what became of the write: one *manifest.Error when cause is
// one (its message is all the user reads of it), else cause wrapped (an upstream error keeps
// its status and hint).
func failed(cause error, outcome string) error {
	var me *manifest.Error
	if errors.As(cause, &me) {
		return manifest.Errorf("%s; %s", cause.Error(), outcome)
	}
	return fmt.Errorf("%w; %s", cause, outcome)
}

// leftBehind names every event the call created that a failed delete left on the calendar:
// those whose id came back, and those whose create answer was lost, found by their external
// id on the days they were for. It says how to remove them.
func (j *journal) leftBehind(ctx context.Context, cause error) string {
	ids := slices.Clone(j.created)
	var missing []string
	if len(j.lost) > 0 {
		byExt := map[string]int32{}
		lo, hi := j.lost[0].day, j.lost[0].day
		for _, l := range j.lost {
			lo, hi = min(lo, l.day), max(hi, l.day)
		}
		if lo != "" {
			if evs, err := readCalendar(ctx, j.env, lo, hi); err == nil {
				for _, e := range evs {
					if x := deref(e.ExternalId); x != "" {
						byExt[x] = deref(e.Id)
					}
				}
			}
		}
		for _, l := range j.lost {
			if id, ok := byExt[l.externalID]; ok {
				if !slices.Contains(ids, id) {
					ids = append(ids, id)
				}
			} else {
				missing = append(missing, l.externalID)
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "the events this call created could not be deleted (%v): ", cause)
	if len(ids) > 0 {
		fmt.Fprintf(&b, "%d are still on the calendar, ids %s; remove them with delete_event {\"event_ids\":[%s]}", len(ids), idList(ids), idList(ids))
	}
	if len(missing) > 0 {
		if len(ids) > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%d more may exist (their create answer was lost and they could not be read back): look for external ids %s with get_events and delete them", len(missing), strings.Join(missing, ", "))
	}
	return b.String()
}

func newJournal(env *toolcall.Env, a *athleteCtx) *journal {
	return &journal{env: env, a: a, restore: map[int32]map[string]any{}, before: map[int32]planEvent{}}
}

// originalFields returns, for each field name in fields, the original's value (nil when
// the original had none), so that a PUT of it restores the original.
func originalFields(orig intervals.Event, fields map[string]any) map[string]any {
	b, _ := json.Marshal(orig)
	var all map[string]json.RawMessage
	_ = json.Unmarshal(b, &all)
	out := make(map[string]any, len(fields))
	for k := range fields {
		if v, ok := all[k]; ok {
			out[k] = v
		} else {
			out[k] = nil
		}
	}
	return out
}

// answerEvents reads the events a write answers with. The write is done whatever the
// answer holds, so each event is read as the generated model when it fits, or else as its
// id, category, name and dates (a field the model types differently must not lose the id
// a rollback needs).
func answerEvents(resp *http.Response) ([]intervals.Event, error) {
	b, err := toolcall.ReadAnswer(resp)
	if err != nil {
		return nil, err
	}
	var raws []json.RawMessage
	if bytes.HasPrefix(bytes.TrimSpace(b), []byte("{")) {
		raws = []json.RawMessage{b}
	} else if err := json.Unmarshal(b, &raws); err != nil {
		return nil, fmt.Errorf("the answer is not a list of events: %w", err)
	}
	out := make([]intervals.Event, 0, len(raws))
	for _, raw := range raws {
		var e intervals.Event
		if json.Unmarshal(raw, &e) != nil {
			var min struct {
				ID             *int32                   `json:"id"`
				Category       *intervals.EventCategory `json:"category"`
				Name           *string                  `json:"name"`
				Type           *string                  `json:"type"`
				StartDateLocal *string                  `json:"start_date_local"`
				EndDateLocal   *string                  `json:"end_date_local"`
			}
			if err := json.Unmarshal(raw, &min); err != nil {
				return nil, fmt.Errorf("an event of the answer cannot be read: %w", err)
			}
			e = intervals.Event{Id: min.ID, Category: min.Category, Name: min.Name, Type: min.Type, StartDateLocal: min.StartDateLocal, EndDateLocal: min.EndDateLocal}
		}
		if e.Id == nil {
			return nil, fmt.Errorf("an event of the answer has no id")
		}
		out = append(out, e)
	}
	return out, nil
}
