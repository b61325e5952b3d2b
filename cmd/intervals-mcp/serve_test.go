package main

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/intervals-mcp/intervals-mcp/internal/transport"
)

// TestHTTPServeBuildsTheServersAtStart: with or without --public-url, serve builds the
// configuration's server at start (its read-only form, a read token's, on first use or with
// sign-in at start), and no fixed server besides.
func TestHTTPServeBuildsTheServersAtStart(t *testing.T) {
	logger := slog.New(slog.DiscardHandler)
	build := func(args ...string) transport.HTTPOptions {
		t.Helper()
		cfg, err := loadFlagsOnly(newFlagSet("serve", io.Discard), append([]string{"--transport", "http", "--demo"}, args...))
		if err != nil {
			t.Fatal(err)
		}
		seal, err := sealingFor(cfg)
		if err != nil {
			t.Fatal(err)
		}
		rt, fake, err := newRuntime(cfg, logger, seal)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { rt.Journals.Close() })
		o, err := httpOptions(context.Background(), cfg, rt, seal, fake, logger)
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	for _, args := range [][]string{{"--public-url", "http://127.0.0.1:8765"}, nil} {
		o := build(args...)
		if o.Server != nil || o.Servers == nil || (o.OAuth != nil) != (args != nil) {
			t.Fatalf("%v: server %p, servers %p, OAuth %+v; want the servers only, OAuth with --public-url", args, o.Server, o.Servers, o.OAuth)
		}
		read, err := o.Servers.For(server.Selection{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		full, _ := o.Servers.For(server.Selection{})
		readTools := mcptest.ToolNames(t, mcptest.Connect(t, read, nil, ""))
		fullTools := mcptest.ToolNames(t, mcptest.Connect(t, full, nil, ""))
		if len(readTools) == 0 || len(readTools) >= len(fullTools) {
			t.Errorf("%v: the read-only server lists %d tools, the full one %d", args, len(readTools), len(fullTools))
		}
	}
}
