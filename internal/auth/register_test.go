package auth_test

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	sdkauth "github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/oauthex"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
)

func TestRegistrationChecksRedirectsAndIsRateLimited(t *testing.T) {
	e := newEnv(t, envConfig{opts: func(o *auth.Options) { o.Limits.RegisterPerSource = 10 }})
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

func TestGoSDKClientRegistersReadsThenStepsUpToWrite(t *testing.T) {
	e := newEnv(t)
	f := &fetcher{e: e, scopes: []string{"intervals:read", "intervals:write"}}
	h, err := sdkauth.NewAuthorizationCodeHandler(&sdkauth.AuthorizationCodeHandlerConfig{
		DynamicClientRegistrationConfig: &sdkauth.DynamicClientRegistrationConfig{Metadata: &oauthex.ClientRegistrationMetadata{
			RedirectURIs: []string{"http://127.0.0.1:9/callback"}, ClientName: "go-sdk test", TokenEndpointAuthMethod: "none",
			GrantTypes: []string{"authorization_code", "refresh_token"}}},
		AuthorizationCodeFetcher: f.fetch,
	})
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t, e, h)
	names := mcptest.ToolNames(t, cs)
	if !slices.Contains(names, "get_athlete_context") || slices.Contains(names, "add_or_update_event") {
		t.Fatalf("a read token's tools/list = %v; want read tools only", names)
	}
	if text, isErr := mcptest.Call(t, cs, "get_athlete_context", json.RawMessage(`{}`)); isErr {
		t.Fatalf("a read tool with the read token: %s", text)
	}
	text, isErr := mcptest.Call(t, cs, "add_or_update_event", json.RawMessage(writeCall))
	if isErr {
		t.Fatalf("the write tool after step-up: %s", text)
	}
	if len(f.asked) != 2 || f.asked[0] != "intervals:read intervals:write" && f.asked[0] != "intervals:read" || !strings.Contains(f.asked[1], "intervals:write") {
		t.Errorf("authorizations asked for %q; want a first one, then a step-up asking for intervals:write", f.asked)
	}
	if n := len(e.fake.Writes()); n != 1 {
		t.Errorf("the fake saw %d writes, want 1", n)
	}
}

// TestRegistrationBoundsRedirectURIsAndKeySets: what a registration keeps is bounded: at
// most 10 redirect URIs of at most 1024 bytes each (of ASCII, as URIs are: the consent page
// names their host), a jwks_uri of at most 1024 bytes, an
// inline key set of at most 5 keys and 8 KiB; each refusal names the limit, with
// invalid_redirect_uri for the redirect URIs and invalid_client_metadata for the rest.
func TestRegistrationBoundsRedirectURIsAndKeySets(t *testing.T) {
	e := newEnv(t, envConfig{opts: func(o *auth.Options) { o.Limits.RegisterPerSource, o.Limits.RegisterGlobal = 3600, 7200 }})
	uris := func(n, size int) []string { return redirectURIs("app.example", n, size) }
	jwt := func(set any) map[string]any {
		return map[string]any{"redirect_uris": uris(1, 40), "client_name": "k", "token_endpoint_auth_method": "private_key_jwt", "jwks": set}
	}
	for name, c := range map[string]struct {
		doc       map[string]any
		code, say string
	}{
		"11 redirect URIs":          {map[string]any{"redirect_uris": uris(11, 40)}, "invalid_redirect_uri", "1 to 10"},
		"a redirect URI of 1025 B":  {map[string]any{"redirect_uris": uris(1, 1025)}, "invalid_redirect_uri", "1024"},
		"a look-alike host":         {map[string]any{"redirect_uris": []string{"https://\u0441laude.ai/api/mcp/auth_callback"}}, "invalid_redirect_uri", "ASCII"},
		"a key set of 6 keys":       {jwt(jwks(t, 6, "")), "invalid_client_metadata", "5 keys"},
		"a key set over 8 KiB":      {jwt(jwks(t, 5, strings.Repeat("x", 1700))), "invalid_client_metadata", "8 KiB"},
		"a key set that is not one": {jwt(map[string]any{"keys": "none"}), "invalid_client_metadata", "jwks"},
		"a jwks_uri of 1025 B": {map[string]any{"redirect_uris": uris(1, 40), "token_endpoint_auth_method": "private_key_jwt",
			"jwks_uri": "https://app.example/" + strings.Repeat("j", 1025-len("https://app.example/"))}, "invalid_client_metadata", "1024"},
		"private_key_jwt without keys": {map[string]any{"redirect_uris": uris(1, 40), "token_endpoint_auth_method": "private_key_jwt"}, "invalid_client_metadata", "jwks"},
	} {
		if s, m := e.registerDoc(c.doc); s != http.StatusBadRequest || m["error"] != c.code || !strings.Contains(fmt.Sprint(m["error_description"]), c.say) {
			t.Errorf("%s: %d %v; want %s saying %q", name, s, m, c.code, c.say)
		}
	}
	for name, doc := range map[string]map[string]any{
		"10 redirect URIs of 1024 B": {"redirect_uris": uris(10, 1024)},
		"a key set of 5 keys":        jwt(jwks(t, 5, "")),
	} {
		if s, m := e.registerDoc(doc); s != http.StatusCreated {
			t.Errorf("%s: %d %v; want it registered", name, s, m)
		}
	}
}

