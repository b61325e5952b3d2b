package install

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/goldenfile"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// systems are the machines the goldens cover: a home, the variables the clients read, and
// the folders that exist (the Store package for windows-store).
var systems = []struct {
	name string
	sys  System
	bin  string
}{
	{"darwin", fakeSystem("darwin", "/Users/u", nil), "/Users/u/go/bin/intervals-mcp"},
	{"linux", fakeSystem("linux", "/home/u", nil), "/home/u/go/bin/intervals-mcp"},
	{"windows", fakeSystem("windows", `C:\Users\u`, map[string]string{
		"APPDATA": `C:\Users\u\AppData\Roaming`, "LOCALAPPDATA": `C:\Users\u\AppData\Local`}), `C:\Users\u\go\bin\intervals-mcp.exe`},
	{"windows-store", fakeSystem("windows", `C:\Users\u`, map[string]string{
		"APPDATA": `C:\Users\u\AppData\Roaming`, "LOCALAPPDATA": `C:\Users\u\AppData\Local`},
		`C:\Users\u\AppData\Local\Packages\Claude_pzs8sxrjxfjjc`), `C:\Users\u\go\bin\intervals-mcp.exe`},
}

func fakeSystem(goos, home string, env map[string]string, existing ...string) System {
	return System{GOOS: goos, Home: home, Env: func(k string) string { return env[k] },
		Exists: func(p string) bool {
			for _, e := range existing {
				if p == e {
					return true
				}
			}
			return false
		}}
}

// existing is a client's file before install: another server and another setting, which
// must be kept where they are.
func existing(c Client) string {
	if c.Key == "servers" {
		return `{"inputs":[{"id":"tok","type":"promptString","password":true}],"servers":{"github":{"type":"http","url":"https://api.githubcopilot.com/mcp/"}}}`
	}
	return `{"theme":"dark","mcpServers":{"filesystem":{"command":"npx","args":["-y","@modelcontextprotocol/server-filesystem","/tmp"]}},"zz":1}`
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	want := goldenfile.Want(t, path, got, *update, "go test ./internal/install -update")
	if string(got) != string(want) {
		t.Errorf("%s differs (go test ./internal/install -update rewrites it):\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

// TestPathsPerClientAndSystem pins the file every client reads on every system.
func TestPathsPerClientAndSystem(t *testing.T) {
	var b strings.Builder
	for _, c := range Clients {
		for _, s := range systems {
			p, others := c.Path(s.sys)
			fmt.Fprintf(&b, "%-14s %-13s %s\n", c.ID, s.name, p)
			for _, o := range others {
				fmt.Fprintf(&b, "%-14s %-13s   (not chosen: %s)\n", "", "", o)
			}
		}
	}
	golden(t, "paths.golden", []byte(b.String()))
}

func TestClaudeCodeConfigDir(t *testing.T) {
	c, _ := Lookup("claude-code")
	p, _ := c.Path(fakeSystem("linux", "/home/u", map[string]string{"CLAUDE_CONFIG_DIR": "/cfg"}))
	if p != "/cfg/.claude.json" {
		t.Errorf("CLAUDE_CONFIG_DIR: %s", p)
	}
}

// TestGoldenConfigs writes each client's file on each system over one that holds another
// server and another setting, and compares it with testdata/<client>/<system>.json.
func TestGoldenConfigs(t *testing.T) {
	for _, c := range Clients {
		for _, s := range systems {
			t.Run(c.ID+"/"+s.name, func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "config.json")
				if err := os.WriteFile(path, []byte(existing(c)), 0o644); err != nil {
					t.Fatal(err)
				}
				srv := Server{Command: s.bin, Args: []string{"serve", "--read-only"}, Env: map[string]string{"API_KEY": "<key>", "ATHLETE_ID": "i12345"}}
				res, err := c.Write(path, c.EntryName, srv, Options{Now: time.Date(2026, 12, 1, 9, 30, 0, 0, time.UTC)})
				if err != nil {
					t.Fatal(err)
				}
				got, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				golden(t, filepath.Join(c.ID, s.name+".json"), got)
				if b, _ := os.ReadFile(res.Backup); string(b) != existing(c) {
					t.Errorf("backup %s holds %q", res.Backup, b)
				}
				if !strings.HasSuffix(res.Backup, ".bak-20261201-093000") {
					t.Errorf("backup name %s: want a timestamp", res.Backup)
				}
			})
		}
	}
}

func claudeDesktop(t *testing.T) Client {
	c, ok := Lookup("claude-desktop")
	if !ok {
		t.Fatal("no claude-desktop client")
	}
	return c
}

func TestSameCommandIsReplacedWithoutForce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.json")
	c := claudeDesktop(t)
	if _, err := c.Write(path, "Intervals.icu", Server{Command: "/bin/intervals-mcp"}, Options{}); err != nil {
		t.Fatal(err)
	}
	res, err := c.Write(path, "Intervals.icu", Server{Command: "/bin/intervals-mcp", Args: []string{"serve", "--read-only"}}, Options{})
	if err != nil || !res.Replaced {
		t.Fatalf("%+v %v", res, err)
	}
	if b, _ := os.ReadFile(path); !strings.Contains(string(b), "--read-only") {
		t.Errorf("not updated: %s", b)
	}
}

