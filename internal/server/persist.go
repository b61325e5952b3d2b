package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// Persist wires internal/store into the tool calls: each call gets a caller key (a hash of
// the credential and the athlete), range-delete tokens kept in the store, a write journal
// persisted as it is written (finished when the call returns), and the caller's notices at
// the top of its answer. It also runs the recovery of the journals that a process left
// unfinished (it died mid-write): claimed once their lease has passed, rolled back through
// the Intervals.icu client, finished with a notice for the caller.
//
// The store is opened by Open (the HTTP server, at start) or on first need (stdio: the first
// write or range-delete preview), so that an idle stdio server never opens it. A nil
// *Persist keeps everything in memory, as before.
type Persist struct {
	// OpenStore opens the store (store.Open with the configuration).
	OpenStore func(ctx context.Context) (store.Store, error)
	// Credential is the upstream credential of Client (the API key or token): caller keys
	// are derived from it, and a journal is undone only by a replica with the same.
	Credential string
	Client     *intervals.ClientWithResponses
	// ClientFor is the Intervals.icu client of a signed-in athlete (OAuth), on their own
	// token as the store keeps it: a journal written under their credential is undone with
	// it. An error wrapping caller.ErrSignedOut means none is kept (the journal ends with a
	// notice); nil: such journals are left to a replica that has it.
	ClientFor func(ctx context.Context, st store.Store, athleteID string) (*intervals.ClientWithResponses, error)
	// Undo rolls back a journal's entries through env's client (tools.UndoJournal): how many
	// events it deleted and put back, and what it could not undo.
	Undo func(ctx context.Context, env *toolcall.Env, entries []toolcall.JournalEntry) (removed, restored int, left []string)
	// Tick is how often the recovery looks for abandoned journals; 0 means 30 s.
	Tick   time.Duration
	Now    func() time.Time
	Logger func(msg string, args ...any) // nil: silent

	mu      sync.Mutex
	st      store.Store
	closed  bool
	stop    context.CancelFunc
	stopped chan struct{}
}

var errStoreClosed = errors.New("the store is closed: the server is shutting down")

// maxClaims is how many times a journal is tried before it is given up with a notice.
const maxClaims = 5

// Open opens the store now (once) and starts the recovery loop.
func (p *Persist) Open(ctx context.Context) (store.Store, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.st != nil {
		return p.st, nil
	}
	if p.closed {
		return nil, errStoreClosed
	}
	st, err := p.OpenStore(ctx)
	if err != nil {
		return nil, err
	}
	p.st = st
	loop, cancel := context.WithCancel(context.Background())
	p.stop, p.stopped = cancel, make(chan struct{})
	go p.loop(loop, st)
	return st, nil
}

// Opened is the store if it is open, else nil.
func (p *Persist) Opened() store.Store {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.st
}

// Ping is the readiness check: the store answers (a store not opened yet is not needed).
func (p *Persist) Ping(ctx context.Context) error {
	if st := p.Opened(); st != nil {
		return st.Ping(ctx)
	}
	return nil
}

// Close stops the recovery loop and closes the store; it is not opened again.
func (p *Persist) Close() error {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	st, stop, stopped := p.st, p.stop, p.stopped
	p.st, p.closed = nil, true
	p.mu.Unlock()
	if st == nil {
		return nil
	}
	stop() // the recovery's requests end with its context (the lock is not held: they may ask Open)
	<-stopped
	return st.Close()
}

func (p *Persist) now() time.Time {
	if p.Now != nil {
		return p.Now()
	}
	return time.Now()
}

func (p *Persist) log(msg string, args ...any) {
	if p.Logger != nil {
		p.Logger(msg, args...)
	}
}

// Budget is the upstream budget of a server of replicas (intervals.Options.Budget): one
// bucket per caller key (perCaller's rate and burst; its key is set per request) under the
// global bucket, shared through the store.
func (p *Persist) Budget(perCaller, global store.Bucket) intervals.Budget {
	return func(ctx context.Context) (bool, time.Duration, error) {
		st, err := p.Open(ctx)
		if err != nil {
			return false, 0, err
		}
		b := perCaller
		c, _ := caller.From(ctx)
		b.Key = "cred:" + c.Key
		d, err := st.TakeBudget(ctx, p.now(), b, global)
		return d.Allowed, d.RetryAfter, err
	}
}

