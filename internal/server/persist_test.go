package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The store wired into the calls, on SQLite, in one test process: each Persist is a replica
// (its own store.DB, its own replica id) on one database file, as two processes would be.
// cmd/intervals-mcp's replica test does the same with two server processes on PostgreSQL.

var persistNow = time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)

// testClock is the clock of the replicas and the fake: persistNow, moved on by Advance.
type testClock struct{ d atomic.Int64 }

func (c *testClock) now() time.Time          { return persistNow.Add(time.Duration(c.d.Load())) }
func (c *testClock) advance(d time.Duration) { c.d.Add(int64(d)) }

// replica is one process of the test: its Persist and its runtime.
type replica struct {
	p  *Persist
	rt *Runtime
}

// newReplica opens a replica on the store in dir, calling the fake with credential's caller
// keys. wrap, if set, wraps its store (to fail it on cue).
func newReplica(t *testing.T, dir string, fake *fakeicu.Fake, clock *testClock, credential string, lease time.Duration, wrap func(store.Store) store.Store) *replica {
	t.Helper()
	client, err := intervals.New(intervals.Options{APIKey: fakeicu.DefaultAPIKey, HTTPClient: &http.Client{Transport: fake.Transport()}, RateLimit: -1})
	if err != nil {
		t.Fatal(err)
	}
	p := &Persist{
		Credential: credential, Client: client, Undo: tools.UndoJournal, Tick: time.Hour, Now: clock.now,
		OpenStore: func(ctx context.Context) (store.Store, error) {
			st, err := store.Open(ctx, store.Config{DataDir: dir, JournalLease: lease})
			if err != nil || wrap == nil {
				return st, err
			}
			return wrap(st), nil
		},
	}
	t.Cleanup(func() { p.Close() })
	return &replica{p: p, rt: &Runtime{Client: client, Now: clock.now, Persist: p, Cache: &toolcall.Cache{}}}
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
	clock := &testClock{}
	fake := fakeicu.New(fakeicu.Options{Now: clock.now})
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
	clock := &testClock{}
	fake := fakeicu.New(fakeicu.Options{Now: clock.now})
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

func planArgs(plan string, n int) map[string]any {
	var ss []map[string]any
	for i := range n {
		ss = append(ss, map[string]any{"date": persistNow.AddDate(0, 0, 1+i).Format("2006-01-02"), "sport": "Run", "name": fmt.Sprintf("%s %d", plan, i+1), "duration": "45:00"})
	}
	return map[string]any{"plan": plan, "sessions": ss}
}

// planned counts the sessions of plan upstream.
func planned(fake *fakeicu.Fake, plan string) int {
	n := 0
	for _, e := range fake.Events("0") {
		if e.Name != nil && strings.HasPrefix(*e.Name, plan+" ") {
			n++
		}
	}
	return n
}

// TestOverBudgetIsAToolErrorAtOnce: a caller past its budget gets a tool error saying when
// to retry, without a wait and without a request upstream.
func TestOverBudgetIsAToolErrorAtOnce(t *testing.T) {
	clock := &testClock{}
	fake := fakeicu.New(fakeicu.Options{Now: clock.now, LogRequests: true})
	r := newReplica(t, t.TempDir(), fake, clock, "key-1", 0, nil)
	client, err := intervals.New(intervals.Options{APIKey: fakeicu.DefaultAPIKey, HTTPClient: &http.Client{Transport: fake.Transport()},
		Budget: r.p.Budget(store.Bucket{Rate: 0.1, Burst: 2}, store.Bucket{Key: "global", Rate: 100, Burst: 100})})
	if err != nil {
		t.Fatal(err)
	}
	r.rt.Client, r.p.Client = client, client
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
