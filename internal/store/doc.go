// Package store keeps what must outlive a process or be seen by another replica: range-delete
// confirmations, the write journals of multi-event calendar writes (and the notices they leave
// for a caller), the shared upstream budgets, and the OAuth authorization server's data
// (OAuth, oauth.go and oauth_tokens.go: clients, pending authorizations, athletes' sealed
// Intervals.icu tokens, grants, codes, access and refresh tokens with their refresh families,
// personal tokens, account sessions; every token kept as its SHA-256 only).
//
// One implementation, two databases, through database/sql: an SQLite file
// (github.com/ncruces/go-sqlite3, pure Go: SQLite translated from Wasm, with a Go VFS whose
// locks are the standard unix and Windows VFSes' own) in a data directory by default, for one
// process; PostgreSQL (lib/pq) when the URL is postgres:// or postgresql://, for replicas. The
// SQL is one text for both, save a function name and a locking clause, with PostgreSQL's $n
// placeholders (sqlite_params.go makes SQLite read them the same way). Open applies the
// embedded migrations (goose), under a lock, so replicas that start together apply each once.
//
// Every method that depends on the time takes now: the caller's clock, a test's fake one.
//
// Wiring, in short:
//
//	st, err := store.Open(ctx, store.Config{DataDir: dir, DatabaseURL: url}) // only when needed: stdio does not
//	defer st.Close()
//	// readiness: st.Ping(ctx); on a ticker: st.Cleanup(ctx, time.Now()) and the recovery below.
//
// A caller key is an opaque string naming who calls (a hash of the credential, never the
// credential itself); confirmations and notices are bound to it.
//
// Range delete: the preview computes a hash of what it would delete and gets a token,
//
//	token, err := st.PutConfirmation(ctx, caller, hash, now.Add(10*time.Minute))
//
// and the confirming call recomputes the hash and takes the token, which works once:
//
//	err := st.TakeConfirmation(ctx, token, caller, hash, now)
//	// ErrConfirmationUsed, ErrConfirmationExpired, ErrConfirmationChanged (the calendar
//	// changed), ErrConfirmationCaller, ErrConfirmationUnknown: each says what to tell the user.
//
// Write journal: a write of several events begins a journal, records each create before it is
// sent (Creating, by external id) and after (Created, by id), each change with the original
// values (Changed), and finishes:
//
//	id, err := st.BeginJournal(ctx, store.JournalStart{Caller: caller, Tool: "plan_sessions", Athlete: a, Summary: "60 sessions 1-31 Dec"}, now)
//	err = st.AppendJournal(ctx, id, now, store.JournalEntry{Kind: store.Created, EventID: 42})
//	err = st.FinishJournal(ctx, id, now, "done", "")
//
// An append renews the writer's lease (Config.JournalLease). ErrJournalLost from an append
// means another replica has claimed the journal: stop writing. Recovery, on a ticker:
//
//	for { j, err := st.ClaimJournal(ctx, now); if j == nil { break }; undo j.Entries; st.FinishJournal(ctx, j.ID, now, "rolled back", "your plan_sessions of 09:12 was interrupted and rolled back: ...") }
//
// A journal is claimable once its lease has passed, or at once when its owner is known dead
// (owner.go: its flock in the SQLite data directory is free, or its pid is gone on this host);
// ClaimCallerJournal and PendingJournals let a caller's call deal with its own first. The
// writer, and the claimer while it undoes, renew the lease with st.AppendJournal(ctx, id, now).
// j.Claims counts the attempts: a journal that cannot be undone (Intervals.icu down) comes
// back after each lease; after a few, finish it as "incomplete" with a notice of what is left.
// st.TakeNotices(ctx, caller) hands each notice over once.
//
// Signals (signals.go): one row of counters, moved in the transaction of what they signal:
// Revocations by every revocation (and every change of an athlete's sealed token), Journals
// by every journal begun and every notice left. A request reads them once,
//
//	sig, err := st.Signals(ctx, arrived) // a read started at or after arrived; shared by the requests arriving together
//
// and so knows, without a query of its own, whether the tokens a replica has verified still
// hold and whether its record of the callers with work pending (st.PendingCallers) is current.
//
// Budgets: the upstream budget of an HTTP server is an Upstream (upstream.go): before each
// upstream request, one token of the caller's bucket and one of the global bucket, from
// batches each replica leases at once (st.LeaseBudget: one statement a batch) and spends in
// memory, the next batch leased in the background before a batch's time ends with tokens
// left; a request that finds none waits its turn, fairly, within its deadline:
//
//	u := store.NewUpstream(open, store.Bucket{Rate: 10, Burst: 5}, store.Bucket{Key: "global", Rate: 40, Burst: 20}, callerKey, time.Now)
//	ok, retryAfter, err := u.Take(ctx) // !ok: its turn would come past ctx's deadline; retry after retryAfter
//
// The caller's bucket comes first, so that a caller over its own budget does not spend the
// deployment's. st.TakeBudget takes one token of each bucket in the store itself, for the
// sign-in's own rate limits.
//
// Imports: nothing internal: it knows no tool, client or caller type, only the keys and values
// it is given.
package store