// persistCall is the persistence of one tool call.
type persistCall struct {
	p       *Persist
	tool    string
	caller  string
	athlete string
	signed  string // the signed-in athlete whose credential the call runs under ("" the server's)
	journal string // the journal's id, once begun
	noticed bool   // notices taken at the start
	notices []string
}

// begin wires env for one call of tool and returns the call's context.
func (p *Persist) begin(ctx context.Context, env *toolcall.Env, tool string) (context.Context, *persistCall) {
	if p == nil {
		return ctx, nil
	}
	who, _ := caller.From(ctx)
	who.Key = caller.KeyOf(who.Credential(p.Credential), env.AthleteID)
	c := &persistCall{p: p, tool: tool, athlete: env.AthleteID, caller: who.Key, signed: who.AthleteID}
	env.Caller = c.caller
	env.Confirmations = confirmations{c}
	env.Journal = c
	ctx = caller.With(ctx, who)
	if st := p.Opened(); st != nil {
		c.takeNotices(ctx, st)
		c.noticed = true
	}
	return ctx, c
}

func (c *persistCall) takeNotices(ctx context.Context, st store.Store) {
	ns, err := st.TakeNotices(ctx, c.caller)
	if err != nil {
		c.p.log("take notices", "error", err)
	}
	for _, n := range ns {
		c.notices = append(c.notices, n.Text)
	}
}

// end finishes the call's journal (done, or failed: the tool rolled back and said so) and
// puts the caller's notices at the top of the answer.
func (c *persistCall) end(ctx context.Context, text string, err error) (string, error) {
	if c == nil || errors.Is(err, errNeedInput) {
		return text, err
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	st := c.p.Opened()
	if c.journal != "" && st != nil {
		outcome := "done"
		if err != nil {
			outcome = "failed"
		}
		if ferr := st.FinishJournal(ctx, c.journal, c.p.now(), outcome, ""); ferr != nil {
			c.p.log("finish journal", "id", c.journal, "error", ferr)
		}
	}
	if st != nil && !c.noticed {
		c.takeNotices(ctx, st)
	}
	var over *intervals.OverBudgetError
	if errors.As(err, &over) && !strings.Contains(err.Error(), "roll") {
		err = manifest.Errorf("%s", over.Error()) // a read: the budget's own words say it all
	}
	if len(c.notices) == 0 {
		return text, err
	}
	head := strings.Join(c.notices, "\n") + "\n\n"
	if err != nil {
		return "", manifest.Errorf("%s%s", head, errorText(err))
	}
	return head + text, nil
}

// Record implements toolcall.JournalRecorder: the first entry opens the store if needed and
// begins the journal.
func (c *persistCall) Record(ctx context.Context, entries ...toolcall.JournalEntry) error {
	st, err := c.p.Open(ctx)
	if err != nil {
		return err
	}
	now := c.p.now()
	if c.journal == "" {
		if c.journal, err = st.BeginJournal(ctx, store.JournalStart{Caller: c.caller, Tool: c.tool, Athlete: c.athlete, Summary: c.tool, CredentialAthlete: c.signed}, now); err != nil {
			return err
		}
	}
	es := make([]store.JournalEntry, len(entries))
	for i, e := range entries {
		es[i] = store.JournalEntry{Kind: store.EntryKind(e.Kind), EventID: e.EventID, ExternalID: e.ExternalID, Original: e.Original}
	}
	return st.AppendJournal(ctx, c.journal, now, es...)
}

// confirmations is toolcall.Confirmations on the store, opened on first use.
type confirmations struct{ c *persistCall }

func (k confirmations) PutConfirmation(ctx context.Context, caller, contentHash string, expires time.Time) (string, error) {
	st, err := k.c.p.Open(ctx)
	if err != nil {
		return "", err
	}
	return st.PutConfirmation(ctx, caller, contentHash, expires)
}

func (k confirmations) TakeConfirmation(ctx context.Context, token, caller, contentHash string, now time.Time) error {
	st, err := k.c.p.Open(ctx)
	if err != nil {
		return err
	}
	return st.TakeConfirmation(ctx, token, caller, contentHash, now)
}

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
