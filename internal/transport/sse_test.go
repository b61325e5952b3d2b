package transport

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

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

// openSSE opens an event stream and returns its messages endpoint, or the refusal.
func openSSE(t *testing.T, addr string) (endpoint string, resp *http.Response) {
	t.Helper()
	resp, err := http.Get("http://" + addr + "/sse")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	if resp.StatusCode != http.StatusOK {
		return "", resp
	}
	r := bufio.NewReader(resp.Body)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("SSE stream: %v", err)
		}
		if e, ok := strings.CutPrefix(strings.TrimSpace(line), "data: "); ok {
			resp.Body = struct {
				io.Reader
				io.Closer
			}{r, resp.Body}
			return e, resp
		}
	}
}

func TestSSESessionsAreCapped(t *testing.T) {
	addr, _ := serving(t, HTTPOptions{SSEMaxSessions: 2})
	_, first := openSSE(t, addr)
	openSSE(t, addr)
	e, refused := openSSE(t, addr)
	body, _ := io.ReadAll(refused.Body)
	if e != "" || refused.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), "too many SSE sessions") {
		t.Fatalf("third session past a cap of 2: %d %q", refused.StatusCode, body)
	}
	first.Body.Close() // frees a place
	for end := time.Now().Add(hangGuard); ; time.Sleep(20 * time.Millisecond) {
		if e, _ := openSSE(t, addr); e != "" {
			break
		}
		if time.Now().After(end) {
			t.Fatal("a closed session never freed its place")
		}
	}
}

func TestIdleSSESessionExpires(t *testing.T) {
	addr, _ := serving(t, HTTPOptions{SSEIdleTimeout: 200 * time.Millisecond})
	endpoint, resp := openSSE(t, addr)
	done := make(chan error, 1)
	go func() { _, err := io.Copy(io.Discard, resp.Body); done <- err }()
	select {
	case <-done:
	case <-time.After(hangGuard):
		t.Fatal("an idle SSE session is still open")
	}
	post, err := http.Post("http://"+addr+endpoint, "application/json", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(post.Body)
	post.Body.Close()
	if post.StatusCode != http.StatusNotFound || !strings.Contains(string(body), "expired") {
		t.Errorf("a message to the expired session: %d %q", post.StatusCode, body)
	}
}

func TestReboundHostRefusedWithoutToken(t *testing.T) {
	get := func(base, path, token string) (int, string) {
		req, _ := http.NewRequest(http.MethodGet, base+path, nil)
		req.Host = "abc123.ngrok-free.app"
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
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			return resp.StatusCode, ""
		}
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	open := httpServer(t, "")
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(open, "http://"))
	for _, path := range []string{"/sse", "/mcp", "/messages/?session_id=x", "/messages?session_id=x"} {
		got, body := get(open, path, "")
		if got != http.StatusForbidden {
			t.Errorf("%s on a loopback server reached as a tunnel's host: status %d, want 403", path, got)
		}
		// The refusal names what lets the tunnel through: its Host rewrite, or a token.
		for _, want := range []string{`"abc123.ngrok-free.app"`, "ngrok http " + port + " --host-header=rewrite", "Host: 127.0.0.1:" + port, "MCP_AUTH_TOKEN", "--public-url"} {
			if !strings.Contains(body, want) {
				t.Errorf("%s: the refusal lacks %q:\n%s", path, want, body)
			}
		}
	}
	// With a token, a proxy's public host name is fine (the token is the protection).
	locked := httpServer(t, "tok")
	if got, _ := get(locked, "/sse", "tok"); got != http.StatusOK {
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
