// Command run prints the measurements of make bench as Markdown tables: first the budgets,
// each marked pass or OVER (the release binary, idle RSS over stdio after tools/list,
// tools/list of the default toolsets in o200k tokens; -budgets prints that table alone);
// then cold start to the first tools/list over stdio (median of 50 starts), idle RSS, calls
// per second over Streamable HTTP, the upstream requests and answer tokens of eight common
// questions, the shared upstream budgets of two athletes, tools/list size per toolset in
// bytes and o200k tokens, each read tool's answer and each chart's on the demo athlete;
// then, over HTTP against the standalone fake with 80 ms of upstream latency, calls per
// second and p50/p99 latency for 1, 8 and 32 clients, and the memory of 10,000 abandoned
// sessions; last the HTTP load figures (get_events from 1, 10 and 100 sessions, a heavy read:
// calls per CPU-second, p50, p99, resident memory) on SQLite, on PostgreSQL
// (INTERVALS_TEST_DATABASE_URL or -database-url) and beside icuvisor (ICUVISOR_BIN or
// -icuvisor), with the ratios to icuvisor. It exits with status 1 when a budget is exceeded,
// after printing everything.
//
//	go run ./internal/bench/run -bin bin/intervals-mcp-release [-budgets | -load | -soak 10m]
//
// internal/bench/README.md says what each figure means and holds the latest.
//
// Imports: internal/bench and internal/tools (the catalog it measures).
package main
