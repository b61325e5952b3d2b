package server

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The tools are registered with go-sdk under a bare schema (registerTools): tools/list must
// still list each tool's own schema, title, annotations and view, in every configuration.
func TestToolsListListsTheCatalogsDefinitions(t *testing.T) {
	for _, f := range []manifest.Filter{{}, allOn(), {Toolsets: manifest.AllToolsets, ReadOnly: true}, {Toolsets: []manifest.Toolset{manifest.Coach, manifest.Calendar}}} {
		t.Run(fmt.Sprint(f.Toolsets, f.ReadOnly), func(t *testing.T) {
			cat, err := NewCatalog(tools.All(), f)
			if err != nil {
				t.Fatal(err)
			}
			cs := connect(t, Options{Tools: tools.All(), Filter: f}, nil)
			res, err := cs.ListTools(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Tools) != len(cat.Entries) {
				t.Fatalf("%d tools listed, the catalog has %d", len(res.Tools), len(cat.Entries))
			}
			for _, got := range res.Tools {
				e, ok := cat.Lookup(got.Name)
				if !ok {
					t.Fatalf("%s is listed but not in the catalog", got.Name)
				}
				var want any
				if err := json.Unmarshal(e.Schema, &want); err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got.InputSchema, want) {
					t.Errorf("%s: listed schema %v, the catalog's is %s", got.Name, got.InputSchema, e.Schema)
				}
				if got.Title != e.Title || got.Description != e.Description || !reflect.DeepEqual(got.Annotations, e.Annotations()) {
					t.Errorf("%s: title, description or annotations differ from the catalog's", got.Name)
				}
				if (e.View != nil) != (got.Meta["ui"] != nil) {
					t.Errorf("%s: _meta %v, view %v", got.Name, got.Meta, e.View)
				}
			}
		})
	}
}

// go-sdk's AddTool never sees the catalog's schemas (registerTools gives it dispatchSchema):
// each must still pass its checks, which panic on a schema they refuse.
func TestCatalogSchemasPassAddToolChecks(t *testing.T) {
	addTool := func(name string, schema json.RawMessage) (refused any) {
		defer func() { refused = recover() }()
		mcp.NewServer(&mcp.Implementation{Name: "check"}, nil).AddTool(&mcp.Tool{Name: name, InputSchema: schema}, nil)
		return nil
	}
	if addTool("control", json.RawMessage(`{"type":"array"}`)) == nil {
		t.Fatal("AddTool accepted a schema that is not an object: this test checks nothing")
	}
	for _, f := range []manifest.Filter{allOn(), {Toolsets: append([]manifest.Toolset{manifest.Coach}, manifest.AllToolsets...)}} {
		cat, err := NewCatalog(tools.All(), f)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range cat.Entries {
			if r := addTool(e.Name, e.Schema); r != nil {
				t.Errorf("%s: go-sdk's AddTool refuses its schema: %v", e.Name, r)
			}
		}
	}
}
