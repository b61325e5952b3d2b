// Package manifest is the tool model of intervals-mcp: one Tool value per MCP tool, carrying
// its name, description, toolset, access class, the Intervals.icu operations it calls, its
// input type and its call. The server registers tools from these values alone: annotations
// follow from the access class, the input schema is the one committed for the input type,
// and filters (--read-only, --toolsets) apply to the same table.
//
// What a call runs with (its Env, the read cache, its Output) is internal/toolcall's; the
// server that registers and runs the tools is internal/server's.
//
// Imports: internal/toolcall.
package manifest
