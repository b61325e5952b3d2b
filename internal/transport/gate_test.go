package transport

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestBearerTokenRequiredWhenSet(t *testing.T) {
	base := httpServer(t, "s3cret-token")
	resp, err := http.Get(base + "/sse")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("no token: status %d", resp.StatusCode)
	}
	if _, err := clientOver(t, &mcp.StreamableClientTransport{Endpoint: base + "/mcp", HTTPClient: mcptest.BearerClient("wrong")}); err == nil {
		t.Error("a wrong token must be refused")
	}
	cs, err := clientOver(t, &mcp.StreamableClientTransport{Endpoint: base + "/mcp", HTTPClient: mcptest.BearerClient("s3cret-token")})
	if err != nil {
		t.Fatalf("the right token must be accepted: %v", err)
	}
	if names := mcptest.ToolNames(t, cs); len(names) == 0 {
		t.Error("no tools")
	}
}

// The gate's bearers in these tests: the server's own token, and the OAuth tokens testVerify
// knows (readBearer and writeBearer sign in readCaller and writeCaller, brokenBearer fails as
// a store that is down would, any other is not a token).
const (
	staticToken  = "static-token-s3cret"
	readBearer   = "oauth-read-bearer"
	writeBearer  = "oauth-write-bearer"
	brokenBearer = "oauth-bearer-of-a-broken-store"
	metadataURL  = "https://mcp.example/.well-known/oauth-protected-resource/mcp"
)

var (
	readCaller  = caller.Caller{Token: "icu-token-of-the-reader", AthleteID: "i1001", Grant: "access:grant-r", Scopes: []string{caller.ScopeRead}}
	writeCaller = caller.Caller{Token: "icu-token-of-the-writer", AthleteID: "i1002", Grant: "access:grant-w", Scopes: []string{caller.ScopeRead, caller.ScopeWrite}}
)

// testVerify is OAuthOptions.Verify over the bearers above.
func testVerify(_ context.Context, token string) (caller.Caller, error) {
	var c caller.Caller
	switch token {
	case readBearer:
		c = readCaller
	case writeBearer:
		c = writeCaller
	case brokenBearer:
		return caller.Caller{}, errors.New("the store does not answer")
	default:
		return caller.Caller{}, fmt.Errorf("token %.8s…: %w", token, caller.ErrInvalidToken)
	}
	c.Expires = time.Now().Add(time.Hour)
	return c, nil
}

// whoamiTool reports the caller a tool call runs for (caller.From): its athlete, grant and
// scopes, never its token.
func whoamiTool() manifest.Tool {
	return mcptest.WithSchemas(manifest.New(manifest.Def{Name: "whoami", Title: "Who am I", Description: "The caller of the call.", Toolset: manifest.Context, Access: manifest.Read},
		func(ctx context.Context, _ *toolcall.Env, _ struct{}) (string, error) {
			c, ok := caller.From(ctx)
			return fmt.Sprintf("caller=%v athlete=%s grant=%s scopes=%s", ok, c.AthleteID, c.Grant, strings.Join(c.Scopes, " ")), nil
		}))[0]
}

// tokenInfoTool reports what go-sdk's token info of the request holds: its user, and the keys
// of Extra and whether any of its values is a caller.
func tokenInfoTool(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	info := req.Extra.TokenInfo
	if info == nil {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "no token info"}}}, nil
	}
	keys, callers := slices.Sorted(maps.Keys(info.Extra)), 0
	for _, v := range info.Extra {
		if _, ok := v.(caller.Caller); ok {
			callers++
		}
	}
	text := fmt.Sprintf("user=%s extra=%v callers=%d", info.UserID, keys, callers)
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, nil
}

