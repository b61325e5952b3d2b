package install

import (
	"errors"
	"maps"
	"path/filepath"
	"slices"
	"testing"
)

func TestSettingsServerWritesServesFlagsAndTheReferenceNames(t *testing.T) {
	for _, c := range []struct {
		s    Settings
		args []string
		env  map[string]string
	}{
		{Settings{AthleteID: "i7", APIKey: "k"}, []string{"serve"}, map[string]string{"ATHLETE_ID": "i7", "API_KEY": "k"}},
		{Settings{ReadOnly: true, NoDestructive: true, Toolsets: []string{"calendar", "wellness"}, AthleteID: "0", AccessToken: "t", BaseURL: "https://b/api/v1"},
			[]string{"serve", "--read-only", "--no-destructive", "--toolsets", "calendar,wellness"},
			map[string]string{"ATHLETE_ID": "0", "INTERVALS_ACCESS_TOKEN": "t", "INTERVALS_API_BASE_URL": "https://b/api/v1"}},
		{Settings{Demo: true, ReadOnly: true, APIKey: "unused"}, []string{"serve", "--demo", "--read-only"}, nil},
	} {
		srv := c.s.Server("/bin/intervals-mcp")
		if srv.Command != "/bin/intervals-mcp" || !slices.Equal(srv.Args, c.args) || !maps.Equal(srv.Env, c.env) || srv.URL != "" {
			t.Errorf("%+v: Server = %+v; want args %v, env %v", c.s, srv, c.args, c.env)
		}
	}
}

// TestCredentialsCompleteTheRunFromAnIntervalsEntryOnly: the run's own variables win; the
// entry's credentials fill the rest, and nothing else of its env; another server's entry
// gives nothing.
func TestCredentialsCompleteTheRunFromAnIntervalsEntryOnly(t *testing.T) {
	env := map[string]string{"API_KEY": "entry-key", "ATHLETE_ID": "i7", "INTERVALS_API_BASE_URL": "https://b", "LOG_LEVEL": "DEBUG"}
	run := func(k string) (string, bool) {
		if k == "ATHLETE_ID" {
			return "i9", true
		}
		return "", false
	}
	lookup := Entry{Command: "/bin/intervals-mcp", Env: env}.Credentials(run)
	for k, want := range map[string]string{"API_KEY": "entry-key", "ATHLETE_ID": "i9", "INTERVALS_API_BASE_URL": "https://b", "LOG_LEVEL": "", "INTERVALS_ACCESS_TOKEN": ""} {
		if v, _ := lookup(k); v != want {
			t.Errorf("%s = %q, want %q", k, v, want)
		}
	}
	if lookup := (Entry{Command: "npx", Args: []string{"other-server"}, Env: env}).Credentials(run); lookup != nil {
		t.Error("another server's entry gives its credentials")
	}
}

func TestCheckExecutableRefusesAGoRunBuild(t *testing.T) {
	sep := string(filepath.Separator)
	if err := checkExecutable(filepath.Join(sep+"tmp", "go-build1234", "b001", "exe", "intervals-mcp")); !errors.Is(err, ErrGoRun) {
		t.Errorf("a go run build: %v, want ErrGoRun", err)
	}
	if err := checkExecutable(filepath.Join(sep+"home", "u", "go", "bin", "intervals-mcp")); err != nil {
		t.Errorf("an installed binary: %v", err)
	}
}
