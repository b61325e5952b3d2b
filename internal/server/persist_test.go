package server

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/journal"
	"github.com/intervals-mcp/intervals-mcp/internal/journal/journaltest"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The store wired into the calls, on SQLite, in one test process: each journal.Keeper is a
// replica (its own store.DB, its own replica id) on one database file, as two processes would
// be. internal/journal tests the recovery itself; cmd/intervals-mcp's replica test does the
// same with two server processes on PostgreSQL.

// replica is one process of the test: its journals and its runtime.
type replica struct {
	k  *journal.Keeper
	rt *Runtime
}

// newReplica opens a replica on the store in dir, calling the fake with credential's caller
// keys. wrap, if set, wraps its store (to fail it on cue).
func newReplica(t *testing.T, dir string, fake *fakeicu.Fake, clock *journaltest.Clock, credential string, lease time.Duration, wrap func(store.Store) store.Store) *replica {
	t.Helper()
	client := journaltest.Client(t, fake)
	k := journal.New(journal.Options{Credential: credential, Client: client, Tick: time.Hour, Lease: lease, Now: clock.Now, Open: journaltest.Open(dir, lease, wrap)})
	t.Cleanup(func() { k.Close() })
	return &replica{k: k, rt: &Runtime{Client: client, Credential: credential, Now: clock.Now, Journals: k, Cache: &toolcall.Cache{}}}
}

func (r *replica) call(t *testing.T, name string, args any) (string, bool) {
	t.Helper()
	cat, err := NewCatalog(tools.All(), allOn())
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(args)
	res := cat.Call(context.Background(), r.rt, name, raw, nil)
	return res.Text, res.IsError
}

var tokenRE = regexp.MustCompile(`confirm="([^"]+)"`)

// TestStoredRangeDeleteAcrossReplicas previews a range delete through one replica and
// confirms it through another; the token works once, and not for another caller.
func TestStoredRangeDeleteAcrossReplicas(t *testing.T) {
	dir := t.TempDir()
	clock := &journaltest.Clock{}
	fake := fakeicu.New(fakeicu.Options{Now: clock.Now})
	a := newReplica(t, dir, fake, clock, "key-1", 0, nil)
	b := newReplica(t, dir, fake, clock, "key-1", 0, nil)
	other := newReplica(t, dir, fake, clock, "key-2", 0, nil)
	args := map[string]any{"oldest": "2026-12-01", "newest": "2026-12-06"}
	preview, isErr := a.call(t, "delete_events_by_date_range", args)
	m := tokenRE.FindStringSubmatch(preview)
	if isErr || m == nil || len(fake.Writes()) != 0 {
		t.Fatalf("preview: %q", preview)
	}
	args["confirm"] = m[1]
	if text, isErr := other.call(t, "delete_events_by_date_range", args); !isErr || !strings.Contains(text, "another caller") || len(fake.Writes()) != 0 {
		t.Errorf("another caller's confirmation: %v %q", isErr, text)
	}
	if text, isErr := b.call(t, "delete_events_by_date_range", args); isErr || !strings.HasPrefix(text, "Deleted") || len(fake.Writes()) != 1 {
		t.Fatalf("confirmed through the other replica: %v %q (%d writes)", isErr, text, len(fake.Writes()))
	}
	if text, isErr := a.call(t, "delete_events_by_date_range", args); !isErr || !strings.Contains(text, "already used") {
		t.Errorf("a second confirmation: %v %q", isErr, text)
	}
	args["confirm"] = "NOTATOKEN"
	if text, isErr := a.call(t, "delete_events_by_date_range", args); !isErr || !strings.Contains(text, "unknown") {
		t.Errorf("an unknown token: %v %q", isErr, text)
	}
}

// TestStoredRangeDeleteAsksTheUserFirst: with a client that asks its user, the tool runs
// twice (before and after the answer); the token is taken only once the user said yes.
func TestStoredRangeDeleteAsksTheUserFirst(t *testing.T) {
	clock := &journaltest.Clock{}
	fake := fakeicu.New(fakeicu.Options{Now: clock.Now})
	r := newReplica(t, t.TempDir(), fake, clock, "key-1", 0, nil)
	asked := 0
	cs := connect(t, Options{Tools: tools.All(), Runtime: *r.rt}, &mcp.ClientOptions{
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			asked++
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"confirm": true}}, nil
		},
	})
	args := map[string]any{"oldest": "2026-12-01", "newest": "2026-12-06"}
	preview, _ := call(t, cs, "delete_events_by_date_range", args)
	m := tokenRE.FindStringSubmatch(preview)
	if m == nil {
		t.Fatalf("preview: %q", preview)
	}
	args["confirm"] = m[1]
	if text, isErr := call(t, cs, "delete_events_by_date_range", args); isErr || asked != 1 || !strings.HasPrefix(text, "Deleted") {
		t.Errorf("asked %d, answer %v %q", asked, isErr, text)
	}
}

// TestOverBudgetIsAToolErrorAtOnce: a caller past its budget whose turn would come after the
// call's deadline gets a tool error saying when to retry, without a wait and without a
// request upstream.
func TestOverBudgetIsAToolErrorAtOnce(t *testing.T) {
	clock := &journaltest.Clock{}
	fake := fakeicu.New(fakeicu.Options{Now: clock.Now, LogRequests: true})
	r := newReplica(t, t.TempDir(), fake, clock, "key-1", 0, nil)
	client, err := intervals.New(intervals.Options{APIKey: fakeicu.DefaultAPIKey, HTTPClient: &http.Client{Transport: fake.Transport()},
		Budget: store.CallerBudget(r.k.Open, store.Bucket{Rate: 0.01, Burst: 2}, store.Bucket{Key: "global", Rate: 100, Burst: 100}, callerKey, clock.Now)})
	if err != nil {
		t.Fatal(err)
	}
	r.rt.Client = client
	var text string
	isErr := false
	for i := 0; i < 5 && !isErr; i++ { // the calendar, which the read cache does not keep
		text, isErr = r.call(t, "get_events", map[string]any{})
	}
	if !isErr || !strings.Contains(text, "too many requests to Intervals.icu") || !strings.Contains(text, "try again in") {
		t.Errorf("over budget: %v %q", isErr, text)
	}
	if n := len(fake.TakeRequests()); n > 2 {
		t.Errorf("%d requests reached Intervals.icu, the burst is 2", n)
	}
}

// callerKey is the caller key of a call's context, as the server sets it.
func callerKey(ctx context.Context) string {
	c, _ := caller.From(ctx)
	return c.Key
}
