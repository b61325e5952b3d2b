package auth_test

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	sdkauth "github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/modelcontextprotocol/go-sdk/oauthex"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
)

// TestGoSDKClientSignsInToAToolsetPath: go-sdk's client, which requires the protected
// resource metadata to name the very URL it connects to (RFC 9728), signs in on
// /mcp/x/calendar and /mcp/x/default,coach; the consent page says what each connection
// offers; a read token on /mcp/x/calendar gets the calendar's read tools and no write tool,
// and /mcp/x/default,coach lists the coach's list_athletes, which the server's own
// configuration (the default toolsets) does not.
func TestGoSDKClientSignsInToAToolsetPath(t *testing.T) {
	e := newEnv(t, envConfig{connectionToolsets: []manifest.Toolset{manifest.Coach}})
	for _, c := range []struct {
		path, offers string
		has, hasNot  []string
	}{
		{"/mcp/x/calendar", "tools: calendar", []string{"get_events", "get_event_by_id"}, []string{"add_or_update_event", "get_activities", "list_athletes"}},
		{"/mcp/x/default,coach", "coach", []string{"list_athletes", "get_events", "get_athlete_context"}, []string{"add_or_update_event", "api_list_operations"}},
	} {
		var consent string
		fetch := func(_ context.Context, args *sdkauth.AuthorizationArgs) (*sdkauth.AuthorizationResult, error) {
			_, consent = e.open(args.URL)
			back := e.approve(args.URL, "intervals:read", "")
			q := back.Query()
			return &sdkauth.AuthorizationResult{Code: q.Get("code"), State: q.Get("state"), Iss: q.Get("iss")}, nil
		}
		h, err := sdkauth.NewAuthorizationCodeHandler(&sdkauth.AuthorizationCodeHandlerConfig{
			DynamicClientRegistrationConfig: &sdkauth.DynamicClientRegistrationConfig{Metadata: &oauthex.ClientRegistrationMetadata{
				RedirectURIs: []string{"http://127.0.0.1:9/callback"}, ClientName: "go-sdk test", TokenEndpointAuthMethod: "none",
				GrantTypes: []string{"authorization_code", "refresh_token"}}},
			AuthorizationCodeFetcher: fetch,
		})
		if err != nil {
			t.Fatal(err)
		}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "go-sdk-oauth-test", Version: "1"}, nil).Connect(context.Background(),
			&mcp.StreamableClientTransport{Endpoint: e.url + c.path, OAuthHandler: h}, nil)
		if err != nil {
			t.Fatalf("%s: connect through OAuth: %v", c.path, err)
		}
		t.Cleanup(func() { cs.Close() })
		if !strings.Contains(consent, e.url+c.path) || !strings.Contains(consent, c.offers) {
			t.Errorf("%s: the consent page does not say what the connection offers (%q):\n%s", c.path, c.offers, consent)
		}
		names := mcptest.ToolNames(t, cs)
		for _, n := range c.has {
			if !slices.Contains(names, n) {
				t.Errorf("%s with a read token lists %v: no %s", c.path, names, n)
			}
		}
		for _, n := range c.hasNot {
			if slices.Contains(names, n) {
				t.Errorf("%s with a read token lists %s", c.path, n)
			}
		}
		if text, isErr := mcptest.Call(t, cs, "get_events", json.RawMessage(`{}`)); isErr {
			t.Errorf("%s: get_events: %s", c.path, text)
		}
	}
}

// TestToolsetPathsAreResourcesOfTheirOwn: each path a connection may use has protected-
// resource metadata naming it; a path that serves nothing has none, and /authorize refuses
// it as a resource (invalid_target), as it refuses another server's.
func TestToolsetPathsAreResourcesOfTheirOwn(t *testing.T) {
	e := newEnv(t)
	for path, want := range map[string]int{"/mcp/x/calendar": 200, "/mcp/readonly": 200, "/mcp/x/calendar,wellness/readonly": 200, "/mcp/x/coach": 404, "/mcp/nowhere": 404} {
		resp, body := e.open(e.url + "/.well-known/oauth-protected-resource" + path)
		if resp.StatusCode != want {
			t.Errorf("metadata of %s: %d, want %d", path, resp.StatusCode, want)
			continue
		}
		var doc struct {
			Resource string `json:"resource"`
		}
		if want == http.StatusOK && (json.Unmarshal([]byte(body), &doc) != nil || doc.Resource != e.url+path) {
			t.Errorf("metadata of %s names %q, want %s", path, doc.Resource, e.url+path)
		}
	}
	client := e.register("http://127.0.0.1:9/cb")
	_, challenge := pkce()
	for resource, ok := range map[string]bool{e.url + "/mcp/x/calendar": true, e.url + "/mcp/x/coach": false, "https://elsewhere.example/mcp": false, e.url + "/mcpx": false} {
		resp, _ := e.open(e.authorizeURL(client, "http://127.0.0.1:9/cb", challenge, "intervals:read", "resource", resource))
		loc := resp.Header.Get("Location")
		refused := strings.Contains(loc, "error=invalid_target")
		if refused == ok {
			t.Errorf("authorize with resource %s: %d, Location %q; want accepted %v", resource, resp.StatusCode, loc, ok)
		}
	}
}
