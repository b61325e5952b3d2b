package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	invopop "github.com/invopop/jsonschema"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/schema/infer"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestNewRefusesProgrammingMistakes(t *testing.T) {
	ok := manifest.Def{Name: "fine", Title: "Fine", Description: "Fine.", Toolset: manifest.Context, Access: manifest.Read}
	mk := func(d manifest.Def) manifest.Tool {
		return mcptest.WithSchemas(manifest.New(d, func(context.Context, *toolcall.Env, noIn) (string, error) { return "", nil }))[0]
	}
	with := func(f func(*manifest.Def)) manifest.Tool {
		d := ok
		f(&d)
		return mk(d)
	}
	for name, c := range map[string]struct {
		tools []manifest.Tool
		want  string
	}{
		"camelCase name":  {[]manifest.Tool{with(func(d *manifest.Def) { d.Name = "getEvents" })}, "snake_case"},
		"duplicate name":  {[]manifest.Tool{mk(ok), mk(ok)}, "defined twice"},
		"unset access":    {[]manifest.Tool{with(func(d *manifest.Def) { d.Access = 0 })}, "access class not set"},
		"unknown toolset": {[]manifest.Tool{with(func(d *manifest.Def) { d.Toolset = "misc" })}, "unknown toolset"},
		"no description":  {[]manifest.Tool{with(func(d *manifest.Def) { d.Description = "" })}, "description are required"},
		"unknown op":      {[]manifest.Tool{with(func(d *manifest.Def) { d.Operations = []string{"getEverything"} })}, `operation "getEverything" is not in the API`},
		"no schema": {[]manifest.Tool{manifest.New(ok, func(context.Context, *toolcall.Env, noIn) (string, error) { return "", nil })},
			"no input schema"},
		"athlete clash in coach mode": {mcptest.WithSchemas(manifest.New(ok, func(context.Context, *toolcall.Env, struct {
			Athlete string `json:"athlete"`
		}) (string, error) {
			return "", nil
		})), "coach mode adds"},
	} {
		_, err := New(Options{Tools: c.tools, Filter: allOn()})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want …%s…", name, err, c.want)
		}
	}
}

func TestMistakeInAFilteredOutToolStillFails(t *testing.T) {
	tools := append(testTools(), mcptest.WithSchemas(manifest.New(manifest.Def{Name: "Bad Name", Title: "x", Description: "x", Toolset: manifest.API, Access: manifest.Read},
		func(context.Context, *toolcall.Env, noIn) (string, error) { return "", nil }))...)
	if _, err := New(Options{Tools: tools}); err == nil {
		t.Error("a mistake must fail at start-up in every configuration, also when its toolset is off")
	}
}

func TestSchemaThatDoesNotCompile(t *testing.T) {
	tools := mcptest.WithSchemas(manifest.New(manifest.Def{Name: "bad_default", Title: "x", Description: "x", Toolset: manifest.Context, Access: manifest.Read},
		func(context.Context, *toolcall.Env, struct {
			N int `json:"n,omitempty" jsonschema:"minimum=1,default=0"`
		}) (string, error) {
			return "", nil
		}))
	cat, err := NewCatalog(tools, manifest.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if err := cat.CompileAll(); err == nil || !strings.Contains(err.Error(), "bad_default") {
		t.Errorf("CompileAll: %v", err)
	}
	cs := connect(t, Options{Tools: tools}, nil)
	if text, isErr := call(t, cs, "bad_default", nil); !isErr || !strings.Contains(text, "input schema") {
		t.Errorf("call: %v %q", isErr, text)
	}
}

func TestOnlyAToolAndItsReadOnlyVariantShareAName(t *testing.T) {
	mk := func(a manifest.Access, variant bool, ts manifest.Toolset) manifest.Tool {
		return mcptest.WithSchemas(manifest.New(manifest.Def{Name: "call", Title: "Call", Description: "Calls.", Toolset: ts, Access: a, ReadOnlyVariant: variant},
			func(context.Context, *toolcall.Env, noIn) (string, error) { return "", nil }))[0]
	}
	if _, err := NewCatalog([]manifest.Tool{mk(manifest.Destructive, false, manifest.API), mk(manifest.Read, true, manifest.API)}, allOn()); err != nil {
		t.Errorf("a tool and its read-only variant: %v", err)
	}
	for name, tools := range map[string][]manifest.Tool{
		"two variants":          {mk(manifest.Read, true, manifest.API), mk(manifest.Read, true, manifest.API)},
		"a read tool's variant": {mk(manifest.Read, false, manifest.API), mk(manifest.Read, true, manifest.API)},
		"another toolset":       {mk(manifest.Destructive, false, manifest.API), mk(manifest.Read, true, manifest.Calendar)},
		"three":                 {mk(manifest.Destructive, false, manifest.API), mk(manifest.Read, true, manifest.API), mk(manifest.Write, false, manifest.API)},
		"a write variant":       {mk(manifest.Destructive, false, manifest.API), mk(manifest.Write, true, manifest.API)},
	} {
		if _, err := NewCatalog(tools, allOn()); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestReadOnlyHidesWriteAndDestructiveTools(t *testing.T) {
	cs := connect(t, Options{Tools: testTools(), Filter: manifest.Filter{Toolsets: manifest.AllToolsets, ReadOnly: true}}, nil)
	names := listNames(t, cs)
	if slices.Contains(names, "plan") || slices.Contains(names, "wipe") || !slices.Contains(names, "echo") {
		t.Errorf("read-only lists %v", names)
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "wipe", Arguments: map[string]any{}})
	if err == nil && !res.IsError {
		t.Error("a hidden write tool must not be callable")
	}
}

func TestToolsetsFilter(t *testing.T) {
	cs := connect(t, Options{Tools: testTools(), Filter: manifest.Filter{Toolsets: []manifest.Toolset{manifest.Wellness}}}, nil)
	if got := listNames(t, cs); !slices.Equal(got, []string{"boom", "fail"}) {
		t.Errorf("wellness only: %v", got)
	}
}

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
		s, err := infer.Reflect(e.Tool.Input)
		if err != nil {
			t.Fatal(err)
		}
		p := athleteProperty
		if e.EveryAthlete {
			p = everyAthleteProperty
		}
		s.Properties.Set(AthleteArg, &invopop.Schema{Type: p.Type, Pattern: p.Pattern, Description: p.Description})
		want, err := infer.Marshal(s)
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
