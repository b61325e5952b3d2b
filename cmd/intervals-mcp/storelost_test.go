package main

import (
	"context"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// pgBin is where Debian's PostgreSQL 15 server programs are.
const pgBin = "/usr/lib/postgresql/15/bin"

// privatePostgres is a PostgreSQL server of the test's own, in a temporary directory, that the
// test stops and starts: its database URL, and pg_ctl to run ("stop", "start").
type privatePostgres struct {
	url string
	ctl func(t *testing.T, action string)
}

// startPrivatePostgres initialises and starts a server with initdb and pg_ctl (as the user
// postgres, through runuser, when the test runs as root: PostgreSQL refuses root). Without the
// programs the test skips, saying what to install; under CI=true it fails instead.
func startPrivatePostgres(t *testing.T) *privatePostgres {
	t.Helper()
	if _, err := os.Stat(filepath.Join(pgBin, "pg_ctl")); err != nil {
		msg := "PostgreSQL 15's server programs are not in " + pgBin + ", so the test that stops the store mid-write does not run: apt-get install postgresql-15"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg + "; under CI=true it must run")
		}
		t.Skip(msg)
	}
	dir, err := os.MkdirTemp("", "pgprivate")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	var as []string
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Fatalf("running as root, PostgreSQL needs another user: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
		as = []string{"runuser", "-u", "postgres", "--"}
	}
	run := func(t *testing.T, args ...string) {
		t.Helper()
		args = append(as, args...)
		out, err := exec.Command(args[0], args[1:]...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	data := filepath.Join(dir, "data")
	run(t, filepath.Join(pgBin, "initdb"), "-D", data, "-A", "trust", "-U", "test", "--no-sync")
	port := strings.TrimPrefix(freeAddr(t), "127.0.0.1:")
	p := &privatePostgres{
		url: "postgres://test@127.0.0.1:" + port + "/postgres?sslmode=disable",
		ctl: func(t *testing.T, action string) {
			t.Helper()
			args := []string{filepath.Join(pgBin, "pg_ctl"), "-D", data, "-w", "-l", filepath.Join(dir, "log")}
			switch action {
			case "start":
				args = append(args, "-o", "-p "+port+" -k "+dir+" -c listen_addresses=127.0.0.1 -c fsync=off", "start")
			case "stop":
				args = append(args, "-m", "immediate", "stop")
			}
			run(t, args...)
		},
	}
	p.ctl(t, "start")
	t.Cleanup(func() {
		args := append(as, filepath.Join(pgBin, "pg_ctl"), "-D", data, "-m", "immediate", "stop")
		_ = exec.Command(args[0], args[1:]...).Run()
	})
	return p
}

// TestStoreLostMidMoveUndoesFromMemory: a move of 10 sessions over stdio on a PostgreSQL of
// the test's own, which the test stops while the fourth change is at the fake. The move stops
// before its next write, undoes what it wrote from the journal it keeps in memory, and its
// answer says so and names the sessions put back; the calendar is as it was. When the server
// is started again, the journal is finished as the call ended it: nothing undone twice, no
// notice that tells it again.
func TestStoreLostMidMoveUndoesFromMemory(t *testing.T) {
	pg := startPrivatePostgres(t)
	fake, fakeURL := startCrashFake(t)
	cmd := command(t, []string{"API_KEY=" + fakeicu.DefaultAPIKey, "INTERVALS_MCP_JOURNAL_LEASE=2s", quickCalls}, "serve", "--database-url", pg.url, "--base-url", fakeURL, "--toolsets", "all")
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "store-lost-test", Version: "1"}, nil).Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	call := func(t *testing.T, name string, args map[string]any) (string, bool) {
		return sessionCall(t, cs, name, args)
	}
	const n = 10
	if text, isErr := call(t, "plan_sessions", planSessionsArgs("crashseed", "crash", n)); isErr {
		t.Fatalf("seed: %s", text)
	}
	fake.TakeRequests()
	fake.Inject(fakeicu.Fault{Kind: fakeicu.FaultLatency, Delay: 2 * time.Second, Operation: "updateEvent", Skip: 3, Count: 1})
	type answer struct {
		text  string
		isErr bool
	}
	done := make(chan answer, 1)
	go func() {
		text, isErr := call(t, "move_sessions", map[string]any{"oldest": crashDay(0), "newest": crashDay(n - 1), "days": 7})
		done <- answer{text, isErr}
	}()
	waitForRequests(t, fake, 30*time.Second, "updateEvent", 4, "the fourth change at the fake")
	pg.ctl(t, "stop")
	a := <-done
	t.Log(a.text)
	if !a.isErr {
		t.Fatalf("the move went on without its journal: %s", a.text)
	}
	if strings.Contains(a.text, "dial tcp") || strings.Contains(a.text, "127.0.0.1") {
		t.Errorf("network detail in the answer: %s", a.text)
	}
	for _, want := range []string{"the write journal could not be kept (the store (database) did not answer)", "rolled back (0 created event(s) deleted, 4 event(s) put back as they were: " + crashDay(0) + ` "crash 1"`, "the calendar is as before"} {
		if !strings.Contains(a.text, want) {
			t.Errorf("the answer does not say %q:\n%s", want, a.text)
		}
	}
	if m := moved(fake, n); m != 0 {
		t.Errorf("%d session(s) moved after the answer, want none", m)
	}
	pg.ctl(t, "start")
	fake.TakeRequests()
	time.Sleep(4 * time.Second) // two leases: the journal's, had it been left, would be claimed by now
	text, isErr := call(t, "get_gear_list", map[string]any{})
	if isErr || strings.HasPrefix(text, "Your ") || strings.HasPrefix(text, "Note: ") {
		t.Errorf("after the store came back, a notice of a write already told: %v %.400s", isErr, text)
	}
	for _, q := range fake.TakeRequests() {
		if q.Operation == "updateEvent" || q.Operation == "deleteEventsBulk" {
			t.Errorf("after the store came back, a write upstream: %s %s", q.Method, q.Path)
		}
	}
	if m := moved(fake, n); m != 0 {
		t.Errorf("%d session(s) moved at the end, want none", m)
	}
	if text, isErr := call(t, "move_sessions", map[string]any{"oldest": crashDay(0), "newest": crashDay(n - 1), "days": 7}); isErr {
		t.Errorf("the move once the store is back: %s", text)
	}
	if m := moved(fake, n); m != n {
		t.Errorf("%d of %d moved by the move once the store is back", m, n)
	}
}
