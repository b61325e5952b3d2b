// Package server is the MCP tool server of intervals-mcp: it turns the tool manifest into a
// go-sdk server (every tool registered at start with its committed input schema and its
// annotations, resources, prompts, short instructions, MCP Apps views) and runs every call.
// go-sdk lists the tools and dispatches the calls; a configuration (toolsets, read-only, the
// read or write scope of a token, what a connection selects) is its own server, built at
// start or on its first request and kept (New, Servers: selection.go). It
// knows no transport: internal/transport serves it over stdio, Streamable HTTP or legacy SSE.
//
// Every tool call goes through one path. At the edge (edge.go) the call is read once: its
// tool (ours, or another server's name of it: OpenAthlete's get_calendar runs get_events,
// and its answer opens with the name we list), its arguments decoded once and put under our
// names (the reference server's athlete_id, start_date ...). Then (Catalog.run) the
// arguments are checked against the schema and defaulted, the coach's athlete argument taken
// out, the caller's key set for that athlete (caller.KeyOf, once), the caller's unfinished
// write journals settled (internal/journal), the tool run under a timeout with a per-call
// toolcall.Env on the caller's Intervals.icu client (the server's own, or a signed-in
// athlete's from the per-caller pool), confirmations asked of the user, and any failure (bad
// arguments, an API error, a timeout, a panic) returned as an isError result that says what
// to do, never as a protocol error and never with a credential in it.
//
// Imports: gen/intervals, internal/caller, internal/journal, internal/manifest,
// internal/metrics (each tool call counted), internal/schema and internal/toolcall; never a transport, the store, the authorization
// server or the fake. Never imports: net/http.
package server
