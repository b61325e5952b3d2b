// Package server is the MCP tool server of intervals-mcp: it turns the tool manifest into an
// MCP server (tools with their input schemas and annotations, resources, prompts, short
// instructions, MCP Apps views) and runs every call. It knows no transport: internal/transport
// serves it over stdio, Streamable HTTP or legacy SSE.
//
// tools/list answers with the catalog's own definitions; a tool is registered with go-sdk,
// for dispatch, on its first call (tools_list.go: go-sdk's AddTool decodes a schema twice,
// half of a cold start for the catalog).
//
// Every tool call goes through one path (Catalog.Call): arguments checked against the
// schema, the coach's athlete argument taken out, the call run under a timeout with a
// per-call toolcall.Env on the caller's Intervals.icu client (caller.From: the server's own,
// or a signed-in athlete's from the per-caller pool), confirmations asked of the user, the
// store's journal and notices (Persist), and any failure (bad arguments, an API error, a
// timeout, a panic) returned as an isError result that says what to do, never as a protocol
// error and never with a credential in it. A call may name a tool by another server's name
// (OpenAthlete's get_calendar: toolAliases, never listed): it runs ours, its arguments put
// under our names, and the answer opens with the name we list.
//
// Imports: gen/intervals, internal/caller, internal/manifest, internal/schema, internal/store
// and internal/toolcall; never a transport, the authorization server or the fake. Never
// imports: net/http.
package server
