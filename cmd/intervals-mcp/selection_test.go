package main

import (
	"context"
	"slices"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestConnectionsChooseTheirToolsets: the binary serving HTTP with the default toolsets and
// --connection-toolsets coach: /mcp/x/coach lists the coach's list_athletes (which /mcp does
// not), /mcp/readonly no write or destructive tool, and /mcp/x/default,coach both.
func TestConnectionsChooseTheirToolsets(t *testing.T) {
	base := serveHTTP(t, "http", nil, "--connection-toolsets", "coach")
	list := func(path string) []*mcp.Tool {
		t.Helper()
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: base + path}, nil)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		defer cs.Close()
		res, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatalf("%s: tools/list: %v", path, err)
		}
		return res.Tools
	}
	names := func(tools []*mcp.Tool) []string {
		var n []string
		for _, tl := range tools {
			n = append(n, tl.Name)
		}
		return n
	}
	if got := names(list("/mcp/x/coach")); !slices.Equal(got, []string{"list_athletes"}) {
		t.Errorf("/mcp/x/coach lists %v, want the coach's tools: [list_athletes]", got)
	}
	if got := names(list("/mcp")); slices.Contains(got, "list_athletes") {
		t.Errorf("/mcp lists list_athletes: the server's own toolsets are the default ones")
	}
	if got := names(list("/mcp/x/default,coach")); !slices.Contains(got, "list_athletes") || !slices.Contains(got, "plan_sessions") {
		t.Errorf("/mcp/x/default,coach lists %v, want list_athletes and plan_sessions", got)
	}
	ro := list("/mcp/readonly")
	if len(ro) < 20 {
		t.Errorf("/mcp/readonly lists %d tools, want the read ones", len(ro))
	}
	for _, tl := range ro {
		if tl.Annotations == nil || !tl.Annotations.ReadOnlyHint {
			t.Errorf("/mcp/readonly lists %s, which is not read-only", tl.Name)
		}
	}
}
