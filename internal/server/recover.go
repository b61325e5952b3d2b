package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// The recovery of the write journals a process left unfinished (it died mid-write): claimed
// once their lease has passed, rolled back through the Intervals.icu client of the
// credential they were written under, finished with a notice for their caller (Persist
// takes the notices at the top of that caller's next answer).

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
		j, err := st.ClaimJournal(ctx, p.now())
		if err != nil {
			if ctx.Err() == nil {
				p.log("claim a journal", "error", err)
			}
			return
		}
		if j == nil {
			return
		}
		p.undo(ctx, st, j)
	}
}

// undo rolls one claimed journal back and finishes it with a notice for its caller. A
// journal of a signed-in athlete is undone with their own Intervals.icu token (ClientFor);
// when none is kept, or Intervals.icu no longer takes it, it ends at once with a notice that
// says so. A journal of another credential (this replica cannot write there) is left for a
// replica that can, and given up after maxClaims.
func (p *Persist) undo(ctx context.Context, st store.Store, j *store.Journal) {
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
