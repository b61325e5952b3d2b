package auth_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

func getJSON(t *testing.T, u string) map[string]any {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var m map[string]any
	if resp.StatusCode != http.StatusOK || json.NewDecoder(resp.Body).Decode(&m) != nil {
		t.Fatalf("GET %s = %d, want JSON", u, resp.StatusCode)
	}
	return m
}

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

func TestMetadataAtBothURLsWithTheIssuerExact(t *testing.T) {
	e := newEnv(t)
	prm := getJSON(t, e.url+"/.well-known/oauth-protected-resource/mcp")
	root := getJSON(t, e.url+"/.well-known/oauth-protected-resource")
	if fmt.Sprint(prm) != fmt.Sprint(root) {
		t.Errorf("the two protected-resource documents differ:\n%v\n%v", prm, root)
	}
	if prm["resource"] != e.url+"/mcp" || fmt.Sprint(prm["authorization_servers"]) != "["+e.url+"]" {
		t.Errorf("protected resource = %v", prm)
	}
	asm := getJSON(t, e.url+"/.well-known/oauth-authorization-server")
	oidc := getJSON(t, e.url+"/.well-known/openid-configuration")
	if fmt.Sprint(asm) != fmt.Sprint(oidc) {
		t.Errorf("openid-configuration differs from oauth-authorization-server")
	}
	want := map[string]string{
		"issuer":                                         e.url,
		"code_challenge_methods_supported":               "[S256]",
		"token_endpoint_auth_methods_supported":          "[none private_key_jwt]",
		"scopes_supported":                               "[intervals:read intervals:write]",
		"client_id_metadata_document_supported":          "true",
		"authorization_response_iss_parameter_supported": "true",
		"registration_endpoint":                          e.url + "/register",
		"revocation_endpoint":                            e.url + "/revoke",
		"token_endpoint":                                 e.url + "/token",
		"authorization_endpoint":                         e.url + "/authorize",
	}
	for k, v := range want {
		if got := fmt.Sprint(asm[k]); got != v {
			t.Errorf("%s = %s, want %s", k, got, v)
		}
	}
}

func TestUnauthenticatedMCPNamesTheMetadataAndTheReadScope(t *testing.T) {
	e := newEnv(t)
	for _, tok := range []string{"", "imcp_at_forged", "imcp_pat_forged", "something-else"} {
		status, www, _ := e.mcpStatus(tok, initialize)
		want := fmt.Sprintf(`Bearer resource_metadata="%s/.well-known/oauth-protected-resource/mcp", scope="intervals:read"`, e.url)
		if status != http.StatusUnauthorized || www != want {
			t.Errorf("token %q: %d %q, want 401 %q", tok, status, www, want)
		}
	}
}

// redirectOf opens u in the browser and returns the 303's Location (an error going back).
func (e *env) redirectOf(u string) url.Values {
	e.t.Helper()
	return e.follow(u).Query()
}

func TestAuthorizeRefusesPlainOrMissingPKCEAndOtherResources(t *testing.T) {
	e := newEnv(t)
	redirect := "http://127.0.0.1:9/cb"
	client := e.register(redirect)
	_, challenge := pkce()
	cases := []struct {
		name, code string
		set        []string
	}{
		{"plain PKCE", "invalid_request", []string{"code_challenge_method", "plain"}},
		{"no challenge", "invalid_request", []string{"code_challenge", "", "code_challenge_method", ""}},
		{"no method", "invalid_request", []string{"code_challenge_method", ""}},
		{"another resource", "invalid_target", []string{"resource", "https://other.example/mcp"}},
		{"a token response type", "unsupported_response_type", []string{"response_type", "token"}},
		{"an unknown scope", "invalid_scope", []string{"scope", "admin"}},
	}
	for _, c := range cases {
		q := e.redirectOf(e.authorizeURL(client, redirect, challenge, "intervals:read", c.set...))
		if q.Get("error") != c.code || q.Get("iss") != e.url || q.Get("state") != "st-1" || q.Get("code") != "" {
			t.Errorf("%s: back to the client with %v; want error=%s, iss, state and no code", c.name, q, c.code)
		}
	}
}

