package fakeicu

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// DefaultAPIKey is the key the fake accepts when Options.APIKey is empty. It is not a
// secret: `intervals-mcp fake` prints it.
const DefaultAPIKey = "intervals-demo-key"

// DemoAthleteID is the id of the primary synthetic athlete, the account behind the key.
const DemoAthleteID = "i100001"

// Options configure a Fake. The zero value is a working fake with seed 1 and DefaultAPIKey.
type Options struct {
	Seed        int64  // synthetic data seed; 0 means 1
	APIKey      string // accepted as Basic auth password (user API_KEY); "" means DefaultAPIKey
	BearerToken string // if set, also accepted as "Authorization: Bearer <token>" (OAuth)
	// OAuthClientID and OAuthClientSecret are the OAuth app the fake knows (its
	// /oauth/authorize and /api/oauth/token, see oauth.go); "" means DemoOAuthClientID and
	// DemoOAuthClientSecret. The tokens it issues are accepted as Bearer with their scopes.
	OAuthClientID, OAuthClientSecret string
	// Now is the fake's clock; nil means time.Now. An athlete's "today" is the date at Now in
	// the athlete's time zone: the data are generated around it and events default to
	// today..today+6.
	Now    func() time.Time
	Faults []Fault      // injected from the start, as by Inject
	Logger *slog.Logger // one debug line per request (never a credential); nil: silent
	World  *synth.World // served instead of synth.GenerateAt(Seed, Now()); the fake owns it
	// LogRequests keeps every request for TakeRequests (tests); off, a long-running fake
	// (--demo) does not grow with the requests it serves.
	LogRequests bool
}

// Fake is an in-memory Intervals.icu. It is safe for concurrent use.
type Fake struct {
	opts   Options
	once   sync.Once
	st     *store
	routed sync.Once
	router *router // its routes are registered by routes, on first use
	faults faultSet
	oauth  *oauthStore
	log    eventLog[Write]
	reqs   eventLog[Request]
}

// New returns a fake. It is cheap: the routes are registered and the synthetic world is
// generated on the first request (the world also by the first call of World or Events), so
// a server started with --demo starts fast.
func New(opts Options) *Fake {
	if opts.Seed == 0 {
		opts.Seed = 1
	}
	if opts.APIKey == "" {
		opts.APIKey = DefaultAPIKey
	}
	if opts.OAuthClientID == "" {
		opts.OAuthClientID = DemoOAuthClientID
	}
	if opts.OAuthClientSecret == "" {
		opts.OAuthClientSecret = DemoOAuthClientSecret
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	f := &Fake{opts: opts, router: &router{now: opts.Now}, oauth: newOAuthStore()}
	f.faults.add(opts.Faults...)
	return f
}

// routes returns the router with the API's routes, registered on the first request: a
// --demo server that is only listed never builds them.
func (f *Fake) routes() *router {
	f.routed.Do(func() {
		api.HandlerWithOptions(&server{f: f}, api.StdHTTPServerOptions{
			BaseRouter:       f.router,
			ErrorHandlerFunc: f.paramErrorHandler,
		})
	})
	return f.router
}

// store returns the in-memory store, generating the world on first use.
func (f *Fake) store() *store {
	f.once.Do(func() {
		w := f.opts.World
		if w == nil {
			w = synth.GenerateAt(f.opts.Seed, f.opts.Now())
		}
		f.st = newStore(w, f.opts.Now)
	})
	return f.st
}

// Handler serves the API at /api/v1/... with auth, fault injection and the write log, and
// Intervals.icu's OAuth sign-in at /oauth/authorize and /api/oauth/token.
func (f *Fake) Handler() http.Handler { return http.HandlerFunc(f.serve) }

// Inject adds faults; they apply in the order added, after those already present.
func (f *Fake) Inject(faults ...Fault) { f.faults.add(faults...) }

// ClearFaults removes every fault.
func (f *Fake) ClearFaults() { f.faults.clear() }

// Writes returns the successful writes (2xx answers to POST, PUT, DELETE) so far, oldest first.
func (f *Fake) Writes() []Write { return f.log.list() }

// TakeRequests returns the requests received since the last TakeRequests (or since the
// start), oldest first, faulted ones included, and forgets them. It needs
// Options.LogRequests; without it there are none.
func (f *Fake) TakeRequests() []Request { return f.reqs.take() }

// ResetWrites empties the write log.
func (f *Fake) ResetWrites() { f.log.reset() }

// World returns a deep copy of the current data, writes included: changing it does not
// change the fake.
func (f *Fake) World() *synth.World {
	st := f.store()
	st.mu.RLock()
	b, err := json.Marshal(st.w)
	st.mu.RUnlock()
	if err != nil {
		panic(fmt.Sprintf("fakeicu: copy world: %v", err))
	}
	var w synth.World
	if err := json.Unmarshal(b, &w); err != nil {
		panic(fmt.Sprintf("fakeicu: copy world: %v", err))
	}
	return &w
}

// Events returns a copy of an athlete's calendar ("0" is the primary athlete), sorted by
// start date, or nil for an unknown athlete.
func (f *Fake) Events(athleteID string) []api.Event {
	st := f.store()
	st.mu.RLock()
	defer st.mu.RUnlock()
	a := st.athlete(athleteID)
	if a == nil {
		return nil
	}
	out := make([]api.Event, len(a.Events))
	for i := range a.Events {
		out[i] = cloneJSON(a.Events[i])
	}
	return out
}

// operationIDs maps "METHOD /api/v1/path" to the spec's operationId (made on first use).
var operationIDs = sync.OnceValue(func() map[string]string {
	m := make(map[string]string, len(intervals.Operations))
	for _, op := range intervals.Operations {
		m[op.Method+" "+op.Path] = op.OperationID
	}
	return m
})

// cloneJSON deep-copies a value of a generated type through its JSON form.
func cloneJSON[T any](v T) T {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("fakeicu: copy %T: %v", v, err))
	}
	var out T
	if err := json.Unmarshal(b, &out); err != nil {
		panic(fmt.Sprintf("fakeicu: copy %T: %v", v, err))
	}
	return out
}
