// Package journal is the write journal's engine. Intervals.icu has no transaction, so a
// calendar write of several events (a plan, a move, a copy) is kept in the store while it is
// written: its intent first, then each create and change as it is sent, its lease renewed
// while the call runs, finished when the call returns. A write cut short by a crash is then
// rolled back by the next process or replica that looks, and its caller is told at the top of
// their next answer.
//
// One Keeper per process (New): it opens the store on first need (a write, a range-delete
// preview; at once when Options.HoldsWork says the store may hold a dead process's journals),
// runs the recovery loop while the store is open, and serves the tool calls:
//
//	c, err := k.Begin(ctx, env, "plan_sessions", true) // settles the caller's unfinished journals; env.Journal and env.Confirmations set
//	text, err := tool(ctx, env)                         // the tool records through env.Journal (toolcall.JournalRecorder)
//	c.End(ctx, err != nil)                              // the journal finished: done, or failed (the tool rolled back)
//	notices := c.Notices(ctx)                           // what the caller must be told first (a rollback of theirs)
//
// The caller of a call is env.Caller, its Key set by the MCP server before Begin: journals,
// notices and confirmations hang on that key and on nothing else.
//
// Recovery (recover.go): a journal is claimed at once when its owner is known dead (its lock
// in the data directory is free, or its pid is gone on this host), else once its lease has
// passed; it is undone (undo.go) through the Intervals.icu client of the credential it was
// written under and finished with a notice for its caller. Its last request may have been in
// flight at the death and still land upstream: the journal is then looked at again once a try
// upstream has timed out (Options.InFlight, the claim kept meanwhile), undone again where it
// landed, and only then finished, the notice counting it; a read of its caller meanwhile opens
// with one line saying so (settle.go), a write waits. A call its client cancelled rolls back
// before it ends, and its account is left as a notice (EndUnread); the caller's next calls wait
// for that rollback. Its last request may have been in flight at the cancel: it is looked at
// again in the same way, and its notice counts what landed late. A call whose store is lost mid-write undoes from the tool's own journal in
// memory and says so; its ending is kept in memory and recorded when the store is back (owed),
// so that nothing is undone twice. A caller's call settles the
// caller's own journals first (settle.go), so that a repeat of an interrupted write starts
// from the calendar as it was and does the write once. It looks only when the caller may
// have any (pending.go): the Keeper keeps the set of callers with an unfinished journal or a
// notice, read again whenever the store's journal signal has moved (a journal begun or a
// notice left, on any replica), so any other caller's call makes no journal query.
//
// Imports: gen/intervals, internal/caller, internal/metrics, internal/store and
// internal/toolcall.
package journal
