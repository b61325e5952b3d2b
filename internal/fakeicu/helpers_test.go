package fakeicu

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// client starts an HTTP server for f and returns the generated client for it, with the
// client's retries and rate limit off so that every request reaches the fake once.
func client(t *testing.T, f *Fake) *intervals.ClientWithResponses {
	t.Helper()
	srv := httptest.NewServer(f.Handler())
	t.Cleanup(srv.Close)
	c, err := intervals.New(intervals.Options{APIKey: DefaultAPIKey, BaseURL: srv.URL, MaxRetries: -1, RateLimit: -1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// call sends one request through f's in-process transport with the default key and
// returns the status and body.
func call(t *testing.T, f *Fake, method, path, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, "http://fake"+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.SetBasicAuth("API_KEY", DefaultAPIKey)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	return send(t, f, req)
}

// send sends a prepared request through f's transport.
func send(t *testing.T, f *Fake, req *http.Request) (int, string) {
	t.Helper()
	resp, err := f.Transport().RoundTrip(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: read body: %v", req.Method, req.URL.Path, err)
	}
	return resp.StatusCode, string(b)
}

// mustStatus fails unless a call answered want.
func mustStatus(t *testing.T, f *Fake, want int, method, path, body string) string {
	t.Helper()
	got, b := call(t, f, method, path, body)
	if got != want {
		t.Fatalf("%s %s = %d %s, want %d", method, path, got, b, want)
	}
	return b
}

// decode unmarshals a JSON body into T.
func decode[T any](t *testing.T, body string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatalf("decode %T from %s: %v", v, body, err)
	}
	return v
}

// errorBody is Intervals.icu's error body.
type errorBody struct {
	Status *int    `json:"status"`
	Error  *string `json:"error"`
}

// mustError fails unless a call answered want with the {"status","error"} body.
func mustError(t *testing.T, f *Fake, want int, method, path, body string) string {
	t.Helper()
	b := mustStatus(t, f, want, method, path, body)
	e := decode[errorBody](t, b)
	if e.Status == nil || *e.Status != want || e.Error == nil || *e.Error == "" {
		t.Fatalf("%s %s: body %s is not {\"status\":%d,\"error\":...}", method, path, b, want)
	}
	return *e.Error
}

// jsonBody is a request body.
func jsonBody(s string) io.Reader { return strings.NewReader(s) }

// itoa32 formats an id for a path.
func itoa32(n int32) string { return strconv.Itoa(int(n)) }

// mustRequest is a request with the default key.
func mustRequest(method, path, body string) *http.Request {
	req, err := http.NewRequest(method, "http://fake"+path, strings.NewReader(body))
	if err != nil {
		panic(err)
	}
	req.SetBasicAuth("API_KEY", DefaultAPIKey)
	return req
}
