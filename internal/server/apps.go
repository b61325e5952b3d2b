package server

import (
	"context"
	"slices"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MCP Apps (extension io.modelcontextprotocol/ui, spec 2026-01-26): a tool with a view
// carries _meta.ui.resourceUri; the view is a ui:// resource of mimeType AppMIMEType; a call
// from a client that renders views gets the view's data as structuredContent, any other
// client gets the text and, from a chart, a PNG.
const (
	UIExtension = "io.modelcontextprotocol/ui"
	AppMIMEType = "text/html;profile=mcp-app"
)

// rendersApps reports whether a client of caps renders MCP Apps views: its capabilities list
// the extension io.modelcontextprotocol/ui, with AppMIMEType among its mimeTypes (a client
// that lists no mimeTypes is taken at its word). The capabilities are the request's own under
// the stateless 2026-07-28 revision (the _meta key io.modelcontextprotocol/clientCapabilities)
// and the session's initialize params otherwise: ClientCapabilities reads them, including the
// ones an older client over stateless HTTP echoes back (stateless.go).
func rendersApps(caps *mcp.ClientCapabilities) bool {
	if caps == nil || caps.Extensions == nil {
		return false
	}
	ext, ok := caps.Extensions[UIExtension]
	if !ok {
		return false
	}
	settings, _ := ext.(map[string]any)
	types, listed := settings["mimeTypes"]
	if !listed {
		return true
	}
	list, _ := types.([]any)
	return slices.ContainsFunc(list, func(v any) bool { s, _ := v.(string); return s == AppMIMEType })
}

// serverCapabilities are the server's: tools, and the MCP Apps extension when a tool of
// the catalog has a view.
func serverCapabilities(cat *Catalog) *mcp.ServerCapabilities {
	caps := &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{}}
	if len(views(cat)) > 0 {
		caps.AddExtension(UIExtension, map[string]any{"mimeTypes": []string{AppMIMEType}})
	}
	return caps
}

// toolMeta is a tool's _meta in tools/list: the URI of its view, if it has one; a tool for
// views only says so (visibility ["app"]) and names no view.
func toolMeta(e *Entry) mcp.Meta {
	switch {
	case e.AppOnly:
		return mcp.Meta{"ui": map[string]any{"visibility": []string{"app"}}}
	case e.View == nil:
		return nil
	}
	return mcp.Meta{"ui": map[string]any{"resourceUri": e.View.URI}}
}

// views are the distinct views of the catalog's tools, in catalog order.
func views(cat *Catalog) []*manifest.View {
	var out []*manifest.View
	for _, e := range cat.Entries {
		if e.View != nil && !slices.ContainsFunc(out, func(v *manifest.View) bool { return v.URI == e.View.URI }) {
			out = append(out, e.View)
		}
	}
	return out
}

// addViews serves the views of the catalog's tools as ui:// resources of AppMIMEType.
func addViews(srv *mcp.Server, cat *Catalog) {
	for _, v := range views(cat) {
		meta := mcp.Meta{"ui": map[string]any{"prefersBorder": true}}
		srv.AddResource(&mcp.Resource{URI: v.URI, Name: v.Name, Title: v.Title, MIMEType: AppMIMEType, Meta: meta},
			func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
				return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: AppMIMEType, Text: v.HTML, Meta: meta}}}, nil
			})
	}
}

// newOutput is the Output a call fills: it knows whether the client (of caps) renders views.
func newOutput(caps *mcp.ClientCapabilities) *toolcall.Output {
	return &toolcall.Output{UI: rendersApps(caps)}
}

// addOutput puts what the tool left in out into its result: the view's data as
// structuredContent, the image as an image block after the text. An error result carries
// neither.
func addOutput(res *mcp.CallToolResult, out *toolcall.Output) {
	if res.IsError || out == nil {
		return
	}
	if out.Structured != nil {
		res.StructuredContent = out.Structured
	}
	if len(out.PNG) > 0 {
		res.Content = append(res.Content, &mcp.ImageContent{Data: out.PNG, MIMEType: "image/png"})
	}
}
