package main

import (
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
	if r := runBin(t, nil, "install", "claude-desktop", "--config", path); r.code != 2 || !strings.Contains(r.stderr, "Developer Settings") {
		t.Errorf("install without credentials: %+v", r)
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
	if strings.Contains(r.stdout+r.stderr, key) {
		t.Errorf("the key was printed: %+v", r)
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
	if r := runBin(t, nil, "install", "claude-code", "--config", path, "--demo"); r.code != 0 || !strings.Contains(r.stdout, `"Intervals.icu demo"`) {
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
	if doc.MCPServers["Intervals.icu"].Env["API_KEY"] != "real-key-77" || !slices.Contains(doc.MCPServers["Intervals.icu demo"].Args, "--demo") || doc.MCPServers["Intervals.icu demo"].Type != "stdio" {
		t.Errorf("config: %s", data)
	}
}

func TestInstallOtherCommandNeedsForce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mcp_config.json")
	if err := os.WriteFile(path, []byte(`{"mcpServers":{"Intervals.icu demo":{"command":"uvx"}}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := runBin(t, nil, "install", "windsurf", "--config", path, "--demo"); r.code != 2 || !strings.Contains(r.stderr, "--force") {
		t.Fatalf("without --force: %+v", r)
	}
	if r := runBin(t, nil, "install", "windsurf", "--config", path, "--demo", "--force"); r.code != 0 || !strings.Contains(r.stdout, "Replaced") || !strings.Contains(r.stdout, ".bak-") {
		t.Fatalf("with --force: %+v", r)
	}
}
