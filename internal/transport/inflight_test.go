package transport

import (
	"context"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestShutdownFinishesCallsInFlight stops Serve while a call runs over each transport:
// every call gets its answer, then Serve returns.
func TestShutdownFinishesCallsInFlight(t *testing.T) {
	addr, stop := serving(t, HTTPOptions{})
	sessions := map[string]*mcp.ClientSession{
		"2026-07-28": connectHTTP(t, "http://"+addr+"/mcp", "2026-07-28", nil),
		"2025-11-25": connectHTTP(t, "http://"+addr+"/mcp", "2025-11-25", nil),
	}
	sse, err := clientOver(t, &mcp.SSEClientTransport{Endpoint: "http://" + addr + "/sse"})
	if err != nil {
		t.Fatal(err)
	}
	sessions["sse"] = sse
	type answer struct {
		name, text string
		err        error
	}
	answers := make(chan answer, len(sessions))
	for name, cs := range sessions {
		go func() {
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "sleep", Arguments: map[string]any{"ms": 600}})
			var text string
			if err == nil {
				text = mcptest.Text(res)
			}
			answers <- answer{name, text, err}
		}()
	}
	time.Sleep(200 * time.Millisecond) // the calls have started
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	for range sessions {
		a := <-answers
		if a.err != nil || a.text != "slept" {
			t.Errorf("%s: the call in flight at shutdown got %q, %v", a.name, a.text, a.err)
		}
	}
}
