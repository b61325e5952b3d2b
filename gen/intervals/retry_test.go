package intervals

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// noLimit turns the client-side limiter off, so only retry waits are recorded.
var noLimit = Options{RateLimit: -1}

func listEvents(c *ClientWithResponses, ctx context.Context) (*ListEventsResponse, error) {
	return c.ListEventsWithResponse(ctx, "0", "", nil)
}

func createEvent(c *ClientWithResponses, ctx context.Context) (*CreateEventResponse, error) {
	name := "Easy ride"
	return c.CreateEventWithResponse(ctx, "0", &CreateEventParams{}, EventEx{Name: &name})
}

func TestRetry429BacksOffExponentiallyWithJitter(t *testing.T) {
	seq := &sequence{statuses: []int{429, 429, 429, 200}}
	srv := httptest.NewServer(seq)
	defer srv.Close()
	fc := newFakeClock()
	resp, err := listEvents(newTestClient(t, srv, noLimit, fc), context.Background())
	if err != nil {
		t.Fatalf("ListEvents: %v", err)
	}
	if resp.JSON200 == nil {
		t.Fatal("JSON200 is nil after a successful retry")
	}
	// random is 0.5: half of 500ms, 1s, 2s.
	want := []time.Duration{250 * time.Millisecond, 500 * time.Millisecond, time.Second}
	if got := fc.recorded(); !slices.Equal(got, want) {
		t.Errorf("waits = %v, want %v", got, want)
	}
	if n := seq.hits.Load(); n != 4 {
		t.Errorf("requests = %d, want 4", n)
	}
}

func TestRetry429HonoursRetryAfter(t *testing.T) {
	for name, tc := range map[string]struct {
		header func(now time.Time) string
		want   time.Duration
	}{
		"seconds":   {func(time.Time) string { return "7" }, 7 * time.Second},
		"HTTP date": {func(now time.Time) string { return now.Add(20 * time.Second).UTC().Format(http.TimeFormat) }, 20 * time.Second},
		"zero":      {func(time.Time) string { return "0" }, 250 * time.Millisecond}, // the backoff
	} {
		t.Run(name, func(t *testing.T) {
			fc := newFakeClock()
			seq := &sequence{statuses: []int{429, 200}, header: http.Header{"Retry-After": {tc.header(fc.now())}}}
			srv := httptest.NewServer(seq)
			defer srv.Close()
			if _, err := listEvents(newTestClient(t, srv, noLimit, fc), context.Background()); err != nil {
				t.Fatalf("ListEvents: %v", err)
			}
			if got := fc.recorded(); !slices.Equal(got, []time.Duration{tc.want}) {
				t.Errorf("waits = %v, want [%v]", got, tc.want)
			}
		})
	}
}

func TestRetryAfterBeyondCapIsReturnedNotWaited(t *testing.T) {
	seq := &sequence{statuses: []int{429, 200}, header: http.Header{"Retry-After": {"3600"}}}
	srv := httptest.NewServer(seq)
	defer srv.Close()
	fc := newFakeClock()
	_, err := listEvents(newTestClient(t, srv, noLimit, fc), context.Background())
	var e *Error
	if !errors.As(err, &e) || e.Status != 429 {
		t.Fatalf("err = %v, want a 429 *Error", err)
	}
	if !strings.Contains(e.Hint, "wait 1h0m0s") {
		t.Errorf("Hint = %q, want it to say how long Intervals.icu asks to wait", e.Hint)
	}
	if n, waits := seq.hits.Load(), fc.recorded(); n != 1 || len(waits) != 0 {
		t.Errorf("requests = %d, waits = %v; want 1 request and no wait", n, waits)
	}
}

func TestRetry429ForPostReplaysTheBody(t *testing.T) {
	seq := &sequence{statuses: []int{429, 200}, ok: `{"id":1}`}
	srv := httptest.NewServer(seq)
	defer srv.Close()
	resp, err := createEvent(newTestClient(t, srv, noLimit, newFakeClock()), context.Background())
	if err != nil {
		t.Fatalf("CreateEvent: %v", err)
	}
	if resp.JSON200 == nil || *resp.JSON200.Id != 1 {
		t.Fatalf("JSON200 = %+v, want the created event", resp.JSON200)
	}
	if len(seq.bodies) != 2 || seq.bodies[0] != seq.bodies[1] || !strings.Contains(seq.bodies[1], "Easy ride") {
		t.Errorf("request bodies = %q, want the same event twice", seq.bodies)
	}
}

