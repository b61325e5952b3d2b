package journal

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/journal/journaltest"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/schema"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
)

// The journals of the catalog's real writes, on SQLite, in one test process: each Keeper is a
// replica (its own store.DB, its own replica id) on one database file (journaltest.Open), as
// two processes would be. cmd/intervals-mcp's replica test does the same with two server
// processes on PostgreSQL.

// replica is one process of the test: its Keeper and its Intervals.icu client.
type replica struct {
	k          *Keeper
	client     *intervals.ClientWithResponses
	credential string
	clock      *journaltest.Clock
}

// newReplica opens a replica on the store in dir, calling the fake with credential's caller
// keys. wrap, if set, wraps its store (to fail it on cue).
func newReplica(t *testing.T, dir string, fake *fakeicu.Fake, clock *journaltest.Clock, credential string, lease time.Duration, wrap func(store.Store) store.Store) *replica {
	t.Helper()
	client := journaltest.Client(t, fake)
	k := New(Options{Credential: credential, Client: client, Tick: time.Hour, Lease: lease, InFlight: 20 * time.Millisecond, Now: clock.Now, Open: journaltest.Open(dir, lease, wrap)})
	t.Cleanup(func() { k.Close() })
	return &replica{k: k, client: client, credential: credential, clock: clock}
}

// call runs one of the catalog's tools as the MCP server does, in short: its arguments
// checked, the caller's key set, the call begun (its caller's journals settled), the tool
// run (a panic is a crash: the journal is abandoned), the call ended, the notices at the top.
func (r *replica) call(t *testing.T, name string, args any) (string, bool) {
	t.Helper()
	var tool manifest.Tool
	for _, x := range tools.All() {
		if x.Name == name && !x.ReadOnlyVariant {
			tool = x
		}
	}
	in, err := schema.CompileJSON(tool.Schema)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	raw, _ := json.Marshal(args)
	checked, err := in.Check(raw)
	if err != nil {
		return err.Error(), true
	}
	env := &toolcall.Env{Client: r.client, AthleteID: "0", Now: r.clock.Now, Cache: &toolcall.Cache{}, Writes: &toolcall.Writes{},
		Caller: caller.Caller{Key: caller.KeyOf(r.credential, "0")}}
	ctx := caller.With(context.Background(), env.Caller)
	c, err := r.k.Begin(ctx, env, name, tool.Access != manifest.Read)
	text, crashed := "", false
	if err == nil {
		text, err, crashed = run(ctx, tool, env, checked)
	}
	if crashed {
		c.Abandon()
	} else {
		c.End(ctx, err != nil)
	}
	if err != nil {
		text = err.Error()
	}
	if ns := c.Notices(ctx); len(ns) > 0 {
		text = strings.Join(ns, "\n") + "\n\n" + text
	}
	return text, err != nil
}

func run(ctx context.Context, tool manifest.Tool, env *toolcall.Env, args json.RawMessage) (text string, err error, crashed bool) {
	defer func() {
		if r := recover(); r != nil {
			text, err, crashed = "", fmt.Errorf("%s failed with an internal error (%v)", tool.Name, r), true
		}
	}()
	text, err = tool.Run(ctx, env, args)
	return text, err, false
}

// waitUntil polls cond for a minute at most.
func waitUntil(t *testing.T, cond func() bool) {
	t.Helper()
	// A wait for a state, not a timing: the first call opens and migrates the store, which
	// can take over 5 s under -race on a busy shared host.
	for end := time.Now().Add(60 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("still waiting after 60 s")
		}
	}
}
