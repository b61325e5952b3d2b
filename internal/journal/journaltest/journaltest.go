package journaltest

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// Start is when a Clock starts.
var Start = time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)

// Clock is the clock of the replicas and the fake: Start, moved on by Advance.
type Clock struct{ d atomic.Int64 }

func (c *Clock) Now() time.Time          { return Start.Add(time.Duration(c.d.Load())) }
func (c *Clock) Advance(d time.Duration) { c.d.Add(int64(d)) }

// Client is a client of fake, without the client's own rate limit.
func Client(t testing.TB, fake *fakeicu.Fake) *intervals.ClientWithResponses {
	t.Helper()
	client, err := intervals.New(intervals.Options{APIKey: fakeicu.DefaultAPIKey, HTTPClient: &http.Client{Transport: fake.Transport()}, RateLimit: -1})
	if err != nil {
		t.Fatal(err)
	}
	return client
}

// Open opens a replica's store (its own store.DB, its own replica id) on the SQLite data
// directory dir, with lease; wrap, if set, wraps it (to fail it on cue).
func Open(dir string, lease time.Duration, wrap func(store.Store) store.Store) func(context.Context) (store.Store, error) {
	return func(ctx context.Context) (store.Store, error) {
		st, err := store.Open(ctx, store.Config{DataDir: dir, JournalLease: lease})
		if err != nil || wrap == nil {
			return st, err
		}
		return wrap(st), nil
	}
}

// PlanArgs are plan_sessions's arguments for n runs named "<plan> 1".. from the day after
// Start.
func PlanArgs(plan string, n int) map[string]any {
	var ss []map[string]any
	for i := range n {
		ss = append(ss, map[string]any{"date": Start.AddDate(0, 0, 1+i).Format("2006-01-02"), "sport": "Run", "name": fmt.Sprintf("%s %d", plan, i+1), "duration": "45:00"})
	}
	return map[string]any{"plan": plan, "sessions": ss}
}

// Planned counts the sessions of plan upstream.
func Planned(fake *fakeicu.Fake, plan string) int {
	n := 0
	for _, e := range fake.Events("0") {
		if e.Name != nil && strings.HasPrefix(*e.Name, plan+" ") {
			n++
		}
	}
	return n
}
