package auth_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
)

func TestSignInGivesTokensThatCallMCP(t *testing.T) {
	e := newEnv(t)
	_, tok := e.signIn("intervals:read")
	if !strings.HasPrefix(tok.AccessToken, "imcp_at_") || !strings.HasPrefix(tok.RefreshToken, "imcp_rt_") || tok.ExpiresIn != 3600 || tok.Scope != "intervals:read" {
		t.Fatalf("tokens = %+v", tok)
	}
	if status, _, body := e.mcpStatus(tok.AccessToken, initialize); status != http.StatusOK {
		t.Fatalf("initialize with the access token = %d: %s", status, body)
	}
}

func TestCodeIsSingleUseAndItsReuseRevokesTheTokens(t *testing.T) {
	e := newEnv(t)
	redirect := "http://127.0.0.1:9/cb"
	client := e.register(redirect)
	verifier, challenge := pkce()
	code := e.code(client, redirect, challenge, "intervals:read")
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirect}, "client_id": {client}, "code_verifier": {verifier}}
	status, tok := e.token(form)
	if status != http.StatusOK {
		t.Fatalf("/token = %d %+v", status, tok)
	}
	if s, _, _ := e.mcpStatus(tok.AccessToken, initialize); s != http.StatusOK {
		t.Fatalf("the access token before the replay: %d", s)
	}
	status, again := e.token(form)
	if status != http.StatusBadRequest || again.Error != "invalid_grant" || again.AccessToken != "" {
		t.Errorf("a second redemption = %d %+v, want invalid_grant", status, again)
	}
	if s, _, _ := e.mcpStatus(tok.AccessToken, initialize); s != http.StatusUnauthorized {
		t.Errorf("the first redemption's access token after the replay: %d, want 401 (revoked)", s)
	}
	if s, _ := e.token(url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tok.RefreshToken}, "client_id": {client}}); s != http.StatusBadRequest {
		t.Errorf("its refresh token after the replay: %d, want 400", s)
	}
}

func TestBadTokenRequestsGrantNothing(t *testing.T) {
	e := newEnv(t)
	redirect := "http://127.0.0.1:9/cb"
	client := e.register(redirect)
	other := e.register(redirect)
	cases := map[string]func(v url.Values){
		"wrong verifier":    func(v url.Values) { w, _ := pkce(); v.Set("code_verifier", w) },
		"no verifier":       func(v url.Values) { v.Del("code_verifier") },
		"wrong redirect":    func(v url.Values) { v.Set("redirect_uri", redirect+"/x") },
		"another client":    func(v url.Values) { v.Set("client_id", other) },
		"another resource":  func(v url.Values) { v.Set("resource", "https://other.example/mcp") },
		"an unknown client": func(v url.Values) { v.Set("client_id", "imcp_c_nobody") },
		"a tampered code":   func(v url.Values) { v.Set("code", v.Get("code")+"x") },
		"an unknown grant":  func(v url.Values) { v.Set("grant_type", "password") },
	}
	want := map[string]string{"another resource": "invalid_target", "an unknown client": "invalid_client", "an unknown grant": "unsupported_grant_type"}
	for name, change := range cases {
		verifier, challenge := pkce()
		code := e.code(client, redirect, challenge, "intervals:read")
		v := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirect}, "client_id": {client}, "code_verifier": {verifier}}
		change(v)
		status, tok := e.token(v)
		code2 := want[name]
		if code2 == "" {
			code2 = "invalid_grant"
		}
		if status < 400 || tok.Error != code2 || tok.AccessToken != "" {
			t.Errorf("%s: %d %+v, want %s and no token", name, status, tok, code2)
		}
	}
}

