package server

import (
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestRendersAppsReadsTheRequestsOwnCapabilities covers the stateless 2026-07-28 revision,
// where no session holds initialize params: the capabilities come in the request's _meta.
func TestRendersAppsReadsTheRequestsOwnCapabilities(t *testing.T) {
	caps := func(ext any) map[string]any {
		c := map[string]any{}
		if ext != nil {
			c["extensions"] = map[string]any{UIExtension: ext}
		}
		return map[string]any{mcp.MetaKeyClientCapabilities: c, mcp.MetaKeyProtocolVersion: "2026-07-28"}
	}
	for _, tc := range []struct {
		name string
		meta map[string]any
		want bool
	}{
		{"no _meta", nil, false},
		{"no extension", caps(nil), false},
		{"the extension with its mimeType", caps(map[string]any{"mimeTypes": []any{"text/plain", AppMIMEType}}), true},
		{"the extension with other mimeTypes only", caps(map[string]any{"mimeTypes": []any{"text/uri-list"}}), false},
		{"the extension without mimeTypes", caps(map[string]any{}), true},
	} {
		req := &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{Name: "chart_fitness", Meta: tc.meta}}
		if got := rendersApps(ClientCapabilities(context.Background(), req)); got != tc.want {
			t.Errorf("%s: rendersApps = %v, want %v", tc.name, got, tc.want)
		}
	}
	if rendersApps(nil) {
		t.Error("a client of unknown capabilities renders views")
	}
}
