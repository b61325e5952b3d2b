package intervals

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

func TestAPIKeyIsSentAsBasicAuthWithUserAPIKEY(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		user, pass, ok := r.BasicAuth()
		if !ok || user != "API_KEY" || pass != testKey {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte("[]"))
	}))
	defer srv.Close()
	c := newTestClient(t, srv, Options{APIKey: "  " + testKey + "\n"}, newFakeClock()) // as pasted
	if _, err := listEvents(c, context.Background()); err != nil {
		t.Fatalf("ListEvents: %v", err)
	}
}

func TestAccessTokenIsSentAsBearer(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer oauth-token-1" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte("[]"))
	}))
	defer srv.Close()
	c := newTestClient(t, srv, Options{AccessToken: "oauth-token-1"}, newFakeClock())
	if _, err := listEvents(c, context.Background()); err != nil {
		t.Fatalf("ListEvents: %v", err)
	}
}

func TestUnauthorizedHintDependsOnCredential(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusUnauthorized)
	}))
	defer srv.Close()
	_, err := listEvents(newTestClient(t, srv, Options{}, newFakeClock()), context.Background())
	if !strings.Contains(err.Error(), "set API_KEY") {
		t.Errorf("API key: err = %v, want the API key hint", err)
	}
	_, err = listEvents(newTestClient(t, srv, Options{AccessToken: "tok"}, newFakeClock()), context.Background())
	if !strings.Contains(err.Error(), "authorize the app again") {
		t.Errorf("token: err = %v, want the OAuth hint", err)
	}
}

func TestUserAgent(t *testing.T) {
	var got atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.Store(r.Header.Get("User-Agent"))
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte("[]"))
	}))
	defer srv.Close()
	ctx := context.Background()
	if _, err := listEvents(newTestClient(t, srv, Options{}, newFakeClock()), ctx); err != nil {
		t.Fatal(err)
	}
	if want := "intervals-mcp/" + Version + " (+https://github.com/intervals-mcp/intervals-mcp)"; got.Load() != want {
		t.Errorf("default User-Agent = %q, want %q", got.Load(), want)
	}
	if _, err := listEvents(newTestClient(t, srv, Options{UserAgent: "coach-tool/2.0"}, newFakeClock()), ctx); err != nil {
		t.Fatal(err)
	}
	if got.Load() != "coach-tool/2.0" {
		t.Errorf("User-Agent = %q, want the configured one", got.Load())
	}
}

func TestCredentialsAreNotSentToAnotherHostOnRedirect(t *testing.T) {
	var otherAuth atomic.Value
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		otherAuth.Store(r.Header.Get("Authorization"))
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte("[]"))
	}))
	defer other.Close()
	api := httptest.NewServer(http.RedirectHandler(other.URL+"/elsewhere", http.StatusFound))
	defer api.Close()
	if _, err := listEvents(newTestClient(t, api, Options{}, newFakeClock()), context.Background()); err != nil {
		t.Fatalf("ListEvents: %v", err)
	}
	if a := otherAuth.Load(); a != "" {
		t.Errorf("the other host got Authorization %q, want none", a)
	}
}

func TestRedirectNotFollowedIsAnError(t *testing.T) {
	api := httptest.NewServer(http.RedirectHandler("/elsewhere", http.StatusFound))
	defer api.Close()
	hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	_, err := listEvents(newTestClient(t, api, Options{HTTPClient: hc}, newFakeClock()), context.Background())
	if StatusOf(err) != http.StatusFound {
		t.Errorf("err = %v, want an *Error with status 302", err)
	}
}

func TestErrorIsReturnedUnwrapped(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `{"status":404,"error":"Not Found"}`, http.StatusNotFound)
	}))
	defer srv.Close()
	resp, err := listEvents(newTestClient(t, srv, Options{}, newFakeClock()), context.Background())
	if resp != nil {
		t.Errorf("resp = %+v, want nil with the error", resp)
	}
	if _, ok := err.(*Error); !ok {
		t.Fatalf("err is %T, want *Error itself (not inside *url.Error)", err)
	}
	if want := "listEvents: 404 Not Found (not found: check the id"; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("err = %q, want it to start with %q", err, want)
	}
}

// recordingTransport stands for a caller's own transport (a proxy, a test double).
type recordingTransport struct{ calls atomic.Int32 }

