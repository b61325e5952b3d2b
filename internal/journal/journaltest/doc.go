// Package journaltest has what the tests of the write journals share (internal/journal's and
// internal/server's): a clock to move on, replicas' stores on one SQLite data directory, the
// Intervals.icu client of a fake, and plans with their count upstream.
//
// Imports: gen/intervals, internal/fakeicu and internal/store.
package journaltest
