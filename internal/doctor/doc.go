// Package doctor is the set-up check behind "intervals-mcp doctor": the key, the settings
// and where each comes from, whether Intervals.icu answers and accepts the key, the athlete
// and the clock, then every read the tools make, each answer checked against the typed
// client for what it cannot decode and the fields it does not know. Its one entry is Run;
// the command parses the flags and loads the configuration.
//
// Imports: the generated client (gen/intervals), internal/config, internal/fakeicu (for
// --demo), internal/manifest, internal/server (the catalog the reads go through),
// internal/toolcall, internal/tools and internal/tools/samples, and the standard library.
// It serves nothing: it starts no HTTP server and imports neither the transports nor
// internal/auth; its net/http is the client side (the recorder, a RoundTripper).
package doctor
