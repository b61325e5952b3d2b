// Package tools is the catalog of intervals-mcp: every MCP tool, defined with manifest.New from
// its input struct, the Intervals.icu operations it calls and a formatter of internal/format.
//
// A tool lives in the file of its toolset, <toolset>.go or <toolset>_<topic>.go
// (calendar_plan.go holds plan_sessions, settings_zones.go update_training_zone): its input
// struct, its definition func <name>Tool() (get_events: getEventsTool) and its handler
// (getEvents), in that order. catalog.go holds All, the one literal list of the tools, toolset
// by toolset; prompts.go and resources.go the prompts and resources.
//
// Shared code is in files named for what it holds: athlete.go (the athlete's profile, sport
// settings, thresholds), dates.go (local dates and durations), reads.go (reads of the API and
// their errors), steps.go (workout steps), journal.go (the write journal that rolls a failed
// multi-event write back), calendar.go (events and their pairing with recorded activities).
// Rendering is in internal/format: a tool reads, decides and calls a formatter.
//
// A new tool: its input struct, definition and handler in its toolset's file; one line in All;
// one line in the sample-call table (internal/tools/samples); then `make docs`, which reflects
// its input type into its line of schemas.json (the schema the server serves) and writes its
// golden answers, its line of testdata/tools_list and its entry in the tool reference
// (README.md here). Tests fail until all of them are there.
//
// Every tool keeps the rules of DESIGN.md: the athlete id comes from the Env, never from the
// model; dates are the athlete's local dates (today comes from env.Today, in the athlete's
// time zone); answers fit env.MaxChars(); API failures come back as errors that say what to
// do; writes never touch a recorded activity or a session paired with one.
//
// Imports: gen/intervals, internal/charts, internal/format, internal/load, internal/manifest,
// internal/store (for its confirmation errors), internal/toolcall and internal/workout; never
// the MCP server, the transports, auth, config or the fake.
package tools