func TestRefreshRotatesHasAGraceAndItsReuseRevokes(t *testing.T) {
	c := &clock{t: time.Now()}
	e := newEnv(t, envConfig{opts: func(o *auth.Options) { o.Now = c.now; o.Grace = 20 * time.Second }})
	client, first := e.signIn("intervals:write")
	refresh := url.Values{"grant_type": {"refresh_token"}, "refresh_token": {first.RefreshToken}, "client_id": {client}}
	status, second := e.token(refresh)
	if status != http.StatusOK || second.RefreshToken == first.RefreshToken || second.AccessToken == first.AccessToken || second.Scope != "intervals:read intervals:write" {
		t.Fatalf("refresh = %d %+v; want a new pair with the grant's scope", status, second)
	}
	c.advance(5 * time.Second)
	status, replay := e.token(refresh)
	if status != http.StatusOK || replay != second {
		t.Fatalf("the same refresh token within the grace = %d %+v; want the same pair %+v", status, replay, second)
	}
	if s, _, _ := e.mcpStatus(second.AccessToken, initialize); s != http.StatusOK {
		t.Fatalf("the rotated access token: %d", s)
	}
	c.advance(30 * time.Second)
	status, reuse := e.token(refresh)
	if status != http.StatusBadRequest || reuse.Error != "invalid_grant" {
		t.Fatalf("the old refresh token after the grace = %d %+v, want invalid_grant", status, reuse)
	}
	if s, _, _ := e.mcpStatus(second.AccessToken, initialize); s != http.StatusUnauthorized {
		t.Errorf("after a refresh token's reuse the newest access token answers %d, want 401 (grant revoked)", s)
	}
	if s, _ := e.token(url.Values{"grant_type": {"refresh_token"}, "refresh_token": {second.RefreshToken}, "client_id": {client}}); s != http.StatusBadRequest {
		t.Errorf("the newest refresh token after the reuse: %d, want 400", s)
	}
}

func TestAccessTokenExpiresAfterItsTTL(t *testing.T) {
	c := &clock{t: time.Now()}
	e := newEnv(t, envConfig{opts: func(o *auth.Options) { o.Now = c.now; o.AccessTTL = 2 * time.Minute }})
	_, tok := e.signIn("intervals:read")
	if tok.ExpiresIn != 120 {
		t.Errorf("expires_in = %d, want the configured 120", tok.ExpiresIn)
	}
	c.advance(3 * time.Minute)
	if s, _, _ := e.mcpStatus(tok.AccessToken, initialize); s != http.StatusUnauthorized {
		t.Errorf("an access token past its lifetime: %d, want 401", s)
	}
}

// TestRefreshWhoseSignInCannotBeOpenedSaysSignInAgain: the operator removes the key that
// sealed an athlete's Intervals.icu token (MCP_SEAL_KEYS without it). Their client's
// refresh gets invalid_grant (RFC 6749 5.2: sign in again), not a 200 with tokens that /mcp
// then refuses, and the log says why without a token; signing in again works.
func TestRefreshWhoseSignInCannotBeOpenedSaysSignInAgain(t *testing.T) {
	onBothStores(t, func(t *testing.T, cfg envConfig) {
		databaseURL, dataDir := cfg.databaseURL, t.TempDir()
		fake := fakeicu.New(fakeicu.Options{})
		before := newEnv(t, envConfig{databaseURL: databaseURL, dataDir: dataDir, fake: fake})
		client, tok := before.signIn("intervals:read")
		upstream := before.upstreamToken(fakeicu.DemoAthleteID)
		e := newEnv(t, envConfig{databaseURL: databaseURL, dataDir: dataDir, fake: fake}) // another key only
		refresh := url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tok.RefreshToken}, "client_id": {client}}
		status, got := e.token(refresh)
		if status != http.StatusBadRequest || got.Error != "invalid_grant" || got.AccessToken != "" || !strings.Contains(got.Description, "sign in again") {
			t.Fatalf("refresh after the seal key was removed = %d %+v, want invalid_grant saying to sign in again", status, got)
		}
		logs := e.logs.String()
		if !strings.Contains(logs, "cannot be unsealed") || !strings.Contains(logs, "MCP_SEAL_KEYS") || !strings.Contains(logs, fakeicu.DemoAthleteID) {
			t.Errorf("the log does not say why the refresh was refused:\n%s", logs)
		}
		for _, secret := range []string{tok.RefreshToken, tok.AccessToken, upstream} {
			if strings.Contains(logs, secret) {
				t.Errorf("the log holds a token:\n%s", logs)
			}
		}
		if status, again := e.token(refresh); status != http.StatusBadRequest || again.Error != "invalid_grant" {
			t.Errorf("the same refresh again = %d %+v, want invalid_grant", status, again)
		}
		if grants, err := e.st.Grants(context.Background(), fakeicu.DemoAthleteID, time.Now()); err != nil || len(grants) != 0 {
			t.Errorf("the athlete's connections after the refused refresh: %+v, %v; want none (its grant is over)", grants, err)
		}
		_, fresh := e.signIn("intervals:read")
		if s, _, body := e.mcpStatus(fresh.AccessToken, initialize); s != http.StatusOK {
			t.Errorf("after signing in again, /mcp = %d %s", s, body)
		}
	})
}