func TestOtherCommandNeedsForce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.json")
	before := `{"mcpServers":{"Intervals.icu":{"command":"uvx","args":["intervals-mcp"]}}}`
	if err := os.WriteFile(path, []byte(before), 0o600); err != nil {
		t.Fatal(err)
	}
	c := claudeDesktop(t)
	_, err := c.Write(path, "Intervals.icu", Server{Command: "/bin/intervals-mcp"}, Options{})
	var ce *ConflictError
	if !errors.As(err, &ce) || ce.Command != "uvx" || !strings.Contains(err.Error(), "--force") {
		t.Fatalf("want a conflict naming uvx and --force, got %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != before {
		t.Errorf("file changed without --force: %s", b)
	}
	if m, _ := filepath.Glob(path + ".bak-*"); len(m) != 0 {
		t.Errorf("backups written for a refused change: %v", m)
	}
	res, err := c.Write(path, "Intervals.icu", Server{Command: "/bin/intervals-mcp"}, Options{Force: true})
	if err != nil || !res.Replaced || !strings.Contains(string(res.Before), "uvx") {
		t.Fatalf("--force: %+v %v", res, err)
	}
}

func TestDryRunWritesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.json")
	before := `{"mcpServers":{}}`
	if err := os.WriteFile(path, []byte(before), 0o600); err != nil {
		t.Fatal(err)
	}
	res, err := claudeDesktop(t).Write(path, "x", Server{Command: "/bin/i"}, Options{DryRun: true})
	if err != nil || res.Backup != "" || !strings.Contains(string(res.Content), `"/bin/i"`) {
		t.Fatalf("%+v %v", res, err)
	}
	if b, _ := os.ReadFile(path); string(b) != before {
		t.Errorf("dry run changed the file: %s", b)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*")); len(m) != 1 {
		t.Errorf("dry run left files: %v", m)
	}
	missing := filepath.Join(dir, "sub", "new.json")
	if _, err := claudeDesktop(t).Write(missing, "x", Server{Command: "/bin/i"}, Options{DryRun: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Dir(missing)); err == nil {
		t.Error("dry run created the folder")
	}
}

func TestBackupsAreNeverOverwritten(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.json")
	if err := os.WriteFile(path, []byte(`{}`), 0o600); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 12, 1, 9, 30, 0, 0, time.UTC)
	seen := map[string]bool{}
	for i := range 3 {
		res, err := claudeDesktop(t).Write(path, "x", Server{Command: "/bin/i", Args: []string{fmt.Sprint(i)}}, Options{Now: now})
		if err != nil {
			t.Fatal(err)
		}
		if seen[res.Backup] {
			t.Fatalf("backup %s reused", res.Backup)
		}
		seen[res.Backup] = true
	}
}

func TestWriteCreatesMissingFileUserOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new", "claude_desktop_config.json")
	res, err := claudeDesktop(t).Write(path, "Intervals.icu", Server{Command: "c", Env: map[string]string{"API_KEY": "k"}}, Options{})
	if err != nil || res.Replaced || res.Backup != "" {
		t.Fatalf("%+v %v", res, err)
	}
	var doc map[string]map[string]json.RawMessage
	b, _ := os.ReadFile(path)
	if err := json.Unmarshal(b, &doc); err != nil || doc["mcpServers"]["Intervals.icu"] == nil {
		t.Errorf("got %s (%v)", b, err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("the config holds the API key: mode %v, want 0600", fi.Mode().Perm())
	}
}

func TestWriteRefusesBrokenJSONAndChangesNothing(t *testing.T) {
	for name, broken := range map[string]string{
		"unclosed": `{"mcpServers": {`,
		"comments": "{\n  // my servers\n  \"servers\": {}\n}",
		"array":    `[1,2]`,
		"servers":  `{"mcpServers": []}`,
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "c.json")
			if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := claudeDesktop(t).Write(path, "Intervals.icu", Server{Command: "c"}, Options{})
			if err == nil || !strings.Contains(err.Error(), "nothing was changed") {
				t.Fatalf("want a refusal that says nothing changed, got %v", err)
			}
			if b, _ := os.ReadFile(path); string(b) != broken {
				t.Errorf("file changed to %q", b)
			}
		})
	}
}

