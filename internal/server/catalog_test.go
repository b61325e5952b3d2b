package server

import (
	"context"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
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

func TestNoToolsIsAnError(t *testing.T) {
	if _, err := New(Options{Tools: testTools(), Filter: manifest.Filter{Toolsets: []manifest.Toolset{manifest.Library}}}); err == nil {
		t.Error("a configuration that exposes no tool should say so")
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
