package transport

import (
	"bufio"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func httpServer(t *testing.T, token string) string {
	t.Helper()
	srv := testServer(t)
	hs := httptest.NewServer(HTTPHandler(HTTPOptions{Server: srv, Token: token}))
	t.Cleanup(hs.Close)
	return hs.URL
}

func clientOver(t *testing.T, tr mcp.Transport) (*mcp.ClientSession, error) {
	t.Helper()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(context.Background(), tr, nil)
	if err == nil {
		t.Cleanup(func() { _ = cs.Close() })
	}
	return cs, err
}

func TestStreamableHTTPAtMCP(t *testing.T) {
	base := httpServer(t, "")
	cs, err := clientOver(t, &mcp.StreamableClientTransport{Endpoint: base + "/mcp"})
	if err != nil {
		t.Fatal(err)
	}
	if text, isErr := call(t, cs, "echo", map[string]any{"oldest": "d"}); isErr || !strings.Contains(text, "oldest=d") {
		t.Errorf("got %q", text)
	}
}

func TestLegacySSEPostsToMessages(t *testing.T) {
	base := httpServer(t, "")
	resp, err := http.Get(base + "/sse")
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(resp.Body)
	var first []string
	for sc.Scan() && sc.Text() != "" {
		first = append(first, sc.Text())
	}
	resp.Body.Close()
	if len(first) != 2 || first[0] != "event: endpoint" || !strings.HasPrefix(first[1], "data: /messages/?session_id=") {
		t.Fatalf("first event %q, want the endpoint /messages/?session_id=… as FastMCP sends it", first)
	}
	cs, err := clientOver(t, &mcp.SSEClientTransport{Endpoint: base + "/sse"})
	if err != nil {
		t.Fatal(err)
	}
	if names := mcptest.ToolNames(t, cs); len(names) != len(mcptest.Tools()) {
		t.Errorf("tools over SSE: %v", names)
	}
	if text, isErr := call(t, cs, "echo", map[string]any{"oldest": "d"}); isErr || !strings.Contains(text, "oldest=d") {
		t.Errorf("got %q", text)
	}
}

func TestSSEMessagesRefusesUnknownSession(t *testing.T) {
	base := httpServer(t, "")
	for _, path := range []string{"/messages/", "/messages"} {
		resp, err := http.Post(base+path+"?session_id=nope", "application/json", strings.NewReader(`{}`))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: status %d", path, resp.StatusCode)
		}
	}
}

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

func TestListenRefusesNonLoopbackWithoutToken(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:0", ":0", "192.0.2.1:8765"} {
		if _, err := Listen(addr, false); !errors.Is(err, ErrTokenRequired) {
			t.Errorf("%s: got %v", addr, err)
		}
	}
	ln, err := Listen("127.0.0.1:0", false)
	if err != nil {
		t.Fatal(err)
	}
	ln.Close()
}

func TestReboundHostRefusedWithoutToken(t *testing.T) {
	status := func(base, path, token string) int {
		req, _ := http.NewRequest(http.MethodGet, base+path, nil)
		req.Host = "evil.example"
		req.Header.Set("Accept", "application/json, text/event-stream")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		resp, err := http.DefaultClient.Do(req.WithContext(ctx))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	open := httpServer(t, "")
	for _, path := range []string{"/sse", "/mcp", "/messages/?session_id=x", "/messages?session_id=x"} {
		if got := status(open, path, ""); got != http.StatusForbidden {
			t.Errorf("%s on a loopback server reached as evil.example: status %d, want 403", path, got)
		}
	}
	// With a token, a proxy's public host name is fine (the token is the protection).
	locked := httpServer(t, "tok")
	if got := status(locked, "/sse", "tok"); got != http.StatusOK {
		t.Errorf("/sse with the token through a proxy host: status %d", got)
	}
}

func TestIsLoopback(t *testing.T) {
	for host, want := range map[string]bool{"localhost:1": true, "127.0.0.1": true, "[::1]:8765": true, "evil.example:8765": false} {
		if got := isLoopback(host); got != want {
			t.Errorf("isLoopback(%q) = %v", host, got)
		}
	}
}
