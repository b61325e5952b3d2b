package auth_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	sdkauth "github.com/modelcontextprotocol/go-sdk/auth"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
)

func TestMetadataDocumentMustNameItsOwnURL(t *testing.T) {
	const id = "https://example.com/oauth/client.json"
	_, hc := cimdServer(t, map[string]any{"/oauth/client.json": map[string]any{
		"client_id": "https://example.com/other.json", "client_name": "Impostor", "redirect_uris": []string{"https://example.com/cb"}}})
	e := newEnv(t, envConfig{opts: func(o *auth.Options) { o.MetadataClient = hc }})
	_, challenge := pkce()
	resp, err := e.browser.Get(e.authorizeURL(id, "https://example.com/cb", challenge, "intervals:read"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest || resp.Header.Get("Location") != "" || !strings.Contains(string(body), "developer") {
		t.Errorf("a document whose client_id is not its URL: %d %s; want the 400 page saying what to do", resp.StatusCode, body)
	}
	if !strings.Contains(e.logs.String(), "is not its URL") {
		t.Errorf("the log does not say why the document was refused:\n%s", e.logs.String())
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

// TestMetadataDocumentIsBoundedLikeARegistration: a client ID metadata document is kept in
// the store like a registration, so the same limits hold: at most 10 redirect URIs of at most
// 1024 bytes, an inline key set of at most 5 keys and 8 KiB; its name is cut at 100
// characters, never inside one (PostgreSQL refused a name cut inside a character, on every
// try). Refused documents get the error page naming the limit.
func TestMetadataDocumentIsBoundedLikeARegistration(t *testing.T) {
	onBothStores(t, func(t *testing.T, cfg envConfig) {
		base := "https://example.com/"
		uris := func(n, size int) []string { return redirectURIs("example.com", n, size) }
		keys, _ := json.Marshal(jwks(t, 6, ""))
		var six any
		json.Unmarshal(keys, &six)
		name := strings.Repeat("a", 99) + "é and more"
		docs := map[string]map[string]any{
			"eleven":   {"redirect_uris": uris(11, 30)},
			"long":     {"redirect_uris": uris(1, 1025)},
			"six-keys": {"redirect_uris": uris(1, 30), "token_endpoint_auth_method": "private_key_jwt", "jwks": six},
			"at-limit": {"redirect_uris": uris(10, 1024), "client_name": name},
		}
		served := map[string]any{}
		for path, d := range docs {
			d["client_id"] = base + path
			served["/"+path] = d
		}
		_, hc := cimdServer(t, served)
		cfg.opts = func(o *auth.Options) { o.MetadataClient = hc }
		e := newEnv(t, cfg)
		_, challenge := pkce()
		for path, want := range map[string]string{"eleven": "1 to 10", "long": "1024", "six-keys": "5 keys"} {
			resp, body := e.open(e.authorizeURL(base+path, docs[path]["redirect_uris"].([]string)[0], challenge, "intervals:read"))
			if resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, want) {
				t.Errorf("document %s: %d; want the error page saying %q:\n%.600s", path, resp.StatusCode, want, body)
			}
		}
		at := docs["at-limit"]["redirect_uris"].([]string)
		resp, body := e.open(e.authorizeURL(base+"at-limit", at[9], challenge, "intervals:read"))
		if resp.StatusCode != http.StatusOK || !strings.Contains(body, strings.Repeat("a", 99)+"é") || strings.Contains(body, "é and") {
			t.Errorf("a document at the limits, named with 110 characters: %d; want the consent page with the name cut at 100 characters:\n%.600s", resp.StatusCode, body)
		}
	})
}
