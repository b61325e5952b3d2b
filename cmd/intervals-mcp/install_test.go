package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestInstallWritesClaudeDesktopConfig(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "Claude", "claude_desktop_config.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(`{"mcpServers":{"other":{"command":"x"}},"theme":"dark"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	const key = "install-test-key-9f3"
	r := runBin(t, []string{"API_KEY=" + key, "ATHLETE_ID=i42"}, "install", "claude-desktop", "--config", path, "--read-only", "--toolsets", "calendar,wellness")
	if r.code != 0 || !strings.Contains(r.stdout, "Added \"Intervals.icu\"") || strings.Contains(r.stdout+r.stderr, key) {
		t.Fatalf("%+v", r)
	}
	var doc struct {
		MCPServers map[string]struct {
			Command string            `json:"command"`
			Args    []string          `json:"args"`
			Env     map[string]string `json:"env"`
		} `json:"mcpServers"`
		Theme string `json:"theme"`
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	e := doc.MCPServers["Intervals.icu"]
	if e.Command != bin || !slices.Equal(e.Args, []string{"serve", "--read-only", "--toolsets", "calendar,wellness"}) ||
		e.Env["API_KEY"] != key || e.Env["ATHLETE_ID"] != "i42" || doc.Theme != "dark" || doc.MCPServers["other"].Command != "x" {
		t.Errorf("config: %s", data)
	}
	if r := runBin(t, nil, "install", "claude-desktop", "--config", filepath.Join(dir, "new.json")); r.code != 2 || !strings.Contains(r.stderr, "Developer Settings") {
		t.Errorf("install without credentials: %+v", r)
	}
	// Run again without the key (to change a flag), it keeps the key the entry holds.
	r = runBin(t, nil, "install", "claude-desktop", "--config", path)
	if r.code != 0 || !strings.Contains(r.stdout, "Kept the credentials (and athlete i42)") || strings.Contains(r.stdout+r.stderr, key) {
		t.Fatalf("rerun without the key: %+v", r)
	}
	if data, _ := os.ReadFile(path); !strings.Contains(string(data), `"API_KEY": "`+key+`"`) || strings.Contains(string(data), "--read-only") {
		t.Errorf("rerun without the key: %s", data)
	}
}

func TestInstallWithoutClientListsThem(t *testing.T) {
	r := runBin(t, nil, "install")
	if r.code != 0 {
		t.Fatalf("%+v", r)
	}
	for _, id := range []string{"claude-desktop", "claude-code", "cursor", "vscode", "windsurf", ".cursor/mcp.json"} {
		if !strings.Contains(r.stdout, id) {
			t.Errorf("the list lacks %s:\n%s", id, r.stdout)
		}
	}
	if r := runBin(t, nil, "install", "stray-secret-word", "--demo"); r.code != 2 || !strings.Contains(r.stderr, "windsurf") || strings.Contains(r.stderr, "stray-secret-word") {
		t.Errorf("unknown client: %+v", r)
	}
}

func TestInstallDryRunPrintsTheChangeWithoutTheKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mcp.json")
	const key = "dry-run-key-5c1"
	r := runBin(t, []string{"API_KEY=" + key}, "install", "cursor", "--config", path, "--dry-run")
	if r.code != 0 || !strings.Contains(r.stdout, "Would change "+path) || !strings.Contains(r.stdout, `"API_KEY":"[redacted]"`) {
		t.Fatalf("%+v", r)
	}
	dryRunKeptSecret(t, r, path, key)
}

// dryRunKeptSecret fails if a --dry-run printed the secret or wrote the file at path.
func dryRunKeptSecret(t *testing.T, r result, path, secret string) {
	t.Helper()
	if strings.Contains(r.stdout+r.stderr, secret) {
		t.Errorf("the secret was printed: %+v", r)
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("--dry-run wrote the file")
	}
}

