package auth_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	sdkauth "github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/modelcontextprotocol/go-sdk/oauthex"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
)

// The tests of this file drive the server with go-sdk's own client-side OAuth
// (auth.AuthorizationCodeHandler): discovery from the 401, registration (a client ID
// metadata document or DCR), our consent page and the fake's approve page submitted by the
// test's browser, the code exchange with PKCE, RFC 9207's iss check, step-up on 403.

const writeCall = `{"date":"2026-12-03","type":"Run","name":"Strides","steps":[{"duration":"10:00","target":"Z2 HR"}]}`

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

func TestGoSDKClientWithAMetadataDocument(t *testing.T) {
	const id = "https://example.com/oauth/client.json"
	_, hc := cimdServer(t, map[string]any{"/oauth/client.json": map[string]any{
		"client_id": id, "client_name": "Metadata Client", "redirect_uris": []string{"http://127.0.0.1:9/callback"},
		"token_endpoint_auth_method": "none", "grant_types": []string{"authorization_code", "refresh_token"},
	}})
	e := newEnv(t, envConfig{opts: func(o *auth.Options) { o.MetadataClient = hc }})
	f := &fetcher{e: e, scopes: []string{"intervals:write"}}
	h, err := sdkauth.NewAuthorizationCodeHandler(&sdkauth.AuthorizationCodeHandlerConfig{
		ClientIDMetadataDocumentConfig: &sdkauth.ClientIDMetadataDocumentConfig{URL: id},
		RedirectURL:                    "http://127.0.0.1:9/callback",
		AuthorizationCodeFetcher:       f.fetch,
	})
	if err != nil {
		t.Fatal(err)
	}
	cs := connect(t, e, h)
	if names := mcptest.ToolNames(t, cs); !slices.Contains(names, "add_or_update_event") {
		t.Fatalf("a write token's tools/list lacks the write tools: %v", names)
	}
	if text, isErr := mcptest.Call(t, cs, "add_or_update_event", json.RawMessage(writeCall)); isErr {
		t.Fatalf("write with a write grant: %s", text)
	}
	grants, err := e.st.Grants(context.Background(), fakeicu.DemoAthleteID, time.Now())
	if err != nil || len(grants) != 1 || grants[0].ClientID != id || grants[0].ClientName != "Metadata Client" {
		t.Errorf("grants = %+v, %v; want one of the metadata document's client, by its name", grants, err)
	}
}
