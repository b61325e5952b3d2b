package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestColdStartDoesNoNetwork starts the binary with real credentials against a counting
// fake: starting, initialize, tools/list, resources/list and prompts/list must send no
// request to Intervals.icu (the profile is fetched by the first tool call, not at start).
func TestColdStartDoesNoNetwork(t *testing.T) {
	var requests atomic.Int64
	fake := fakeicu.New(fakeicu.Options{}).Handler()
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		fake.ServeHTTP(w, r)
	}))
	defer upstream.Close()
	cs := stdioSession(t, []string{"API_KEY=" + fakeicu.DefaultAPIKey, "INTERVALS_API_BASE_URL=" + upstream.URL})
	ctx := context.Background()
	if _, err := cs.ListTools(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := cs.ListResources(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := cs.ListPrompts(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if n := requests.Load(); n != 0 {
		t.Errorf("%d request(s) to Intervals.icu before any tool call", n)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_gear_list", Arguments: map[string]any{}})
	if err != nil || res.IsError {
		t.Fatalf("get_gear_list: %v %q", err, mcptest.Text(res))
	}
	if requests.Load() == 0 {
		t.Error("a tool call reached no upstream: the counter does not see the binary's requests")
	}
}
