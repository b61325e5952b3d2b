package transport

import (
	"context"
	"errors"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func allOn() manifest.Filter { return manifest.Filter{Toolsets: manifest.AllToolsets} }

// testServer serves mcptest's small catalog, every toolset on.
func testServer(t *testing.T) *mcp.Server {
	t.Helper()
	srv, err := server.New(server.Options{Tools: mcptest.Tools(), Filter: allOn()})
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

// profileServer serves mcptest.ProfileTool on a client of the fake with faults.
func profileServer(t *testing.T, faults ...fakeicu.Fault) *mcp.Server {
	t.Helper()
	_, c := mcptest.FakeClient(t, fakeicu.DefaultAPIKey, faults...)
	srv, err := server.New(server.Options{Tools: []manifest.Tool{mcptest.ProfileTool()}, Runtime: server.Runtime{Client: c, Secrets: []string{fakeicu.DefaultAPIKey}}})
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

// fault is mcptest.Fault: a fault of the fake, from its spec.
func fault(t *testing.T, spec string) fakeicu.Fault { return mcptest.Fault(t, spec) }

// call calls a tool and returns its text and isError.
func call(t *testing.T, cs *mcp.ClientSession, name string, args any) (string, bool) {
	t.Helper()
	return mcptest.Call(t, cs, name, args)
}

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

func connectHTTP(t *testing.T, url, version string, copts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, copts).Connect(context.Background(),
		&mcp.StreamableClientTransport{Endpoint: url}, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatalf("%s: connect: %v", version, err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	if got := cs.InitializeResult().ProtocolVersion; got != version {
		t.Fatalf("negotiated %s, want %s", got, version)
	}
	return cs
}

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