func TestInstallDemoKeepsTheRealEntry(t *testing.T) {
	path := filepath.Join(t.TempDir(), "claude.json")
	if r := runBin(t, []string{"API_KEY=real-key-77"}, "install", "claude-code", "--config", path); r.code != 0 {
		t.Fatalf("%+v", r)
	}
	if r := runBin(t, nil, "install", "claude-code", "--config", path, "--demo"); r.code != 0 || !strings.Contains(r.stdout, `"intervals-icu-demo"`) {
		t.Fatalf("%+v", r)
	}
	var doc struct {
		MCPServers map[string]struct {
			Type string            `json:"type"`
			Args []string          `json:"args"`
			Env  map[string]string `json:"env"`
		} `json:"mcpServers"`
	}
	data, _ := os.ReadFile(path)
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.MCPServers["intervals-icu"].Env["API_KEY"] != "real-key-77" || !slices.Contains(doc.MCPServers["intervals-icu-demo"].Args, "--demo") || doc.MCPServers["intervals-icu-demo"].Type != "stdio" {
		t.Errorf("config: %s", data)
	}
}

func TestInstallOtherCommandNeedsForce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mcp_config.json")
	if err := os.WriteFile(path, []byte(`{"mcpServers":{"intervals-icu-demo":{"command":"uvx"}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := runBin(t, nil, "install", "windsurf", "--config", path, "--demo"); r.code != 2 || !strings.Contains(r.stderr, "--force") {
		t.Fatalf("without --force: %+v", r)
	}
	if r := runBin(t, nil, "install", "windsurf", "--config", path, "--demo", "--force"); r.code != 0 || !strings.Contains(r.stdout, "Replaced") || !strings.Contains(r.stdout, ".bak-") {
		t.Fatalf("with --force: %+v", r)
	}
}

// referenceEntry is the entry the reference server's README (mvilanova/intervals-mcp-server,
// "Usage with Claude") has Claude Desktop hold.
const referenceEntry = `{"mcpServers":{"Intervals.icu":{"command":"/Users/u/.cargo/bin/uv",
  "args":["run","--with","mcp[cli]","--with-editable","/p/intervals-mcp-server","mcp","run","/p/intervals-mcp-server/src/intervals_mcp_server/server.py"],
  "env":{"INTERVALS_API_BASE_URL":"https://intervals.icu/api/v1","ATHLETE_ID":"i7","API_KEY":"ref-key-3e1","LOG_LEVEL":"INFO"}}}}`

func TestInstallForceOverTheReferenceServerKeepsItsKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "claude_desktop_config.json")
	if err := os.WriteFile(path, []byte(referenceEntry), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := runBin(t, nil, "install", "claude-desktop", "--config", path); r.code != 2 || !strings.Contains(r.stderr, "uv: choose another name") ||
		!strings.Contains(r.stderr, "with --force, the credentials it holds are kept") || strings.Contains(r.stderr, "ref-key-3e1") {
		t.Fatalf("without --force: %+v", r)
	}
	r := runBin(t, nil, "install", "claude-desktop", "--config", path, "--force")
	if r.code != 0 || !strings.Contains(r.stdout, `Replaced "Intervals.icu"`) || !strings.Contains(r.stdout, "athlete i7") || strings.Contains(r.stdout+r.stderr, "ref-key-3e1") {
		t.Fatalf("with --force: %+v", r)
	}
	var doc struct {
		MCPServers map[string]struct {
			Command string
			Args    []string
			Env     map[string]string
		} `json:"mcpServers"`
	}
	data, _ := os.ReadFile(path)
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	e := doc.MCPServers["Intervals.icu"]
	if e.Command != bin || !slices.Equal(e.Args, []string{"serve"}) || e.Env["API_KEY"] != "ref-key-3e1" || e.Env["ATHLETE_ID"] != "i7" || e.Env["INTERVALS_API_BASE_URL"] != "https://intervals.icu/api/v1" {
		t.Errorf("entry: %s", data)
	}
	// A key given now wins over the entry's.
	r = runBin(t, []string{"API_KEY=new-key-8d2"}, "install", "claude-desktop", "--config", path)
	if data, _ := os.ReadFile(path); r.code != 0 || !strings.Contains(string(data), "new-key-8d2") || strings.Contains(string(data), "ref-key-3e1") {
		t.Errorf("a new key: %+v\n%s", r, data)
	}
}

func TestInstallForceOverAnotherServerDoesNotTakeItsKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mcp.json")
	if err := os.WriteFile(path, []byte(`{"mcpServers":{"intervals-icu":{"command":"npx","args":["other-server"],"env":{"API_KEY":"not-intervals"}}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := runBin(t, nil, "install", "cursor", "--config", path, "--force"); r.code != 2 || !strings.Contains(r.stderr, "Developer Settings") {
		t.Errorf("%+v", r)
	}
}

func TestInstallRefusesANameTheClientRefuses(t *testing.T) {
	path := filepath.Join(t.TempDir(), "claude.json")
	r := runBin(t, nil, "install", "claude-code", "--config", path, "--demo", "--name", "Intervals.icu demo")
	if r.code != 2 || !strings.Contains(r.stderr, "letters, digits, - and _") {
		t.Fatalf("%+v", r)
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("the file was written")
	}
}

// runWithStdin is runBin with stdin.
func runWithStdin(t *testing.T, env []string, stdin string, args ...string) result {
	t.Helper()
	return runBinIn(t, env, strings.NewReader(stdin), args...)
}

const testPAT = "imcp_pat_remote-test-4b7e"

// remoteServer starts the binary serving HTTP on the demo with testPAT as its bearer token
// (MCP_AUTH_TOKEN) and returns its MCP endpoint, for install --url to try.
func remoteServer(t *testing.T, extra ...string) string {
	t.Helper()
	return serveHTTP(t, "http", []string{"MCP_AUTH_TOKEN=" + testPAT}, extra...) + "/mcp"
}

// TestInstallRemoteWritesEachClientsShape: --url with the token in INTERVALS_MCP_TOKEN
// tries the token against the server, says what it answered, and writes each client's
// documented remote entry; the token is in the file only.
func TestInstallRemoteWritesEachClientsShape(t *testing.T) {
	endpoint := remoteServer(t)
	for id, want := range map[string]string{
		"claude-code": `{"mcpServers":{"intervals-icu":{"type":"http","url":"URL","headers":{"Authorization":"Bearer ` + testPAT + `"}}}}`,
		"cursor":      `{"mcpServers":{"intervals-icu":{"url":"URL","headers":{"Authorization":"Bearer ` + testPAT + `"}}}}`,
		"vscode":      `{"servers":{"intervals-icu":{"type":"http","url":"URL","headers":{"Authorization":"Bearer ` + testPAT + `"}}}}`,
		"windsurf":    `{"mcpServers":{"intervals-icu":{"serverUrl":"URL","headers":{"Authorization":"Bearer ` + testPAT + `"}}}}`,
	} {
		want = strings.ReplaceAll(want, "URL", endpoint)
		t.Run(id, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.json")
			r := runBin(t, []string{"INTERVALS_MCP_TOKEN=" + testPAT}, "install", id, "--config", path, "--url", endpoint)
			if r.code != 0 || !strings.Contains(r.stdout, `Added "intervals-icu"`) || !strings.Contains(r.stdout, "with your bearer token") ||
				!strings.Contains(r.stdout, endpoint+" accepted the token (intervals-mcp ") {
				t.Fatalf("%+v", r)
			}
			if strings.Contains(r.stdout+r.stderr, testPAT) {
				t.Errorf("the token was printed: %+v", r)
			}
			data, _ := os.ReadFile(path)
			var got bytes.Buffer
			if err := json.Compact(&got, data); err != nil || got.String() != want {
				t.Errorf("file:\n%s\nwant %s", got.String(), want)
			}
			if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
				t.Errorf("the file holds the token: mode %v", fi.Mode().Perm())
			}
		})
	}
}

func TestInstallRemoteTokenFlagIsWarnedAndRedacted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mcp.json")
	r := runBin(t, nil, "install", "cursor", "--config", path, "--url", remoteServer(t), "--token", testPAT, "--dry-run")
	if r.code != 0 || !strings.Contains(r.stderr, "shell's history") || !strings.Contains(r.stdout, `"Authorization":"Bearer [redacted]"`) {
		t.Fatalf("%+v", r)
	}
	dryRunKeptSecret(t, r, path, testPAT)
}

