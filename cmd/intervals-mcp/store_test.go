package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/fakeicutest"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestDemoStoreLeavesNothing: a --demo run that needs the store (a range-delete preview)
// keeps it in a temporary directory, says so, and removes it when it ends, and sweeps the
// store a killed demo process left. The environment's INTERVALS_MCP_DATA_DIR and
// DATABASE_URL (a real server's, say in its .env) are not the demo's.
func TestDemoStoreLeavesNothing(t *testing.T) {
	tmp := t.TempDir()
	dead := filepath.Join(tmp, store.TemporaryPrefix+"999999999-1")
	if err := os.Mkdir(dead, 0o700); err != nil {
		t.Fatal(err)
	}
	real := filepath.Join(t.TempDir(), "real-server")
	r := runBin(t, []string{"TMPDIR=" + tmp, "INTERVALS_MCP_DATA_DIR=" + real, "DATABASE_URL=postgres://nobody@127.0.0.1:1/none"},
		"call", "delete_events_by_date_range", `{"oldest":"2026-12-01","newest":"2026-12-31"}`, "--demo")
	if r.code != 0 || !strings.Contains(r.stdout, "confirm=") {
		t.Fatalf("preview: %+v", r)
	}
	if !strings.Contains(r.stderr, "temporary folder") || !strings.Contains(r.stderr, "removed at exit") || !strings.Contains(r.stderr, filepath.Join(tmp, store.TemporaryPrefix)) ||
		!strings.Contains(r.stderr, "--data-dir") {
		t.Errorf("the log does not say where the demo's store is, that it goes at exit and how to keep it:\n%s", r.stderr)
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "*")); len(left) != 0 {
		t.Errorf("left in the temporary directory: %v", left)
	}
	if _, err := os.Stat(real); !os.IsNotExist(err) {
		t.Errorf("the demo wrote into the environment's INTERVALS_MCP_DATA_DIR (%v)", err)
	}
}

// TestDemoHonoursDataDir: call --demo --data-dir D keeps its store in D (a confirmation
// preview stays there after the run), and says so.
func TestDemoHonoursDataDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "demo")
	r := runBin(t, nil, "call", "delete_events_by_date_range", `{"oldest":"2026-12-01","newest":"2026-12-31"}`, "--demo", "--data-dir", dir)
	if r.code != 0 || !strings.Contains(r.stdout, "confirm=") {
		t.Fatalf("preview: %+v", r)
	}
	if _, err := os.Stat(filepath.Join(dir, store.FileName)); err != nil {
		t.Errorf("no store in --data-dir after the demo: %v", err)
	}
	if !strings.Contains(r.stderr, dir) {
		t.Errorf("the log does not name the demo's store:\n%s", r.stderr)
	}
}

// TestDemoSignInGivesAPersonalTokenOnSQLite is the README's demo path, as a user runs it:
// serve --demo with sign-in and --data-dir D, sign in at /account through the fake's approve
// page, intervals-mcp token create --demo --data-dir D, and /mcp takes the token; after a
// restart on D the token is still taken (the demo's seal key is kept in D, 0600).
func TestDemoSignInGivesAPersonalTokenOnSQLite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "demo")
	testDemoPersonalToken(t, nil, "--data-dir", dir)
	info, err := os.Stat(filepath.Join(dir, demoSealKeyFile))
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("the demo's seal key in --data-dir: %v, %v; want a file of mode 0600", info, err)
	}
}

// TestDemoSignInGivesAPersonalTokenOnPostgreSQL: the same with --database-url, which needs
// a seal key given (there is no folder to keep the demo's in); without one, serve says so.
func TestDemoSignInGivesAPersonalTokenOnPostgreSQL(t *testing.T) {
	db := testDatabase(t)
	addr := freeAddr(t)
	if code, stderr := refusesToServe(t, "serve", "--demo", "--transport", "http", "--addr", addr, "--public-url", "http://"+addr, "--database-url", db); code != 2 ||
		!strings.Contains(stderr, "MCP_SEAL_KEYS") || !strings.Contains(stderr, "--seal-key-file") {
		t.Errorf("serve --demo --database-url without a seal key = exit %d, %s; want a usage error asking for one", code, stderr)
	}
	key := make([]byte, 32)
	rand.Read(key)
	testDemoPersonalToken(t, []string{"MCP_SEAL_KEYS=" + base64.StdEncoding.EncodeToString(key)}, "--database-url", db)
}

func testDemoPersonalToken(t *testing.T, env []string, storeFlag ...string) {
	addr := freeAddr(t)
	serve := append([]string{"serve", "--demo", "--transport", "http", "--addr", addr, "--public-url", "http://" + addr}, storeFlag...)
	base, srv := startListening(t, addr, env, serve...)
	signInToAccount(t, base)
	r := runBin(t, env, append([]string{"token", "create", "--demo", "--athlete", fakeicu.DemoAthleteID, "--scope", "read", "--expires", "30d", "--name", "laptop"}, storeFlag...)...)
	tok := strings.TrimSpace(r.stdout)
	if r.code != 0 || !strings.HasPrefix(tok, "imcp_pat_") {
		t.Fatalf("token create after signing in on the demo = %+v", r)
	}
	checkSession(t, &mcp.StreamableClientTransport{Endpoint: base + "/mcp", HTTPClient: mcptest.BearerClient(tok)})

	stop(t, srv)
	base, _ = startListening(t, addr, env, serve...)
	listTools(t, base, tok)  // the sealed sign-in opens after a restart
	signInToAccount(t, base) // the new run's fake knows no sign-in of the last run's: once again
	checkSession(t, &mcp.StreamableClientTransport{Endpoint: base + "/mcp", HTTPClient: mcptest.BearerClient(tok)})
	if r := runBin(t, env, append([]string{"token", "list", "--demo"}, storeFlag...)...); r.code != 0 || !strings.Contains(r.stdout, "laptop") {
		t.Errorf("token list after the restart = %+v", r)
	}
}

