package transport

import (
	"bufio"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

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

func TestHealthzAndReadyz(t *testing.T) {
	srv := testServer(t)
	var mu sync.Mutex
	var notReady error
	hs := httptest.NewServer(HTTPHandler(HTTPOptions{Server: srv, Token: "tok", Ready: func(context.Context) error {
		mu.Lock()
		defer mu.Unlock()
		return notReady
	}}))
	t.Cleanup(hs.Close)
	get := func(path string) (int, string) {
		resp, err := http.Get(hs.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	if code, body := get("/healthz"); code != 200 || body != "ok\n" {
		t.Errorf("/healthz (no token needed): %d %q", code, body)
	}
	if code, _ := get("/readyz"); code != 200 {
		t.Errorf("/readyz while ready: %d", code)
	}
	mu.Lock()
	notReady = errDatabaseDown
	mu.Unlock()
	if code, body := get("/readyz"); code != http.StatusServiceUnavailable || !strings.Contains(body, "database down") {
		t.Errorf("/readyz while the check fails: %d %q", code, body)
	}
	if code, _ := get("/healthz"); code != 200 {
		t.Errorf("/healthz while not ready: %d (the process still lives)", code)
	}
}

type errString string

func (e errString) Error() string { return string(e) }

const errDatabaseDown = errString("database down")

// closedByServer reads c until the server closes it; it fails if the connection is still
// open at the hang guard.
func closedByServer(t *testing.T, c net.Conn, what string) {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(hangGuard))
	_, err := io.Copy(io.Discard, c)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		t.Errorf("%s: the connection is still open", what)
	}
}

func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// TestSlowAndIdleConnectionsAreClosed: a body that trickles in, headers that never end, a
// kept-alive connection left idle (after a 401 too) are all closed by the server.
func TestSlowAndIdleConnectionsAreClosed(t *testing.T) {
	short := HTTPOptions{ReadHeaderTimeout: 200 * time.Millisecond, ReadTimeout: 300 * time.Millisecond, IdleTimeout: 300 * time.Millisecond}
	addr, _ := serving(t, short)
	locked := short
	locked.Token = "tok"
	lockedAddr, _ := serving(t, locked)

	slowBody := dial(t, addr)
	_, _ = io.WriteString(slowBody, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 100\r\n\r\n{")
	closedByServer(t, slowBody, "a body sent slowly")

	slowHeaders := dial(t, addr)
	_, _ = io.WriteString(slowHeaders, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
	closedByServer(t, slowHeaders, "headers never finished")

	for _, c := range []struct {
		addr, path, what string
		status           int
	}{{addr, "/healthz", "idle after a 200", 200}, {lockedAddr, "/sse", "idle after a 401", http.StatusUnauthorized}} {
		conn := dial(t, c.addr)
		_, _ = io.WriteString(conn, "GET "+c.path+" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil || resp.StatusCode != c.status {
			t.Fatalf("%s: %v %v", c.what, resp, err)
		}
		resp.Body.Close()
		closedByServer(t, conn, c.what)
	}
}

// TestLongCallsAndStreamsOutliveTheTimeouts: the read deadline bounds the request, not the
// handler: a tool call longer than ReadTimeout answers over Streamable HTTP; the write
// deadline of an SSE stream is per event: a stream older than WriteTimeout still carries
// calls.
func TestLongCallsAndStreamsOutliveTheTimeouts(t *testing.T) {
	addr, _ := serving(t, HTTPOptions{ReadTimeout: 200 * time.Millisecond, WriteTimeout: 300 * time.Millisecond})
	for _, version := range []string{"2026-07-28", "2025-11-25"} {
		cs := connectHTTP(t, "http://"+addr+"/mcp", version, nil)
		if text, isErr := call(t, cs, "sleep", map[string]any{"ms": 250}); isErr || text != "slept" {
			t.Errorf("%s: a call longer than the read timeout: %q", version, text)
		}
	}
	cs, err := clientOver(t, &mcp.SSEClientTransport{Endpoint: "http://" + addr + "/sse"})
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(400 * time.Millisecond) // the stream is now older than both timeouts
	if text, isErr := call(t, cs, "sleep", map[string]any{"ms": 1}); isErr || text != "slept" {
		t.Errorf("SSE after the timeouts: %q", text)
	}
}

// TestServeEndsOpenStreamsOnShutdown cancels Serve while a client holds a legacy SSE stream
// open: Serve must return and the stream must be closed, not left hanging on a server that
// no longer answers.
func TestServeEndsOpenStreamsOnShutdown(t *testing.T) {
	srv := testServer(t)
	ln, err := Listen("127.0.0.1:0", false)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	served := make(chan error, 1)
	go func() { served <- Serve(ctx, ln, HTTPOptions{Server: srv, Logger: slog.New(slog.DiscardHandler)}) }()

	resp, err := http.Get("http://" + ln.Addr().String() + "/sse")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body := bufio.NewReader(resp.Body)
	if line, err := body.ReadString('\n'); err != nil || line != "event: endpoint\n" {
		t.Fatalf("first line of the stream: %q %v", line, err)
	}
	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("Serve after shutdown: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Serve did not return after its context ended")
	}
	ended := make(chan error, 1)
	go func() { _, err := io.Copy(io.Discard, body); ended <- err }()
	select {
	case <-ended:
	case <-time.After(30 * time.Second):
		t.Fatal("the SSE stream is still open after Serve returned")
	}
}

// TestStartLogSaysWhoSSEServes: with OAuth, /sse answers 404 to signed-in users, so the start
// log does not hand them its URL without saying so.
func TestStartLogSaysWhoSSEServes(t *testing.T) {
	const base = "http://127.0.0.1:8765"
	if got := sseLog(base, HTTPOptions{}); got != base+"/sse" {
		t.Errorf("without OAuth: %q", got)
	}
	withToken := sseLog(base, HTTPOptions{OAuth: &OAuthOptions{}, Token: "t"})
	if !strings.HasPrefix(withToken, base+"/sse ") || !strings.Contains(withToken, "MCP_AUTH_TOKEN only") || !strings.Contains(withToken, "/mcp") {
		t.Errorf("OAuth and a token: %q", withToken)
	}
	signInOnly := sseLog(base, HTTPOptions{OAuth: &OAuthOptions{}})
	if strings.Contains(signInOnly, base) || !strings.Contains(signInOnly, "signed-in users use /mcp") {
		t.Errorf("OAuth alone: %q", signInOnly)
	}
}