// TestRegistrationCutsTheNameAtACharacter: a client_name over 100 characters is cut at 100
// characters, never inside one: cut at byte 100, a name with "é" across that byte was
// refused by PostgreSQL (a 503 on every try) and kept broken by SQLite.
func TestRegistrationCutsTheNameAtACharacter(t *testing.T) {
	onBothStores(t, func(t *testing.T, cfg envConfig) {
		e := newEnv(t, cfg)
		for _, c := range []struct{ name, want string }{
			{strings.Repeat("a", 99) + "é", strings.Repeat("a", 99) + "é"},
			{strings.Repeat("a", 99) + "é and more", strings.Repeat("a", 99) + "é"},
			{strings.Repeat("ж", 150), strings.Repeat("ж", 100)},
		} {
			s, m := e.registerDoc(map[string]any{"redirect_uris": []string{"http://127.0.0.1:9/cb"}, "client_name": c.name})
			if s != http.StatusCreated || m["client_name"] != c.want {
				t.Errorf("registering a name of %d bytes: %d, name %q; want 201 and %q", len(c.name), s, m["client_name"], c.want)
				continue
			}
			_, challenge := pkce()
			if resp, body := e.open(e.authorizeURL(m["client_id"].(string), "http://127.0.0.1:9/cb", challenge, "intervals:read")); resp.StatusCode != http.StatusOK || !strings.Contains(body, c.want) {
				t.Errorf("the consent page of that client: %d; want it named %q:\n%.500s", resp.StatusCode, c.want, body)
			}
		}
	})
}

// TestRegistrationRefusesControlAndBidiCharactersInTheName: a client_name with a control
// character (a newline forges a line in a log or a table) or a bidirectional formatting one
// (after U+202E, text reads backwards: a name can pass for another) is refused, saying so;
// names in any script are welcome.
func TestRegistrationRefusesControlAndBidiCharactersInTheName(t *testing.T) {
	e := newEnv(t, envConfig{opts: func(o *auth.Options) { o.Limits.RegisterPerSource, o.Limits.RegisterGlobal = 3600, 7200 }})
	for _, name := range []string{"Claude\u202Eedualc", "Claude\u2066x\u2069", "a\u200Fb", "a\u061Cb", "two\nlines", "bell\a", "c1\u0085x", "tab\tname"} {
		s, m := e.registerDoc(map[string]any{"redirect_uris": []string{"http://127.0.0.1:9/cb"}, "client_name": name})
		if s != http.StatusBadRequest || m["error"] != "invalid_client_metadata" || !strings.Contains(fmt.Sprint(m["error_description"]), "client_name") {
			t.Errorf("registering the name %q: %d %v; want invalid_client_metadata naming client_name", name, s, m)
		}
	}
	if s, m := e.registerDoc(map[string]any{"redirect_uris": []string{"http://127.0.0.1:9/cb"}, "client_name": "Ωmega ✓ 日本 عربي"}); s != http.StatusCreated {
		t.Errorf("a name in several scripts: %d %v; want it registered", s, m)
	}
}

// redirectURIs are n distinct https redirect URIs on host, each of size bytes.
func redirectURIs(host string, n, size int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("https://%s/cb/%d/", host, i)
		out[i] += strings.Repeat("p", size-len(out[i]))
	}
	return out
}