// TestGoldenRemoteConfigs writes each client's remote entry (a URL and a bearer header) over
// a file that holds another server, and compares it with testdata/<client>/remote.json: the
// shapes each client documents (see Clients).
func TestGoldenRemoteConfigs(t *testing.T) {
	srv := Server{URL: "https://mcp.example.com/mcp", Headers: map[string]string{"Authorization": "Bearer imcp_pat_<token>"}}
	for _, c := range Clients {
		if c.URLKey == "" {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.json")
			if err := os.WriteFile(path, []byte(existing(c)), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := c.Write(path, c.EntryName, srv, Options{}); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join(c.ID, "remote.json"), got)
		})
	}
}

// TestRemoteEntryShapes pins what each client reads of a remote entry, beside the goldens.
func TestRemoteEntryShapes(t *testing.T) {
	srv := Server{URL: "https://h/mcp", Headers: map[string]string{"Authorization": "Bearer x"}}
	want := map[string]string{
		"claude-code": `{"type":"http","url":"https://h/mcp","headers":{"Authorization":"Bearer x"}}`,
		"cursor":      `{"url":"https://h/mcp","headers":{"Authorization":"Bearer x"}}`,
		"vscode":      `{"type":"http","url":"https://h/mcp","headers":{"Authorization":"Bearer x"}}`,
		"windsurf":    `{"serverUrl":"https://h/mcp","headers":{"Authorization":"Bearer x"}}`,
	}
	for id, w := range want {
		c, _ := Lookup(id)
		got, err := c.entry(srv)
		if err != nil || string(got) != w {
			t.Errorf("%s: %s (%v), want %s", id, got, err, w)
		}
	}
	c := claudeDesktop(t)
	path := filepath.Join(t.TempDir(), "c.json")
	if _, err := c.Write(path, c.EntryName, srv, Options{}); err == nil || !strings.Contains(err.Error(), "Settings > Connectors > Add custom connector, URL https://h/mcp") {
		t.Errorf("Claude Desktop's file with a remote entry: %v", err)
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("a refused remote entry wrote Claude Desktop's file")
	}
}

func TestAnotherURLNeedsForce(t *testing.T) {
	c, _ := Lookup("cursor")
	path := filepath.Join(t.TempDir(), "mcp.json")
	if _, err := c.Write(path, "intervals-icu", Server{URL: "https://a.example/mcp"}, Options{}); err != nil {
		t.Fatal(err)
	}
	if res, err := c.Write(path, "intervals-icu", Server{URL: "https://a.example/mcp", Headers: map[string]string{"Authorization": "Bearer new"}}, Options{}); err != nil || !res.Replaced {
		t.Fatalf("the same URL, a new token: %+v %v", res, err)
	}
	_, err := c.Write(path, "intervals-icu", Server{URL: "https://b.example/mcp"}, Options{})
	var ce *ConflictError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "connects to https://a.example/mcp") {
		t.Fatalf("another URL: %v", err)
	}
	if _, err := c.Write(path, "intervals-icu", Server{Command: "/bin/intervals-mcp"}, Options{}); !errors.As(err, &ce) {
		t.Fatalf("a local entry over a remote one without --force: %v", err)
	}
}

// TestEntryNamesEachClientTakes: the default names pass each client's own rule, and Claude
// Code's `mcp add` rule (letters, digits, - and _) refuses what it refuses.
func TestEntryNamesEachClientTakes(t *testing.T) {
	for _, c := range Clients {
		for _, n := range []string{c.EntryName, c.DemoEntryName} {
			if err := c.CheckName(n); err != nil || n == "" {
				t.Errorf("%s: default name %q: %v", c.ID, n, err)
			}
		}
		if c.EntryName == c.DemoEntryName {
			t.Errorf("%s: the demo's entry would replace the user's", c.ID)
		}
	}
	cc, _ := Lookup("claude-code")
	for _, bad := range []string{"Intervals.icu", "Intervals.icu demo", "a/b", "é"} {
		if err := cc.CheckName(bad); err == nil || !strings.Contains(err.Error(), "letters, digits, - and _") {
			t.Errorf("Claude Code name %q: %v", bad, err)
		}
	}
	if err := cc.CheckName("my_intervals-2"); err != nil {
		t.Error(err)
	}
	if err := claudeDesktop(t).CheckName("Intervals.icu"); err != nil {
		t.Error(err)
	}
	if err := claudeDesktop(t).CheckName(" "); err == nil {
		t.Error("an empty name accepted")
	}
	for id, names := range map[string][2]string{"cursor": {"Intervals.icu", "Intervals.icu demo"}, "claude-desktop": {"", ""}} {
		c, _ := Lookup(id)
		if c.FormerName(c.EntryName) != names[0] || c.FormerName(c.DemoEntryName) != names[1] || c.FormerName("mine") != "" {
			t.Errorf("%s: former names %q %q", c.ID, c.FormerName(c.EntryName), c.FormerName(c.DemoEntryName))
		}
	}
}

