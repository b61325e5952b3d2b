package install

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// newRun is a run of client id on linux, its file at path, reporting to out.
func newRun(t *testing.T, id, name, path string, opt Options, out *strings.Builder) *Run {
	t.Helper()
	c, ok := Lookup(id)
	if !ok {
		t.Fatalf("no client %s", id)
	}
	return NewRun(c, fakeSystem("linux", "/home/u", nil), name, path, opt, out)
}

func TestNewRunChoosesTheFileTheClientReads(t *testing.T) {
	c := claudeDesktop(t)
	store := fakeSystem("windows", `C:\Users\u`, map[string]string{"APPDATA": `C:\Users\u\AppData\Roaming`, "LOCALAPPDATA": `C:\Users\u\AppData\Local`},
		`C:\Users\u\AppData\Local\Packages\Claude_pzs8sxrjxfjjc`)
	r := NewRun(c, store, "", "", Options{}, nil)
	if want := `C:\Users\u\AppData\Local\Packages\Claude_pzs8sxrjxfjjc\LocalCache\Roaming\Claude\claude_desktop_config.json`; r.Path != want ||
		!slices.Equal(r.Others, []string{`C:\Users\u\AppData\Roaming\Claude\claude_desktop_config.json`}) {
		t.Errorf("the Store build's run: path %s, others %v", r.Path, r.Others)
	}
	if r := NewRun(c, store, "", "/tmp/mine.json", Options{}, nil); r.Path != "/tmp/mine.json" || r.Others != nil {
		t.Errorf("--config: path %s, others %v; want the file given, and no other", r.Path, r.Others)
	}
}

func TestNamedGivesTheClientsDefaultAndRefusesWhatItRefuses(t *testing.T) {
	for _, c := range []struct {
		id, given string
		demo      bool
		want      string
	}{
		{"claude-code", "", false, "intervals-icu"},
		{"claude-code", "", true, "intervals-icu-demo"},
		{"claude-desktop", "", true, "Intervals.icu demo"},
		{"cursor", "mine", true, "mine"},
	} {
		r := newRun(t, c.id, c.given, "/tmp/x.json", Options{}, nil)
		if err := r.Named(c.demo); err != nil || r.Name != c.want {
			t.Errorf("%s, name %q, demo %v: Named = %q, %v; want %q", c.id, c.given, c.demo, r.Name, err, c.want)
		}
	}
	if err := newRun(t, "claude-code", "Intervals.icu demo", "/tmp/x.json", Options{}, nil).Named(true); err == nil || !strings.Contains(err.Error(), "letters, digits, - and _") {
		t.Errorf("a name Claude Code refuses: %v", err)
	}
}

// TestReplacedFindsTheEntryOrAnOlderInstallsOfTheSameCommand: the entry of the run's name is
// the one replaced; without one, the entry an older install named "Intervals.icu" is, when
// it starts the same command (Write then renames it), and not when it starts another.
func TestReplacedFindsTheEntryOrAnOlderInstallsOfTheSameCommand(t *testing.T) {
	path := filepath.Join(t.TempDir(), "claude.json")
	for _, c := range []struct {
		file, former string
		found        bool
	}{
		{`{"mcpServers":{"intervals-icu":{"command":"/other","env":{"API_KEY":"k"}}}}`, "Intervals.icu", true},
		{`{"mcpServers":{"Intervals.icu":{"command":"/bin/intervals-mcp","env":{"API_KEY":"k"}}}}`, "Intervals.icu", true},
		{`{"mcpServers":{"Intervals.icu":{"command":"uv","env":{"API_KEY":"k"}}}}`, "Intervals.icu", false},
		{`{"mcpServers":{}}`, "Intervals.icu", false},
	} {
		if err := os.WriteFile(path, []byte(c.file), 0o600); err != nil {
			t.Fatal(err)
		}
		r := newRun(t, "claude-code", "intervals-icu", path, Options{}, nil)
		prev, ok := r.Replaced("/bin/intervals-mcp")
		if ok != c.found || r.Former != c.former || ok && prev.Env["API_KEY"] != "k" {
			t.Errorf("%s: Replaced = %+v, %v (former %q); want found %v, former %q", c.file, prev, ok, r.Former, c.found, c.former)
		}
	}
}

