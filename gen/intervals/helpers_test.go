package intervals

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

const testKey = "s3cr3t-test-key-0123456789"

// fakeClock records the waits the client asks for and moves its own time forward by them,
// so tests check delays exactly and never sleep. With blocking set, a wait reports itself on
// waiting and then lasts until its context ends, to test cancellation.
type fakeClock struct {
	mu       sync.Mutex
	t        time.Time
	sleeps   []time.Duration
	blocking bool
	waiting  chan time.Duration
}

func newFakeClock() *fakeClock {
	// whole seconds, so an HTTP-date Retry-After computed from it is exact
	return &fakeClock{t: time.Now().Truncate(time.Second), waiting: make(chan time.Duration, 16)}
}

func (f *fakeClock) clock() clock {
	return clock{now: f.now, sleep: f.sleep, random: func() float64 { return 0.5 }}
}

func (f *fakeClock) now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.t
}

func (f *fakeClock) sleep(ctx context.Context, d time.Duration) error {
	f.mu.Lock()
	f.sleeps = append(f.sleeps, d)
	blocking := f.blocking
	f.mu.Unlock()
	if blocking {
		f.waiting <- d
		<-ctx.Done()
		return ctx.Err()
	}
	f.mu.Lock()
	f.t = f.t.Add(d)
	f.mu.Unlock()
	return ctx.Err()
}

func (f *fakeClock) recorded() []time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]time.Duration(nil), f.sleeps...)
}

// newTestClient returns a client for srv with a fake clock; opts fields left zero get an
// API key and defaults.
func newTestClient(t *testing.T, srv *httptest.Server, opts Options, fc *fakeClock) *ClientWithResponses {
	t.Helper()
	if opts.APIKey == "" && opts.AccessToken == "" {
		opts.APIKey = testKey
	}
	if opts.BaseURL == "" {
		opts.BaseURL = srv.URL
	}
	if fc != nil {
		opts.clock = fc.clock()
	}
	c, err := New(opts)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c
}

// sequence is a handler that answers the i-th request with statuses[i] (the last one
// repeats) and counts requests. A 2xx answer carries ok, or "[]" if ok is empty.
type sequence struct {
	statuses []int
	ok       string
	header   http.Header // added to every answer that is not 2xx
	hits     atomic.Int32
	bodies   []string // request bodies, in order
	mu       sync.Mutex
}

func (s *sequence) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := int(s.hits.Add(1)) - 1
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	s.bodies = append(s.bodies, string(body))
	s.mu.Unlock()
	status := s.statuses[min(n, len(s.statuses)-1)]
	w.Header().Set("Content-Type", "application/json")
	if status < 200 || status > 299 {
		for k, v := range s.header {
			w.Header()[k] = v
		}
		w.WriteHeader(status)
		fmt.Fprintf(w, `{"status":%d,"error":%q}`, status, http.StatusText(status))
		return
	}
	w.WriteHeader(status)
	ok := s.ok
	if ok == "" {
		ok = "[]"
	}
	_, _ = io.WriteString(w, ok)
}
