package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// The recovery of the write journals a process left unfinished (it died mid-write): claimed
// at once when their owner is known dead (its lock in the data directory is free, or its pid
// is gone on this host), else once their lease has passed (a live writer renews it every
// third of the lease), rolled back through the Intervals.icu client of the credential they
// were written under, finished with a notice for their caller (Persist takes the notices at
// the top of that caller's next answer). A caller's call settles the caller's own journals
// first (settle), so that a repeat of an interrupted write starts from the calendar as it
// was and does the write once.

// loop recovers abandoned journals at once and then on every tick, and cleans up the store
// every few minutes.
func (p *Persist) loop(ctx context.Context, st store.Store) {
	defer close(p.stopped)
	tick := p.Tick
	if tick <= 0 {
		tick = 30 * time.Second
	}
	t := time.NewTicker(tick)
	defer t.Stop()
	var cleaned time.Time
	for {
		p.Recover(ctx, st)
		if now := p.now(); now.Sub(cleaned) > 5*time.Minute {
			if _, err := st.Cleanup(ctx, now); err != nil && ctx.Err() == nil {
				p.log("store cleanup", "error", err)
			}
			cleaned = now
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Recover claims and rolls back every journal whose writer has gone (its lease passed).
func (p *Persist) Recover(ctx context.Context, st store.Store) {
	for ctx.Err() == nil {
		j, done, err := p.claim(func() (*store.Journal, error) { return st.ClaimJournal(ctx, p.now()) })
		if err != nil {
			if ctx.Err() == nil {
				p.log("claim a journal", "error", err)
			}
			return
		}
		if j == nil {
			return
		}
		p.rollBack(ctx, st, j, done)
	}
}

// settle deals with caller's unfinished journals before a call: those it can claim (owner
// dead, lease passed) are rolled back now, those this process is rolling back are waited
// for. A write also waits, for at most a lease and a bit, for a journal another replica
// holds (it is writing it, or it died and its lease has yet to pass), and is refused if one
// is still unfinished then.
func (p *Persist) settle(ctx context.Context, st store.Store, caller string, write bool) error {
	until := time.Now().Add(p.lease() + 2*p.heartbeat())
	if dl, ok := ctx.Deadline(); ok && dl.Add(-time.Second).Before(until) {
		until = dl.Add(-time.Second) // the refusal, not a timeout, is the answer
	}
	for ctx.Err() == nil {
		seen := p.changesSoFar()
		pending, err := st.PendingJournals(ctx, caller) // one read when there is none, as almost always
		if err != nil {
			p.log("a caller's journals", "error", err)
			return nil
		}
		var wait []chan struct{}
		others, stuck := 0, 0
		for _, j := range pending {
			live, undo := p.state(j.ID)
			switch {
			case undo != nil:
				wait = append(wait, undo)
			case !j.Mine:
				others++
			case !live:
				stuck++ // this process claimed it and could not undo everything: it comes back after its lease
			}
		}
		if stuck > 0 {
			changes, taken := p.progress()
			if changes != seen {
				continue // since the read, a journal was taken here, or a call or rollback of this process ended (it may have finished one)
			}
			if taken != nil && time.Now().Before(until) { // the journal may be one just begun or claimed here, not yet marked
				select {
				case <-taken:
				case <-ctx.Done():
					return ctx.Err()
				}
				continue
			}
		}
		if len(wait) == 0 && others+stuck > 0 { // one may be claimable: its writer dead, or its lease passed
			j, done, err := p.claim(func() (*store.Journal, error) { return st.ClaimCallerJournal(ctx, p.now(), caller) })
			if err != nil {
				p.log("claim a caller's journal", "error", err)
				return nil
			}
			if j != nil {
				p.rollBack(ctx, st, j, done)
				continue
			}
		}
		for _, ch := range wait {
			select {
			case <-ch:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		if len(wait) > 0 {
			continue
		}
		if !write || others+stuck == 0 {
			return nil
		}
		if stuck > 0 {
			return manifest.Errorf("Nothing was done: an earlier write of yours was interrupted and its rollback is being retried. Try again in a minute; its outcome will head the answer")
		}
		if time.Now().After(until) {
			return manifest.Errorf("Nothing was done: an earlier write of yours is still running on another replica. Try again when it is done; if it was interrupted, its outcome will head the answer")
		}
		select {
		case <-time.After(p.heartbeat() / 2):
		case <-ctx.Done():
		}
	}
	return ctx.Err()
}

// take runs f, which makes a journal this process's in the store (begins one for a call, or
// claims one to roll back), then mark with its result, under busy (mark counts a change when
// it marks a journal). Between the two, settle
// finds the journal this process's but neither live nor being rolled back, as it finds one
// whose rollback failed here: while a take is in flight it looks again instead.
func take[T any](p *Persist, f func() (T, error), mark func(T)) (T, error) {
	p.busy.Lock()
	p.taking++
	p.busy.Unlock()
	v, err := f()
	p.busy.Lock()
	defer p.busy.Unlock()
	p.taking--
	if p.takeEnded != nil {
		close(p.takeEnded)
		p.takeEnded = nil
	}
	if err == nil {
		mark(v)
	}
	return v, err
}

// claim takes a journal f claims (none: nil), marked as being rolled back here until
// rollBack closes done.
func (p *Persist) claim(f func() (*store.Journal, error)) (j *store.Journal, done chan struct{}, err error) {
	j, err = take(p, f, func(j *store.Journal) {
		if j == nil {
			return
		}
		done = make(chan struct{})
		if p.undo == nil {
			p.undo = map[string]chan struct{}{}
		}
		p.undo[j.ID] = done
		p.changes++
	})
	return j, done, err
}

// rollBack undoes a journal this process claimed (claim), renewing its lease meanwhile;
// callers of the same journal's caller wait for done (settle).
func (p *Persist) rollBack(ctx context.Context, st store.Store, j *store.Journal, done chan struct{}) {
	stop := p.keepLease(st, j.ID)
	defer func() {
		stop()
		p.busy.Lock()
		delete(p.undo, j.ID)
		p.changes++
		p.busy.Unlock()
		close(done)
	}()
	p.undo1(ctx, st, j)
}

// state says whether journal id is a call's of this process in flight (live), and, when this
// process is rolling it back, the channel closed when that is done.
func (p *Persist) state(id string) (live bool, undo chan struct{}) {
	p.busy.Lock()
	defer p.busy.Unlock()
	return p.live[id], p.undo[id]
}

// beginJournal takes a journal f begins for a call, marked as the call's in flight until
// callEnded.
func (p *Persist) beginJournal(f func() (string, error)) (string, error) {
	return take(p, f, func(id string) {
		if p.live == nil {
			p.live = map[string]bool{}
		}
		p.live[id] = true
		p.changes++
	})
}

// callEnded marks journal id's call as no longer in flight.
func (p *Persist) callEnded(id string) {
	p.busy.Lock()
	defer p.busy.Unlock()
	delete(p.live, id)
	p.changes++
}

// changesSoFar counts the changes to this process's journals so far: journals taken (begun
// for a call or claimed for a rollback, and marked), calls and rollbacks ended (each after its
// journal is finished in the store, when it is).
func (p *Persist) changesSoFar() uint64 {
	p.busy.Lock()
	defer p.busy.Unlock()
	return p.changes
}

// progress is changesSoFar and, while a take is in flight, a channel closed when one ends
// (else nil), read as one. A settle that read one of its journals and then finds it neither
// live nor being rolled back here knows it stuck (its rollback failed here) only when no
// change came since the read and no take is in flight: else its read, or its look at the
// marks, was too early.
func (p *Persist) progress() (changes uint64, taken <-chan struct{}) {
	p.busy.Lock()
	defer p.busy.Unlock()
	if p.taking > 0 {
		if p.takeEnded == nil {
			p.takeEnded = make(chan struct{})
		}
		taken = p.takeEnded
	}
	return p.changes, taken
}

// keepLease renews this replica's lease on journal id every third of the lease until the
// returned stop is called (a heartbeat: a write waiting on a slow upstream keeps its journal,
// and a dead writer's journal is free a lease after its last beat).
func (p *Persist) keepLease(st store.Store, id string) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(p.heartbeat())
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			if err := st.AppendJournal(ctx, id, p.now()); err != nil {
				if ctx.Err() == nil && !errors.Is(err, store.ErrJournalLost) {
					p.log("renew a journal's lease", "journal", id, "error", err)
				}
				if errors.Is(err, store.ErrJournalLost) {
					return
				}
			}
		}
	}()
	return func() { cancel(); <-done }
}

func (p *Persist) lease() time.Duration {
	if p.Lease > 0 {
		return p.Lease
	}
	return store.DefaultJournalLease
}

func (p *Persist) heartbeat() time.Duration { return max(p.lease()/3, 10*time.Millisecond) }

// undo1 rolls one claimed journal back and finishes it with a notice for its caller. A
// journal of a signed-in athlete is undone with their own Intervals.icu token (ClientFor);
// when none is kept, or Intervals.icu no longer takes it, it ends at once with a notice that
// says so. A journal of another credential (this replica cannot write there) is left for a
// replica that can, and given up after maxClaims.
func (p *Persist) undo1(ctx context.Context, st store.Store, j *store.Journal) {
	env := &toolcall.Env{AthleteID: j.Athlete, Caller: j.Caller}
	ctx = caller.With(ctx, caller.Caller{Key: j.Caller})
	cannot, final := "", false // why this replica cannot roll it back (the notice's end), and whether none ever will
	switch {
	case j.CredentialAthlete == "" && caller.KeyOf(p.Credential, j.Athlete) == j.Caller:
		env.Client = p.Client
	case j.CredentialAthlete == "" || p.ClientFor == nil:
		cannot = " by this server (another credential): check the calendar with get_events."
	default:
		var err error
		switch env.Client, err = p.ClientFor(ctx, st, j.CredentialAthlete); {
		case errors.Is(err, caller.ErrSignedOut):
			cannot, final = ": your Intervals.icu sign-in is no longer kept here (your connections were revoked). Connect again and check the calendar with get_events.", true
		case err != nil:
			p.log("journal rollback: the signed-in athlete's client", "journal", j.ID, "error", err)
			cannot = ": check the calendar with get_events."
		}
	}
	when := j.Started.UTC()
	if env.Client != nil {
		a, err := env.Athlete(ctx)
		switch {
		case err == nil:
			when = j.Started.In(a.Location)
		case j.CredentialAthlete != "" && intervals.StatusOf(err) == 401: // Unauthorized
			cannot, final = ": Intervals.icu no longer accepts your sign-in (it was revoked there). Connect again and check the calendar with get_events.", true
		}
	}
	of := fmt.Sprintf("Your %s of %s", j.Tool, when.Format("Mon 2 Jan 15:04 MST"))
	if j.Summary != "" && j.Summary != j.Tool {
		of += " (" + j.Summary + ")"
	}
	if cannot != "" {
		if final || j.Claims >= maxClaims {
			p.finish(ctx, st, j, "incomplete", of+" was interrupted and could not be rolled back"+cannot)
		}
		return
	}
	entries := make([]toolcall.JournalEntry, len(j.Entries))
	for i, e := range j.Entries {
		entries[i] = toolcall.JournalEntry{Kind: toolcall.JournalKind(e.Kind), EventID: e.EventID, ExternalID: e.ExternalID, Original: e.Original}
	}
	removed, restored, left := p.Undo(ctx, env, entries)
	if ctx.Err() != nil {
		return // shutting down: the journal comes back once its lease passes
	}
	if len(left) > 0 && j.Claims < maxClaims {
		p.log("journal rollback incomplete, will retry", "journal", j.ID, "claims", j.Claims, "left", strings.Join(left, "; "))
		return // its lease passes and it is claimed again
	}
	if removed == 0 && restored == 0 && len(left) == 0 {
		p.finish(ctx, st, j, "rolled back", of+" was interrupted before it changed anything: the calendar is as it was. Run it again if you still want it.")
		return
	}
	var did []string
	if removed > 0 || restored == 0 {
		did = append(did, fmt.Sprintf("%d session(s) removed", removed))
	}
	if restored > 0 {
		did = append(did, fmt.Sprintf("%d put back as they were", restored))
	}
	if len(left) > 0 {
		p.finish(ctx, st, j, "incomplete", fmt.Sprintf("%s was interrupted; the rollback was incomplete (%s; not undone: %s): check the calendar with get_events.", of, strings.Join(did, ", "), strings.Join(left, "; ")))
		return
	}
	p.finish(ctx, st, j, "rolled back", fmt.Sprintf("%s was interrupted and rolled back: %s. Run it again if you still want it.", of, strings.Join(did, ", ")))
}

func (p *Persist) finish(ctx context.Context, st store.Store, j *store.Journal, outcome, notice string) {
	if err := st.FinishJournal(ctx, j.ID, p.now(), outcome, notice); err != nil {
		p.log("finish a recovered journal", "journal", j.ID, "error", err)
		return
	}
	p.log("recovered a journal", "journal", j.ID, "tool", j.Tool, "outcome", outcome)
}
