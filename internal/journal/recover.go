package journal

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/metrics"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// The recovery of the write journals a process left unfinished (it died mid-write): claimed,
// rolled back through the Intervals.icu client of the credential they were written under,
// finished with a notice for their caller.

// maxClaims is how many times a journal is tried before it is given up with a notice.
const maxClaims = 5

// loop recovers abandoned journals at once and then on every tick, and cleans up the store
// every few minutes.
func (k *Keeper) loop(ctx context.Context, st store.Store) {
	defer close(k.stopped)
	t := time.NewTicker(k.opts.Tick)
	defer t.Stop()
	var cleaned time.Time
	for {
		k.payOwed(ctx, st)
		k.Recover(ctx, st)
		if now := k.now(); now.Sub(cleaned) > 5*time.Minute {
			if _, err := st.Cleanup(ctx, now); err != nil && ctx.Err() == nil {
				k.log("store cleanup", "error", err)
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

// Recover claims and rolls back every journal whose writer has gone.
func (k *Keeper) Recover(ctx context.Context, st store.Store) {
	for ctx.Err() == nil {
		rolled, err := k.rollBackOne(ctx, func() (*store.Journal, error) { return st.ClaimJournal(ctx, k.now()) }, st)
		if err != nil {
			if ctx.Err() == nil {
				k.log("claim a journal", "error", err)
			}
			return
		}
		if !rolled {
			return
		}
	}
}

// rollBackOne rolls back the journal claim claims, if any (rolled), renewing its lease
// meanwhile; callers of the same journal's caller wait for it (settle). When its last request
// may still land, the look again runs in the background (the claim kept) and those callers go
// on: a read told so, a write waiting for it.
func (k *Keeper) rollBackOne(ctx context.Context, claim func() (*store.Journal, error), st store.Store) (rolled bool, err error) {
	j, err := k.marks.claim(claim)
	if err != nil || j == nil {
		return false, err
	}
	stop := k.keepLease(st, j.ID)
	end := func() {
		stop()
		k.marks.rolledBack(j.ID)
	}
	again := k.undoClaimed(ctx, st, j)
	if again == nil {
		end()
		return true, nil
	}
	k.marks.rechecking(j.ID)
	k.rechecks.Add(1)
	bg := k.background
	if bg == nil { // a store not opened by this Keeper (Recover called with one)
		bg = context.WithoutCancel(ctx)
	}
	go func() {
		defer k.rechecks.Done()
		defer end()
		again(bg)
	}()
	return true, nil
}

// keepLease renews this replica's lease on journal id every third of the lease until the
// returned stop is called (a heartbeat: a write waiting on a slow upstream keeps its journal,
// and a dead writer's journal is free a lease after its last beat).
func (k *Keeper) keepLease(st store.Store, id string) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(k.heartbeat())
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			err := st.AppendJournal(ctx, id, k.now())
			if errors.Is(err, store.ErrJournalLost) {
				return
			}
			if err != nil && ctx.Err() == nil {
				k.log("renew a journal's lease", "journal", id, "error", err)
			}
		}
	}()
	return func() { cancel(); <-done }
}

// payOwed records the endings of the journals whose calls ended while the store was lost
// (they did or undid their write and said so): finished as they ended, nothing undone again.
func (k *Keeper) payOwed(ctx context.Context, st store.Store) {
	for id, o := range k.marks.owing() {
		err := st.FinishJournal(ctx, id, k.now(), o.outcome, o.notice)
		if err != nil && !errors.Is(err, store.ErrJournalLost) {
			return // still lost: the next tick tries again
		}
		k.marks.paid(id)
		k.log("finished a journal kept in memory while the store was lost", "journal", id, "outcome", o.outcome)
	}
}

// undoClaimed rolls one claimed journal back and finishes it with a notice for its caller.
// A journal of a signed-in athlete is undone with their own Intervals.icu token (ClientFor);
// when none is kept, or Intervals.icu no longer takes it, it ends at once with a notice that
// says so. A journal of another credential (this replica cannot write there) is left for a
// replica that can, and given up after maxClaims. It returns the look again that finishes the
// journal when its last request may still land (nil: finished, or left for later).
func (k *Keeper) undoClaimed(ctx context.Context, st store.Store, j *store.Journal) (again func(context.Context)) {
	if o, ok := k.marks.owing()[j.ID]; ok { // this process's call ended it (undone from memory) while the store was lost
		if err := st.FinishJournal(ctx, j.ID, k.now(), o.outcome, o.notice); err == nil || errors.Is(err, store.ErrJournalLost) {
			k.marks.paid(j.ID)
		}
		return nil
	}
	env := &toolcall.Env{AthleteID: j.Athlete, Caller: caller.Caller{Key: j.Caller}}
	ctx = caller.With(ctx, env.Caller)
	var cannot string // why this replica cannot roll it back (the notice's end)
	var final bool    // no replica ever will
	env.Client, cannot, final = k.clientOf(ctx, st, j)
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
			k.finish(ctx, st, j, "incomplete", of+" was interrupted and could not be rolled back"+cannot)
		}
		return nil
	}
	claimed := time.Now()
	u := undo(ctx, env, j.Entries)
	if ctx.Err() != nil {
		return nil // shutting down: the journal comes back once its lease passes
	}
	if late := inFlight(j.Entries); len(late) > 0 && len(u.left) == 0 {
		// Its last request may have been sent before the crash and still land: look at it
		// again once it cannot (the claim kept meanwhile), undo it if it did, and only then
		// finish the journal with a notice that counts it.
		return func(ctx context.Context) {
			select {
			case <-time.After(time.Until(claimed.Add(k.opts.InFlight))):
			case <-ctx.Done():
				return
			}
			ctx = caller.With(ctx, env.Caller)
			again := undo(ctx, env, late)
			if ctx.Err() != nil {
				return
			}
			u.late = again.removed + again.restored
			u.removed, u.restored, u.left = u.removed+again.removed, u.restored+again.restored, again.left
			outcome, notice := u.notice(of)
			k.finish(ctx, st, j, outcome, notice)
		}
	}
	if len(u.left) > 0 && j.Claims < maxClaims {
		k.log("journal rollback incomplete, will retry", "journal", j.ID, "claims", j.Claims, "left", strings.Join(u.left, "; "))
		return nil // its lease passes and it is claimed again
	}
	outcome, notice := u.notice(of)
	k.finish(ctx, st, j, outcome, notice)
	return nil
}

