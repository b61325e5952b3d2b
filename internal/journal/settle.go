package journal

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// Before a call, the caller's unfinished journals are settled: those that can be claimed
// (their writer dead, their lease passed) are rolled back now, those this process is rolling
// back are waited for. A write also waits, for at most a lease and a bit, for a journal
// another replica holds (it is writing it, or it died and its lease has yet to pass), and is
// refused if one is still unfinished then.

// Refusals of a write while an earlier write of the caller's is unfinished.
var (
	errRollbackRetried = errors.New("Nothing was done: an earlier write of yours was interrupted and its rollback is being retried. Try again in a minute; its outcome will head the answer")
	errWriteElsewhere  = errors.New("Nothing was done: an earlier write of yours is still running on another replica. Try again when it is done; if it was interrupted, its outcome will head the answer")
)

// settle settles caller's unfinished journals before a call (write: it may write), and says
// how many were left unfinished at its last look (-1: it could not look), and, for a read that
// goes on while a write of the caller's is still unsettled, what it must be told first.
func (k *Keeper) settle(ctx context.Context, st store.Store, caller string, write bool) (left int, told []toldLine, err error) {
	until := time.Now().Add(k.opts.Lease + 2*k.heartbeat())
	if dl, ok := ctx.Deadline(); ok && dl.Add(-time.Second).Before(until) {
		until = dl.Add(-time.Second) // the refusal, not a timeout, is the answer
	}
	if len(k.marks.owing()) > 0 {
		k.payOwed(ctx, st) // the store is back: this process's own endings first
	}
	for ctx.Err() == nil {
		seen := k.marks.changesSoFar()
		pending, err := st.PendingJournals(ctx, caller) // one read when there is none, as almost always
		if err != nil {
			k.log("a caller's journals", "error", err)
			return -1, nil, nil
		}
		left = len(pending)
		v := k.marks.look(pending)
		if v.stuck > 0 {
			again, err := k.marks.markedSince(ctx, seen, until)
			if err != nil {
				return left, nil, err
			}
			if again {
				continue
			}
		}
		if len(v.rollingBack) == 0 && v.others+v.stuck > 0 { // one may be claimable: its writer dead, or its lease passed
			rolled, err := k.rollBackOne(ctx, func() (*store.Journal, error) { return st.ClaimCallerJournal(ctx, k.now(), caller) }, st)
			if err != nil {
				k.log("claim a caller's journal", "error", err)
				return left, nil, nil
			}
			if rolled {
				continue
			}
		}
		if len(v.rollingBack) > 0 {
			if err := waitAll(ctx, v.rollingBack); err != nil {
				return left, nil, err
			}
			continue
		}
		if !write {
			return left, v.told, nil
		}
		if len(v.rechecking) > 0 { // a write starts from the calendar as it was: after the look again
			if err := waitAll(ctx, v.rechecking); err != nil {
				return left, nil, err
			}
			continue
		}
		if v.others+v.stuck == 0 {
			return left, nil, nil
		}
		if v.stuck > 0 {
			return left, nil, errRollbackRetried
		}
		if time.Now().After(until) {
			return left, nil, errWriteElsewhere
		}
		select {
		case <-time.After(k.heartbeat() / 2):
		case <-ctx.Done():
		}
	}
	return left, nil, ctx.Err()
}

// view is what settle sees of a caller's pending journals: those this process is rolling
// back (their channels, closed when done), those it has rolled back and looks at again once
// a request sent before the crash can no longer land (rechecking), those of other replicas,
// and those of this process neither in flight nor being rolled back (stuck: a rollback that
// failed here, which comes back after its lease; or one just taken here and not marked yet).
// told is what a read is told of those it does not wait for: one line each.
type view struct {
	rollingBack, rechecking []chan struct{}
	others, stuck           int
	told                    []toldLine
}

// toldLine is a read's line on one unsettled journal of its caller's.
type toldLine struct{ journal, text string }

