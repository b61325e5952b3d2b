package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/fakeicutest"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	_ "github.com/lib/pq" // the "postgres" database/sql driver, to make the test's schema
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// testDatabaseEnv names the PostgreSQL database of the replica test (.ci/postgres prints it).
const testDatabaseEnv = "INTERVALS_TEST_DATABASE_URL"

// testDatabase returns the URL of a fresh schema in the test database, dropped at the end.
// Without the variable the test skips, saying what to install; under CI=true it fails.
func testDatabase(t *testing.T) string {
	t.Helper()
	base := os.Getenv(testDatabaseEnv)
	if base == "" {
		msg := testDatabaseEnv + " is not set, so the replica test (two server processes on one PostgreSQL) does not run: install PostgreSQL " +
			"(apt-get install postgresql), create a role and a database, and set " + testDatabaseEnv +
			"=postgres://user:password@127.0.0.1:5432/db?sslmode=disable (as root, .ci/postgres does all of it and prints the URL)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg + "; under CI=true it must run")
		}
		t.Skip(msg)
	}
	db, err := sql.Open("postgres", base)
	if err != nil {
		t.Fatal(err)
	}
	schema := "replica_" + strings.ToLower(rand.Text()[:12])
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		db.Close()
		t.Fatalf("create schema %s in %s: %v", schema, testDatabaseEnv, err)
	}
	t.Cleanup(func() {
		if _, err := db.Exec("DROP SCHEMA " + schema + " CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
		db.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s is not a URL", testDatabaseEnv)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// replicaProc is one server process of the replica test and a client session on it.
type replicaProc struct {
	cmd interface{ Kill() error }
	cs  *mcp.ClientSession
}

// startReplica runs "serve --transport http" on the test database against the fake, with
// extra environment.
func startReplica(t *testing.T, dbURL, fakeURL string, extra ...string) *replicaProc {
	t.Helper()
	addr := freeAddr(t)
	env := append([]string{"API_KEY=" + fakeicu.DefaultAPIKey, "INTERVALS_MCP_JOURNAL_LEASE=2s", "INTERVALS_MCP_UPSTREAM_RATE=10", "INTERVALS_MCP_GLOBAL_RATE=40"}, extra...)
	base, cmd := startListening(t, addr, env, "serve", "--transport", "http", "--addr", addr, "--database-url", dbURL, "--base-url", fakeURL, "--toolsets", "all")
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "replica-test", Version: "1"}, nil).Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: base + "/mcp"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return &replicaProc{cmd: cmd.Process, cs: cs}
}

func (r *replicaProc) call(t *testing.T, name string, args map[string]any) (string, bool) {
	t.Helper()
	return sessionCall(t, r.cs, name, args)
}

// sessionCall calls a tool through a client session of a server process (a minute at most):
// its text and whether it is an error.
func sessionCall(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) (string, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return mcptest.Text(res), res.IsError
}

// TestReplicasShareTheStore runs two server processes on one PostgreSQL database in front of
// one fake Intervals.icu: a range delete previewed through one is confirmed through the
// other; the upstream budget of each caller holds across both (counted at the fake, within
// one batch of leased tokens), the calls beyond it waiting their turn, none refused; a plan
// interrupted by killing its process (kill -9, mid-plan) is rolled back by the other, and the
// caller's next call once it is settled is told.
func TestReplicasShareTheStore(t *testing.T) {
	dbURL := testDatabase(t)
	fake, fakeURL := fakeicutest.Start(t, fakeicu.Options{LogRequests: true})
	a := startReplica(t, dbURL, fakeURL)
	b := startReplica(t, dbURL, fakeURL)
	today := time.Now().UTC()
	day := func(n int) string { return today.AddDate(0, 0, n).Format("2006-01-02") }

	t.Run("range delete previewed on one, confirmed on the other", func(t *testing.T) {
		args := map[string]any{"oldest": day(2), "newest": day(6)}
		preview, isErr := a.call(t, "delete_events_by_date_range", args)
		m := regexp.MustCompile(`confirm="([^"]+)"`).FindStringSubmatch(preview)
		if isErr || m == nil {
			t.Fatalf("preview: %v %q", isErr, preview)
		}
		args["confirm"] = m[1]
		if text, isErr := b.call(t, "delete_events_by_date_range", args); isErr || !strings.HasPrefix(text, "Deleted") {
			t.Fatalf("confirmed on the other replica: %v %q", isErr, text)
		}
		if text, isErr := a.call(t, "delete_events_by_date_range", args); !isErr || !strings.Contains(text, "already used") {
			t.Errorf("confirmed again on the first: %v %q", isErr, text)
		}
	})

	t.Run("the budget of each caller holds across both", func(t *testing.T) {
		time.Sleep(time.Second) // the buckets fill up again
		fake.TakeRequests()
		var refused atomic.Int64
		var wg sync.WaitGroup
		start := time.Now()
		for _, r := range []*replicaProc{a, b} {
			for _, athlete := range []string{"", "i100002"} {
				for range 4 {
					wg.Add(1)
					go func() {
						defer wg.Done()
						args := map[string]any{}
						if athlete != "" {
							args["athlete"] = athlete
						}
						for time.Since(start) < 2*time.Second {
							// the calendar: the read cache keeps the profile and gear, not it
							res, err := r.cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "get_events", Arguments: args})
							if err == nil && res.IsError && strings.Contains(mcptest.Text(res), "too many requests to Intervals.icu") {
								refused.Add(1)
							}
						}
					}()
				}
			}
		}
		wg.Wait()
		elapsed := time.Since(start) // an upper bound of the window the fake saw
		per := map[string]int{}
		for _, q := range fake.TakeRequests() {
			if strings.HasPrefix(q.Path, "/api/v1/athlete/i100002") {
				per["i100002"]++
			} else {
				per["own"]++
			}
		}
		limit := int(10*elapsed.Seconds()) + 5 + 2 // rate, burst and a batch (10/s for 250 ms)
		for _, who := range []string{"own", "i100002"} {
			if per[who] == 0 || per[who] > limit {
				t.Errorf("%s: %d requests reached the fake in %s from two replicas; the caller's budget allows %d", who, per[who], elapsed.Round(time.Millisecond), limit)
			}
		}
		if n := refused.Load(); n > 0 {
			t.Errorf("%d calls refused by the budget; each should wait its turn, well within the call's time", n)
		}
		t.Logf("in %s: %v requests at the fake (budget %d each), %d calls refused", elapsed.Round(time.Millisecond), per, limit, refused.Load())
	})

	t.Run("a plan killed mid-write is rolled back by the other replica", func(t *testing.T) {
		time.Sleep(time.Second)
		fake.Inject(fakeicu.Fault{Kind: fakeicu.FaultLatency, Delay: 1500 * time.Millisecond, Operation: "createMultipleEvents"})
		defer fake.ClearFaults()
		var sessions []map[string]any
		for i := range 60 {
			sessions = append(sessions, map[string]any{"date": day(10 + i), "sport": "Run", "name": fmt.Sprintf("killed %d", i+1), "duration": "40:00"})
		}
		go func() { // its answer never comes: the process dies
			_, _ = a.cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "plan_sessions", Arguments: map[string]any{"plan": "killed", "sessions": sessions}})
		}()
		count := func() int {
			n := 0
			for _, e := range fake.Events("0") {
				if e.Name != nil && strings.HasPrefix(*e.Name, "killed ") {
					n++
				}
			}
			return n
		}
		waitFor(t, 30*time.Second, "the first 20 sessions upstream", func() bool { return count() >= 20 })
		if err := a.cmd.Kill(); err != nil { // SIGKILL: no deferred code, no rollback
			t.Fatal(err)
		}
		if n := count(); n == 60 {
			t.Fatal("the whole plan was written before the kill: make the fault's delay longer")
		}
		t.Logf("killed with %d of 60 sessions upstream", count())
		waitFor(t, 30*time.Second, "the other replica to roll the plan back", func() bool { return count() == 0 })
		text := noticeRead(t, b.call) // its last create is looked at again once it can no longer land
		if !strings.HasPrefix(text, "Your plan_sessions of ") || !strings.Contains(text, "interrupted and rolled back") {
			t.Errorf("the caller's next call: %q", text)
		}
		t.Logf("notice: %s", strings.SplitN(text, "\n", 2)[0])
	})
}

func waitFor(t *testing.T, d time.Duration, what string, ok func() bool) {
	t.Helper()
	end := time.Now().Add(d)
	for !ok() {
		if time.Now().After(end) {
			t.Fatalf("waited %s for %s", d, what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitForRequests waits at most d for n requests of operation op at the fake, counting
// from its last TakeRequests.
func waitForRequests(t *testing.T, f *fakeicu.Fake, d time.Duration, op string, n int, what string) {
	t.Helper()
	seen := 0
	waitFor(t, d, what, func() bool {
		for _, q := range f.TakeRequests() {
			if q.Operation == op {
				seen++
			}
		}
		return seen >= n
	})
}
