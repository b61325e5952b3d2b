package server

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type capsKey struct{}

// WithClientCapabilities returns ctx carrying what an older client declared in its
// initialize, for the calls of a transport that cannot keep it in a session (stateless
// Streamable HTTP reads it back from the Mcp-Session-Id the client echoes: internal/transport).
func WithClientCapabilities(ctx context.Context, caps *mcp.ClientCapabilities) context.Context {
	return context.WithValue(ctx, capsKey{}, caps)
}

// ClientCapabilities returns what the client of a call declared, on every transport and
// revision: from the request's _meta (2026-07-28), from the session's initialize (stdio,
// SSE), or, for an older client over stateless Streamable HTTP, from the Mcp-Session-Id it
// echoes (WithClientCapabilities; there only extensions and experimental capabilities are
// kept: elicitation, sampling and roots need a request to the client, which cannot reach
// it). Tools look here for elicitation and for extensions such as MCP Apps
// (Extensions["io.modelcontextprotocol/ui"]). It returns nil when nothing is known.
func ClientCapabilities(ctx context.Context, req *mcp.CallToolRequest) *mcp.ClientCapabilities {
	if caps := req.ClientCapabilities(); caps != nil {
		return caps
	}
	caps, _ := ctx.Value(capsKey{}).(*mcp.ClientCapabilities)
	return caps
}
