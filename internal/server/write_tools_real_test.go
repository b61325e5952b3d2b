package server

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
)

// TestWriteToolsThroughAClientSession makes every sample call (package samples) of a write
// or destructive tool of the real catalog the way a client does, over MCP, on the demo
// athlete, and checks that each call succeeds, that every such tool lands a write in
// Intervals.icu (the fake's write log), and that a write is one of the operations the tool
// declares. A write tool without a sample call fails the tools' own tests.
func TestWriteToolsThroughAClientSession(t *testing.T) {
	now := samples.Now
	fake := fakeicu.New(fakeicu.Options{Now: func() time.Time { return now }})
	c, err := intervals.New(intervals.Options{APIKey: fakeicu.DefaultAPIKey, HTTPClient: &http.Client{Transport: fake.Transport()}, MaxRetries: -1, RateLimit: -1})
	if err != nil {
		t.Fatal(err)
	}
	rt := Runtime{Client: c, Now: func() time.Time { return now }, Cache: &toolcall.Cache{}, Secrets: []string{fakeicu.DefaultAPIKey}}
	cs := connect(t, Options{Tools: tools.All(), Filter: allOn(), Runtime: rt}, nil)

	values := samples.Values(fake.World().Athletes[0])
	send := func(tool, args string) (string, bool) {
		t.Helper()
		var v any
		if err := json.Unmarshal([]byte(args), &v); err != nil {
			t.Fatalf("%s: bad sample arguments: %v", tool, err)
		}
		return call(t, cs, tool, v)
	}
	wrote := map[string]bool{}
	for _, tool := range tools.All() {
		if tool.Access == manifest.Read {
			continue
		}
		for _, sc := range samples.Of(tool.Name) {
			if sc.Fault != "" {
				continue
			}
			args, err := sc.Fill(values)
			if err != nil {
				t.Fatal(err)
			}
			if preview, ok := samples.Preview(args); ok {
				text, isErr := send(tool.Name, preview)
				if args, err = samples.Confirm(args, text); isErr || err != nil {
					t.Fatalf("%s %s: preview: isError=%v, %v", tool.Name, sc.Case, isErr, err)
				}
			}
			before := len(fake.Writes())
			if text, isErr := send(tool.Name, args); isErr {
				t.Errorf("%s %s: isError: %s", tool.Name, sc.Case, text)
			}
			for _, w := range fake.Writes()[before:] {
				wrote[tool.Name] = true
				if tool.Toolset != manifest.API && !slices.Contains(tool.Operations, w.Operation) {
					t.Errorf("%s %s wrote by %s, which it does not declare", tool.Name, sc.Case, w.Operation)
				}
			}
		}
		if !wrote[tool.Name] {
			t.Errorf("%s (%s): no write reached Intervals.icu", tool.Name, tool.Access)
		}
	}
}
