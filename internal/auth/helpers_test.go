package auth_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	sdkauth "github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/fakeicutest"
	"github.com/intervals-mcp/intervals-mcp/internal/journal"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
	"github.com/intervals-mcp/intervals-mcp/internal/transport"
	_ "github.com/lib/pq" // the "postgres" database/sql driver, for the test schema
)

// env is one intervals-mcp over HTTP with OAuth on, as a deployment runs it, against the
// fake Intervals.icu's OAuth (mounted on the same address, as --demo does), with a browser
// (a cookie jar that follows no redirect) to play the user.
type env struct {
	t       *testing.T
	url     string
	dir     string // the SQLite store's directory
	st      store.Store
	fake    *fakeicu.Fake
	as      *auth.Server
	browser *http.Client
	logs    *syncBuffer
	keys    [][]byte
}

// syncBuffer is a log sink several goroutines write.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// demoPath is where the tests serve the fake Intervals.icu's sign-in pages, as serve --demo
// does (cmd/intervals-mcp wires it there).
const demoPath = "/demo-intervals"

// demoSignIn is the fake playing Intervals.icu's OAuth under publicURL + demoPath, with its
// demo app: the upstream for auth.New and the fake's pages, for withSignIn.
func demoSignIn(fake *fakeicu.Fake, publicURL string) (*auth.Upstream, http.Handler) {
	base, client, pages := fake.SignInAt(publicURL, demoPath)
	return &auth.Upstream{ClientID: fakeicu.DemoOAuthClientID, ClientSecret: fakeicu.DemoOAuthClientSecret, BaseURL: base, HTTP: client}, pages
}

// withSignIn serves the fake's sign-in pages under demoPath beside the authorization server.
func withSignIn(routes, pages http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.Handle(demoPath+"/", pages)
	mux.Handle("/", routes)
	return mux
}

type envConfig struct {
	databaseURL string // "" SQLite in dataDir
	dataDir     string // "" a temporary directory
	fake        *fakeicu.Fake
	keys        [][]byte
	opts        func(*auth.Options)
	staticToken string          // MCP_AUTH_TOKEN, the server's own (the transport's gate checks it)
	filter      manifest.Filter // the tools (default toolsets when zero)
	// connectionToolsets are the toolsets a connection may choose besides filter's.
	connectionToolsets []manifest.Toolset
	journals           *journalConfig // nil: the calls keep no write journal
	// served: the calls' write journals and upstream budget on the env's own store, as serve
	// wires them (one store for all), the budget on this clock; nil: neither.
	served func() time.Time
}

// journalConfig turns on the store's write journals on the env's calls (a journal.Keeper, a
// replica of its own on the env's database, as serve wires it): on clock now, with lease;
// wrap, if set, wraps its store (to crash a write on cue).
type journalConfig struct {
	now   func() time.Time
	lease time.Duration
	wrap  func(store.Store) store.Store
}