// TestInstallRemoteTokenFromAPipe reads the token from stdin when it is not a terminal
// (printf '%s\n' "$TOKEN" | intervals-mcp install ...), and none from an empty one: the client
// then signs in with OAuth itself.
func TestInstallRemoteTokenFromAPipe(t *testing.T) {
	path := filepath.Join(t.TempDir(), "claude.json")
	r := runWithStdin(t, nil, testPAT+"\n", "install", "claude-code", "--config", path, "--url", remoteServer(t))
	if r.code != 0 || strings.Contains(r.stdout+r.stderr, testPAT) {
		t.Fatalf("%+v", r)
	}
	if data, _ := os.ReadFile(path); !strings.Contains(string(data), `"Authorization": "Bearer `+testPAT+`"`) {
		t.Errorf("file: %s", data)
	}
	r = runWithStdin(t, nil, "", "install", "windsurf", "--config", path+".w", "--url", "https://mcp.example.com/mcp", "--no-check")
	data, _ := os.ReadFile(path + ".w")
	if r.code != 0 || !strings.Contains(r.stdout, "with no token: Windsurf signs in") || strings.Contains(string(data), "headers") {
		t.Errorf("no token: %+v\n%s", r, data)
	}
}

// TestInstallRemoteTriesTheEntryFirst: install --url sends the server one request as the
// client will: a token it refuses, a server that wants a token and got none, or one that
// cannot be reached, write nothing and say what came back; a server with sign-in is told
// apart from one that refuses (the client signs in itself). --toolsets and --read-only
// choose the endpoint's path, which is tried too.
func TestInstallRemoteTriesTheEntryFirst(t *testing.T) {
	endpoint := remoteServer(t, "--connection-toolsets", "coach")
	path := filepath.Join(t.TempDir(), "mcp.json")
	for _, c := range []struct {
		env  []string
		args []string
		says string
	}{
		{[]string{"INTERVALS_MCP_TOKEN=imcp_pat_not-this-one"}, []string{"--url", endpoint}, "the server refused the connection: " + endpoint + " refused the token: 401"},
		{nil, []string{"--url", endpoint, "--token", ""}, endpoint + " wants a token: 401"},
		{[]string{"INTERVALS_MCP_TOKEN=" + testPAT}, []string{"--url", "http://" + freeAddr(t) + "/mcp"}, "could not reach the server"},
		{[]string{"INTERVALS_MCP_TOKEN=" + testPAT}, []string{"--url", endpoint, "--toolsets", "api"}, "404"},
	} {
		r := runBin(t, c.env, append([]string{"install", "cursor", "--config", path}, c.args...)...)
		if r.code != 1 || !strings.Contains(r.stderr, c.says) || !strings.Contains(r.stderr, "nothing was written") || strings.Contains(r.stderr, testPAT) {
			t.Errorf("%v: %+v, want exit 1 saying %q", c.args, r, c.says)
		}
		if _, err := os.Stat(path); err == nil {
			t.Fatalf("%v: the file was written", c.args)
		}
	}
	r := runBin(t, []string{"INTERVALS_MCP_TOKEN=" + testPAT}, "install", "cursor", "--config", path, "--url", endpoint, "--toolsets", "default,coach", "--read-only")
	want := endpoint + "/x/default,coach/readonly"
	if data, _ := os.ReadFile(path); r.code != 0 || !strings.Contains(r.stdout, want+" accepted the token") || !strings.Contains(string(data), `"url": "`+want+`"`) {
		t.Errorf("--toolsets default,coach --read-only: %+v\n%s", r, data)
	}
	addr := freeAddr(t)
	base, _ := startListening(t, addr, nil, "serve", "--transport", "http", "--addr", addr, "--demo", "--public-url", "http://"+addr)
	r = runBin(t, nil, "install", "windsurf", "--config", path+".w", "--url", base+"/mcp", "--token", "")
	if r.code != 0 || !strings.Contains(r.stdout, base+"/mcp asks for sign-in (OAuth)") {
		t.Errorf("no token, a server with sign-in: %+v", r)
	}
}

