package server

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/schema"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

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
		if tl.Annotations == nil || (tl.Annotations.DestructiveHint == nil) != tl.Annotations.ReadOnlyHint || tl.Annotations.OpenWorldHint != nil && !*tl.Annotations.OpenWorldHint || tl.Title == "" {
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

// TestCoachSchemasAddTheAthlete: in coach mode every tool lists its input type's schema (as
// reflected) with the athlete argument as its last property (one that takes "all" for the
// tools of Def.EveryAthlete), and nothing else changed.
func TestCoachSchemasAddTheAthlete(t *testing.T) {
	cat, err := NewCatalog(tools.All(), allOn())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range cat.Entries {
		s, err := schema.Reflect(e.Tool.Input)
		if err != nil {
			t.Fatal(err)
		}
		if e.EveryAthlete {
			s.Properties.Set(AthleteArg, everyAthleteProperty)
		} else {
			s.Properties.Set(AthleteArg, athleteProperty)
		}
		want, err := schema.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(e.Schema, want) {
			t.Errorf("%s: coach schema\n have %s\n want %s", e.Name, e.Schema, want)
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