func newEnv(t *testing.T, cfgs ...envConfig) *env {
	t.Helper()
	var cfg envConfig
	if len(cfgs) > 0 {
		cfg = cfgs[0]
	}
	ctx := context.Background()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, url: "http://" + ln.Addr().String(), fake: cfg.fake, logs: &syncBuffer{}, keys: cfg.keys}
	if e.fake == nil {
		e.fake = fakeicu.New(fakeicu.Options{})
	}
	if cfg.dataDir == "" {
		cfg.dataDir = t.TempDir()
	}
	e.dir = cfg.dataDir
	sc := store.Config{DataDir: cfg.dataDir, DatabaseURL: cfg.databaseURL}
	st, err := store.Open(ctx, sc)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	e.st = st
	if e.keys == nil {
		e.keys = [][]byte{randomKey()}
	}
	sealer, err := auth.NewSealer(e.keys)
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(e.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	up, demo := demoSignIn(e.fake, e.url)
	fakeTransport := e.fake.Transport()
	var budget intervals.Budget
	if cfg.served != nil {
		open := func(context.Context) (store.Store, error) { return st, nil }
		budget = store.CallerBudget(open, store.Bucket{Rate: 1000, Burst: 500}, store.Bucket{Key: "global", Rate: 1000, Burst: 500}, callerKey, cfg.served)
	}
	base, err := intervals.New(intervals.Options{APIKey: fakeicu.DefaultAPIKey, HTTPClient: &http.Client{Transport: fakeTransport}, RateLimit: -1, Budget: budget})
	if err != nil {
		t.Fatal(err)
	}
	rt := server.Runtime{Client: base, Credential: fakeicu.DefaultAPIKey, Logger: logger, Cache: &toolcall.Cache{}, Writes: &toolcall.Writes{},
		NewClient: func(token string) (*intervals.ClientWithResponses, error) {
			return intervals.New(intervals.Options{AccessToken: token, HTTPClient: &http.Client{Transport: fakeTransport}, RateLimit: -1, Budget: budget})
		}}
	if cfg.served != nil {
		first := &firstPass{Store: st, done: make(chan struct{})}
		rt.Journals = journal.New(journal.Options{Credential: fakeicu.DefaultAPIKey, Client: base, Tick: time.Hour,
			ClientFor: auth.JournalClient(sealer, rt.NewClient), Open: func(context.Context) (store.Store, error) { return first, nil }})
		t.Cleanup(func() { rt.Journals.Close() })
		if _, err := rt.Journals.Open(ctx); err != nil { // at start, as serve opens it
			t.Fatal(err)
		}
		<-first.done // the recovery's first pass, which ends with a cleanup
	}
	if j := cfg.journals; j != nil {
		sc.JournalLease = j.lease
		rt.Journals = journal.New(journal.Options{Credential: fakeicu.DefaultAPIKey, Client: base, Tick: time.Hour, Lease: j.lease, Now: j.now,
			ClientFor: auth.JournalClient(sealer, rt.NewClient),
			Open: func(ctx context.Context) (store.Store, error) {
				st, err := store.Open(ctx, sc)
				if err != nil || j.wrap == nil {
					return st, err
				}
				return j.wrap(st), nil
			}})
		t.Cleanup(func() { rt.Journals.Close() })
	}
	servers, err := server.NewServers(cfg.filter, cfg.connectionToolsets, func(f manifest.Filter) server.Options {
		return server.Options{Tools: tools.All(), Resources: tools.Resources(), Prompts: tools.Prompts(f.Has(manifest.Coach)), Filter: f, Runtime: rt}
	})
	if err != nil {
		t.Fatal(err)
	}
	opts := auth.Options{PublicURL: e.url, Store: st, Sealer: sealer, Upstream: up, Logger: logger, Connection: func(path string) (string, error) {
		sel, err := server.ParseSelection(path)
		if err != nil {
			return "", err
		}
		return servers.Describe(sel)
	}}
	if cfg.opts != nil {
		cfg.opts(&opts)
	}
	if e.as, err = auth.New(opts); err != nil {
		t.Fatal(err)
	}
	h := transport.NewHTTP(transport.HTTPOptions{Token: cfg.staticToken, Logger: logger, Servers: servers, OAuth: &transport.OAuthOptions{
		Verify: e.as.Verify, ResourceMetadataURL: e.as.ResourceMetadataURL(), Routes: withSignIn(e.as.Handler(), demo), Watch: e.as.Watch}})
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	jar, _ := cookiejar.New(nil)
	e.browser = &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("server log:\n%s", e.logs.String())
		}
	})
	return e
}

// upstreamToken is the Intervals.icu token the store keeps sealed for athlete, unsealed.
func (e *env) upstreamToken(athlete string) string {
	e.t.Helper()
	a, err := e.st.Athlete(context.Background(), athlete)
	if err != nil {
		e.t.Fatalf("athlete %s: %v", athlete, err)
	}
	sealer, _ := auth.NewSealer(e.keys)
	plain, err := sealer.Open(a.SealedToken, []byte(a.ID))
	if err != nil {
		e.t.Fatal(err)
	}
	return string(plain)
}

