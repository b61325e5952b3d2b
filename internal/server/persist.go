package server

import (
	"context"
	"errors"
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
