package bench

import (
	"crypto/rand"
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	_ "github.com/lib/pq" // the schema of a PostgreSQL run
)

// Unbudgeted are the flags that raise the upstream budgets out of the way: a load measures
// the server's own cost, not the 10 requests/s a caller may send to Intervals.icu.
var Unbudgeted = []string{"--upstream-rate", "1000000", "--global-rate", "1000000"}

// StartServer runs "bin serve --transport http" against upstream (the standalone fake's API
// URL) with the fake's API key and extra flags. Its store is SQLite in a fresh data
// directory, or with databaseURL a fresh schema of that PostgreSQL database; both are
// removed when the server stops.
func StartServer(bin, upstream, databaseURL string, extra ...string) (*Server, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "intervals-mcp-bench-")
	if err != nil {
		return nil, err
	}
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "API_KEY=" + fakeicu.DefaultAPIKey, "INTERVALS_MCP_DATA_DIR=" + filepath.Join(dir, "store")}
	env = append(env, passedOn()...)
	dropSchema := func() {}
	if databaseURL != "" {
		u, drop, err := freshSchema(databaseURL)
		if err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		env, dropSchema = append(env, "DATABASE_URL="+u), drop
	}
	args := append([]string{"serve", "--transport", "http", "--addr", addr, "--base-url", upstream, "--log-level", "error"}, extra...)
	s, err := startProcess(bin, args, env, addr, "/mcp")
	if err != nil {
		dropSchema()
		os.RemoveAll(dir)
		return nil, err
	}
	stop := s.stop
	s.stop = func() { stop(); dropSchema(); os.RemoveAll(dir) }
	return s, nil
}

// passedOn are the variables of the benchmark's environment it passes on to the servers it
// starts: INTERVALS_MCP_PPROF (a build with -tags pprof serves its profiles there) and the Go
// runtime's GOGC, GOMEMLIMIT and GODEBUG (memprofilerate=N for a finer heap profile), to
// try a setting without a build.
func passedOn() []string {
	var env []string
	for _, name := range []string{"INTERVALS_MCP_PPROF", "GOGC", "GOMEMLIMIT", "GODEBUG"} {
		if v, ok := os.LookupEnv(name); ok {
			env = append(env, name+"="+v)
		}
	}
	return env
}

// StartIcuvisor runs icuvisor (github.com/ricardocabral/icuvisor), another MCP server for
// Intervals.icu, over Streamable HTTP against upstream (the fake's API URL, /api/v1
// included) with the fake's API key and demo athlete, in its default configuration (toolset
// core, delete mode safe) and a fresh home directory.
func StartIcuvisor(bin, upstream string) (*Server, error) {
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "icuvisor-bench-")
	if err != nil {
		return nil, err
	}
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "ICUVISOR_TRANSPORT=http", "ICUVISOR_HTTP_BIND=" + addr,
		"ICUVISOR_API_BASE_URL=" + upstream, "INTERVALS_ICU_API_KEY=" + fakeicu.DefaultAPIKey, "INTERVALS_ICU_ATHLETE_ID=" + fakeicu.DemoAthleteID}
	s, err := startProcess(bin, nil, env, addr, "/mcp")
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	stop := s.stop
	s.stop = func() { stop(); os.RemoveAll(dir) }
	return s, nil
}

// startProcess starts bin with args and env in the temporary directory and waits until it
// listens on addr.
func startProcess(bin string, args, env []string, addr, path string) (*Server, error) {
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	cmd.Dir = os.TempDir()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &process{cmd: cmd}
	if err := waitListening(addr, 10*time.Second); err != nil {
		p.stop()
		return nil, err
	}
	return &Server{Endpoint: "http://" + addr + path, Pid: cmd.Process.Pid, stop: p.stop}, nil
}

// freshSchema makes a schema of its own in the PostgreSQL database base names, and returns
// base with its search_path set to it, and how to drop it.
func freshSchema(base string) (string, func(), error) {
	u, err := url.Parse(base)
	if err != nil {
		return "", nil, fmt.Errorf("the PostgreSQL URL cannot be read")
	}
	db, err := sql.Open("postgres", base)
	if err != nil {
		return "", nil, err
	}
	schema := "bench_" + strings.ToLower(rand.Text()[:12])
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		db.Close()
		return "", nil, fmt.Errorf("create a schema for the benchmark: %w", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	drop := func() {
		_, _ = db.Exec("DROP SCHEMA " + schema + " CASCADE")
		db.Close()
	}
	return u.String(), drop, nil
}