func TestAuthorizeAnswersAPageForAnUnknownClientOrRedirect(t *testing.T) {
	e := newEnv(t)
	client := e.register("http://127.0.0.1:9/cb")
	_, challenge := pkce()
	for name, u := range map[string]string{
		"unknown client":   e.authorizeURL("imcp_c_nobody", "http://127.0.0.1:9/cb", challenge, ""),
		"another redirect": e.authorizeURL(client, "http://127.0.0.1:9/cb/other", challenge, ""),
		"a port changed":   e.authorizeURL(client, "http://127.0.0.1:10/cb", challenge, ""),
	} {
		resp, err := e.browser.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || resp.Header.Get("Location") != "" {
			t.Errorf("%s: %d Location %q; want a 400 page and no redirect", name, resp.StatusCode, resp.Header.Get("Location"))
		}
	}
}

func TestConsentPageHeadersAndDeny(t *testing.T) {
	e := newEnv(t)
	redirect := "http://127.0.0.1:9/cb"
	client := e.register(redirect)
	_, challenge := pkce()
	resp, err := e.browser.Get(e.authorizeURL(client, redirect, challenge, "intervals:read"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	h := resp.Header
	if !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") || h.Get("X-Frame-Options") != "DENY" || h.Get("Cache-Control") != "no-store" {
		t.Errorf("consent headers: CSP %q, X-Frame-Options %q, Cache-Control %q", h.Get("Content-Security-Policy"), h.Get("X-Frame-Options"), h.Get("Cache-Control"))
	}
	if c := h.Get("Set-Cookie"); !strings.Contains(c, "HttpOnly") || !strings.Contains(c, "SameSite=Lax") || !strings.HasPrefix(c, "imcp-consent=") {
		t.Errorf("consent cookie %q: want imcp-consent (the http demo's name for __Host-imcp-consent), HttpOnly, SameSite=Lax", c)
	}
	for _, want := range []string{"Test client", "127.0.0.1:9", `name="scope" value="intervals:read"`, `name="scope" value="intervals:write"`, `name="decision" value="allow"`, `value="deny"`} {
		if !bytes.Contains(body, []byte(want)) {
			t.Errorf("the consent page lacks %q", want)
		}
	}
	form := mustForm(t, resp.Request.URL, body)
	v := form.Hidden
	v.Set("scope", "intervals:read")
	v.Set("decision", "deny")
	q := e.post(form.Action, v, http.StatusSeeOther).Query()
	if q.Get("error") != "access_denied" || q.Get("iss") != e.url || q.Get("state") != "st-1" {
		t.Errorf("deny: back with %v", q)
	}
	v.Set("decision", "allow")
	if resp, _ := e.browser.PostForm(form.Action, v); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("the same consent again (after deny) = %d, want 400: the handle is single use", resp.StatusCode)
	}
	// Another browser (no cookie) cannot answer someone's consent.
	resp2, err := e.browser.Get(e.authorizeURL(client, redirect, challenge, "intervals:read"))
	if err != nil {
		t.Fatal(err)
	}
	body2, _ := io.ReadAll(resp2.Body)
	resp2.Body.Close()
	f2 := mustForm(t, resp2.Request.URL, body2)
	f2.Hidden.Set("scope", "intervals:write")
	f2.Hidden.Set("decision", "allow")
	if resp, _ := http.PostForm(f2.Action, f2.Hidden); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("consent from a browser without the cookie = %d, want 400 (CSRF)", resp.StatusCode)
	}
}

// code runs an authorization to the client's code.
func (e *env) code(client, redirect, challenge, scope string) string {
	e.t.Helper()
	q := e.approve(e.authorizeURL(client, redirect, challenge, scope), scope, "").Query()
	if q.Get("code") == "" || q.Get("iss") != e.url {
		e.t.Fatalf("back to the client with %v, want a code and iss", q)
	}
	return q.Get("code")
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

// clock is a settable time for Options.Now, starting now (go-sdk checks expiries on the
// real clock, so it only moves forward, by minutes).
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *clock) advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

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

