package main

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/intervals-mcp/intervals-mcp/internal/transport"
)

// TestHTTPServeBuildsOnlyTheServersItUses: with --public-url, serve builds the two MCP
// servers a token's scope chooses between and no other; without it, the one server.
func TestHTTPServeBuildsOnlyTheServersItUses(t *testing.T) {
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
	o := build("--public-url", "http://127.0.0.1:8765")
	if o.Server != nil {
		t.Error("with --public-url, HTTPOptions.Server is built: no request ever reaches it")
	}
	if o.OAuth == nil || o.OAuth.Read == nil || o.OAuth.Full == nil || o.OAuth.Read == o.OAuth.Full {
		t.Fatalf("OAuth options %+v: want a read server and a full one", o.OAuth)
	}
	if _, err := mcptest.Connect(t, o.OAuth.Read, nil, "").ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if o := build(); o.Server == nil || o.OAuth != nil {
		t.Errorf("without --public-url: server %p, OAuth %+v; want the one server", o.Server, o.OAuth)
	}
}
