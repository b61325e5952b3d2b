package server

import (
	"cmp"
	"context"
	"slices"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// How the catalog's tools reach go-sdk. go-sdk's AddTool decodes a schema given as JSON
// twice to check it (into a map for its top-level "type", then its properties for
// x-mcp-header annotations, each decode with a fresh 32 kB buffer), and its Streamable
// HTTP handler decodes it once more on every tools/call for those annotations: for the
// catalog's tools that was half the time from start to the first tools/list. So:
//   - tools/list answers with the catalog's own definitions (listedTool: name, title,
//     description, the input schema as compact JSON, annotations, the MCP Apps view), in
//     go-sdk's order (by name), in the result go-sdk makes (its cache scope and pages);
//   - a tool is registered with go-sdk, for dispatch only, on its first call, under its
//     name with a bare object schema (dispatchSchema; the catalog checks arguments itself,
//     Entry.Input), so go-sdk's call path (its result types, input-required rounds) runs
//     as for any tool. The server declares tools without listChanged (serverCapabilities),
//     so a registration notifies no one.
//
// The catalog's schemas carry no x-mcp-header annotation, so go-sdk has nothing to do with
// them beyond listing; TestCatalogSchemasPassAddToolChecks keeps them acceptable to
// AddTool all the same.

// dispatchSchema is the input schema every tool is registered with in go-sdk.
var dispatchSchema = &jsonschema.Schema{Type: "object"}

// registerTools lists the catalog's tools on srv and registers each on its first call.
func registerTools(srv *mcp.Server, cat *Catalog, rt *Runtime) {
	listed := make([]*mcp.Tool, 0, len(cat.Entries))
	for _, e := range cat.Entries {
		listed = append(listed, listedTool(e))
	}
	slices.SortFunc(listed, byName)
	var mu sync.Mutex
	registered := make(map[string]bool, len(cat.Entries)) // by this server, under mu
	register := func(e *Entry) {
		mu.Lock()
		defer mu.Unlock()
		if !registered[e.Name] {
			registered[e.Name] = true
			srv.AddTool(&mcp.Tool{Name: e.Name, InputSchema: dispatchSchema}, toolHandler(cat, rt, e))
		}
	}
	srv.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if r, ok := req.(*mcp.CallToolRequest); ok && r.Params != nil {
				if e := cat.byName[r.Params.Name]; e != nil {
					register(e)
				}
			}
			res, err := next(ctx, method, req)
			if r, ok := res.(*mcp.ListToolsResult); ok && err == nil && firstPage(req) {
				r.Tools = withListed(listed, r.Tools, cat.byName)
			}
			return res, err
		}
	})
}

// firstPage reports whether a tools/list asks for the first page: the catalog's tools are
// all on it (go-sdk's pages hold 1000 tools), before any tool registered with go-sdk alone.
func firstPage(req mcp.Request) bool {
	r, ok := req.(*mcp.ListToolsRequest)
	return ok && (r.Params == nil || r.Params.Cursor == "")
}

// withListed is a tools/list page: the catalog's tools (listed) and those of page that are
// not the catalog's (a tool registered with go-sdk alone), by name as go-sdk orders them.
func withListed(listed, page []*mcp.Tool, catalog map[string]*Entry) []*mcp.Tool {
	out := slices.Clone(listed)
	for _, t := range page {
		if catalog[t.Name] == nil {
			out = append(out, t)
		}
	}
	if len(out) > len(listed) {
		slices.SortFunc(out, byName)
	}
	return out
}

func byName(a, b *mcp.Tool) int { return cmp.Compare(a.Name, b.Name) }

// listedTool is the tool as tools/list lists it.
func listedTool(e *Entry) *mcp.Tool {
	return &mcp.Tool{
		Name:        e.Name,
		Title:       e.Title,
		Description: e.Description,
		InputSchema: e.Schema,
		Annotations: e.Annotations(),
		Meta:        toolMeta(e),
	}
}