// forgotten fails the test unless athlete's sealed token is gone from the store and
// upstream, their Intervals.icu token, no longer works at the fake.
func (e *env) forgotten(athlete, upstream string) {
	e.t.Helper()
	if _, err := e.st.Athlete(context.Background(), athlete); !errors.Is(err, store.ErrNotFound) {
		e.t.Errorf("the store still has athlete %s's sign-in (%v)", athlete, err)
	}
	req, _ := http.NewRequest(http.MethodGet, "http://fake/api/v1/athlete/0", nil)
	req.Header.Set("Authorization", "Bearer "+upstream)
	resp, err := (&http.Client{Transport: e.fake.Transport()}).Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		e.t.Errorf("their Intervals.icu token answers %d at Intervals.icu, want 401 (disconnected)", resp.StatusCode)
	}
}

func randomKey() []byte {
	k := make([]byte, 32)
	rand.Read(k)
	return k
}

// approve plays the user from our /authorize URL to the client's redirect: our consent page
// (choosing scope, or keeping the one checked when scope is ""), the fake's approve page
// (athlete "" the primary one), our callback. It returns the URL the client gets back.
func (e *env) approve(authorizeURL, scope, athlete string) *url.URL {
	e.t.Helper()
	resp, err := e.browser.Get(authorizeURL)
	if err != nil {
		e.t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		e.t.Fatalf("authorize = %d (Location %q), want the consent page:\n%s", resp.StatusCode, resp.Header.Get("Location"), b)
	}
	form, err := fakeicutest.ReadForm(resp.Request.URL, resp.Body)
	resp.Body.Close()
	if err != nil {
		e.t.Fatal(err)
	}
	v := form.Hidden
	for _, r := range form.Radios["scope"] {
		if r.Value == scope || scope == "" && r.Checked {
			v.Set("scope", r.Value)
		}
	}
	if v.Get("scope") == "" {
		e.t.Fatalf("the consent page offers no scope %q: %v", scope, form.Radios["scope"])
	}
	v.Set("decision", "allow")
	up := e.post(form.Action, v, http.StatusSeeOther)
	back := fakeicutest.SignIn(e.t, e.browser, up.String(), athlete, "allow")
	return e.follow(back.String())
}

// post submits a form in the browser and returns the redirect it answers with.
func (e *env) post(action string, v url.Values, want int) *url.URL {
	e.t.Helper()
	resp, err := e.browser.PostForm(action, v)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != want {
		b, _ := io.ReadAll(resp.Body)
		e.t.Fatalf("POST %s = %d, want %d:\n%s", action, resp.StatusCode, want, b)
	}
	loc, err := resp.Location()
	if err != nil {
		e.t.Fatalf("POST %s: no Location: %v", action, err)
	}
	return loc
}

// follow opens u in the browser and returns where it redirects (303).
func (e *env) follow(u string) *url.URL {
	e.t.Helper()
	resp, err := e.browser.Get(u)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	loc, err := resp.Location()
	if resp.StatusCode != http.StatusSeeOther || err != nil {
		b, _ := io.ReadAll(resp.Body)
		e.t.Fatalf("GET %s = %d, want a 303 redirect:\n%s", u, resp.StatusCode, b)
	}
	return loc
}

// pkce is a verifier and its S256 challenge.
func pkce() (verifier, challenge string) {
	verifier = base64.RawURLEncoding.EncodeToString(randomKey())
	h := sha256.Sum256([]byte(verifier))
	return verifier, base64.RawURLEncoding.EncodeToString(h[:])
}

