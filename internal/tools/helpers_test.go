package tools

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// The helpers every test of the package shares: a client for a test server, the embedded
// fake Intervals.icu at a fixed clock, a tool by name and golden files. Each test file keeps
// only what is its own (its clock, its stub answers, its golden directory).

// serve serves h for the test and returns a client for it, without rate limit or retries.
func serve(t *testing.T, h http.Handler, apiKey string) *intervals.ClientWithResponses {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	c, err := intervals.New(intervals.Options{APIKey: apiKey, BaseURL: srv.URL, RateLimit: -1, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// ciPathLog records the method and path of the requests that reach the fake.
type ciPathLog struct {
	mu    sync.Mutex
	paths []string
}

// take returns the paths logged since the last take.
func (l *ciPathLog) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	p := l.paths
	l.paths = nil
	return p
}

// startFake serves the embedded fake with its clock fixed at now and returns it, a client
// for it and the log of the requests it saw.
func startFake(t *testing.T, now time.Time) (*fakeicu.Fake, *intervals.ClientWithResponses, *ciPathLog) {
	t.Helper()
	f := fakeicu.New(fakeicu.Options{Now: func() time.Time { return now }})
	log := &ciPathLog{}
	h := f.Handler()
	c := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.mu.Lock()
		log.paths = append(log.paths, r.Method+" "+r.URL.Path)
		log.mu.Unlock()
		h.ServeHTTP(w, r)
	}), fakeicu.DefaultAPIKey)
	return f, c, log
}

// toolNamed finds a tool by name among tools.
func toolNamed(t *testing.T, tools []manifest.Tool, name string) manifest.Tool {
	t.Helper()
	for _, tool := range tools {
		if tool.Name == name {
			return tool
		}
	}
	t.Fatalf("no tool %q", name)
	return manifest.Tool{}
}

// compareGolden compares got with the golden file at path, both passed through normalise
// when it is not nil, or rewrites the file with got when update is set (flag names the
// flag that does it).
func compareGolden(t *testing.T, path, got string, update bool, flag string, normalise func(string) string) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -%s to create it)", err, t.Name(), flag)
	}
	w := string(want)
	if normalise != nil {
		w, got = normalise(w), normalise(got)
	}
	if diff := cmp.Diff(w, got); diff != "" {
		t.Errorf("the answer differs from %s (-want +got):\n%s", path, diff)
	}
}

// worldAthlete returns the fake's current data of athlete id (a copy: f.World copies).
func worldAthlete(t *testing.T, f *fakeicu.Fake, id string) *synth.Athlete {
	t.Helper()
	for _, a := range f.World().Athletes {
		if a.Profile.Id != nil && *a.Profile.Id == id {
			return a
		}
	}
	t.Fatalf("no athlete %s in the demo world", id)
	return nil
}
