package install

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Settings are what an entry that starts this binary runs with: serve's flags, and the
// credentials under the reference server's variable names (ours too).
type Settings struct {
	Demo, ReadOnly, NoDestructive bool
	// Toolsets are the toolsets served; nil for the default ones (no flag).
	Toolsets []string
	// The credentials; with Demo, none.
	AthleteID, APIKey, AccessToken, BaseURL string
}

// Server is the entry's server: exe serve with the flags of s, and the credentials in
// its env (none for a demo, which needs no account).
func (s Settings) Server(exe string) Server {
	args := []string{"serve"}
	if s.Demo {
		args = append(args, "--demo")
	}
	if s.ReadOnly {
		args = append(args, "--read-only")
	}
	if s.NoDestructive {
		args = append(args, "--no-destructive")
	}
	if s.Toolsets != nil {
		args = append(args, "--toolsets", strings.Join(s.Toolsets, ","))
	}
	srv := Server{Command: exe, Args: args}
	if s.Demo {
		return srv
	}
	srv.Env = map[string]string{"ATHLETE_ID": s.AthleteID}
	for k, v := range map[string]string{"API_KEY": s.APIKey, "INTERVALS_ACCESS_TOKEN": s.AccessToken, "INTERVALS_API_BASE_URL": s.BaseURL} {
		if v != "" {
			srv.Env[k] = v
		}
	}
	return srv
}

// credentialNames are the variables of an entry's env that are credentials: an entry
// replaced gives them to a run that has none (Entry.Credentials).
var credentialNames = []string{"API_KEY", "INTERVALS_ACCESS_TOKEN", "ATHLETE_ID", "INTERVALS_API_BASE_URL"}

// Credentials is the environment of a run that replaces e: lookup's variables, completed by
// the credentials e's env holds. It is nil unless e starts an Intervals.icu server
// (IntervalsServer: this program, or the reference server, whose names are ours), so that
// another server's key is never taken.
func (e Entry) Credentials(lookup func(string) (string, bool)) func(string) (string, bool) {
	if !e.IntervalsServer() {
		return nil
	}
	return func(k string) (string, bool) {
		if v, ok := lookup(k); ok {
			return v, true
		}
		for _, name := range credentialNames {
			if k == name {
				v, ok := e.Env[k]
				return v, ok
			}
		}
		return "", false
	}
}

// ErrGoRun refuses to write a go run build into a client: it lives in a temporary folder
// that is gone once go run exits.
var ErrGoRun = errors.New("install from an installed binary, not go run (which builds into a temporary folder): make install, then intervals-mcp install CLIENT")

// Executable is the path of this binary, its links resolved, for an entry to start; a go
// run build is refused (ErrGoRun).
func Executable() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("find this program's path: %w", err)
	}
	if exe, err = filepath.EvalSymlinks(exe); err != nil {
		return "", fmt.Errorf("find this program's path: %w", err)
	}
	if err := checkExecutable(exe); err != nil {
		return "", err
	}
	return exe, nil
}

// checkExecutable refuses a binary that go run (or go test) built: it is under a go-build
// folder.
func checkExecutable(exe string) error {
	if strings.Contains(exe, string(filepath.Separator)+"go-build") {
		return ErrGoRun
	}
	return nil
}
