package transport

import (
	"testing"

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

func fault(t *testing.T, spec string) fakeicu.Fault {
	t.Helper()
	f, err := fakeicu.ParseFault(spec)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// call calls a tool and returns its text and isError.
func call(t *testing.T, cs *mcp.ClientSession, name string, args any) (string, bool) {
	t.Helper()
	return mcptest.Call(t, cs, name, args)
}
