// Command intervals-mcp is an MCP server for Intervals.icu.
//
//	intervals-mcp                      serve over stdio (the same as "serve")
//	intervals-mcp serve [flags]        --transport stdio|http|sse --addr 127.0.0.1:8765 --read-only --toolsets LIST|all --demo
//	intervals-mcp tools [--json|--markdown] [flags]   list the tools a configuration exposes
//	intervals-mcp call TOOL ['JSON'] [flags]          run one tool and print its answer
//	intervals-mcp install [CLIENT] [--dry-run --force --name --config --url]  add this binary (or a remote server) to an MCP client's configuration
//	intervals-mcp doctor [--strict] [flags]           check the key, settings, Intervals.icu and the tools' reads
//	intervals-mcp fake [--addr --api-key --seed --fault SPEC...]   serve the fake Intervals.icu API
//	intervals-mcp token create|list|revoke [--data-dir --database-url]   manage personal access tokens
//	intervals-mcp healthcheck                        ask the HTTP server of this configuration for /healthz
//	intervals-mcp version                            the version, its commit and date
//
// Settings come from flags, the environment and a .env file (see internal/config). Logs go to
// stderr only: under stdio, stdout is the protocol.
//
// This is the composition root: it parses flags and wires the packages together (the
// Intervals.icu client or the demo's fake, the store and its write journals, the MCP server, its transports, the
// authorization server and, with --demo, the fake playing Intervals.icu's sign-in); the
// logic lives in the packages it wires.
//
// Imports: gen/intervals, internal/auth, internal/caller, internal/config, internal/doctor,
// internal/fakeicu, internal/install, internal/journal, internal/manifest, internal/metrics,
// internal/server, internal/store, internal/toolcall, internal/tools, internal/tools/samples
// and internal/transport.
package main
