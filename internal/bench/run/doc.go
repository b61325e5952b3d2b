// Command run prints the measurements of make bench as Markdown tables: first the start-up
// goals side by side with the process floor (`version` of the same binary): package inits
// (the init trace's clock summed) <= 2 ms, idle RSS over stdio after tools/list <= 16 MiB,
// the binary <= 25 MB, cold start to tools/list <= 1.3x `version`'s, each marked pass or FAIL
// (-goals prints that table only); then cold start to the first tools/list over stdio (median
// of 50 runs of the built binary), tools/list size per toolset in bytes and o200k tokens,
// each read tool's answer on the demo athlete, the idle RSS of the serving process, tool
// calls per second over Streamable HTTP and the upstream requests of eight common questions;
// then, over HTTP against the standalone fake with 80 ms of upstream latency, calls per
// second and p50/p99 latency for 1, 8 and 32 clients, and the memory of 10,000 abandoned
// sessions.
//
//	go run ./internal/bench/run -bin bin/intervals-mcp-release [-goals]
//
// Imports: internal/bench and internal/tools (the catalog it measures).
package main
