// Package fakeicu is an in-memory Intervals.icu: the API at /api/v1/..., served from a
// deterministic synthetic world (package synth) for the project's tests, for --demo, and
// for benchmarks, where the real service cannot be reached.
//
// The HTTP layer is generated from the same spec as the client (package api: the server
// interface and its parameter binding), so a path, parameter or type cannot drift from the
// client. A small router (router.go) serves the spec's path templates, including parameters
// glued to text such as "/streams{ext}". The operations the tools use are implemented by
// hand over a mutex-protected store (one file per resource); every other operation is
// routed but answered 501.
//
// A request goes through: faults (faults.go, injected per test or with --fault), auth as
// Intervals.icu does it (Basic with user API_KEY, or an OAuth bearer token; the key as bearer
// is 403), the token's scopes (oauth_scopes.go: a read token is 403 on a write), the handler,
// and the write log (Writes), which lets a test assert that a write
// happened, or that none did; with Options.LogRequests, every request is also kept with its
// operation id (TakeRequests), so that a test can see what a client asked for. Answers and
// error bodies are shaped like the real API's recorded payloads (../shared/fixtures):
// Spring's body for unmapped paths, {"status", "error"} otherwise, 422 for validation,
// paired_activity_id on events, the 5-field stub for Strava activities.
//
// The fake also plays Intervals.icu's OAuth (oauth.go, oauth_approve.go): an approve page at
// /oauth/authorize where one signs in as any demo athlete, codes exchanged within 2 minutes
// at /api/oauth/token, tokens that act as their athlete (a coach's reach the athletes they
// coach), the latest sign-in's scopes applying to all of an athlete's tokens, and
// DELETE /api/v1/disconnect-app. fakeicutest.SignIn submits the approve page as a browser.
//
// Fake.Handler serves over a socket (Serve, fakeicutest.Start); Fake.Transport serves
// in-process, without one, and behaves like the network, dropped connections included.
//
// Imports: gen/intervals (the table of operations, some models), internal/fakeicu/api,
// internal/fakeicu/synth, internal/workout (to read an event's workout text as Intervals.icu
// does) and maragu.dev/gomponents (the approve page, without html/template, whose Execute
// keeps every exported method in the binary); never the MCP server, the tools, auth or the
// store.
package fakeicu
