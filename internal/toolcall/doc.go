// Package toolcall is what one tool call runs with: its Env (the Intervals.icu client, the
// athlete, the clock, the answer budget, the deadline), the read cache kept across calls,
// the plans of writes in progress, the Output a tool may add to its text (a view's data, a
// PNG), the Progress a long call reports to a client that asked for it, and the hooks through which a call's confirmations and write journal are kept
// outside the process (implemented by internal/journal on internal/store).
//
// The tool model (what a tool is: internal/manifest) builds on it; the server builds one Env
// per call, tests build their own.
//
// Imports: the generated client (gen/intervals) and internal/caller (who calls).
package toolcall