func TestInstallRemoteClaudeDesktopPrintsItsConnectorsNote(t *testing.T) {
	path := filepath.Join(t.TempDir(), "claude_desktop_config.json")
	r := runBin(t, []string{"INTERVALS_MCP_TOKEN=" + testPAT}, "install", "claude-desktop", "--config", path, "--url", "https://mcp.example.com/mcp")
	if r.code != 0 || !strings.Contains(r.stdout, "Settings > Connectors > Add custom connector, URL https://mcp.example.com/mcp") || strings.Contains(r.stdout+r.stderr, testPAT) {
		t.Fatalf("%+v", r)
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("Claude Desktop's file was written")
	}
}

// TestInstallRemoteRefusesBadURLsAndLocalFlags: a refused URL (install.CheckRemoteURL's
// tests have every case), a flag of the local server and --token without --url are usage
// errors that write nothing.
func TestInstallRemoteRefusesBadURLsAndLocalFlags(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mcp.json")
	for _, c := range []struct{ url, want string }{
		{"http://mcp.example.com/mcp", "use https"},
		{"https://me:hunter2-pw@mcp.example.com/mcp", "user name or password"},
	} {
		r := runBin(t, []string{"INTERVALS_MCP_TOKEN=" + testPAT}, "install", "cursor", "--config", path, "--url", c.url)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) || strings.Contains(r.stderr, "hunter2-pw") {
			t.Errorf("%s: %+v", c.url, r)
		}
	}
	r := runBin(t, nil, "install", "vscode", "--config", path, "--url", "https://mcp.example.com/mcp", "--no-destructive", "--athlete", "i1")
	if r.code != 2 || !strings.Contains(r.stderr, "--athlete, --no-destructive configure the server this binary runs") {
		t.Errorf("local flags: %+v", r)
	}
	r = runBin(t, nil, "install", "vscode", "--config", path, "--token", testPAT)
	if r.code != 2 || !strings.Contains(r.stderr, "--token goes with --url") || strings.Contains(r.stderr, testPAT) {
		t.Errorf("--token without --url: %+v", r)
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("a refused install wrote the file")
	}
}

