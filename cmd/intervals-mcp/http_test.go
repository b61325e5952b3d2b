package main

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// freeAddr returns a loopback address with a port free at the moment.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// serveHTTP starts "intervals-mcp serve --transport T --addr 127.0.0.1:PORT --demo" and
// returns the base URL once the server logs that it listens.
func serveHTTP(t *testing.T, transport string, env []string, extra ...string) string {
	t.Helper()
	addr := freeAddr(t)
	base, _ := startListening(t, addr, env, append([]string{"serve", "--transport", transport, "--addr", addr, "--demo"}, extra...)...)
	return base
}

// startListening runs the binary with args and returns http://addr, and the running
// command, once it logs that it listens there.
func startListening(t *testing.T, addr string, env []string, args ...string) (string, *exec.Cmd) {
	t.Helper()
	cmd := command(t, env, args...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	ready := make(chan string, 1)
	go func() { // reads stderr to the end, so the server never blocks on a full pipe
		sc := bufio.NewScanner(stderr)
		for sent := false; sc.Scan(); {
			if !sent && strings.Contains(sc.Text(), "serving MCP over HTTP") {
				ready <- sc.Text()
				sent = true
			}
		}
		close(ready)
	}()
	select {
	case line, ok := <-ready:
		if !ok {
			t.Fatal("the server exited before listening")
		}
		sse := strings.Contains(line, "http://"+addr+"/sse")
		if strings.Contains(line, "auth=false oauth=true") { // sign-in only: /sse serves nobody, and the log says so in its place
			sse = !strings.Contains(line, "/sse") && strings.Contains(line, "signed-in users use /mcp")
		}
		if !strings.Contains(line, "http://"+addr+"/mcp") || !sse {
			t.Errorf("start-up log should give the URLs: %q", line)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not start listening")
	}
	return "http://" + addr, cmd
}

func checkSession(t *testing.T, tr mcp.Transport) { t.Helper(); checkSessionAt(t, tr, "") }

// checkSessionAt connects at a protocol version ("" lets the client choose), lists the
// tools and calls one.
func checkSessionAt(t *testing.T, tr mcp.Transport, version string) {
	t.Helper()
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx, tr, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if got := cs.InitializeResult().ProtocolVersion; version != "" && got != version {
		t.Fatalf("negotiated %s, want %s", got, version)
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil || len(tools.Tools) < 20 {
		t.Fatalf("tools/list: %v (%d tools)", err, len(tools.Tools))
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_athlete_context", Arguments: map[string]any{}})
	if err != nil || res.IsError {
		t.Fatalf("call: %v %q", err, mcptest.Text(res))
	}
}

// TestStreamableHTTPBinary connects go-sdk's client to the binary's /mcp at the current
// revision (no initialize) and at 2025-11-25 (initialize).
func TestStreamableHTTPBinary(t *testing.T) {
	base := serveHTTP(t, "http", nil)
	for _, version := range []string{"2026-07-28", "2025-11-25"} {
		t.Run(version, func(t *testing.T) {
			checkSessionAt(t, &mcp.StreamableClientTransport{Endpoint: base + "/mcp"}, version)
		})
	}
}

// TestProbesBinary: /healthz and /readyz answer 200 without the token, which the MCP
// endpoints need.
func TestProbesBinary(t *testing.T) {
	base := serveHTTP(t, "http", []string{"MCP_AUTH_TOKEN=probe-token-1"})
	for _, path := range []string{"/healthz", "/readyz"} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("%s: status %d", path, resp.StatusCode)
		}
	}
}

func TestSSEBinary(t *testing.T) {
	base := serveHTTP(t, "sse", []string{"MCP_TRANSPORT=sse"})
	checkSession(t, &mcp.SSEClientTransport{Endpoint: base + "/sse"})
}

func TestNonLoopbackNeedsToken(t *testing.T) {
	r := runBin(t, nil, "serve", "--transport", "http", "--addr", "0.0.0.0:0", "--demo")
	if r.code != 2 || !strings.Contains(r.stderr, "MCP_AUTH_TOKEN") {
		t.Errorf("%+v", r)
	}
}

// TestReferenceServerEnvironment starts the binary the way the reference server's README
// starts it for ChatGPT: MCP_TRANSPORT=sse FASTMCP_HOST=127.0.0.1 FASTMCP_PORT=8765, no flags
// but --demo.
func TestReferenceServerEnvironment(t *testing.T) {
	addr := freeAddr(t)
	host, port, _ := net.SplitHostPort(addr)
	base, _ := startListening(t, addr, []string{"MCP_TRANSPORT=sse", "FASTMCP_HOST=" + host, "FASTMCP_PORT=" + port, "LOG_LEVEL=INFO"}, "--demo")
	checkSession(t, &mcp.SSEClientTransport{Endpoint: base + "/sse"})
}

// TestAuthTokenFromEnvironmentGuardsHTTP serves with MCP_AUTH_TOKEN set: a client without
// the token is refused on both transports, one with it gets the tools.
func TestAuthTokenFromEnvironmentGuardsHTTP(t *testing.T) {
	const token = "env-token-5521"
	base := serveHTTP(t, "http", []string{"MCP_AUTH_TOKEN=" + token})
	for _, path := range []string{"/mcp", "/sse"} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("%s without the token: status %d, want 401", path, resp.StatusCode)
		}
	}
	checkSession(t, &mcp.StreamableClientTransport{Endpoint: base + "/mcp", HTTPClient: mcptest.BearerClient(token)})
}
