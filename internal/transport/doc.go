// Package transport serves the MCP server (internal/server) to clients: over stdio (go-sdk's
// IOTransport, behind a small guard for two go-sdk issues: stdio_guard.go), stateless
// Streamable HTTP at /mcp (both MCP revisions; an older client's capabilities carried in its
// Mcp-Session-Id), legacy SSE at /sse and /messages/ (capped, idle sessions closed), the
// probes /healthz and /readyz, and a draining shutdown that lets the calls in flight finish.
//
// In front of the MCP endpoints sits the resource-server gate (gate.go): it checks the bearer
// token (the server's own MCP_AUTH_TOKEN, or with OAuth the authorization server's Verify),
// puts the token's caller in the request's context (caller.With), chooses the server by the
// token's scopes and answers 403 insufficient_scope to a write with a read token. Without a
// token, loopback only, and DNS rebinding is refused.
//
// Each connection may choose its toolsets (selection.go): /mcp/readonly, /mcp/x/TOOLSETS, or
// the X-MCP-Toolsets and X-MCP-Readonly headers, each its own server (server.Servers) within
// what the server offers.
//
// Imports: internal/caller, internal/manifest and internal/server; never the authorization
// server, the store or the fake.
package transport
