package main

import (
	"bytes"
	"context"
	"runtime/debug"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// gcAtDefault sets the GC percent to 100 for the test, with neither GOGC nor GOMEMLIMIT
// set (pauseGC then pauses it).
func gcAtDefault(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	before := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(before) })
}

func TestGCPausedUntilFirstToolsList(t *testing.T) {
	gcAtDefault(t)
	resume := pauseGC()
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Fatalf("GC percent %d during start-up, want off", got)
	}
	srv := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "1"}, nil)
	srv.AddTool(&mcp.Tool{Name: "x", InputSchema: map[string]any{"type": "object"}}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	})
	resumeGCAfterList(srv, resume)
	cs := mcptest.Connect(t, srv, nil, "")
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Fatalf("GC back on (%d) before any tools/list", got)
	}
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GC percent %d after the first tools/list, want the original 100", got)
	}
}

func TestUserGOGCIsLeftAlone(t *testing.T) {
	t.Setenv("GOGC", "200")
	before := debug.SetGCPercent(150)
	defer debug.SetGCPercent(before)
	pauseGC()()
	if got := debug.SetGCPercent(150); got != 150 {
		t.Errorf("GOGC set by the user must win: percent changed to %d", got)
	}
}

// TestGCResumedOnceTheListIsWritten: over stdio the collector stays off until the answer to
// the first tools/list has been written, so that the collection does not delay it.
func TestGCResumedOnceTheListIsWritten(t *testing.T) {
	gcAtDefault(t)
	resume := pauseGC()
	srv := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "1"}, nil)
	srv.AddTool(&mcp.Tool{Name: "x", InputSchema: map[string]any{"type": "object"}}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	})
	var out bytes.Buffer
	w := resumeGCAfterListWritten(srv, resume, &out)
	if _, err := w.Write([]byte("{}\n")); err != nil {
		t.Fatal(err)
	}
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Fatalf("GC back on (%d) after a write before any tools/list", got)
	}
	cs := mcptest.Connect(t, srv, nil, "")
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if got := debug.SetGCPercent(-1); got != -1 {
		t.Fatalf("GC back on (%d) once tools/list was answered, before the answer was written", got)
	}
	if _, err := w.Write([]byte("{\"id\":2}\n")); err != nil {
		t.Fatal(err)
	}
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GC percent %d after the answer was written, want the original 100", got)
	}
}