// oauthServers is OAuth over the servers of mcptest's catalog plus whoami (oauthCatalog),
// the configuration's read and full ones with tokeninfo added.
func oauthServers(t *testing.T) HTTPOptions {
	t.Helper()
	servers := oauthCatalog(t)
	for _, ro := range []bool{false, true} {
		srv, err := servers.For(server.Selection{ReadOnly: ro})
		if err != nil {
			t.Fatal(err)
		}
		srv.AddTool(&mcp.Tool{Name: "tokeninfo", InputSchema: map[string]any{"type": "object"}}, tokenInfoTool)
	}
	return HTTPOptions{Servers: servers, OAuth: &OAuthOptions{Verify: testVerify, ResourceMetadataURL: metadataURL, Routes: http.NotFoundHandler()}}
}

// oauthCatalog is the servers of mcptest's catalog plus whoami, every toolset on: the static
// token's calls run on a client of the fake, a signed-in caller's on one of their own token.
func oauthCatalog(t *testing.T) *server.Servers {
	t.Helper()
	_, own := mcptest.FakeClient(t, fakeicu.DefaultAPIKey)
	servers, err := server.NewServers(allOn(), nil, func(f manifest.Filter) server.Options {
		return server.Options{Tools: append(mcptest.Tools(), whoamiTool()), Filter: f, Runtime: server.Runtime{Client: own,
			NewClient: func(token string) (*intervals.ClientWithResponses, error) {
				return intervals.New(intervals.Options{AccessToken: token, RateLimit: -1})
			}}}
	})
	if err != nil {
		t.Fatal(err)
	}
	return servers
}

// gateServer serves HTTP with the static token and opts (OAuth, with its servers); without
// OAuth, testServer. It returns the base URL.
func gateServer(t *testing.T, opts HTTPOptions) string {
	t.Helper()
	opts.Token = staticToken
	if opts.OAuth == nil {
		opts.Server = testServer(t)
	}
	hs := httptest.NewServer(HTTPHandler(opts))
	t.Cleanup(hs.Close)
	return hs.URL
}