// register registers a public client by DCR and returns its id.
func (e *env) register(redirect string) string {
	e.t.Helper()
	body, _ := json.Marshal(map[string]any{"redirect_uris": []string{redirect}, "client_name": "Test client", "token_endpoint_auth_method": "none"})
	resp, err := http.Post(e.url+"/register", "application/json", bytes.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct {
		ClientID string `json:"client_id"`
	}
	if resp.StatusCode != http.StatusCreated || json.NewDecoder(resp.Body).Decode(&out) != nil {
		e.t.Fatalf("register = %d", resp.StatusCode)
	}
	return out.ClientID
}

// authorizeURL is /authorize for client with the usual parameters, changed by set.
func (e *env) authorizeURL(client, redirect, challenge, scope string, set ...string) string {
	v := url.Values{"response_type": {"code"}, "client_id": {client}, "redirect_uri": {redirect}, "state": {"st-1"},
		"code_challenge": {challenge}, "code_challenge_method": {"S256"}, "scope": {scope}, "resource": {e.url + "/mcp"}}
	for i := 0; i+1 < len(set); i += 2 {
		if set[i+1] == "" {
			v.Del(set[i])
		} else {
			v.Set(set[i], set[i+1])
		}
	}
	return e.url + "/authorize?" + v.Encode()
}

// tokens is a /token answer.
type tokens struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token"`
	ExpiresIn    int    `json:"expires_in"`
	Scope        string `json:"scope"`
	Error        string `json:"error"`
	Description  string `json:"error_description"`
}

func (e *env) token(v url.Values) (int, tokens) {
	e.t.Helper()
	resp, err := http.PostForm(e.url+"/token", v)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out tokens
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		e.t.Fatalf("/token answer: %v", err)
	}
	return resp.StatusCode, out
}

// signIn runs a whole authorization of a registered client and returns its tokens.
func (e *env) signIn(scope string) (client string, tok tokens) {
	e.t.Helper()
	redirect := "http://127.0.0.1:9/callback"
	client = e.register(redirect)
	verifier, challenge := pkce()
	back := e.approve(e.authorizeURL(client, redirect, challenge, scope), scope, "")
	code, st, err := back.Query().Get("code"), back.Query().Get("state"), error(nil)
	if code == "" || st != "st-1" || back.Query().Get("iss") != e.url {
		e.t.Fatalf("the client got back %s, want code, state st-1 and iss %s (%v)", back, e.url, err)
	}
	status, tok := e.token(url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirect},
		"client_id": {client}, "code_verifier": {verifier}, "resource": {e.url + "/mcp"}})
	if status != http.StatusOK {
		e.t.Fatalf("/token = %d %+v", status, tok)
	}
	return client, tok
}

// mcpStatus posts one MCP request with token and returns the status and WWW-Authenticate.
func (e *env) mcpStatus(token, body string) (int, string, string) {
	e.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, e.url+"/mcp", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("MCP-Protocol-Version", "2025-11-25")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("WWW-Authenticate"), string(b)
}