func (rt *recordingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	rt.calls.Add(1)
	return http.DefaultTransport.RoundTrip(r)
}

func TestHTTPClientTransportIsWrapped(t *testing.T) {
	seq := &sequence{statuses: []int{200}}
	srv := httptest.NewServer(seq)
	defer srv.Close()
	rt := &recordingTransport{}
	c := newTestClient(t, srv, Options{HTTPClient: &http.Client{Transport: rt}}, newFakeClock())
	if _, err := listEvents(c, context.Background()); err != nil {
		t.Fatal(err)
	}
	if rt.calls.Load() != 1 {
		t.Errorf("the caller's transport was used %d times, want 1", rt.calls.Load())
	}
}

func TestBaseURLForms(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "https://intervals.icu"},
		{"https://intervals.icu/", "https://intervals.icu"},
		{"https://intervals.icu/api/v1", "https://intervals.icu"},
		{"https://intervals.icu/api/v1/", "https://intervals.icu"},
		{"http://127.0.0.1:8080/proxy/api/v1", "http://127.0.0.1:8080/proxy"},
	} {
		u, err := parseBaseURL(tc.in)
		if err != nil || u.String() != tc.want {
			t.Errorf("parseBaseURL(%q) = %v, %v; want %s", tc.in, u, err, tc.want)
		}
	}
}

func TestBaseURLWithPathPrefixReachesTheAPIAndNamesTheOperation(t *testing.T) {
	var path atomic.Value
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path.Store(r.URL.Path)
		w.WriteHeader(http.StatusNotFound)
	}))
	defer srv.Close()
	c := newTestClient(t, srv, Options{BaseURL: srv.URL + "/proxy/api/v1/"}, newFakeClock())
	_, err := listEvents(c, context.Background())
	if path.Load() != "/proxy/api/v1/athlete/0/events" {
		t.Errorf("server saw %v, want /proxy/api/v1/athlete/0/events", path.Load())
	}
	var e *Error
	if !errors.As(err, &e) || e.Operation != "listEvents" {
		t.Errorf("err = %v, want an *Error for listEvents", err)
	}
}

func TestNewRejectsUnusableOptions(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts Options
		want string
	}{
		{"no credentials", Options{}, "no credentials"},
		{"both", Options{APIKey: "k", AccessToken: "t"}, "use one"},
		{"key with a space", Options{APIKey: "abc def"}, "spaces or control characters"},
		{"Bearer prefix", Options{AccessToken: "Bearer tok"}, `without "Bearer "`},
		{"not absolute", Options{APIKey: "k", BaseURL: "intervals.icu"}, "not an absolute http(s) URL"},
		{"ftp", Options{APIKey: "k", BaseURL: "ftp://intervals.icu"}, "not an absolute http(s) URL"},
		{"unparsable", Options{APIKey: "k", BaseURL: "http://[::1"}, "not a URL"},
		{"query", Options{APIKey: "k", BaseURL: "https://intervals.icu/?x=1"}, "query"},
		{"user info", Options{APIKey: "k", BaseURL: "https://API_KEY:hunter2@intervals.icu"}, "user information"},
	} {
		_, err := New(tc.opts)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: New = %v, want an error containing %q", tc.name, err, tc.want)
			continue
		}
		if strings.Contains(err.Error(), "hunter2") {
			t.Errorf("%s: the error shows the password: %v", tc.name, err)
		}
	}
}

func TestOptionDefaults(t *testing.T) {
	tr, err := newTransport(Options{APIKey: "k"})
	if err != nil {
		t.Fatal(err)
	}
	if tr.timeout != defaultTimeout || tr.maxRetries != defaultMaxRetries || tr.limiter == nil ||
		tr.limiter.Limit() != defaultRateLimit || tr.limiter.Burst() != defaultBurst {
		t.Errorf("defaults: timeout %v, retries %d, limiter %v", tr.timeout, tr.maxRetries, tr.limiter)
	}
	tr, err = newTransport(Options{APIKey: "k", Timeout: -1, MaxRetries: -1, RateLimit: -1})
	if err != nil {
		t.Fatal(err)
	}
	if tr.timeout != 0 || tr.maxRetries != 0 || tr.limiter != nil {
		t.Errorf("negatives: timeout %v, retries %d, limiter %v; want all off", tr.timeout, tr.maxRetries, tr.limiter)
	}
}