// initialize is an initialize request, which /mcp answers 200 to an accepted bearer.
const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`

// post sends body to base+path with "Authorization: Bearer bearer" ("" for none) and
// returns the response, its body read.
func post(t *testing.T, base, path, bearer, body string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// connectBearer connects go-sdk's client to /mcp with the bearer.
func connectBearer(t *testing.T, base, bearer string) *mcp.ClientSession {
	t.Helper()
	cs, err := clientOver(t, &mcp.StreamableClientTransport{Endpoint: base + "/mcp", HTTPClient: mcptest.BearerClient(bearer)})
	if err != nil {
		t.Fatalf("bearer %.12s…: connect: %v", bearer, err)
	}
	return cs
}

// TestGateChecksTheBearer: the static token is taken as it is, and nothing like it (a prefix,
// an extension, another case) is; with OAuth it still is, Verify's tokens are too, a token
// Verify does not know is 401 naming the resource metadata and the read scope (so that the
// client signs in), and any other failure of Verify is 500, not a sign-in.
func TestGateChecksTheBearer(t *testing.T) {
	notStatic := []string{"", "wrong", staticToken[:len(staticToken)-1], staticToken + "x", strings.ToUpper(staticToken)}
	for _, c := range []struct {
		mode   string
		oauth  HTTPOptions
		accept []string
	}{
		{"static token only", HTTPOptions{}, []string{staticToken}},
		{"static token and OAuth", oauthServers(t), []string{staticToken, readBearer, writeBearer}},
	} {
		base := gateServer(t, c.oauth)
		for _, bearer := range c.accept {
			if resp, body := post(t, base, "/mcp", bearer, initialize); resp.StatusCode != http.StatusOK {
				t.Errorf("%s: bearer %q: %d %.200q, want 200", c.mode, bearer, resp.StatusCode, body)
			}
		}
		for _, bearer := range notStatic {
			resp, body := post(t, base, "/mcp", bearer, initialize)
			if resp.StatusCode != http.StatusUnauthorized {
				t.Errorf("%s: bearer %q: %d %.200q, want 401", c.mode, bearer, resp.StatusCode, body)
			}
			challenge := resp.Header.Get("WWW-Authenticate")
			if c.oauth.OAuth != nil && (!strings.Contains(challenge, `resource_metadata="`+metadataURL+`"`) || !strings.Contains(challenge, `scope="intervals:read"`)) {
				t.Errorf("%s: bearer %q: WWW-Authenticate %q, want resource_metadata and scope=\"intervals:read\"", c.mode, bearer, challenge)
			}
		}
		if c.oauth.OAuth == nil {
			continue
		}
		if resp, body := post(t, base, "/mcp", brokenBearer, initialize); resp.StatusCode != http.StatusInternalServerError {
			t.Errorf("%s: Verify failing: %d %.200q, want 500", c.mode, resp.StatusCode, body)
		}
	}
}

// TestGatePutsTheCallerInTheContextOnly: a tool called over /mcp runs for the bearer's caller
// (caller.From: the athlete and grant of a signed-in bearer; the server's own credential with
// both scopes for the static token), and go-sdk's token info, which every handler of the
// request sees, keeps no caller (the signed-in athlete's Intervals.icu token is in it).
func TestGatePutsTheCallerInTheContextOnly(t *testing.T) {
	base := gateServer(t, oauthServers(t))
	for bearer, want := range map[string]string{
		readBearer:  "caller=true athlete=i1001 grant=access:grant-r scopes=intervals:read",
		writeBearer: "caller=true athlete=i1002 grant=access:grant-w scopes=intervals:read intervals:write",
		staticToken: "caller=true athlete= grant= scopes=intervals:read intervals:write",
	} {
		cs := connectBearer(t, base, bearer)
		if text, isErr := call(t, cs, "whoami", map[string]any{}); isErr || text != want {
			t.Errorf("bearer %s: whoami %q (isError %v), want %q", bearer, text, isErr, want)
		}
		text, isErr := call(t, cs, "tokeninfo", map[string]any{})
		wantUser := map[string]string{readBearer: readCaller.AthleteID, writeBearer: writeCaller.AthleteID}[bearer]
		if isErr || text != "user="+wantUser+" extra=[] callers=0" {
			t.Errorf("bearer %s: the token info holds %q, want user=%s and no caller", bearer, text, wantUser)
		}
	}
}

// TestGateChoosesTheServerByScope: a read bearer is offered the read-only server's tools and
// a write bearer the full one's; a write tool called with a read bearer (alone or in a batch)
// is 403 insufficient_scope naming intervals:write, so that the client steps up, while a
// write bearer's call of it runs.
func TestGateChoosesTheServerByScope(t *testing.T) {
	oauth := oauthServers(t)
	base := gateServer(t, oauth)
	read, _ := oauth.Servers.For(server.Selection{ReadOnly: true})
	full, _ := oauth.Servers.For(server.Selection{})
	readTools := mcptest.ToolNames(t, mcptest.Connect(t, read, nil, ""))
	fullTools := mcptest.ToolNames(t, mcptest.Connect(t, full, nil, ""))
	if slices.Equal(readTools, fullTools) || !slices.Contains(fullTools, "plan") || slices.Contains(readTools, "plan") {
		t.Fatalf("the read and full servers must differ by the write tools: read %v, full %v", readTools, fullTools)
	}
	for bearer, want := range map[string][]string{readBearer: readTools, writeBearer: fullTools} {
		if got := mcptest.ToolNames(t, connectBearer(t, base, bearer)); !slices.Equal(got, want) {
			t.Errorf("bearer %s lists %v, want %v", bearer, got, want)
		}
	}
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"plan","arguments":{}}}`,
		`[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"wipe","arguments":{}}}]`,
	} {
		resp, text := post(t, base, "/mcp", readBearer, body)
		challenge := resp.Header.Get("WWW-Authenticate")
		if resp.StatusCode != http.StatusForbidden || !strings.Contains(challenge, `error="insufficient_scope"`) || !strings.Contains(challenge, `scope="intervals:write"`) {
			t.Errorf("%s with a read bearer: %d, WWW-Authenticate %q, body %q; want 403 insufficient_scope, scope=\"intervals:write\"", body, resp.StatusCode, challenge, text)
		}
	}
	if text, isErr := call(t, connectBearer(t, base, writeBearer), "plan", map[string]any{}); isErr || text != "planned" {
		t.Errorf("plan with a write bearer: %q (isError %v)", text, isErr)
	}
}

