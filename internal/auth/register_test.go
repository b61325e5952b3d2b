package auth_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	sdkauth "github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/oauthex"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
)

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