// signInToAccount signs in at base's /account as a browser does: its sign-in form, the
// fake's approve page (the primary demo athlete), our callback, back to /account.
func signInToAccount(t *testing.T, base string) {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar, Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := browser.Get(base + "/account")
	if err != nil {
		t.Fatal(err)
	}
	form, err := fakeicutest.ReadForm(resp.Request.URL, resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPost, form.Action, strings.NewReader(form.Hidden.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", base)
	resp, err = browser.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	up, err := resp.Location()
	if resp.StatusCode != http.StatusSeeOther || err != nil {
		t.Fatalf("POST %s = %d, want a redirect to the sign-in", form.Action, resp.StatusCode)
	}
	back := fakeicutest.SignIn(t, browser, up.String(), "", "allow")
	resp, err = browser.Get(back.String())
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if loc, _ := resp.Location(); resp.StatusCode != http.StatusSeeOther || loc == nil || loc.Path != "/account" {
		t.Fatalf("the callback = %d to %v, want back to /account", resp.StatusCode, loc)
	}
}

// listTools lists base's tools with token over Streamable HTTP.
func listTools(t *testing.T, base, token string) {
	t.Helper()
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: base + "/mcp", HTTPClient: mcptest.BearerClient(token)}, nil)
	if err != nil {
		t.Fatalf("connect with the personal token: %v", err)
	}
	defer cs.Close()
	if tools, err := cs.ListTools(ctx, nil); err != nil || len(tools.Tools) == 0 {
		t.Fatalf("tools/list with the personal token: %v", err)
	}
}

// refusesToServe runs a server command that should stop before serving, and returns its
// exit code and stderr; a server that starts serving instead fails the test (and is ended).
func refusesToServe(t *testing.T, args ...string) (int, string) {
	t.Helper()
	cmd := command(t, nil, args...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	for sc := bufio.NewScanner(stderr); sc.Scan(); {
		out.WriteString(sc.Text() + "\n")
		if strings.Contains(sc.Text(), "serving MCP over HTTP") {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			t.Fatalf("%v serves:\n%s", args, out.String())
		}
	}
	_ = cmd.Wait()
	return cmd.ProcessState.ExitCode(), out.String()
}

// stop ends a server with SIGTERM, as at a restart, and waits for it.
func stop(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
}

// TestStdioOpensAStoreWithoutWorkOnFirstNeed: on a data directory whose store holds nothing
// for a starting process (no unfinished journal, no notice, no dead owner), a stdio server
// lists its tools and answers reads without opening it (no owner lock of its own appears in
// owners/), and a write opens it. With the pending marker there (a writer killed mid-write
// leaves it), the store opens at start, and a clean exit with nothing left clears it.
func TestStdioOpensAStoreWithoutWorkOnFirstNeed(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	if r := runBin(t, nil, "call", "delete_events_by_date_range", `{"oldest":"2026-12-01","newest":"2026-12-31"}`, "--demo", "--data-dir", dir); r.code != 0 {
		t.Fatalf("make the store: %+v", r)
	}
	locks := func() []string {
		l, _ := filepath.Glob(filepath.Join(dir, "owners", "*.lock"))
		return l
	}
	serve := func() *mcp.ClientSession {
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "store-test", Version: "1"}, nil).
			Connect(context.Background(), &mcp.CommandTransport{Command: command(t, nil, "serve", "--demo", "--data-dir", dir)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return cs
	}
	call := func(cs *mcp.ClientSession, name string, args map[string]any) {
		t.Helper()
		if text, isErr := sessionCall(t, cs, name, args); isErr {
			t.Fatalf("%s: %s", name, text)
		}
	}
	if len(locks()) != 0 {
		t.Fatalf("a finished run left owner locks: %v", locks())
	}

	cs := serve()
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	call(cs, "get_athlete_context", map[string]any{})
	if l := locks(); len(l) != 0 {
		t.Errorf("tools/list and a read opened a store with nothing to do: %v", l)
	}
	call(cs, "add_or_update_note", map[string]any{"date": "2026-12-20", "name": "Store test", "description": "opens the store"})
	if l := locks(); len(l) != 1 {
		t.Errorf("a write did not open the store: owner locks %v", l)
	}
	_ = cs.Close()

	marker := filepath.Join(dir, "owners", "pending")
	if err := os.WriteFile(marker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	cs = serve()
	deadline := time.Now().Add(10 * time.Second)
	for len(locks()) == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if len(locks()) != 1 {
		t.Errorf("a store with the pending marker was not opened at start: owner locks %v", locks())
	}
	_ = cs.Close()
	if _, err := os.Stat(marker); !os.IsNotExist(err) {
		t.Errorf("a clean exit with nothing unfinished left the pending marker (%v)", err)
	}
}
