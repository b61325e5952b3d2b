// Package bench measures what a user of intervals-mcp pays for: the size of tools/list
// (sent to the model on every request) in bytes and o200k tokens, the size of each tool's
// answer, the cold start to the first tools/list over stdio, the idle memory of the serving
// process, tool calls per second over HTTP, and the HTTP load figures: calls per CPU-second,
// latency and resident memory by concurrency, on SQLite and PostgreSQL, beside icuvisor
// (load.go: a loopback load generator of go-sdk clients, bounded in calls and time;
// contenders.go; servers.go). make bench prints them (see run/) and checks the budgets
// (budgets.go); README.md says how to read them.
//
// Imports: gen/intervals, internal/fakeicu, internal/manifest, internal/server,
// internal/toolcall, internal/tools/samples and internal/transport: it runs the real server
// and its transports against the fake, as a client would. The catalog it measures is passed
// in (run/ passes the tools), and only run/ imports it.
package bench
