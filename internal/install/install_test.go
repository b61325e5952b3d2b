package install

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func sys(goos string, env map[string]string, existing ...string) System {
	return System{GOOS: goos, Home: "/home/u", Env: func(k string) string { return env[k] },
		Exists: func(p string) bool {
			for _, e := range existing {
				if p == e {
					return true
				}
			}
			return false
		}}
}

func TestClaudeDesktopConfigPaths(t *testing.T) {
	got, _ := ClaudeDesktopConfig(sys("darwin", nil))
	if want := "/home/u/Library/Application Support/Claude/claude_desktop_config.json"; got != want {
		t.Errorf("macOS: %s, want %s", got, want)
	}
	win := map[string]string{"APPDATA": `C:\Users\u\AppData\Roaming`, "LOCALAPPDATA": `C:\Users\u\AppData\Local`}
	got, others := ClaudeDesktopConfig(sys("windows", win))
	if !strings.HasSuffix(got, filepath.Join("Roaming", "Claude", "claude_desktop_config.json")) || strings.Contains(got, "Packages") {
		t.Errorf("Windows installer build: %s", got)
	}
	if len(others) != 1 || !strings.Contains(others[0], windowsStorePackage) {
		t.Errorf("Windows: the Store path should be listed as the other candidate, got %v", others)
	}
	pkg := filepath.Join(win["LOCALAPPDATA"], "Packages", windowsStorePackage)
	got, _ = ClaudeDesktopConfig(sys("windows", win, pkg))
	want := filepath.Join(pkg, "LocalCache", "Roaming", "Claude", "claude_desktop_config.json")
	if got != want {
		t.Errorf("Windows Store build: %s, want %s", got, want)
	}
	got, _ = ClaudeDesktopConfig(sys("linux", map[string]string{"XDG_CONFIG_HOME": "/x"}))
	if got != "/x/Claude/claude_desktop_config.json" {
		t.Errorf("Linux: %s", got)
	}
}

func TestWriteKeepsOtherServersAndBacksUp(t *testing.T) {
	path := filepath.Join(t.TempDir(), "Claude", "claude_desktop_config.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	before := `{"globalShortcut":"Ctrl+Space","mcpServers":{"other":{"command":"x"},"Intervals.icu":{"command":"uv"}}}`
	if err := os.WriteFile(path, []byte(before), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Write(path, "Intervals.icu", Server{Command: "/usr/local/bin/intervals-mcp", Env: map[string]string{"API_KEY": "k", "ATHLETE_ID": "i1"}})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Replaced || res.Backup == "" {
		t.Errorf("result %+v: should report the replaced entry and the backup", res)
	}
	if b, _ := os.ReadFile(res.Backup); string(b) != before {
		t.Errorf("backup holds %q", b)
	}
	var doc struct {
		GlobalShortcut string                    `json:"globalShortcut"`
		MCPServers     map[string]map[string]any `json:"mcpServers"`
	}
	b, _ := os.ReadFile(path)
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.GlobalShortcut != "Ctrl+Space" || doc.MCPServers["other"]["command"] != "x" {
		t.Errorf("other settings lost: %s", b)
	}
	if doc.MCPServers["Intervals.icu"]["command"] != "/usr/local/bin/intervals-mcp" {
		t.Errorf("entry not replaced: %s", b)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("the config holds the API key: mode %v, want 0600", fi.Mode().Perm())
	}
}

func TestWriteCreatesMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new", "claude_desktop_config.json")
	res, err := Write(path, "Intervals.icu", Server{Command: "c"})
	if err != nil || res.Replaced || res.Backup != "" {
		t.Fatalf("%+v %v", res, err)
	}
	if b, _ := os.ReadFile(path); !strings.Contains(string(b), `"Intervals.icu"`) {
		t.Errorf("got %s", b)
	}
}

func TestWriteRefusesBrokenJSONAndChangesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "claude_desktop_config.json")
	broken := `{"mcpServers": {`
	if err := os.WriteFile(path, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Write(path, "Intervals.icu", Server{Command: "c"})
	if err == nil || !strings.Contains(err.Error(), "nothing was changed") {
		t.Fatalf("want a refusal that says nothing changed, got %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != broken {
		t.Errorf("file changed to %q", b)
	}
	if _, err := os.Stat(path + ".bak"); err == nil {
		t.Error("no backup should be written when nothing is changed")
	}
}
