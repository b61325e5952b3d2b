package server

import (
	"context"
	"encoding/json"
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
// persisted as it is written (its intent first, its lease renewed while the call runs,
// finished when the call returns), and the caller's notices at the top of its answer. A call
// first settles the caller's own unfinished journals (recover.go). It also runs the recovery
// of the journals that a process left unfinished (it died mid-write): claimed once their
// owner is known dead or their lease has passed, rolled back through the Intervals.icu
// client, finished with a notice for the caller.
//
// The store is opened by Open (the HTTP server, at start; stdio, at start when it holds work:
// Pending) or on first need (stdio: the first write or range-delete preview), so that a
// stdio server that only reads never opens it. A nil *Persist keeps everything in memory,
// as before.
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
	// Pending says whether the store, not opened yet, may hold work for this process: a dead
	// process's journals, a notice (stdio opens it at start then, and reads open it too, so
	// that they are recovered and told at once); nil: no.
	Pending func() bool
	// Tick is how often the recovery looks for abandoned journals; 0 means 30 s.
	Tick time.Duration
	// Lease is the store's journal lease (store.Config.JournalLease); 0 means
	// store.DefaultJournalLease. A journal is renewed every third of it while it is written
	// or undone.
	Lease  time.Duration
	Now    func() time.Time
	Logger func(msg string, args ...any) // nil: silent

	mu      sync.Mutex
	st      store.Store
	closed  bool
	stop    context.CancelFunc
	stopped chan struct{}

	busy      sync.Mutex
	live      map[string]bool          // journals of this process's calls in flight
	undo      map[string]chan struct{} // journals this process is rolling back: closed when done
	changes   uint64                   // journals taken (take) and calls and rollbacks ended by this process so far (settle)
	taking    int                      // takes of this process in flight (settle)
	takeEnded chan struct{}            // closed when a take ends, made when settle waits for one
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
	renew   func() // stops the journal's heartbeat
	noticed bool   // notices taken at the start
	notices []string
}

// begin wires env for one call of tool (write: it may write) and returns the call's
// context. With the store open (a write opens it; a read, when it is kept already) it first
// settles the caller's unfinished journals: rolled back if their writer is gone, waited for
// (a write) while another replica writes them; the notices they leave head the answer. An
// error refuses the call: an earlier write of the caller is still unfinished.
func (p *Persist) begin(ctx context.Context, env *toolcall.Env, tool string, write bool) (context.Context, *persistCall, error) {
	if p == nil {
		return ctx, nil, nil
	}
	who, _ := caller.From(ctx)
	who.Key = caller.KeyOf(who.Credential(p.Credential), env.AthleteID)
	c := &persistCall{p: p, tool: tool, athlete: env.AthleteID, caller: who.Key, signed: who.AthleteID}
	env.Caller = c.caller
	env.Confirmations = confirmations{c}
	env.Journal = c
	ctx = caller.With(ctx, who)
	st := p.Opened()
	if st == nil && (write || p.Pending != nil && p.Pending()) {
		var err error
		if st, err = p.Open(ctx); err != nil {
			p.log("open the store", "error", err)
		}
	}
	if st == nil {
		return ctx, c, nil
	}
	err := p.settle(ctx, st, c.caller, write)
	c.takeNotices(ctx, st)
	c.noticed = true
	return ctx, c, err
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
	if c.renew != nil {
		c.renew()
	}
	if c.journal != "" && st != nil {
		outcome := "done"
		if err != nil {
			outcome = "failed"
		}
		if ferr := st.FinishJournal(ctx, c.journal, c.p.now(), outcome, ""); ferr != nil {
			c.p.log("finish journal", "id", c.journal, "error", ferr)
		}
	}
	if c.renew != nil { // once finished: until then, a call of the caller's that finds it pending finds it live
		c.p.callEnded(c.journal)
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

// Intend implements toolcall.JournalRecorder: it opens the store if needed and begins the
// journal with the call's intent, renewed from then on until the call ends.
func (c *persistCall) Intend(ctx context.Context, summary string, intent json.RawMessage) error {
	st, err := c.p.Open(ctx)
	if err != nil {
		return err
	}
	if c.journal != "" {
		return errors.New("the journal is begun already")
	}
	if c.journal, err = c.p.beginJournal(func() (string, error) {
		return st.BeginJournal(ctx, store.JournalStart{Caller: c.caller, Tool: c.tool, Athlete: c.athlete, Summary: summary, Intent: intent, CredentialAthlete: c.signed}, c.p.now())
	}); err != nil {
		return err
	}
	c.renew = c.p.keepLease(st, c.journal)
	return nil
}

// Record implements toolcall.JournalRecorder: a first entry without an intent begins the
// journal with none.
func (c *persistCall) Record(ctx context.Context, entries ...toolcall.JournalEntry) error {
	if c.journal == "" {
		if err := c.Intend(ctx, c.tool, nil); err != nil {
			return err
		}
	}
	st, err := c.p.Open(ctx)
	if err != nil {
		return err
	}
	now := c.p.now()
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