func TestRevokeEndpointStopsTheNextRequest(t *testing.T) {
	e := newEnv(t)
	client, tok := e.signIn("intervals:read")
	upstream := e.upstreamToken(fakeicu.DemoAthleteID)
	resp, err := http.PostForm(e.url+"/revoke", url.Values{"token": {tok.RefreshToken}, "client_id": {client}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("/revoke = %d", resp.StatusCode)
	}
	if s, _, _ := e.mcpStatus(tok.AccessToken, initialize); s != http.StatusUnauthorized {
		t.Errorf("after /revoke of the refresh token, the access token answers %d, want 401", s)
	}
	e.forgotten(fakeicu.DemoAthleteID, upstream) // it was their only connection
	resp, _ = http.PostForm(e.url+"/revoke", url.Values{"token": {"imcp_rt_unknown"}, "client_id": {client}})
	if resp.StatusCode != http.StatusOK {
		t.Errorf("/revoke of an unknown token = %d, want 200 (RFC 7009)", resp.StatusCode)
	}
}

func TestReadTokenGetsInsufficientScopeOnAWriteTool(t *testing.T) {
	e := newEnv(t)
	_, tok := e.signIn("intervals:read")
	call := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add_or_update_event","arguments":` + writeCall + `}}`
	status, www, body := e.mcpStatus(tok.AccessToken, call)
	want := fmt.Sprintf(`Bearer error="insufficient_scope", scope="intervals:write", resource_metadata="%s/.well-known/oauth-protected-resource/mcp"`, e.url)
	if status != http.StatusForbidden || !strings.HasPrefix(www, want) {
		t.Errorf("a write tool with a read token = %d %q, want 403 starting %q (%s)", status, www, want, body)
	}
	if n := len(e.fake.Writes()); n != 0 {
		t.Errorf("the fake saw %d writes", n)
	}
	readCall := `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_athlete_context","arguments":{}}}`
	if status, _, body := e.mcpStatus(tok.AccessToken, readCall); status != http.StatusOK {
		t.Errorf("a read tool with the read token = %d %s", status, body)
	}
}

func TestStaticTokenStillServesEverything(t *testing.T) {
	e := newEnv(t, envConfig{opts: func(o *auth.Options) { o.StaticToken = "static-token-of-the-operator" }})
	call := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add_or_update_event","arguments":` + writeCall + `}}`
	if status, _, body := e.mcpStatus("static-token-of-the-operator", call); status != http.StatusOK || strings.Contains(body, `"isError":true`) {
		t.Errorf("MCP_AUTH_TOKEN calling a write tool = %d %s", status, body)
	}
}

func TestRegistrationChecksRedirectsAndIsRateLimited(t *testing.T) {
	e := newEnv(t, envConfig{opts: func(o *auth.Options) { o.RegisterRate = 10 }})
	post := func(uris ...string) (int, map[string]any) {
		body, _ := json.Marshal(map[string]any{"redirect_uris": uris, "client_name": "x"})
		resp, err := http.Post(e.url+"/register", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var m map[string]any
		json.NewDecoder(resp.Body).Decode(&m)
		return resp.StatusCode, m
	}
	for _, bad := range []string{"http://evil.example/cb", "javascript:alert(1)", "https://ok.example/cb#frag", "cb"} {
		if s, m := post(bad); s != http.StatusBadRequest || m["error"] != "invalid_redirect_uri" {
			t.Errorf("registering %q = %d %v, want invalid_redirect_uri", bad, s, m)
		}
	}
	if s, m := post("http://localhost:33418/callback", "http://127.0.0.1/cb", "https://app.example/cb"); s != http.StatusCreated || m["token_endpoint_auth_method"] != "none" {
		t.Errorf("registering loopback and https redirects = %d %v", s, m)
	}
	// The budget (a burst of 5 at 10 an hour) is spent by now, bad requests included.
	if s, _ := post("http://localhost:33418/callback"); s != http.StatusTooManyRequests {
		t.Errorf("a registration over the rate = %d, want 429", s)
	}
}

func TestClaudeAndChatGPTCallbacksWork(t *testing.T) {
	claude := "https://claude.ai/oauth/mcp-oauth-client-metadata"
	chatgpt := "https://chatgpt.com/oauth/client.json"
	_, hc := cimdServer(t, map[string]any{
		"/oauth/mcp-oauth-client-metadata": map[string]any{"client_id": claude, "client_name": "Claude", "token_endpoint_auth_method": "none",
			"redirect_uris": []string{"https://claude.ai/api/mcp/auth_callback", "https://claude.com/api/mcp/auth_callback"}},
		"/oauth/client.json": map[string]any{"client_id": chatgpt, "client_name": "ChatGPT", "token_endpoint_auth_method": "none",
			"redirect_uris": []string{"https://chatgpt.com/connector/oauth/abc123", "https://chatgpt.com/connector_platform_oauth_redirect"}},
	})
	e := newEnv(t, envConfig{opts: func(o *auth.Options) { o.MetadataClient = hc }})
	for client, redirects := range map[string][]string{
		claude:  {"https://claude.ai/api/mcp/auth_callback", "https://claude.com/api/mcp/auth_callback"},
		chatgpt: {"https://chatgpt.com/connector/oauth/abc123", "https://chatgpt.com/connector_platform_oauth_redirect"},
	} {
		for _, r := range redirects {
			verifier, challenge := pkce()
			back := e.approve(e.authorizeURL(client, r, challenge, "intervals:read"), "intervals:read", "")
			if !strings.HasPrefix(back.String(), r+"?") || back.Query().Get("code") == "" {
				t.Errorf("%s: back to %s, want %s with a code", client, back, r)
				continue
			}
			status, tok := e.token(url.Values{"grant_type": {"authorization_code"}, "code": {back.Query().Get("code")}, "redirect_uri": {r},
				"client_id": {client}, "code_verifier": {verifier}, "resource": {e.url + "/mcp"}})
			if status != http.StatusOK || tok.AccessToken == "" {
				t.Errorf("%s via %s: /token = %d %+v", client, r, status, tok)
			}
		}
	}
}

func TestNoSecretInLogsOrAnswersAtDebugLevel(t *testing.T) {
	e := newEnv(t)
	client, tok := e.signIn("intervals:write")
	call := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_athlete_context","arguments":{}}}`
	_, _, answer := e.mcpStatus(tok.AccessToken, call)
	bad := `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_activity","arguments":{"activity_id":"i999999999"}}}`
	_, _, badAnswer := e.mcpStatus(tok.AccessToken, bad)
	status, refreshed := e.token(url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tok.RefreshToken}, "client_id": {client}})
	if status != http.StatusOK {
		t.Fatal(status)
	}
	a, err := e.st.Athlete(context.Background(), fakeicu.DemoAthleteID)
	if err != nil {
		t.Fatal(err)
	}
	sealer, _ := auth.NewSealer(e.keys)
	upstream, err := sealer.Open(a.SealedToken, []byte(a.ID))
	if err != nil {
		t.Fatal(err)
	}
	logs := e.logs.String()
	if !strings.Contains(logs, "level=DEBUG") {
		t.Fatal("no debug line was logged: the test would prove nothing")
	}
	for name, secret := range map[string]string{
		"access token": tok.AccessToken, "refresh token": tok.RefreshToken, "rotated access token": refreshed.AccessToken,
		"Intervals.icu token": string(upstream), "client secret": fakeicu.DemoOAuthClientSecret,
	} {
		for where, text := range map[string]string{"log": logs, "answer": answer + badAnswer} {
			if strings.Contains(text, secret) {
				t.Errorf("the %s holds the %s", where, name)
			}
		}
	}
	if strings.Contains(a.SealedToken, string(upstream)) {
		t.Error("the store holds the Intervals.icu token in the clear")
	}
}

