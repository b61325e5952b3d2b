package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The kill -9 tests: a move, a copy and a plan are killed at chosen points of their write
// (the fake holds the next upstream write until the process dies), then the server is started
// again on the same data directory (stdio) or the other replica takes over (HTTP on
// PostgreSQL). Within 10 s every session is moved (copied, planned) or none is, none twice;
// the caller's next call starts with the notice; the same call repeated leaves every session
// exactly once at its target.

// settleTimeout is the upper bound the issue sets: recovered within 10 s.
const settleTimeout = 10 * time.Second

// crashDay is a day n days from today, far enough ahead that the demo calendar is empty there.
func crashDay(n int) string { return time.Now().UTC().AddDate(0, 0, 40+n).Format("2006-01-02") }

// crashCase is one write killed at one point.
type crashCase struct {
	name string
	seed int // sessions "crash 1".."crash N" planned first, on crashDay(0..N-1)
	tool string
	args map[string]any
	op   string // the upstream operation held at the kill
	// undone is what the notice says the rollback did
	undone string
	skip   int // how many of op are served first
	// check says whether the calendar is as it must be: settled (after the recovery:
	// all or nothing) or final (after the repeated call: exactly once at the target); ""
	// when it is, else what is wrong. bad is a state that must never be seen (twice).
	check func(evs []eventAt, final bool) (bad bool, problem string)
}

type eventAt struct{ name, day string }

// startCrashFake serves a fake that reads each request's body before its faults: a held
// request then ends as soon as the killed process's connection closes (net/http notices a
// closed connection only once the body is read).
func startCrashFake(t *testing.T) (*fakeicu.Fake, string) {
	f := fakeicu.New(fakeicu.Options{LogRequests: true})
	h := f.Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		if err != nil {
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(b))
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return f, srv.URL
}