const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`

// testDatabase is a fresh schema of the tests' PostgreSQL (dropped at the end), as a URL, or
// a skip (a failure under CI=true).
func testDatabase(t *testing.T) string {
	base := os.Getenv("INTERVALS_TEST_DATABASE_URL")
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("INTERVALS_TEST_DATABASE_URL is not set; under CI=true the PostgreSQL tests must run")
		}
		t.Skip("INTERVALS_TEST_DATABASE_URL is not set: the two-replica test needs PostgreSQL (see internal/store's tests)")
	}
	db, err := sql.Open("postgres", base)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	schema := "t_" + strings.ToLower(rand.Text()[:12])
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("postgres", base)
		if err == nil {
			db.Exec("DROP SCHEMA " + schema + " CASCADE")
			db.Close()
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal("INTERVALS_TEST_DATABASE_URL is not a URL")
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

func mustParse(t *testing.T, raw string) *url.URL {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func mustForm(t *testing.T, page *url.URL, body []byte) *fakeicutest.Form {
	t.Helper()
	f, err := fakeicutest.ReadForm(page, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	return f
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

// clock is a settable time for Options.Now, starting now (go-sdk checks expiries on the
// real clock, so it only moves forward, by minutes).
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *clock) advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// firstPass is a store whose first Cleanup closes done: the journal recovery's first pass,
// run when the store opens, is over.
type firstPass struct {
	store.Store
	once sync.Once
	done chan struct{}
}

func (f *firstPass) Cleanup(ctx context.Context, now time.Time) (store.Cleaned, error) {
	defer f.once.Do(func() { close(f.done) })
	return f.Store.Cleanup(ctx, now)
}

// callerKey is the caller key of a call's context, as the MCP server sets it.
func callerKey(ctx context.Context) string {
	c, _ := caller.From(ctx)
	return c.Key
}

// toolCall is a tools/call request.
func toolCall(name, args string) string {
	return `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"` + name + `","arguments":` + args + `}}`
}

// writeCall creates a session a week from now: the fake's athlete lives on the real clock,
// and a session in its past is refused.
var writeCall = `{"date":"` + time.Now().AddDate(0, 0, 7).Format(time.DateOnly) + `","type":"Run","name":"Strides","steps":[{"duration":"10:00","target":"Z2 HR"}]}`

// fetcher and connect serve the TestGoSDKClient tests (register_test.go and
// clientid_flow_test.go), which drive the server with go-sdk's own client-side OAuth
// (auth.AuthorizationCodeHandler): discovery from the 401, registration (a client ID
// metadata document or DCR), our consent page and the fake's approve page submitted by the
// test's browser, the code exchange with PKCE, RFC 9207's iss check, step-up on 403.

// fetcher is an AuthorizationCodeFetcher that approves as the user, choosing the scopes in
// turn (one per authorization), and counts the authorizations.
type fetcher struct {
	e      *env
	scopes []string
	mu     sync.Mutex
	asked  []string // the scope each authorization URL asked for
}

func (f *fetcher) fetch(_ context.Context, args *sdkauth.AuthorizationArgs) (*sdkauth.AuthorizationResult, error) {
	f.mu.Lock()
	n := len(f.asked)
	u := mustParse(f.e.t, args.URL)
	f.asked = append(f.asked, u.Query().Get("scope"))
	f.mu.Unlock()
	back := f.e.approve(args.URL, f.scopes[min(n, len(f.scopes)-1)], "")
	q := back.Query()
	return &sdkauth.AuthorizationResult{Code: q.Get("code"), State: q.Get("state"), Iss: q.Get("iss")}, nil
}

func connect(t *testing.T, e *env, h sdkauth.OAuthHandler) *mcp.ClientSession {
	t.Helper()
	c := mcp.NewClient(&mcp.Implementation{Name: "go-sdk-oauth-test", Version: "1"}, nil)
	cs, err := c.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: e.url + "/mcp", OAuthHandler: h}, nil)
	if err != nil {
		t.Fatalf("connect through OAuth: %v", err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// cimdServer serves a client ID metadata document over TLS, under a public-looking name:
// the server's metadata client (a test hook: Options.MetadataClient) trusts the test TLS
// certificate and dials the test server for every name.
func cimdServer(t *testing.T, docs map[string]any) (*httptest.Server, *http.Client) {
	t.Helper()
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		doc, ok := docs[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(doc)
	}))
	t.Cleanup(ts.Close)
	hc := ts.Client()
	tr := hc.Transport.(*http.Transport).Clone()
	addr := ts.Listener.Addr().String()
	tr.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, addr)
	}
	tr.TLSClientConfig = tr.TLSClientConfig.Clone()
	tr.TLSClientConfig.ServerName = "example.com" // httptest's certificate names example.com
	hc = &http.Client{Transport: tr, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return ts, hc
}

// onBothStores runs test once on SQLite and once on PostgreSQL (a schema of its own), as
// subtests: cfg names the store; the test sets the rest of it.
func onBothStores(t *testing.T, test func(t *testing.T, cfg envConfig)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { test(t, envConfig{}) })
	t.Run("postgres", func(t *testing.T) { test(t, envConfig{databaseURL: testDatabase(t)}) })
}

// open opens u in the browser (no redirect followed) and returns the answer and its body.
func (e *env) open(u string) (*http.Response, string) {
	e.t.Helper()
	resp, err := e.browser.Get(u)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// registerDoc posts a registration (RFC 7591) and returns the status and the JSON answer.
func (e *env) registerDoc(doc map[string]any) (int, map[string]any) {
	e.t.Helper()
	body, _ := json.Marshal(doc)
	resp, err := http.Post(e.url+"/register", "application/json", bytes.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	var m map[string]any
	json.NewDecoder(resp.Body).Decode(&m)
	return resp.StatusCode, m
}
