package server

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestListToolsCarriesSchemaAndAnnotations(t *testing.T) {
	cs := connect(t, Options{Tools: testTools(), Filter: allOn()}, nil)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tools) != len(testTools()) {
		t.Fatalf("got %d tools", len(res.Tools))
	}
	for _, tl := range res.Tools {
		a := tl.Annotations
		if a == nil || (a.DestructiveHint == nil) != a.ReadOnlyHint || a.OpenWorldHint != nil && !*a.OpenWorldHint || tl.Title == "" {
			t.Errorf("%s: annotations or title missing: %+v", tl.Name, a)
		}
		s, _ := tl.InputSchema.(map[string]any)
		if s["type"] != "object" {
			t.Errorf("%s: schema %v", tl.Name, tl.InputSchema)
		}
	}
	wipe := res.Tools[slices.IndexFunc(res.Tools, func(t *mcp.Tool) bool { return t.Name == "wipe" })]
	if !*wipe.Annotations.DestructiveHint || wipe.Annotations.ReadOnlyHint {
		t.Errorf("destructive tool annotated %+v", wipe.Annotations)
	}
}

func TestInstructionsSayCallContextFirst(t *testing.T) {
	cs := connect(t, Options{Tools: testTools()}, nil)
	got := cs.InitializeResult().Instructions
	if !strings.Contains(got, "get_athlete_context first") || strings.Contains(got, "Coach mode") {
		t.Errorf("instructions: %q", got)
	}
	cs = connect(t, Options{Tools: testTools(), Filter: allOn()}, nil)
	if got := cs.InitializeResult().Instructions; !strings.Contains(got, "Coach mode: every tool takes athlete") {
		t.Errorf("coach instructions: %q", got)
	}
}

func TestNoToolsIsAnError(t *testing.T) {
	if _, err := New(Options{Tools: testTools(), Filter: manifest.Filter{Toolsets: []manifest.Toolset{manifest.Library}}}); err == nil {
		t.Error("a configuration that exposes no tool should say so")
	}
}