// jwks is a JWK set of n public keys (P-256), each with a kid of kidPad added.
func jwks(t *testing.T, n int, kidPad string) jose.JSONWebKeySet {
	t.Helper()
	var set jose.JSONWebKeySet
	for i := range n {
		k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		set.Keys = append(set.Keys, jose.JSONWebKey{Key: &k.PublicKey, KeyID: fmt.Sprintf("k%d%s", i, kidPad), Algorithm: "ES256", Use: "sig"})
	}
	return set
}

// registerFrom posts a registration to h as if from remote (host:port), with extra headers
// (name, value pairs), and returns the status and the answer.
func registerFrom(h http.Handler, remote string, header ...string) (int, map[string]any) {
	r := httptest.NewRequest(http.MethodPost, "/register", strings.NewReader(`{"redirect_uris":["http://127.0.0.1:9/cb"],"client_name":"x"}`))
	r.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Add(header[i], header[i+1])
	}
	r.RemoteAddr = remote
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	var m map[string]any
	json.NewDecoder(w.Body).Decode(&m)
	return w.Code, m
}

// registerMany starts a server whose clock stands still and posts n registrations to it
// from each of sources addresses (remote's format, of 1 to sources); it counts those
// registered.
func registerMany(t *testing.T, databaseURL string, sources, n int, remote string) (e *env, h http.Handler, created int) {
	c := &clock{t: time.Now()}
	e = newEnv(t, envConfig{databaseURL: databaseURL, opts: func(o *auth.Options) { o.Now = c.now }})
	h = e.as.Handler()
	for i := range sources {
		for range n {
			if s, _ := registerFrom(h, fmt.Sprintf(remote, i+1)); s == http.StatusCreated {
				created++
			}
		}
	}
	return e, h, created
}

// TestRegisterOneIPv6HostCannotSpendTheGlobalBudget (issue 22, 2): one IPv6 host can use any
// address of its /64; 12 of them, 10 registrations each, used up the global budget of 100
// and every other visitor was refused. Keyed by /64 they are one source, held to its own
// burst, which is well under the global one.
func TestRegisterOneIPv6HostCannotSpendTheGlobalBudget(t *testing.T) {
	onBothStores(t, func(t *testing.T, cfg envConfig) {
		testRegisterOneIPv6HostCannotSpendTheGlobalBudget(t, cfg.databaseURL)
	})
}

func testRegisterOneIPv6HostCannotSpendTheGlobalBudget(t *testing.T, databaseURL string) {
	_, h, created := registerMany(t, databaseURL, 12, 10, "[2001:db8:77:1::%x]:40000")
	if created > 10 {
		t.Errorf("one /64 registered %d clients at one instant, want at most its burst of 10", created)
	}
	if s, m := registerFrom(h, "198.51.100.7:1234"); s != http.StatusCreated {
		t.Errorf("another visitor after one /64's 120 registrations = %d %v, want 201: the global budget was spent by one source", s, m)
	}
}

// TestRegisterAHandfulOfSourcesCannotSpendItForEveryone (issue 38): ten sources of 10
// registrations each spent the burst of everyone's budget (100), and any new address got
// 429 for the hour's refill. Past the shared budget a source has a reserve of one, from a
// budget kept for newcomers: a newcomer still registers while a handful of sources (20 here,
// a burst of 10 each and their reserves) cannot spend the newcomers' budget too.
func TestRegisterAHandfulOfSourcesCannotSpendItForEveryone(t *testing.T) {
	onBothStores(t, func(t *testing.T, cfg envConfig) {
		testRegisterAHandfulOfSourcesCannotSpendItForEveryone(t, cfg.databaseURL)
	})
}