// TestCodeWhoseSignInCannotBeOpenedSaysSignInAgain: the code is redeemed on a replica
// that cannot open the Intervals.icu token the sign-in sealed (another key: the replicas'
// MCP_SEAL_KEYS differ, or the key went between sign-in and redemption): invalid_grant, no
// tokens that /mcp would refuse.
func TestCodeWhoseSignInCannotBeOpenedSaysSignInAgain(t *testing.T) {
	onBothStores(t, func(t *testing.T, cfg envConfig) {
		databaseURL, dataDir := cfg.databaseURL, t.TempDir()
		fake := fakeicu.New(fakeicu.Options{})
		before := newEnv(t, envConfig{databaseURL: databaseURL, dataDir: dataDir, fake: fake})
		redirect := "http://127.0.0.1:9/cb"
		client := before.register(redirect)
		verifier, challenge := pkce()
		code := before.code(client, redirect, challenge, "intervals:read")
		e := newEnv(t, envConfig{databaseURL: databaseURL, dataDir: dataDir, fake: fake})
		status, got := e.token(url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirect}, "client_id": {client}, "code_verifier": {verifier}})
		if status != http.StatusBadRequest || got.Error != "invalid_grant" || got.AccessToken != "" || !strings.Contains(got.Description, "sign in again") {
			t.Fatalf("redeeming a code whose sign-in cannot be opened = %d %+v, want invalid_grant saying to sign in again", status, got)
		}
		if logs := e.logs.String(); !strings.Contains(logs, "cannot be unsealed") {
			t.Errorf("the log does not say why:\n%s", logs)
		}
	})
}

// TestRefreshNarrowsAndNeverWidens: a refresh of a read+write grant asking scope
// intervals:read gets a pair of that scope only, and so does every later refresh that asks
// none; asking intervals:write again is invalid_scope (RFC 6749 6).
func TestRefreshNarrowsAndNeverWidens(t *testing.T) {
	e := newEnv(t, envConfig{})
	client, first := e.signIn("intervals:write")
	refresh := func(tok, scope string) (int, tokens) {
		v := url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tok}, "client_id": {client}}
		if scope != "" {
			v.Set("scope", scope)
		}
		return e.token(v)
	}
	status, narrowed := refresh(first.RefreshToken, "intervals:read")
	if status != http.StatusOK || narrowed.Scope != "intervals:read" {
		t.Fatalf("a refresh asking intervals:read = %d %+v; want that scope only", status, narrowed)
	}
	status, later := refresh(narrowed.RefreshToken, "")
	if status != http.StatusOK || later.Scope != "intervals:read" {
		t.Fatalf("the next refresh, asking none = %d %+v; want the narrowed scope kept", status, later)
	}
	status, wider := refresh(later.RefreshToken, "intervals:read intervals:write")
	if status != http.StatusBadRequest || wider.Error != "invalid_scope" {
		t.Fatalf("a refresh asking to widen again = %d %+v; want 400 invalid_scope", status, wider)
	}
	if status, again := refresh(later.RefreshToken, ""); status != http.StatusOK || again.Scope != "intervals:read" {
		t.Errorf("the refused widening must not spend the refresh token: %d %+v", status, again)
	}
}
