package store

import (
	"context"
	"os"
	"path/filepath"
	"time"
)

// A stdio server opens an SQLite store at start only when the store holds work for a
// starting process: a journal left unfinished (its writer killed, or shut down mid-write) or
// a notice not yet delivered. Otherwise it opens on first need (a write, a range-delete
// preview), and a desktop server that starts, lists its tools and answers reads pays nothing
// for SQLite, even on a data directory that holds a store. Two signs say there is work, both
// read without opening the database:
//   - the pending marker (owners/pending): written before a journal begins and with every
//     notice, and at Close kept or removed as the database says (unfinished journals or
//     notices left, or none); a writer killed mid-write never reaches Close, so its marker
//     stays;
//   - an owner lock left free (owners/*.lock, owner.go): a process that died holding the store.

// pendingFile is the pending marker's name in the owners' folder.
const pendingFile = "pending"

// StartupWork says whether the SQLite store in the data directory dir holds work a starting
// process should take up at once (see above). It opens no database; a directory without a
// store has none.
func StartupWork(dir string) bool {
	d := filepath.Join(dir, ownersDir)
	if _, err := os.Stat(filepath.Join(d, pendingFile)); err == nil {
		return true
	}
	locks, _ := filepath.Glob(filepath.Join(d, "*.lock"))
	for _, f := range locks {
		if free, _ := lockFree(f); free {
			return true
		}
	}
	return false
}

// markPending writes the pending marker (SQLite only: PostgreSQL replicas look at the
// database itself).
func (s *DB) markPending() {
	if s.pendingDir != "" {
		_ = os.WriteFile(filepath.Join(s.pendingDir, pendingFile), nil, 0o600)
	}
}

// settlePending keeps the pending marker if the database holds unfinished journals or
// notices, and removes it if it holds neither (Close). A database that does not answer
// keeps it: the next start looks.
func (s *DB) settlePending() {
	if s.pendingDir == "" {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	var work bool
	err := s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM journals WHERE done_us IS NULL) OR EXISTS (SELECT 1 FROM notices)`).Scan(&work)
	if err != nil || work {
		s.markPending()
		return
	}
	_ = os.Remove(filepath.Join(s.pendingDir, pendingFile))
}