func TestNoRetryOfPostOn5xx(t *testing.T) {
	for _, status := range []int{502, 503, 504} {
		seq := &sequence{statuses: []int{status, 200}, ok: `{"id":1}`}
		srv := httptest.NewServer(seq)
		_, err := createEvent(newTestClient(t, srv, noLimit, newFakeClock()), context.Background())
		srv.Close()
		if StatusOf(err) != status {
			t.Errorf("%d: err = %v, want a %d *Error", status, err, status)
		}
		if n := seq.hits.Load(); n != 1 {
			t.Errorf("%d: requests = %d, want exactly 1 (a POST may have been done)", status, n)
		}
	}
}

func TestGetRetriedOn5xxThenSucceeds(t *testing.T) {
	for _, status := range []int{502, 503, 504} {
		seq := &sequence{statuses: []int{status, status, 200}}
		srv := httptest.NewServer(seq)
		resp, err := listEvents(newTestClient(t, srv, noLimit, newFakeClock()), context.Background())
		srv.Close()
		if err != nil || resp.JSON200 == nil {
			t.Errorf("%d: err = %v, JSON200 nil = %v; want success after retries", status, err, resp == nil || resp.JSON200 == nil)
		}
		if n := seq.hits.Load(); n != 3 {
			t.Errorf("%d: requests = %d, want 3", status, n)
		}
	}
}

func TestNoRetryOn500(t *testing.T) {
	seq := &sequence{statuses: []int{500, 200}}
	srv := httptest.NewServer(seq)
	defer srv.Close()
	_, err := listEvents(newTestClient(t, srv, noLimit, newFakeClock()), context.Background())
	if StatusOf(err) != 500 || seq.hits.Load() != 1 {
		t.Errorf("err = %v, requests = %d; want a 500 *Error after 1 request", err, seq.hits.Load())
	}
}

func TestRetriesStopAtMaxRetries(t *testing.T) {
	for _, tc := range []struct {
		maxRetries int
		want       int32
	}{{0, 4}, {2, 3}, {-1, 1}} {
		seq := &sequence{statuses: []int{503}}
		srv := httptest.NewServer(seq)
		_, err := listEvents(newTestClient(t, srv, Options{RateLimit: -1, MaxRetries: tc.maxRetries}, newFakeClock()), context.Background())
		srv.Close()
		if StatusOf(err) != 503 {
			t.Errorf("MaxRetries %d: err = %v, want the last 503", tc.maxRetries, err)
		}
		if n := seq.hits.Load(); n != tc.want {
			t.Errorf("MaxRetries %d: requests = %d, want %d", tc.maxRetries, n, tc.want)
		}
	}
}

// dropFirst answers the first request with a broken connection: after writing head, the
// connection is closed. Later requests get "[]".
func dropFirst(head string, hits *atomic.Int32) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if hits.Add(1) == 1 {
			conn, buf, err := w.(http.Hijacker).Hijack()
			if err != nil {
				panic(err)
			}
			_, _ = buf.WriteString(head)
			_ = buf.Flush()
			_ = conn.Close()
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, "[]")
	}
}

const midBody = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n[{\"id\":"

func TestConnectionDroppedIsRetriedForGet(t *testing.T) {
	for name, head := range map[string]string{"mid-body": midBody, "before the answer": ""} {
		t.Run(name, func(t *testing.T) {
			var hits atomic.Int32
			srv := httptest.NewServer(dropFirst(head, &hits))
			defer srv.Close()
			resp, err := listEvents(newTestClient(t, srv, noLimit, newFakeClock()), context.Background())
			if err != nil || resp.JSON200 == nil {
				t.Fatalf("err = %v; want success after a retry", err)
			}
			if n := hits.Load(); n != 2 {
				t.Errorf("requests = %d, want 2", n)
			}
		})
	}
}

func TestConnectionDroppedMidBodyIsNotRetriedForPost(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(dropFirst(midBody, &hits))
	defer srv.Close()
	_, err := createEvent(newTestClient(t, srv, noLimit, newFakeClock()), context.Background())
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("err = %v, want io.ErrUnexpectedEOF", err)
	}
	if n := hits.Load(); n != 1 {
		t.Errorf("requests = %d, want 1", n)
	}
}

func TestAttemptTimeoutIsRetried(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hits.Add(1) == 1 {
			<-r.Context().Done() // never answers: the client gives up on this attempt
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, "[]")
	}))
	defer srv.Close()
	opts := Options{RateLimit: -1, Timeout: 50 * time.Millisecond}
	// The call's own deadline only stops the test from hanging if attempts had no timeout.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if _, err := listEvents(newTestClient(t, srv, opts, newFakeClock()), ctx); err != nil {
		t.Fatalf("ListEvents: %v", err)
	}
	if n := hits.Load(); n != 2 {
		t.Errorf("requests = %d, want 2", n)
	}
}

