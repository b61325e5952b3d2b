package server

import (
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type noIn struct{}

// testTools is mcptest's small catalog (mcptest.Tools).
func testTools() []manifest.Tool { return mcptest.Tools() }

// connect serves opts in memory and returns a connected go-sdk client session.
func connect(t *testing.T, opts Options, copts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	return connectVersion(t, opts, copts, "")
}

// connectVersion is connect with the client asking for a protocol version ("" = latest).
func connectVersion(t *testing.T, opts Options, copts *mcp.ClientOptions, version string) *mcp.ClientSession {
	t.Helper()
	srv, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return mcptest.Connect(t, srv, copts, version)
}

func allOn() manifest.Filter { return manifest.Filter{Toolsets: manifest.AllToolsets} }

func listNames(t *testing.T, cs *mcp.ClientSession) []string {
	t.Helper()
	return mcptest.ToolNames(t, cs)
}

// call calls a tool and returns its text and isError.
func call(t *testing.T, cs *mcp.ClientSession, name string, args any) (string, bool) {
	t.Helper()
	return mcptest.Call(t, cs, name, args)
}