// TestInstallRenamesAnOlderInstallsEntry: an entry an older install wrote as "Intervals.icu"
// (which Claude Code's mcp add refuses) becomes "intervals-icu", keeping its key, rather
// than a second entry for the same server.
func TestInstallRenamesAnOlderInstallsEntry(t *testing.T) {
	path := filepath.Join(t.TempDir(), "claude.json")
	old := `{"mcpServers":{"Intervals.icu":{"type":"stdio","command":"` + bin + `","args":["serve"],"env":{"API_KEY":"old-key-19c","ATHLETE_ID":"i9"}}}}`
	if err := os.WriteFile(path, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runBin(t, nil, "install", "claude-code", "--config", path, "--read-only")
	if r.code != 0 || !strings.Contains(r.stdout, `It was called "Intervals.icu"`) || !strings.Contains(r.stdout, "athlete i9") || strings.Contains(r.stdout, "old-key-19c") {
		t.Fatalf("%+v", r)
	}
	var doc struct {
		MCPServers map[string]struct {
			Args []string
			Env  map[string]string
		} `json:"mcpServers"`
	}
	data, _ := os.ReadFile(path)
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if e, ok := doc.MCPServers["intervals-icu"]; len(doc.MCPServers) != 1 || !ok || e.Env["API_KEY"] != "old-key-19c" || !slices.Contains(e.Args, "--read-only") {
		t.Errorf("file: %s", data)
	}
}
