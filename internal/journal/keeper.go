package journal

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// Options configure a Keeper.
type Options struct {
	// Open opens the store; the Keeper calls it once, on first need.
	Open func(ctx context.Context) (store.Store, error)
	// HoldsWork says that the store may hold work for this process at start: a dead
	// process's journals, an undelivered notice. Start then opens it at once, and reads open
	// it too, so that such journals are rolled back and told before anything else.
	HoldsWork bool
	// Credential is Client's upstream credential (the API key or token): a journal written
	// under it is undone with Client, one written under another is left to a replica that
	// has it.
	Credential string
	Client     *intervals.ClientWithResponses
	// ClientFor is the Intervals.icu client of a signed-in athlete (OAuth), on their own token
	// as the store keeps it: a journal written under their credential is undone with it. An
	// error wrapping caller.ErrSignedOut means none is kept (the journal ends with a notice).
	// nil: such journals are left to a replica that has it.
	ClientFor func(ctx context.Context, st store.Store, athleteID string) (*intervals.ClientWithResponses, error)
	// InFlight is how long a request sent before a crash may still land upstream: the
	// Intervals.icu client's timeout per attempt (real upstreams finish a request whose
	// client has gone). A rolled-back journal whose last request may have been in flight is
	// looked at again once InFlight has passed since its claim, and undone again where that
	// request landed. 0 means 15 s.
	InFlight time.Duration
	// Tick is how often the recovery looks for abandoned journals; 0 means 30 s.
	Tick time.Duration
	// Lease is the store's journal lease (store.Config.JournalLease); 0 means
	// store.DefaultJournalLease. A journal is renewed every third of it while it is written
	// or undone.
	Lease  time.Duration
	Now    func() time.Time // nil: time.Now
	Logger *slog.Logger     // nil: silent
}

// Keeper keeps the write journals of one process: it opens the store on first need, serves
// the calls (Begin), and recovers the journals of processes that died. A nil *Keeper keeps
// nothing: every call runs as if no store were configured.
type Keeper struct {
	opts Options

	mu      sync.Mutex
	st      store.Store
	closed  bool
	stop    context.CancelFunc
	stopped chan struct{}

	background context.Context // the recovery loop's: rechecks run under it
	rechecks   sync.WaitGroup  // rechecks running (rollBackOne)

	marks   marks   // this process's journals in flight and being rolled back (settle.go)
	pending pending // the callers that may have work pending in the store (pending.go)
}

// New returns the Keeper of opts. It opens nothing yet.
func New(opts Options) *Keeper {
	if opts.Lease <= 0 {
		opts.Lease = store.DefaultJournalLease
	}
	if opts.InFlight <= 0 {
		opts.InFlight = 15 * time.Second
	}
	if opts.Tick <= 0 {
		opts.Tick = 30 * time.Second
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	return &Keeper{opts: opts}
}

var errStoreClosed = errors.New("the store is closed: the server is shutting down")

// Start opens the store in the background when it holds work (Options.HoldsWork), so that a
// dead process's journals are rolled back at once rather than at the first call.
func (k *Keeper) Start(ctx context.Context) {
	if k != nil && k.opts.HoldsWork {
		go func() { _, _ = k.Open(ctx) }()
	}
}

// Open opens the store now (once) and starts the recovery loop.
func (k *Keeper) Open(ctx context.Context) (store.Store, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.st != nil {
		return k.st, nil
	}
	if k.closed {
		return nil, errStoreClosed
	}
	st, err := k.opts.Open(ctx)
	if err != nil {
		return nil, err
	}
	k.st = st
	loop, cancel := context.WithCancel(context.Background())
	k.stop, k.stopped, k.background = cancel, make(chan struct{}), loop
	go k.loop(loop, st)
	return st, nil
}

// Opened is the store if it is open, else nil.
func (k *Keeper) Opened() store.Store {
	if k == nil {
		return nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.st
}

// Ping is the readiness check: the store answers (a store not opened yet is not needed).
func (k *Keeper) Ping(ctx context.Context) error {
	if st := k.Opened(); st != nil {
		return st.Ping(ctx)
	}
	return nil
}

// Close stops the recovery loop and closes the store; it is not opened again.
func (k *Keeper) Close() error {
	if k == nil {
		return nil
	}
	k.mu.Lock()
	st, stop, stopped := k.st, k.stop, k.stopped
	k.st, k.closed = nil, true
	k.mu.Unlock()
	if st == nil {
		return nil
	}
	stop() // the recovery's requests end with its context (the lock is not held: they may ask Open)
	<-stopped
	k.rechecks.Wait()
	return st.Close()
}

func (k *Keeper) now() time.Time {
	if k.opts.Now != nil {
		return k.opts.Now()
	}
	return time.Now()
}

func (k *Keeper) log(msg string, args ...any) { k.opts.Logger.Warn(msg, args...) }

// heartbeat is how often a journal's lease is renewed while it is written or undone.
func (k *Keeper) heartbeat() time.Duration { return max(k.opts.Lease/3, 10*time.Millisecond) }
