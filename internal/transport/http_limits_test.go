package transport

import (
	"bufio"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// hangGuard only keeps a broken test from hanging; no test measures time against it.
const hangGuard = 20 * time.Second

// sleepServer is the test catalog plus "sleep", which answers after ms milliseconds.
func sleepServer(t *testing.T) *mcp.Server {
	t.Helper()
	srv := testServer(t)
	type in struct {
		MS int `json:"ms"`
	}
	mcp.AddTool(srv, &mcp.Tool{Name: "sleep"}, func(ctx context.Context, _ *mcp.CallToolRequest, a in) (*mcp.CallToolResult, any, error) {
		select {
		case <-time.After(time.Duration(a.MS) * time.Millisecond):
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "slept"}}}, nil, nil
		case <-ctx.Done():
			return nil, nil, ctx.Err()
		}
	})
	return srv
}

// serving runs Serve with opts on a loopback port until the test ends (or stop is called)
// and returns the address.
func serving(t *testing.T, opts HTTPOptions) (addr string, stop func() error) {
	t.Helper()
	if opts.Server == nil {
		opts.Server = sleepServer(t)
	}
	opts.Logger = slog.New(slog.DiscardHandler)
	ln, err := Listen("127.0.0.1:0", false)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- Serve(ctx, ln, opts) }()
	stopped := false
	stop = func() error {
		if stopped {
			return nil
		}
		stopped = true
		cancel()
		select {
		case err := <-served:
			return err
		case <-time.After(hangGuard):
			return errors.New("Serve did not return after its context ended")
		}
	}
	t.Cleanup(func() { _ = stop() })
	return ln.Addr().String(), stop
}

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

// TestShutdownFinishesCallsInFlight stops Serve while a call runs over each transport:
// every call gets its answer, then Serve returns.
func TestShutdownFinishesCallsInFlight(t *testing.T) {
	addr, stop := serving(t, HTTPOptions{})
	sessions := map[string]*mcp.ClientSession{
		"2026-07-28": connectHTTP(t, "http://"+addr+"/mcp", "2026-07-28", nil),
		"2025-11-25": connectHTTP(t, "http://"+addr+"/mcp", "2025-11-25", nil),
	}
	sse, err := clientOver(t, &mcp.SSEClientTransport{Endpoint: "http://" + addr + "/sse"})
	if err != nil {
		t.Fatal(err)
	}
	sessions["sse"] = sse
	type answer struct {
		name, text string
		err        error
	}
	answers := make(chan answer, len(sessions))
	for name, cs := range sessions {
		go func() {
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "sleep", Arguments: map[string]any{"ms": 600}})
			var text string
			if err == nil {
				text = mcptest.Text(res)
			}
			answers <- answer{name, text, err}
		}()
	}
	time.Sleep(200 * time.Millisecond) // the calls have started
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	for range sessions {
		a := <-answers
		if a.err != nil || a.text != "slept" {
			t.Errorf("%s: the call in flight at shutdown got %q, %v", a.name, a.text, a.err)
		}
	}
}
