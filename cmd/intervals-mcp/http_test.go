package main

import (
	"bufio"
	"context"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// serveHTTP starts "intervals-mcp serve --transport T --addr 127.0.0.1:PORT --demo" and
// returns the base URL once the server logs that it listens.
func serveHTTP(t *testing.T, transport string, env []string, extra ...string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := command(t, env, append([]string{"serve", "--transport", transport, "--addr", addr, "--demo"}, extra...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	ready := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "serving MCP over HTTP") {
				ready <- sc.Text()
			}
		}
		close(ready)
	}()
	select {
	case line, ok := <-ready:
		if !ok {
			t.Fatal("the server exited before listening")
		}
		if !strings.Contains(line, "http://"+addr+"/mcp") || !strings.Contains(line, "http://"+addr+"/sse") {
			t.Errorf("start-up log should give the URLs: %q", line)
		}
		go io.Copy(io.Discard, stderr)
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not start listening")
	}
	return "http://" + addr
}

func checkSession(t *testing.T, tr mcp.Transport) {
	t.Helper()
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx, tr, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	tools, err := cs.ListTools(ctx, nil)
	if err != nil || len(tools.Tools) < 20 {
		t.Fatalf("tools/list: %v (%d tools)", err, len(tools.Tools))
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_athlete_context", Arguments: map[string]any{}})
	if err != nil || res.IsError {
		t.Fatalf("call: %v %q", err, textOf(res))
	}
}

func TestStreamableHTTPBinary(t *testing.T) {
	base := serveHTTP(t, "http", nil)
	checkSession(t, &mcp.StreamableClientTransport{Endpoint: base + "/mcp"})
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