func TestCancelStopsBackoff(t *testing.T) {
	seq := &sequence{statuses: []int{503, 200}}
	srv := httptest.NewServer(seq)
	defer srv.Close()
	fc := newFakeClock()
	fc.blocking = true
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-fc.waiting; cancel() }()
	_, err := listEvents(newTestClient(t, srv, noLimit, fc), ctx)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if n := seq.hits.Load(); n != 1 {
		t.Errorf("requests = %d, want 1 (no retry after cancel)", n)
	}
}

func TestBackoffPastDeadlineReturnsLastAnswer(t *testing.T) {
	seq := &sequence{statuses: []int{429, 200}, header: http.Header{"Retry-After": {"30"}}}
	srv := httptest.NewServer(seq)
	defer srv.Close()
	fc := newFakeClock()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err := listEvents(newTestClient(t, srv, noLimit, fc), ctx)
	if StatusOf(err) != 429 || len(fc.recorded()) != 0 {
		t.Errorf("err = %v, waits = %v; want the 429 at once", err, fc.recorded())
	}
}

func TestBodyWithoutGetBodyIsSentOnce(t *testing.T) {
	seq := &sequence{statuses: []int{429, 200}}
	srv := httptest.NewServer(seq)
	defer srv.Close()
	tr, err := newTransport(Options{APIKey: testKey, BaseURL: srv.URL, RateLimit: -1, clock: newFakeClock().clock()})
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/v1/athlete/0/events", io.NopCloser(strings.NewReader("{}")))
	_, err = tr.RoundTrip(req)
	if StatusOf(err) != 429 || seq.hits.Load() != 1 {
		t.Errorf("err = %v, requests = %d; want the 429 after 1 request", err, seq.hits.Load())
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"", 0, false},
		{"12", 12 * time.Second, true},
		{" 3 ", 3 * time.Second, true},
		{"-1", 0, false},
		{"soon", 0, false},
		{"Sun, 01 Mar 2026 12:00:45 GMT", 45 * time.Second, true},
		{"Sun, 01 Mar 2026 11:00:00 GMT", 0, true}, // in the past: now
	} {
		got, ok := parseRetryAfter(tc.in, now)
		if got != tc.want || ok != tc.ok {
			t.Errorf("parseRetryAfter(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestBackoffIsCapped(t *testing.T) {
	almostOne := func() float64 { return 0.999999 }
	for attempt := range 70 {
		if d := backoff(attempt, almostOne); d > backoffCap || d <= 0 {
			t.Fatalf("backoff(%d) = %v, want in (0, %v]", attempt, d, backoffCap)
		}
	}
}

// TestAnswerLargerThanMaxAnswerIsRefusedOnce streams a JSON array of MaxAnswer bytes, then
// one byte more: the first is read whole, the second is ErrAnswerTooLarge after one request
// (another would get the same answer), with what to do in its message.
func TestAnswerLargerThanMaxAnswerIsRefusedOnce(t *testing.T) {
	for _, extra := range []int{0, 1} {
		var hits atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			hits.Add(1)
			w.Header().Set("Content-Type", "application/json")
			// [ then spaces then ]: valid JSON of MaxAnswer+extra bytes, sent chunked.
			_, _ = io.WriteString(w, "[")
			pad := []byte(strings.Repeat(" ", 1<<20))
			for left := MaxAnswer + extra - 2; left > 0; left -= len(pad) {
				_, _ = w.Write(pad[:min(left, len(pad))])
			}
			_, _ = io.WriteString(w, "]")
		}))
		resp, err := listEvents(newTestClient(t, srv, noLimit, newFakeClock()), context.Background())
		srv.Close()
		if extra == 0 {
			if err != nil {
				t.Errorf("an answer of MaxAnswer bytes: %v", err)
			} else if resp.JSON200 == nil || len(resp.Body) != MaxAnswer {
				t.Errorf("an answer of MaxAnswer bytes: read %d bytes", len(resp.Body))
			}
			continue
		}
		if !errors.Is(err, ErrAnswerTooLarge) || !strings.Contains(err.Error(), "ask for less") {
			t.Errorf("an answer of MaxAnswer+1 bytes: err = %v, want ErrAnswerTooLarge", err)
		}
		if n := hits.Load(); n != 1 {
			t.Errorf("an answer of MaxAnswer+1 bytes: requests = %d, want 1 (not retried)", n)
		}
	}
}