// crashEvents are the events of the test's sessions (named "crash ..." or "plan ...").
func crashEvents(f *fakeicu.Fake) []eventAt {
	var out []eventAt
	for _, e := range f.Events("0") {
		name := deref(e.Name)
		if strings.HasPrefix(name, "crash ") || strings.HasPrefix(name, "plan ") {
			day := deref(e.StartDateLocal)
			if len(day) >= 10 {
				day = day[:10]
			}
			out = append(out, eventAt{name, day})
		}
	}
	return out
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// byName groups days by session name.
func byName(evs []eventAt) map[string][]string {
	m := map[string][]string{}
	for _, e := range evs {
		m[e.name] = append(m[e.name], e.day)
	}
	return m
}

// moveCheck: n sessions moved by days. Settled: all on their first day or all on their
// target; final: all on their target; each once, never days*2 away.
func moveCheck(n, days int) func([]eventAt, bool) (bool, string) {
	return func(evs []eventAt, final bool) (bool, string) {
		m := byName(evs)
		moved, stayed := 0, 0
		for i := range n {
			name := fmt.Sprintf("crash %d", i+1)
			ds := m[name]
			switch {
			case len(ds) != 1:
				return len(ds) > 1, fmt.Sprintf("%s is on %v", name, ds)
			case ds[0] == crashDay(i+2*days):
				return true, fmt.Sprintf("%s moved twice, to %s", name, ds[0])
			case ds[0] == crashDay(i+days):
				moved++
			case ds[0] == crashDay(i):
				stayed++
			default:
				return true, fmt.Sprintf("%s is on %s", name, ds[0])
			}
		}
		if moved != n && (final || stayed != n) {
			return false, fmt.Sprintf("%d of %d moved", moved, n)
		}
		return false, ""
	}
}

// copyCheck: n sessions copied by days. Settled: no copy or every copy; final: every copy;
// never two copies of one.
func copyCheck(n, days int) func([]eventAt, bool) (bool, string) {
	return func(evs []eventAt, final bool) (bool, string) {
		m := byName(evs)
		copied := 0
		for i := range n {
			name := fmt.Sprintf("crash %d", i+1)
			ds := m[name]
			switch {
			case len(ds) > 2:
				return true, fmt.Sprintf("%s is on %v", name, ds)
			case len(ds) == 2 && ds[0] == crashDay(i) && ds[1] == crashDay(i+days):
				copied++
			case len(ds) != 1 || ds[0] != crashDay(i):
				return false, fmt.Sprintf("%s is on %v", name, ds)
			}
		}
		if copied != n && (final || copied != 0) {
			return false, fmt.Sprintf("%d of %d copied", copied, n)
		}
		return false, ""
	}
}

// planCheck: a plan of n sessions "plan i" on crashDay(i). Settled: none or all; final:
// all; each once.
func planCheck(n int) func([]eventAt, bool) (bool, string) {
	return func(evs []eventAt, final bool) (bool, string) {
		m := byName(evs)
		for name, ds := range m {
			if len(ds) > 1 {
				return true, fmt.Sprintf("%s is on %v", name, ds)
			}
		}
		if len(evs) == 0 && !final {
			return false, ""
		}
		if len(evs) != n {
			return false, fmt.Sprintf("%d of %d planned", len(evs), n)
		}
		for i := range n {
			if ds := m[fmt.Sprintf("plan %d", i+1)]; len(ds) != 1 || ds[0] != crashDay(i) {
				return false, fmt.Sprintf("plan %d is on %v", i+1, ds)
			}
		}
		return false, ""
	}
}

func planSessionsArgs(plan, prefix string, n int) map[string]any {
	var sessions []map[string]any
	for i := range n {
		sessions = append(sessions, map[string]any{"date": crashDay(i), "sport": "Run", "name": fmt.Sprintf("%s %d", prefix, i+1), "duration": "40:00"})
	}
	return map[string]any{"plan": plan, "sessions": sessions}
}

// crashCases are the writes and the points they are killed at: a move of 13 sessions before
// its first change, after 7 and after 12; a copy of 25 (two creates) in its first create and
// in its second; a plan of 60 (three creates) in its second and in its third.
func crashCases() []crashCase {
	move := map[string]any{"oldest": crashDay(0), "newest": crashDay(12), "days": 7}
	cp := map[string]any{"oldest": crashDay(0), "newest": crashDay(24), "to_date": crashDay(40)}
	plan := planSessionsArgs("crashplan", "plan", 60)
	var cs []crashCase
	nothing := "before it changed anything"
	for _, k := range []int{0, 7, 12} {
		undone := fmt.Sprintf("rolled back: %d put back as they were", k)
		if k == 0 {
			undone = nothing
		}
		cs = append(cs, crashCase{name: fmt.Sprintf("move killed after %d of 13", k), seed: 13, tool: "move_sessions", args: move, op: "updateEvent", skip: k, undone: undone, check: moveCheck(13, 7)})
	}
	for _, k := range []int{0, 1} {
		undone := fmt.Sprintf("rolled back: %d session(s) removed", 20*k)
		if k == 0 {
			undone = nothing
		}
		cs = append(cs, crashCase{name: fmt.Sprintf("copy killed in create %d of 2", k+1), seed: 25, tool: "copy_sessions", args: cp, op: "createMultipleEvents", skip: k, undone: undone, check: copyCheck(25, 40)})
	}
	for _, k := range []int{1, 2} {
		cs = append(cs, crashCase{name: fmt.Sprintf("plan killed in create %d of 3", k+1), tool: "plan_sessions", args: plan, op: "createMultipleEvents", skip: k, undone: fmt.Sprintf("rolled back: %d session(s) removed", 20*k), check: planCheck(60)})
	}
	return cs
}

// callFunc is how a test reaches a server: a tool call's text and whether it is an error.
type callFunc func(t *testing.T, name string, args map[string]any) (string, bool)

// seed plans the case's sessions through call, and checks they are there.
func (c crashCase) seedThrough(t *testing.T, f *fakeicu.Fake, call callFunc) {
	t.Helper()
	if c.seed == 0 {
		return
	}
	if text, isErr := call(t, "plan_sessions", planSessionsArgs("crashseed", "crash", c.seed)); isErr {
		t.Fatalf("seed: %s", text)
	}
	if n := len(crashEvents(f)); n != c.seed {
		t.Fatalf("%d sessions seeded, want %d", n, c.seed)
	}
}

// holdAndKill starts the case's write through cs, waits until the fake holds its op after
// skip served ones, and kills the process.
func (c crashCase) holdAndKill(t *testing.T, f *fakeicu.Fake, cs *mcp.ClientSession, kill func() error) {
	t.Helper()
	f.TakeRequests()
	f.Inject(fakeicu.Fault{Kind: fakeicu.FaultLatency, Delay: 5 * time.Minute, Operation: c.op, Skip: c.skip})
	go func() { // its answer never comes: the process dies
		_, _ = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
	}()
	waitForRequests(t, f, 60*time.Second, c.op, c.skip+1, fmt.Sprintf("%s number %d at the fake", c.op, c.skip+1))
	if err := kill(); err != nil { // SIGKILL: no deferred code, no rollback
		t.Fatal(err)
	}
	f.ClearFaults()
}

// settled polls the fake until the case's calendar is all or nothing, for settleTimeout at
// most, failing at once on a state that must never be.
func (c crashCase) settled(t *testing.T, f *fakeicu.Fake) {
	t.Helper()
	end := time.Now().Add(settleTimeout)
	for {
		bad, problem := c.check(crashEvents(f), false)
		if bad {
			t.Fatalf("after the kill: %s", problem)
		}
		if problem == "" {
			return
		}
		if time.Now().After(end) {
			t.Fatalf("not settled %s after the restart: %s", settleTimeout, problem)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// repeat sends the same call again and checks that it leaves every session once at its
// target; noticed says whether its answer must start with the notice.
func (c crashCase) repeat(t *testing.T, f *fakeicu.Fake, call callFunc, noticed bool) {
	t.Helper()
	text, isErr := call(t, c.tool, c.args)
	if isErr {
		t.Fatalf("the repeated call: %s", text)
	}
	if noticed {
		checkNotice(t, c.tool, c.undone, text)
	}
	if _, problem := c.check(crashEvents(f), true); problem != "" {
		t.Fatalf("after the repeated call: %s\n%s", problem, text)
	}
}

// noticeRead calls a read until its answer no longer opens with the line that a write of the
// caller's is not settled yet (its last request is looked at again once a try upstream has
// timed out: 15 s at most), and returns that answer.
func noticeRead(t *testing.T, call callFunc) string {
	t.Helper()
	end := time.Now().Add(20 * time.Second)
	for {
		text, isErr := call(t, "get_gear_list", map[string]any{})
		if isErr {
			t.Fatal(text)
		}
		if !strings.HasPrefix(text, "Note: your ") {
			return text
		}
		if time.Now().After(end) {
			t.Fatalf("still not settled 20 s later: %.400s", text)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// toldOf says whether text opens with what became of the caller's interrupted tool call: its
// notice, or the line that it is not settled yet.
func toldOf(tool, text string) bool {
	return strings.HasPrefix(text, "Your "+tool+" of ") || strings.HasPrefix(text, "Note: your "+tool+" (")
}

// checkNotice checks that text starts with the notice of tool's interrupted write, saying want
// (what the rollback did).
func checkNotice(t *testing.T, tool, want, text string) {
	t.Helper()
	first := strings.SplitN(text, "\n", 2)[0]
	if !strings.HasPrefix(text, "Your "+tool+" of ") || !strings.Contains(first, "was interrupted") || !strings.Contains(first, want) {
		t.Errorf("the caller's next call does not start with the notice saying %q:\n%.600s", want, text)
	}
}

// stdioProc is one stdio server process on a data directory and its client session.
type stdioProc struct {
	cmd *exec.Cmd
	cs  *mcp.ClientSession
}

// quickCalls is a call time limit of 10 s: a try upstream has 4 s (2/5 of it), so a request
// sent before a crash is looked at again 4 s after the recovery's claim, not 15.
const quickCalls = "INTERVALS_CALL_TIMEOUT=10s"

// startStdio starts a stdio server on dir. Its journal lease is a minute, longer than the
// 10 s a recovery may take: only knowing the dead process dead recovers its journals in time.
func startStdio(t *testing.T, dir, fakeURL string) *stdioProc {
	t.Helper()
	cmd := command(t, []string{"API_KEY=" + fakeicu.DefaultAPIKey, "INTERVALS_MCP_JOURNAL_LEASE=1m", quickCalls}, "serve", "--data-dir", dir, "--base-url", fakeURL, "--toolsets", "all")
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "crash-test", Version: "1"}, nil).Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return &stdioProc{cmd: cmd, cs: cs}
}

func (p *stdioProc) call(t *testing.T, name string, args map[string]any) (string, bool) {
	t.Helper()
	return sessionCall(t, p.cs, name, args)
}

// TestStdioKilledMidWriteIsRecoveredAtTheNextStart: each case over stdio, killed, then the
// server started again on the same data directory. The moves are left to the start's own
// recovery (no call until the calendar is settled), and the next call, a read, starts with
// the notice; the copies and plans are repeated at once after the start, as a desktop user
// does, and that call rolls the dead process's journal back first.
func TestStdioKilledMidWriteIsRecoveredAtTheNextStart(t *testing.T) {
	for _, c := range crashCases() {
		t.Run(c.name, func(t *testing.T) {
			fake, fakeURL := startCrashFake(t)
			dir := t.TempDir()
			first := startStdio(t, dir, fakeURL)
			c.seedThrough(t, fake, first.call)
			c.holdAndKill(t, fake, first.cs, first.cmd.Process.Kill)
			// The session's close waits for the process (go-sdk's CommandTransport waits for it
			// once; a Wait of our own beside it would race with that one).
			_ = first.cs.Close()
			next := startStdio(t, dir, fakeURL)
			if c.tool == "move_sessions" {
				if text, isErr := next.call(t, "get_gear_list", map[string]any{}); isErr || !toldOf(c.tool, text) {
					t.Errorf("the first call after the restart says nothing of the write: %.400s", text)
				}
				c.settled(t, fake)
				checkNotice(t, c.tool, c.undone, noticeRead(t, next.call))
				c.repeat(t, fake, next.call, false)
				return
			}
			c.repeat(t, fake, next.call, true)
		})
	}
}

// TestReplicaKilledMidWriteIsTakenOverByTheOther: a move, a copy and a plan, each killed on
// one of two HTTP replicas on PostgreSQL: the other settles the calendar within 10 s (all or
// nothing, never twice), the caller's next call there starts with the notice, and the same
// call repeated there leaves each session once at its target.
func TestReplicaKilledMidWriteIsTakenOverByTheOther(t *testing.T) {
	dbURL := testDatabase(t)
	var cases []crashCase
	for _, c := range crashCases() {
		if strings.HasSuffix(c.name, "after 7 of 13") || strings.Contains(c.name, "create 2 of") {
			cases = append(cases, c)
		}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fake, fakeURL := startCrashFake(t)
			a, b := startReplica(t, dbURL, fakeURL, quickCalls), startReplica(t, dbURL, fakeURL, quickCalls)
			c.seedThrough(t, fake, a.call)
			c.holdAndKill(t, fake, a.cs, a.cmd.Kill)
			// A read on b at once, while a's journal is still a's (its lease runs): told.
			if text, isErr := b.call(t, "get_gear_list", map[string]any{}); isErr || !toldOf(c.tool, text) {
				t.Errorf("a read on the other replica right after the kill says nothing of the write: %.400s", text)
			}
			c.settled(t, fake)
			checkNotice(t, c.tool, c.undone, noticeRead(t, b.call))
			c.repeat(t, fake, b.call, false)
		})
	}
}

// TestSlowWriteKeepsItsJournal: a move whose upstream stalls for three leases is not taken
// for dead by the other replica (its replica renews the lease while it waits): it completes,
// every session moved once, and no notice follows.
func TestSlowWriteKeepsItsJournal(t *testing.T) {
	dbURL := testDatabase(t)
	fake, fakeURL := startCrashFake(t)
	a, b := startReplica(t, dbURL, fakeURL), startReplica(t, dbURL, fakeURL) // a lease of 2 s
	c := crashCases()[1]
	c.seedThrough(t, fake, a.call)
	fake.Inject(fakeicu.Fault{Kind: fakeicu.FaultLatency, Delay: 6 * time.Second, Operation: "updateEvent", Skip: 3, Count: 1})
	c.repeat(t, fake, a.call, false)
	for _, r := range []*replicaProc{a, b} {
		if text, _ := r.call(t, "get_gear_list", map[string]any{}); strings.HasPrefix(text, "Your ") {
			t.Errorf("a notice after a write that completed: %.300s", text)
		}
	}
}