// TestReadEntryFindsTheReferenceServer reads the entry of the reference server's README
// (mvilanova/intervals-mcp-server: "Usage with Claude", and its debug-logging form).
func TestReadEntryFindsTheReferenceServer(t *testing.T) {
	path := filepath.Join(t.TempDir(), "claude_desktop_config.json")
	doc := `{"mcpServers":{
	  "Intervals.icu":{"command":"/Users/u/.cargo/bin/uv","args":["run","--with","mcp[cli]","--with-editable","/p/intervals-mcp-server","mcp","run","/p/intervals-mcp-server/src/intervals_mcp_server/server.py"],
	    "env":{"INTERVALS_API_BASE_URL":"https://intervals.icu/api/v1","ATHLETE_ID":"i7","API_KEY":"ref-key","LOG_LEVEL":"INFO"}},
	  "logged":{"command":"/bin/bash","args":["-c","/u/uv run --with 'mcp[cli]' --with-editable /p/intervals-mcp-server mcp run /p/intervals-mcp-server/src/intervals_mcp_server/server.py 2>> log"]},
	  "ours":{"command":"C:\\bin\\intervals-mcp.exe","args":["serve"]},
	  "other":{"command":"npx","args":["-y","@modelcontextprotocol/server-filesystem"],"env":{"API_KEY":"not-intervals"}},
	  "remote":{"serverUrl":"https://h/mcp"}}}`
	if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	c := claudeDesktop(t)
	e, ok := c.ReadEntry(path, "Intervals.icu")
	if !ok || !e.IntervalsServer() || e.Env["API_KEY"] != "ref-key" || e.Env["ATHLETE_ID"] != "i7" {
		t.Errorf("the reference entry: %+v %v", e, ok)
	}
	for name, want := range map[string]bool{"logged": true, "ours": true, "other": false, "remote": false} {
		if e, ok := c.ReadEntry(path, name); !ok || e.IntervalsServer() != want {
			t.Errorf("%s: %+v %v, want IntervalsServer %v", name, e, ok, want)
		}
	}
	if e, _ := c.ReadEntry(path, "remote"); e.Address() != "https://h/mcp" {
		t.Errorf("Windsurf's serverUrl: %+v", e)
	}
	if _, ok := c.ReadEntry(path, "missing"); ok {
		t.Error("a missing entry found")
	}
	if _, ok := c.ReadEntry(filepath.Join(t.TempDir(), "none.json"), "Intervals.icu"); ok {
		t.Error("an entry found in a missing file")
	}
}

func TestFormerNameIsRenamedInPlace(t *testing.T) {
	c, _ := Lookup("claude-code")
	path := filepath.Join(t.TempDir(), "claude.json")
	before := `{"mcpServers":{"a":{"command":"x"},"Intervals.icu":{"type":"stdio","command":"/bin/intervals-mcp","args":["serve"]},"z":{"command":"y"}}}`
	if err := os.WriteFile(path, []byte(before), 0o600); err != nil {
		t.Fatal(err)
	}
	res, err := c.Write(path, "intervals-icu", Server{Command: "/bin/intervals-mcp", Args: []string{"serve", "--read-only"}}, Options{Former: "Intervals.icu"})
	if err != nil || res.Renamed != "Intervals.icu" || !res.Replaced {
		t.Fatalf("%+v %v", res, err)
	}
	var got bytes.Buffer
	_ = json.Compact(&got, res.Content)
	if want := `{"mcpServers":{"a":{"command":"x"},"intervals-icu":{"type":"stdio","command":"/bin/intervals-mcp","args":["serve","--read-only"]},"z":{"command":"y"}}}`; got.String() != want {
		t.Errorf("got  %s\nwant %s", got.String(), want)
	}
	// Another command under the former name is another server: left alone.
	other := `{"mcpServers":{"Intervals.icu":{"command":"uv"}}}`
	if err := os.WriteFile(path, []byte(other), 0o600); err != nil {
		t.Fatal(err)
	}
	res, err = c.Write(path, "intervals-icu", Server{Command: "/bin/intervals-mcp"}, Options{Former: "Intervals.icu"})
	if err != nil || res.Renamed != "" || res.Replaced || !strings.Contains(string(res.Content), `"uv"`) {
		t.Errorf("%+v %v", res, err)
	}
}