func testRegisterAHandfulOfSourcesCannotSpendItForEveryone(t *testing.T, databaseURL string) {
	e, h, created := registerMany(t, databaseURL, 20, 20, "203.0.113.%d:40000")
	if created != 110 {
		t.Errorf("20 sources, 20 registrations each at one instant: %d registered, want 110 (the shared burst of 100, then one from the reserve of each of the last 10)", created)
	}
	s, m := registerFrom(h, "203.0.113.1:40000")
	if s != http.StatusTooManyRequests || !strings.Contains(fmt.Sprint(m["error_description"]), "from your address") {
		t.Errorf("one of them once more = %d %v, want 429 from your address", s, m)
	}
	for i := range 5 {
		if s, m := registerFrom(h, fmt.Sprintf("198.51.100.%d:1234", i+1)); s != http.StatusCreated {
			t.Errorf("newcomer %d after a handful of sources spent the shared burst = %d %v, want 201", i+1, s, m)
		}
	}
	if !strings.Contains(e.logs.String(), "newcomer's registration taken from its reserve") {
		t.Errorf("the log does not say the shared budget is spent:\n%s", e.logs.String())
	}
}

// TestRegisterBehindATrustedProxy (issue 22, 2): behind the reverse proxy every request
// connects from the proxy, so every user shared one bucket. With the proxy trusted, each
// client has its own, keyed on the address the proxy saw: what a client puts in the header
// itself does not make it someone else.
func TestRegisterBehindATrustedProxy(t *testing.T) {
	onBothStores(t, func(t *testing.T, cfg envConfig) { testRegisterBehindATrustedProxy(t, cfg.databaseURL) })
}

func testRegisterBehindATrustedProxy(t *testing.T, databaseURL string) {
	c := &clock{t: time.Now()}
	e := newEnv(t, envConfig{databaseURL: databaseURL, opts: func(o *auth.Options) {
		o.Now = c.now
		o.Limits.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("10.0.0.1/32")}
	}})
	h := e.as.Handler()
	const proxy = "10.0.0.1:443"
	created := 0
	for i := range 30 { // a client that forges a new address each time; the proxy appends the real one
		if s, _ := registerFrom(h, proxy, "X-Forwarded-For", fmt.Sprintf("192.0.2.%d, 198.51.100.66", i)); s == http.StatusCreated {
			created++
		}
	}
	if created != 10 {
		t.Errorf("one client behind the proxy, forging the header: %d registrations at one instant, want its burst, 10", created)
	}
	s, m := registerFrom(h, proxy, "X-Forwarded-For", "198.51.100.66")
	if s != http.StatusTooManyRequests || !strings.Contains(fmt.Sprint(m["error_description"]), "from your address") {
		t.Errorf("that client once more = %d %v, want 429 saying it is its own address's budget", s, m)
	}
	if s, m := registerFrom(h, proxy, "X-Forwarded-For", "203.0.113.5"); s != http.StatusCreated {
		t.Errorf("another user behind the same proxy = %d %v, want 201: each client has its own budget", s, m)
	}
	if s, _ := registerFrom(h, "198.51.100.66:5000", "X-Forwarded-For", "203.0.113.77"); s != http.StatusTooManyRequests {
		t.Errorf("the client straight to the server, naming another address = %d, want 429: only the trusted proxy's header is read", s)
	}
}

// TestRegisterRefusedAtTheClientCap (issue 22, 3): past Limits.MaxClients registered clients,
// /register refuses with a reason and what to do; the log tells the operator.
func TestRegisterRefusedAtTheClientCap(t *testing.T) {
	onBothStores(t, func(t *testing.T, cfg envConfig) { testRegisterRefusedAtTheClientCap(t, cfg.databaseURL) })
}

func testRegisterRefusedAtTheClientCap(t *testing.T, databaseURL string) {
	e := newEnv(t, envConfig{databaseURL: databaseURL, opts: func(o *auth.Options) { o.Limits.MaxClients = 2 }})
	h := e.as.Handler()
	for i := range 2 {
		if s, m := registerFrom(h, fmt.Sprintf("203.0.113.%d:1", i+1)); s != http.StatusCreated {
			t.Fatalf("registration %d under the cap = %d %v", i+1, s, m)
		}
	}
	s, m := registerFrom(h, "203.0.113.3:1")
	if s != http.StatusServiceUnavailable || m["error"] != "invalid_client_metadata" ||
		!strings.Contains(fmt.Sprint(m["error_description"]), "too many registered clients: use a client ID metadata document, or ask the server's operator") {
		t.Errorf("a registration past the cap = %d %v, want 503 invalid_client_metadata saying what to do", s, m)
	}
	if !strings.Contains(e.logs.String(), "raise --max-clients") {
		t.Errorf("the log does not tell the operator about the cap:\n%s", e.logs.String())
	}
}