func TestAPersonalTokenCallsMCP(t *testing.T) {
	e := newEnv(t)
	e.signIn("intervals:read") // the athlete signs in once
	p, err := auth.NewPersonalToken(context.Background(), e.st, fakeicu.DemoAthleteID, "laptop", false, 30*24*time.Hour, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(p.Text, auth.PrefixPersonal) {
		t.Errorf("personal token %q lacks the prefix", p.Text[:12])
	}
	call := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add_or_update_event","arguments":` + writeCall + `}}`
	if status, _, _ := e.mcpStatus(p.Text, call); status != http.StatusForbidden {
		t.Errorf("a read personal token calling a write tool = %d, want 403", status)
	}
	if _, err := auth.NewPersonalToken(context.Background(), e.st, "i424242", "x", false, 0, time.Now()); err == nil {
		t.Error("a personal token for an athlete who never signed in was made")
	}
	for _, s := range []string{"30d", "90d", "365d", "never"} {
		if _, err := auth.ParseExpiry(s); err != nil {
			t.Errorf("ParseExpiry(%q): %v", s, err)
		}
	}
	if _, err := auth.ParseExpiry("7d"); err == nil {
		t.Error("ParseExpiry(7d) succeeded")
	}
}

func TestPersonalTokenExpiryAndRevocationReachASecondReplica(t *testing.T) {
	db := testDatabase(t)
	c := &clock{t: time.Now()}
	keys := [][]byte{randomKey()}
	fake := fakeicu.New(fakeicu.Options{})
	cfg := envConfig{databaseURL: db, fake: fake, keys: keys, opts: func(o *auth.Options) { o.Now = c.now }}
	a, b := newEnv(t, cfg), newEnv(t, cfg)
	a.signIn("intervals:read")
	ctx := context.Background()
	short, err := auth.NewPersonalToken(ctx, a.st, fakeicu.DemoAthleteID, "short", false, 30*24*time.Hour, c.now())
	if err != nil {
		t.Fatal(err)
	}
	forever, err := auth.NewPersonalToken(ctx, a.st, fakeicu.DemoAthleteID, "forever", true, 0, c.now())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []*auth.PersonalToken{short, forever} {
		if s, _, body := b.mcpStatus(p.Text, initialize); s != http.StatusOK {
			t.Fatalf("%s on the second replica = %d %s", p.Name, s, body)
		}
	}
	if _, err := a.st.RevokeTokenID(ctx, forever.ID, "", c.now()); err != nil {
		t.Fatal(err)
	}
	if s, _, _ := b.mcpStatus(forever.Text, initialize); s != http.StatusUnauthorized {
		t.Errorf("a token revoked on the first replica answers %d on the second, want 401", s)
	}
	c.advance(31 * 24 * time.Hour)
	if s, _, _ := b.mcpStatus(short.Text, initialize); s != http.StatusUnauthorized {
		t.Errorf("a 30-day token after 31 days answers %d, want 401", s)
	}
}

// toolCall is a tools/call request.
func toolCall(name, args string) string {
	return `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"` + name + `","arguments":` + args + `}}`
}

func TestACoachWhoSignsInSeesTheirAthletes(t *testing.T) {
	e := newEnv(t, envConfig{filter: manifest.Filter{Toolsets: append(slices.Clone(manifest.DefaultToolsets), manifest.Coach)}})
	_, tok := e.signIn("intervals:read")
	status, _, body := e.mcpStatus(tok.AccessToken, toolCall("list_athletes", `{}`))
	if status != http.StatusOK || !strings.Contains(body, "i100002") || strings.Contains(body, `"isError":true`) {
		t.Fatalf("list_athletes for the signed-in coach = %d %s", status, body)
	}
	status, _, body = e.mcpStatus(tok.AccessToken, toolCall("get_athlete_context", `{"athlete":"i100002"}`))
	if status != http.StatusOK || strings.Contains(body, `"isError":true`) || !strings.Contains(body, "Camille") {
		t.Errorf("the coached athlete's context through the coach's sign-in = %d %s", status, body)
	}
}

func TestALaterReadOnlySignInNarrowingAWriteGrantIsExplained(t *testing.T) {
	e := newEnv(t)
	_, write := e.signIn("intervals:write")
	e.signIn("intervals:read") // Intervals.icu applies this sign-in's scopes to every token of the app
	status, _, body := e.mcpStatus(write.AccessToken, toolCall("add_or_update_event", writeCall))
	if status != http.StatusOK || !strings.Contains(body, `"isError":true`) || !strings.Contains(body, "latest Intervals.icu sign-in") || !strings.Contains(body, "Reconnect") {
		t.Errorf("a write refused by Intervals.icu after a read-only sign-in = %d %s; want the reason and what to do", status, body)
	}
}

func TestLegacySSEIsRefusedToSignedInUsers(t *testing.T) {
	e := newEnv(t)
	_, tok := e.signIn("intervals:read")
	req, _ := http.NewRequest(http.MethodGet, e.url+"/sse", nil)
	req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("/sse with a signed-in user's token = %d, want 404 (its calls would not carry the user)", resp.StatusCode)
	}
}