func waitAll(ctx context.Context, chs []chan struct{}) error {
	for _, ch := range chs {
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// marks are this process's journals: those of its calls in flight (live), those it is
// rolling back (undo), and a count of their changes, so that settle can tell a journal whose
// rollback failed here from one taken a moment ago and not marked yet.
type marks struct {
	mu        sync.Mutex
	live      map[string]context.Context // journals of this process's calls in flight, and the calls' contexts
	ending    map[string]chan struct{}   // of those, the calls whose context has ended (look): closed when they end
	undo      map[string]chan struct{}   // journals this process is rolling back: closed when done
	recheck   map[string]chan struct{}   // of those, the ones rolled back once and waiting to look again
	cancelled map[string]bool            // of those, cancelled calls' (rolled back by the call itself)
	owed      map[string]owed            // journals whose calls ended (done, or undone from memory) while the store was lost
	changes   uint64                     // journals taken (take) and calls and rollbacks ended so far
	taking    int                        // takes in flight
	takeEnded chan struct{}              // closed when a take ends, made when settle waits for one
}

// look sorts pending as settle sees them.
func (m *marks) look(pending []store.PendingJournal) view {
	m.mu.Lock()
	defer m.mu.Unlock()
	var v view
	for _, j := range pending {
		switch undo := m.undo[j.ID]; {
		case m.recheck[j.ID] != nil:
			v.rechecking = append(v.rechecking, m.recheck[j.ID])
			what := "was interrupted and has been rolled back; a request sent just before the interruption"
			if m.cancelled[j.ID] {
				what = "was cancelled by your client and has been rolled back; a request sent just before the cancel"
			}
			v.told = append(v.told, toldLine{j.ID, unsettled(j, what+" may still land, so it is looked at again in a few seconds and its outcome heads a later answer", false)})
		case undo != nil:
			v.rollingBack = append(v.rollingBack, undo)
		case m.live[j.ID] != nil && m.live[j.ID].Err() != nil:
			// A call cancelled by its client (or out of time), rolling back here: the next
			// calls wait for it, start from the calendar as it was and read its outcome first.
			if m.ending[j.ID] == nil {
				if m.ending == nil {
					m.ending = map[string]chan struct{}{}
				}
				m.ending[j.ID] = make(chan struct{})
			}
			v.rollingBack = append(v.rollingBack, m.ending[j.ID])
		case !j.Mine:
			v.others++
			v.told = append(v.told, toldLine{j.ID, unsettled(j, "is still being written, or was interrupted, on another replica: if it was interrupted it is rolled back within seconds, and its outcome heads a later answer", true)})
		case m.live[j.ID] == nil:
			v.stuck++
			v.told = append(v.told, toldLine{j.ID, unsettled(j, "was interrupted and its rollback is being retried; its outcome heads a later answer", true)})
		}
	}
	return v
}

// unsettled is the line a read is told of journal j, unsettled as state says (half: the
// calendar may show it half-done).
func unsettled(j store.PendingJournal, state string, half bool) string {
	what := j.Tool
	if j.Summary != "" && j.Summary != j.Tool {
		what += " (" + j.Summary + ")"
	}
	line := "Note: your " + what + " " + state + "."
	if half {
		line += " Until then the calendar may show it half-done."
	}
	return line
}

// markedSince reports whether settle must read again before it calls a journal of this
// process stuck: a change came since its read (seen), or a take is in flight (the journal
// may be one just begun or claimed here, not yet marked: it waits for the take, at most
// until until).
func (m *marks) markedSince(ctx context.Context, seen uint64, until time.Time) (bool, error) {
	m.mu.Lock()
	changes := m.changes
	var taken chan struct{}
	if m.taking > 0 {
		if m.takeEnded == nil {
			m.takeEnded = make(chan struct{})
		}
		taken = m.takeEnded
	}
	m.mu.Unlock()
	if changes != seen {
		return true, nil
	}
	if taken == nil || !time.Now().Before(until) {
		return false, nil
	}
	select {
	case <-taken:
		return true, nil
	case <-ctx.Done():
		return false, ctx.Err()
	}
}

// take runs f, which makes a journal this process's in the store (begins one for a call, or
// claims one to roll back), then mark with its result, under the lock (mark counts a change
// when it marks a journal). Between the two, settle finds the journal this process's but
// neither live nor being rolled back, as it finds one whose rollback failed here: while a
// take is in flight it looks again instead (markedSince).
func take[T any](m *marks, f func() (T, error), mark func(T)) (T, error) {
	m.mu.Lock()
	m.taking++
	m.mu.Unlock()
	v, err := f()
	m.mu.Lock()
	defer m.mu.Unlock()
	m.taking--
	if m.takeEnded != nil {
		close(m.takeEnded)
		m.takeEnded = nil
	}
	if err == nil {
		mark(v)
	}
	return v, err
}

// begin takes a journal f begins for a call (its context ctx), marked as the call's in
// flight until callEnded.
func (m *marks) begin(ctx context.Context, f func() (string, error)) (string, error) {
	return take(m, f, func(id string) {
		if m.live == nil {
			m.live = map[string]context.Context{}
		}
		m.live[id] = ctx
		m.changes++
	})
}

// claim takes a journal f claims (none: nil), marked as being rolled back here until
// rolledBack.
func (m *marks) claim(f func() (*store.Journal, error)) (*store.Journal, error) {
	return take(m, f, func(j *store.Journal) {
		if j == nil {
			return
		}
		if m.undo == nil {
			m.undo = map[string]chan struct{}{}
		}
		m.undo[j.ID] = make(chan struct{})
		m.changes++
	})
}

// rolledBack ends the rollback of journal id: those waiting for it (settle) go on.
func (m *marks) rolledBack(id string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if ch := m.recheck[id]; ch != nil {
		close(ch)
		delete(m.recheck, id)
		delete(m.cancelled, id)
	} else {
		close(m.undo[id])
	}
	delete(m.undo, id)
	m.changes++
}

// rechecking marks journal id, rolled back once, as waiting to be looked at again: the calls
// waiting for its rollback go on (a read, told that it is not settled yet), a write waits on.
func (m *marks) rechecking(id string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.recheck == nil {
		m.recheck = map[string]chan struct{}{}
	}
	close(m.undo[id])
	m.recheck[id] = make(chan struct{})
	m.changes++
}

// cancelRechecking marks journal id, of a call its client cancelled that has rolled back, as
// waiting to be looked at again (rechecking): no longer the call's in flight.
func (m *marks) cancelRechecking(id string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.endLive(id)
	if m.recheck == nil {
		m.recheck = map[string]chan struct{}{}
	}
	if m.cancelled == nil {
		m.cancelled = map[string]bool{}
	}
	m.recheck[id], m.cancelled[id] = make(chan struct{}), true
}

// callEnded marks journal id's call as no longer in flight.
func (m *marks) callEnded(id string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.endLive(id)
}

// endLive ends journal id's call in flight, m.mu held: those waiting for its end go on.
func (m *marks) endLive(id string) {
	delete(m.live, id)
	if ch := m.ending[id]; ch != nil {
		close(ch)
		delete(m.ending, id)
	}
	m.changes++
}

// changesSoFar counts the changes to this process's journals so far.
func (m *marks) changesSoFar() uint64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.changes
}

// owed is how a call ended whose journal could not be finished (the store was lost): its
// outcome, and the notice it leaves (a cancelled call's), to record when the store is back.
type owed struct{ outcome, notice string }

// owe keeps journal id's ending until the store takes it (paid).
func (m *marks) owe(id string, o owed) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.owed == nil {
		m.owed = map[string]owed{}
	}
	m.owed[id] = o
}

// owing lists the journals whose ending is owed.
func (m *marks) owing() map[string]owed {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make(map[string]owed, len(m.owed))
	for id, o := range m.owed {
		out[id] = o
	}
	return out
}

// paid forgets journal id's owed ending: recorded, or no longer this process's to record.
func (m *marks) paid(id string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.owed, id)
}