// TestGateRefusesLegacySSEToSignedInCallers: an SSE session's calls would run in the
// stream's context, not the caller's, so /sse and /messages answer a signed-in bearer 404
// (pointing to /mcp) and still serve the static token.
func TestGateRefusesLegacySSEToSignedInCallers(t *testing.T) {
	base := gateServer(t, oauthServers(t))
	get := func(bearer string) (int, string) {
		t.Helper()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel() // the stream of an accepted GET never ends by itself
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/sse", nil)
		req.Header.Set("Authorization", "Bearer "+bearer)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		line, _ := bufio.NewReader(resp.Body).ReadString('\n')
		return resp.StatusCode, line
	}
	for _, bearer := range []string{readBearer, writeBearer} {
		if code, line := get(bearer); code != http.StatusNotFound || !strings.Contains(line, "not served to signed-in users") {
			t.Errorf("GET /sse, bearer %s: %d %q, want 404", bearer, code, line)
		}
		if resp, body := post(t, base, "/messages/?session_id=x", bearer, `{"jsonrpc":"2.0","id":1,"method":"ping"}`); resp.StatusCode != http.StatusNotFound || !strings.Contains(body, "not served to signed-in users") {
			t.Errorf("POST /messages/, bearer %s: %d %q, want 404 (not for signed-in users)", bearer, resp.StatusCode, body)
		}
	}
	if code, line := get(staticToken); code != http.StatusOK || line != "event: endpoint\n" {
		t.Errorf("GET /sse with the static token: %d %q, want the stream", code, line)
	}
}

// TestRefusedBearerSaysWhatToDo: a bearer sent and refused gets 401 with
// error="invalid_token" and a description from the token's form alone (what to do: an
// access token expired or revoked, a refresh token sent as a bearer, an Intervals.icu API
// key), the resource metadata kept; no bearer at all gets no error= (RFC 6750 3.1).
func TestRefusedBearerSaysWhatToDo(t *testing.T) {
	base := gateServer(t, oauthServers(t))
	for bearer, want := range map[string]string{
		"imcp_at_0123456789abcdef":  "access token is expired, revoked or not from this server",
		"imcp_rt_0123456789abcdef":  "this is a refresh token",
		"imcp_pat_0123456789abcdef": "create a new one at /account",
		"a1b2c3d4e5f6g7h8i9j0":      "an Intervals.icu API key is never sent here",
	} {
		resp, _ := post(t, base, "/mcp", bearer, initialize)
		challenge := resp.Header.Get("WWW-Authenticate")
		if resp.StatusCode != http.StatusUnauthorized || !strings.HasPrefix(challenge, `Bearer error="invalid_token", error_description="`) ||
			!strings.Contains(challenge, want) || !strings.Contains(challenge, `resource_metadata="`+metadataURL+`"`) {
			t.Errorf("bearer %s: %d WWW-Authenticate %q, want invalid_token saying %q", bearer[:8], resp.StatusCode, challenge, want)
		}
		if strings.Contains(challenge, bearer) {
			t.Errorf("the challenge repeats the token: %q", challenge)
		}
	}
	resp, _ := post(t, base, "/mcp", "", initialize)
	if c := resp.Header.Get("WWW-Authenticate"); resp.StatusCode != http.StatusUnauthorized || strings.Contains(c, "error=") {
		t.Errorf("no bearer: %d %q, want 401 without error=", resp.StatusCode, c)
	}
}
