package auth_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/fakeicutest"
)

const callback = "http://127.0.0.1:8765/oauth/callback"

// upstreamFake is the fake Intervals.icu, reached in-process, with a clock the test moves,
// and an Upstream for its demo app.
type upstreamFake struct {
	f   *fakeicu.Fake
	c   *http.Client
	u   *auth.Upstream
	mu  sync.Mutex
	now time.Time
}

func newUpstreamFake(t *testing.T) *upstreamFake {
	t.Helper()
	x := &upstreamFake{now: time.Date(2026, 3, 10, 22, 0, 0, 0, time.UTC)}
	x.f = fakeicu.New(fakeicu.Options{Now: func() time.Time { x.mu.Lock(); defer x.mu.Unlock(); return x.now }})
	x.c = &http.Client{Transport: x.f.Transport()}
	x.u = &auth.Upstream{ClientID: fakeicu.DemoOAuthClientID, ClientSecret: fakeicu.DemoOAuthClientSecret, BaseURL: "http://fake", HTTP: x.c}
	return x
}

func (x *upstreamFake) advance(d time.Duration) { x.mu.Lock(); x.now = x.now.Add(d); x.mu.Unlock() }

// signIn approves Upstream's authorize URL on the fake's page and returns the code.
func (x *upstreamFake) signIn(t *testing.T, athlete string, write bool) string {
	t.Helper()
	back := fakeicutest.SignIn(t, x.c, x.u.AuthorizeURL("st", callback, write), athlete, "allow")
	if back.Query().Get("state") != "st" || back.Query().Get("code") == "" {
		t.Fatalf("sign-in came back to %s, want code and state", back)
	}
	return back.Query().Get("code")
}

// status calls the fake's API with the athlete's token.
func (x *upstreamFake) status(t *testing.T, tok, method, path, body string) int {
	t.Helper()
	req, _ := http.NewRequest(method, "http://fake"+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Content-Type", "application/json")
	resp, err := x.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func TestAuthorizeURLAsksForOurScopesCommaSeparated(t *testing.T) {
	u := &auth.Upstream{ClientID: "app-7", BaseURL: "https://intervals.icu/"}
	for write, scope := range map[bool]string{false: auth.ReadScopes, true: auth.WriteScopes} {
		got, err := url.Parse(u.AuthorizeURL("s-1", callback, write))
		if err != nil {
			t.Fatal(err)
		}
		q := got.Query()
		if got.Scheme+"://"+got.Host+got.Path != "https://intervals.icu/oauth/authorize" || q.Get("client_id") != "app-7" ||
			q.Get("redirect_uri") != callback || q.Get("scope") != scope || q.Get("state") != "s-1" || q.Get("response_type") != "code" {
			t.Errorf("write=%v: %s", write, got)
		}
	}
}

func TestExchangeGivesTheAthletesTokenAndScopes(t *testing.T) {
	x := newUpstreamFake(t)
	g, err := x.u.Exchange(context.Background(), x.signIn(t, "i100002", false), callback)
	if err != nil {
		t.Fatal(err)
	}
	if g.AccessToken == "" || g.Scope != auth.ReadScopes || g.AthleteID != "i100002" || g.AthleteName != "Camille Martin" {
		t.Errorf("grant %+v", g)
	}
	if auth.GrantAllowsWrite(g.Scope) {
		t.Errorf("GrantAllowsWrite(%q) = true", g.Scope)
	}
	if got := x.status(t, g.AccessToken, "GET", "/api/v1/athlete/0", ""); got != 200 {
		t.Errorf("read with the read grant's token = %d", got)
	}
	if got := x.status(t, g.AccessToken, "PUT", "/api/v1/athlete/0/wellness/2026-03-10", `{"weight":60}`); got != 403 {
		t.Errorf("write with the read grant's token = %d, want 403", got)
	}
	w, err := x.u.Exchange(context.Background(), x.signIn(t, "", true), callback)
	if err != nil {
		t.Fatal(err)
	}
	if !auth.GrantAllowsWrite(w.Scope) || w.AthleteID != fakeicu.DemoAthleteID {
		t.Errorf("write grant %+v", w)
	}
	if got := x.status(t, w.AccessToken, "PUT", "/api/v1/athlete/0/wellness/2026-03-10", `{"weight":70}`); got != 200 {
		t.Errorf("write with the write grant's token = %d", got)
	}
}

func TestExchangeRefusalSaysWhatToCheckAndNeverTheSecret(t *testing.T) {
	x := newUpstreamFake(t)
	wrong := *x.u
	wrong.ClientSecret = "a-wrong-secret-value"
	code := x.signIn(t, "", false)
	_, err := wrong.Exchange(context.Background(), code, callback)
	if !errors.Is(err, auth.ErrUpstreamRejected) || !strings.Contains(err.Error(), "INTERVALS_CLIENT_SECRET") || !strings.Contains(err.Error(), "404") {
		t.Errorf("wrong secret: %v, want ErrUpstreamRejected naming INTERVALS_CLIENT_SECRET and the 404", err)
	}
	if _, err := x.u.Exchange(context.Background(), code, callback); err != nil {
		t.Fatalf("exchange after a refused one: %v", err)
	}
	_, err = x.u.Exchange(context.Background(), code, callback)
	if !errors.Is(err, auth.ErrUpstreamRejected) || !strings.Contains(err.Error(), "2 minutes") {
		t.Errorf("code reused: %v, want ErrUpstreamRejected saying codes last 2 minutes", err)
	}
	late := x.signIn(t, "", false)
	x.advance(2*time.Minute + time.Second)
	_, lateErr := x.u.Exchange(context.Background(), late, callback)
	if !errors.Is(lateErr, auth.ErrUpstreamRejected) {
		t.Errorf("expired code: %v, want ErrUpstreamRejected", lateErr)
	}
	for _, e := range []error{err, lateErr} {
		for _, secret := range []string{fakeicu.DemoOAuthClientSecret, "a-wrong-secret-value", code, late} {
			if e != nil && strings.Contains(e.Error(), secret) {
				t.Errorf("the error holds a secret or code: %v", e)
			}
		}
	}
}

func TestExchangeIsBoundedByItsContextAndTheBodySize(t *testing.T) {
	x := newUpstreamFake(t)
	x.f.Inject(fakeicu.Fault{Kind: fakeicu.FaultLatency, Delay: time.Minute, PathPrefix: "/api/oauth/token"})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := x.u.Exchange(ctx, x.signIn(t, "", false), callback); !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, auth.ErrUpstreamRejected) {
		t.Errorf("a stalled token endpoint: %v, want the context's deadline", err)
	}

	// A 2 MiB answer that would decode if read whole: x/oauth2 stops at 1 MiB.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"token_type": "Bearer", "access_token": "t", "scope": auth.ReadScopes,
			"athlete": map[string]any{"id": "i1", "name": "N"}, "pad": strings.Repeat("x", 2<<20)})
	}))
	defer srv.Close()
	big := &auth.Upstream{ClientID: "c", ClientSecret: "s", BaseURL: srv.URL}
	if g, err := big.Exchange(context.Background(), "code", callback); err == nil {
		t.Errorf("a 2 MiB answer was read whole: %+v", g)
	}
}

