package main

import (
	"bufio"
	"context"
	"net/http"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestHTTPServerStopsOnSignal sends SIGTERM, then SIGINT, to an HTTP server that a client
// holds an SSE stream open on: it must stop by itself and exit 0 (killed by the signal, it
// would exit -1).
func TestHTTPServerStopsOnSignal(t *testing.T) {
	for _, sig := range []os.Signal{syscall.SIGTERM, os.Interrupt} {
		t.Run(sig.String(), func(t *testing.T) {
			addr := freeAddr(t)
			base, cmd := startListening(t, addr, nil, "serve", "--transport", "http", "--addr", addr, "--demo")
			resp, err := http.Get(base + "/sse")
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			if line, err := bufio.NewReader(resp.Body).ReadString('\n'); err != nil || line != "event: endpoint\n" {
				t.Fatalf("first line of the stream: %q %v", line, err)
			}
			stopsOn(t, cmd, sig)
		})
	}
}

// TestSIGTERMFinishesCallsInFlight sends SIGTERM while calls run (the upstream answers after
// 3 s) over Streamable HTTP at both revisions and over SSE: each call gets its answer,
// then the process exits 0.
func TestSIGTERMFinishesCallsInFlight(t *testing.T) {
	upstream := startFake(t, "--fault", "latency:3s") // longer than the 2 s the server used to give them
	addr := freeAddr(t)
	base, cmd := startListening(t, addr, []string{"API_KEY=" + fakeicu.DefaultAPIKey}, "serve", "--transport", "http", "--addr", addr, "--base-url", upstream)
	ctx := context.Background()
	connect := func(tr mcp.Transport, version string) *mcp.ClientSession {
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(ctx, tr, &mcp.ClientSessionOptions{ProtocolVersion: version})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = cs.Close() })
		return cs
	}
	sessions := map[string]*mcp.ClientSession{
		"2026-07-28": connect(&mcp.StreamableClientTransport{Endpoint: base + "/mcp"}, "2026-07-28"),
		"2025-11-25": connect(&mcp.StreamableClientTransport{Endpoint: base + "/mcp"}, "2025-11-25"),
		"sse":        connect(&mcp.SSEClientTransport{Endpoint: base + "/sse"}, ""),
	}
	type answer struct {
		name string
		res  *mcp.CallToolResult
		err  error
	}
	answers := make(chan answer, len(sessions))
	for name, cs := range sessions {
		go func() {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_gear_list", Arguments: map[string]any{}})
			answers <- answer{name, res, err}
		}()
	}
	time.Sleep(300 * time.Millisecond) // the calls wait on the upstream
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for range sessions {
		select {
		case a := <-answers:
			if a.err != nil || a.res.IsError {
				t.Errorf("%s: the call in flight at SIGTERM: %v %q", a.name, a.err, mcptest.Text(a.res))
			}
		case <-time.After(30 * time.Second):
			t.Fatal("a call in flight got no answer")
		}
	}
	exited := make(chan *os.ProcessState, 1)
	go func() { st, _ := cmd.Process.Wait(); exited <- st }()
	select {
	case st := <-exited:
		if st == nil || st.ExitCode() != 0 {
			t.Errorf("after SIGTERM: %v, want exit status 0", st)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("still running 30 s after SIGTERM")
	}
}

// TestStdioServerStopsOnSignal: a stdio server catches SIGTERM and SIGINT (by its first
// answers it has signal.NotifyContext's context), stops by itself with stdin still open and
// exits 0 (killed by the signal, it would exit -1).
func TestStdioServerStopsOnSignal(t *testing.T) {
	for _, sig := range []os.Signal{syscall.SIGTERM, os.Interrupt} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd := command(t, nil, "--demo", "--log-level", "error")
			in, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			r := bufio.NewReader(out)
			for _, msg := range []string{
				`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
				`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" + `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
			} {
				if _, err := in.Write([]byte(msg + "\n")); err != nil {
					t.Fatal(err)
				}
				if _, err := r.ReadString('\n'); err != nil {
					t.Fatal(err)
				}
			}
			stopsOn(t, cmd, sig)
		})
	}
}

// stopsOn sends sig to the server and waits for it to stop by itself with exit status 0
// (killed by the signal, it would exit -1); it kills it after 30 s.
func stopsOn(t *testing.T, cmd *exec.Cmd, sig os.Signal) {
	t.Helper()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	exited := make(chan *os.ProcessState, 1)
	go func() { st, _ := cmd.Process.Wait(); exited <- st }()
	select {
	case st := <-exited:
		if st == nil || st.ExitCode() != 0 {
			t.Errorf("after %v: %v, want exit status 0", sig, st)
		}
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("still running 30 s after %v", sig)
	}
}