// TestWriteReportsWhatChanged: added, replaced (with its backup and the credentials kept),
// and a dry run that shows the change with the secrets hidden; a conflict with an entry
// whose credentials would be kept says --force keeps them.
func TestWriteReportsWhatChanged(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "mcp.json")
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	var out strings.Builder
	srv := Server{Command: "/bin/intervals-mcp", Args: []string{"serve"}, Env: map[string]string{"API_KEY": "secret-key-1"}}
	r := newRun(t, "cursor", "intervals-icu", path, Options{Now: now}, &out)
	if err := r.Write(srv, []string{"secret-key-1"}, "a note"); err != nil {
		t.Fatal(err)
	}
	reload := "Cursor loads it at once (Settings > MCP shows it); restart Cursor if it does not.\n"
	if want := `Added "intervals-icu" in ` + path + " (Cursor)\na note\n" + reload; out.String() != want {
		t.Errorf("added:\n%s\nwant:\n%s", out.String(), want)
	}

	out.Reset()
	r.KeepCredentials("i7")
	if err := r.Write(srv, nil, ""); err != nil {
		t.Fatal(err)
	}
	if want := `Replaced "intervals-icu" in ` + path + " (Cursor)\nThe previous file is kept as " + path + ".bak-20260310-120000\n" +
		"Kept the credentials (and athlete i7) of the entry it replaces.\n" + reload; out.String() != want {
		t.Errorf("replaced:\n%s\nwant:\n%s", out.String(), want)
	}

	out.Reset()
	r.Others, r.DryRun = []string{"/elsewhere/mcp.json"}, true
	if err := r.Write(srv, []string{"", "secret-key-1"}, ""); err != nil {
		t.Fatal(err)
	}
	// The entry before, as the file holds it; the entry after, compact.
	before := "{\n      \"command\": \"/bin/intervals-mcp\",\n      \"args\": [\n        \"serve\"\n      ],\n      \"env\": {\n        \"API_KEY\": \"[redacted]\"\n      }\n    }"
	after := `{"command":"/bin/intervals-mcp","args":["serve"],"env":{"API_KEY":"[redacted]"}}`
	if want := "Would change " + path + " (dry run: nothing written):\n- \"intervals-icu\": " + before + "\n+ \"intervals-icu\": " + after + "\n"; out.String() != want {
		t.Errorf("dry run:\n%s\nwant:\n%s", out.String(), want)
	}

	out.Reset()
	r.DryRun = false
	if err := r.Write(srv, nil, ""); err != nil || !strings.Contains(out.String(), "(Not changed: /elsewhere/mcp.json, which this build of Cursor does not read.)\n") {
		t.Errorf("a run with another build's file: %v\n%s", err, out.String())
	}

	err := r.Write(Server{Command: "/other"}, nil, "")
	var ce *ConflictError
	if !errors.As(err, &ce) || !strings.HasSuffix(err.Error(), "nothing was changed (with --force, the credentials it holds are kept)") {
		t.Errorf("a conflict over an entry whose credentials are kept: %v", err)
	}
}

func TestListClientsMarksTheFilesThatExist(t *testing.T) {
	var b strings.Builder
	ListClients(&b, fakeSystem("linux", "/home/u", nil, "/home/u/.cursor/mcp.json"))
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != len(Clients)+2 || !strings.HasPrefix(lines[0], "intervals-mcp install CLIENT writes") || !strings.Contains(lines[len(lines)-1], "--dry-run") {
		t.Fatalf("ListClients wrote:\n%s", b.String())
	}
	for i, c := range Clients {
		p, _ := c.Path(fakeSystem("linux", "/home/u", nil))
		l := lines[i+1]
		if f := strings.Fields(l); len(f) < 3 || f[0] != c.ID || !strings.Contains(l, " "+c.Name+" ") || !strings.Contains(l, p) {
			t.Errorf("row %q: want %s, %s and %s", l, c.ID, c.Name, p)
		}
		if exists := strings.HasSuffix(l, " (exists)"); exists != (c.ID == "cursor") {
			t.Errorf("row %q: marked existing %v", l, exists)
		}
	}
}
