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
	r := runBin(t, []string{"API_KEY=" + key, "ATHLETE_ID=i42"}, "install", "--config", path, "--read-only", "--toolsets", "calendar,wellness")
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
	if r := runBin(t, nil, "install", "--config", path); r.code != 2 || !strings.Contains(r.stderr, "Developer Settings") {
		t.Errorf("install without credentials: %+v", r)
	}
}