// clientOf is the Intervals.icu client that undoes j, or why this replica cannot (cannot, the
// end of the notice) and whether no replica ever will (final).
func (k *Keeper) clientOf(ctx context.Context, st store.Store, j *store.Journal) (client *intervals.ClientWithResponses, cannot string, final bool) {
	switch {
	case j.CredentialAthlete == "" && caller.KeyOf(k.opts.Credential, j.Athlete) == j.Caller:
		return k.opts.Client, "", false
	case j.CredentialAthlete == "" || k.opts.ClientFor == nil:
		return nil, " by this server (another credential): check the calendar with get_events.", false
	}
	client, err := k.opts.ClientFor(ctx, st, j.CredentialAthlete)
	switch {
	case errors.Is(err, caller.ErrSignedOut):
		return nil, ": your Intervals.icu sign-in is no longer kept here (your connections were revoked). Connect again and check the calendar with get_events.", true
	case err != nil:
		k.log("journal rollback: the signed-in athlete's client", "journal", j.ID, "error", err)
		return nil, ": check the calendar with get_events.", false
	}
	return client, "", false
}

func (k *Keeper) finish(ctx context.Context, st store.Store, j *store.Journal, outcome, notice string) {
	if err := st.FinishJournal(ctx, j.ID, k.now(), outcome, notice); err != nil {
		k.log("finish a recovered journal", "journal", j.ID, "error", err)
		return
	}
	metrics.Journal(metrics.JournalRecovered)
	k.log("recovered a journal", "journal", j.ID, "tool", j.Tool, "outcome", outcome)
}