func TestExchangeServerErrorIsNotARefusal(t *testing.T) {
	x := newUpstreamFake(t)
	x.f.Inject(fakeicu.Fault{Kind: fakeicu.FaultStatus, Status: 503, PathPrefix: "/api/oauth/token"})
	_, err := x.u.Exchange(context.Background(), x.signIn(t, "", false), callback)
	if err == nil || errors.Is(err, auth.ErrUpstreamRejected) || !strings.Contains(err.Error(), "503") {
		t.Errorf("503 from the token endpoint: %v, want an error naming 503 that is not a refusal", err)
	}
}

func TestExchangeReadsANumericAthleteID(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"token_type":"Bearer","access_token":"t","scope":"ACTIVITY:WRITE","athlete":{"id":2049151,"name":"David"}}`))
	}))
	defer srv.Close()
	g, err := (&auth.Upstream{ClientID: "c", ClientSecret: "s", BaseURL: srv.URL}).Exchange(context.Background(), "code", callback)
	if err != nil || g.AthleteID != "2049151" || g.AthleteName != "David" {
		t.Errorf("Exchange = %+v, %v", g, err)
	}
}

func TestDisconnectRevokesTheAthletesTokens(t *testing.T) {
	x := newUpstreamFake(t)
	first, err := x.u.Exchange(context.Background(), x.signIn(t, "", false), callback)
	if err != nil {
		t.Fatal(err)
	}
	second, _ := x.u.Exchange(context.Background(), x.signIn(t, "", false), callback)
	if err := x.u.Disconnect(context.Background(), first.AccessToken); err != nil {
		t.Fatal(err)
	}
	for _, tok := range []string{first.AccessToken, second.AccessToken} {
		if got := x.status(t, tok, "GET", "/api/v1/athlete/0", ""); got != 401 {
			t.Errorf("a token after Disconnect = %d, want 401", got)
		}
	}
	if err := x.u.Disconnect(context.Background(), first.AccessToken); err != nil {
		t.Errorf("Disconnect again (the token is already gone): %v, want nil", err)
	}
	x.f.Inject(fakeicu.Fault{Kind: fakeicu.FaultStatus, Status: 500, PathPrefix: "/api/v1/disconnect-app"})
	if err := x.u.Disconnect(context.Background(), second.AccessToken); err == nil || strings.Contains(err.Error(), second.AccessToken) {
		t.Errorf("Disconnect answered 500: %v, want an error without the token", err)
	}
}

func TestGrantAllowsWriteNeedsWriteOnEveryArea(t *testing.T) {
	for scope, want := range map[string]bool{
		auth.WriteScopes: true,
		"SETTINGS:WRITE, LIBRARY:WRITE,CALENDAR:WRITE,WELLNESS:WRITE,ACTIVITY:WRITE,CHATS:READ": true,
		auth.ReadScopes: false,
		strings.Replace(auth.WriteScopes, "CALENDAR:WRITE", "CALENDAR:READ", 1): false,
		strings.Replace(auth.WriteScopes, ",LIBRARY:WRITE", "", 1):              false,
		"": false,
	} {
		if got := auth.GrantAllowsWrite(scope); got != want {
			t.Errorf("GrantAllowsWrite(%q) = %v, want %v", scope, got, want)
		}
	}
}
