package server

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var update = flag.Bool("update", false, "rewrite the schema snapshots in testdata/schemas (make docs)")

// Limits on what every request carries: descriptions are for the model, and short.
const (
	maxToolDescription     = 1200
	maxPropertyDescription = 200
)

// everyTool lists the real catalog over MCP, every toolset on.
func everyTool(t *testing.T, f manifest.Filter) []*mcp.Tool {
	t.Helper()
	_, rt := fakeRuntime(t, fakeicu.DefaultAPIKey)
	cs := connect(t, Options{Tools: tools.All(), Filter: f, Runtime: rt}, nil)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return res.Tools
}

func TestCatalogSchemasCompile(t *testing.T) {
	cat, err := NewCatalog(tools.All(), allOn())
	if err != nil {
		t.Fatal(err)
	}
	if err := cat.CompileAll(); err != nil {
		t.Error(err)
	}
}

func TestCatalogSchemasAreValidForClients(t *testing.T) {
	for _, tl := range everyTool(t, allOn()) {
		raw, err := json.Marshal(tl.InputSchema)
		if err != nil {
			t.Fatal(err)
		}
		var s jsonschema.Schema
		if err := json.Unmarshal(raw, &s); err != nil {
			t.Errorf("%s: not a JSON Schema: %v", tl.Name, err)
			continue
		}
		if _, err := s.Resolve(nil); err != nil {
			t.Errorf("%s: schema does not compile: %v", tl.Name, err)
		}
		if s.Type != "object" || len(s.AnyOf)+len(s.OneOf)+len(s.AllOf) > 0 {
			t.Errorf("%s: top level must be a plain object schema", tl.Name)
		}
		if bytes.Contains(raw, []byte(`"null"`)) {
			t.Errorf("%s: schema allows null somewhere", tl.Name)
		}
		if tl.Annotations == nil || tl.Annotations.DestructiveHint == nil || tl.Annotations.OpenWorldHint == nil || tl.Title == "" {
			t.Errorf("%s: annotations and title must be set", tl.Name)
		}
		if n := utf8.RuneCountInString(tl.Description); n > maxToolDescription {
			t.Errorf("%s: description of %d characters (max %d)", tl.Name, n, maxToolDescription)
		}
		for name, p := range s.Properties {
			if n := utf8.RuneCountInString(p.Description); n > maxPropertyDescription {
				t.Errorf("%s.%s: description of %d characters (max %d)", tl.Name, name, n, maxPropertyDescription)
			}
		}
	}
}

// TestSchemaSnapshots keeps testdata/schemas/<tool>.json equal to what tools/list sends for
// each tool (coach mode off): a change there is a change of the tool's API, reviewed in
// the diff. Rewrite with make docs.
func TestSchemaSnapshots(t *testing.T) {
	f := manifest.Filter{Toolsets: nil}
	for _, ts := range manifest.AllToolsets {
		if ts != manifest.Coach {
			f.Toolsets = append(f.Toolsets, ts)
		}
	}
	dir := filepath.Join("testdata", "schemas")
	seen := map[string]bool{}
	for _, tl := range everyTool(t, f) {
		got, err := json.MarshalIndent(tl, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, '\n')
		path := filepath.Join(dir, tl.Name+".json")
		seen[filepath.Base(path)] = true
		if *update {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s: no snapshot (%v): run 'make docs' and commit %s", tl.Name, err, path)
			continue
		}
		if !bytes.Equal(want, got) {
			t.Errorf("%s: schema differs from %s: review the change, run 'make docs' and commit", tl.Name, path)
		}
	}
	files, _ := os.ReadDir(dir)
	for _, fe := range files {
		if !seen[fe.Name()] {
			if *update {
				_ = os.Remove(filepath.Join(dir, fe.Name()))
				continue
			}
			t.Errorf("%s: snapshot of a tool that no longer exists: run 'make docs'", fe.Name())
		}
	}
}

// TestReadToolsAnswerOnTheDemoAthlete calls every read tool of the default toolsets that
// needs no argument, with none, against the fake: each must answer, not fail.
func TestReadToolsAnswerOnTheDemoAthlete(t *testing.T) {
	_, rt := fakeRuntime(t, fakeicu.DefaultAPIKey)
	cs := connect(t, Options{Tools: tools.All(), Filter: manifest.Filter{ReadOnly: true}, Runtime: rt}, nil)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	called := 0
	for _, tl := range res.Tools {
		if req, _ := tl.InputSchema.(map[string]any)["required"].([]any); len(req) > 0 {
			continue
		}
		called++
		text, isErr := call(t, cs, tl.Name, map[string]any{})
		if isErr || strings.TrimSpace(text) == "" {
			t.Errorf("%s {}: isError=%v %q", tl.Name, isErr, text)
		}
	}
	if called < 5 {
		t.Errorf("only %d read tools called", called)
	}
}
