package store

import (
	"context"
	"database/sql"
	"testing"

	"github.com/ncruces/go-sqlite3/vfs"
)

// The SQLite store is a WAL file that several connections, and processes, share: the driver's
// VFS must lock files and share the WAL index here (its build constraints give both on linux,
// darwin and windows, the release's systems).
func TestSQLiteVFSLocksAndSharesMemory(t *testing.T) {
	if !vfs.SupportsFileLocking || !vfs.SupportsSharedMemory {
		t.Errorf("the SQLite VFS here: file locking %v, shared memory %v; the store needs both", vfs.SupportsFileLocking, vfs.SupportsSharedMemory)
	}
}

func TestNumberParams(t *testing.T) {
	for in, want := range map[string]string{
		`SELECT 1`:                          `SELECT 1`,
		`UPDATE t SET a = $2 WHERE id = $1`: `UPDATE t SET a = ?2 WHERE id = ?1`,
		`SELECT $10, $1,$2`:                 `SELECT ?10, ?1,?2`,
		`$1`:                                `?1`,
		`SELECT '$1', "$2", [$3], ` + "`$4`" + `, $5`: `SELECT '$1', "$2", [$3], ` + "`$4`" + `, ?5`,
		`SELECT 'it''s $1', $2`:                       `SELECT 'it''s $1', ?2`,
		"SELECT $1 -- $2\n, $3":                       "SELECT ?1 -- $2\n, ?3",
		`SELECT $1 /* $2 */ + $3`:                     `SELECT ?1 /* $2 */ + ?3`,
		`SELECT a$1, $1a, $a, $, $1`:                  `SELECT a$1, $1a, $a, $, ?1`,
		`SELECT 5-$1, 6/$2, x-- $3`:                   `SELECT 5-?1, 6/?2, x-- $3`,
		`SELECT 'unterminated $1`:                     `SELECT 'unterminated $1`,
		`SELECT $1 /* unterminated $2`:                `SELECT ?1 /* unterminated $2`,
	} {
		if got := numberParams(in); got != want {
			t.Errorf("numberParams(%q) = %q, want %q", in, got, want)
		}
	}
	// Every statement goes through it: at most one allocation, the rewritten text.
	for q, most := range map[string]float64{`SELECT a FROM t WHERE b = $2 AND c = $1`: 1, `SELECT 1`: 0, `SELECT '$1'`: 0} {
		if n := testing.AllocsPerRun(100, func() { numberParams(q) }); n > most {
			t.Errorf("numberParams(%q) allocates %v times, want at most %v", q, n, most)
		}
	}
}

// TestDollarNIsTheNthArgument: $n is the n-th argument, in any order and repeated, on SQLite
// as in PostgreSQL (the SQLite driver alone would number $n by first appearance).
func TestDollarNIsTheNthArgument(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s := open(t, p)
		var got string
		if err := s.db.QueryRowContext(context.Background(), `SELECT CAST($3 AS TEXT) || CAST($1 AS TEXT) || CAST($2 AS TEXT) || CAST($1 AS TEXT)`, "a", "b", "c").Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != "caba" {
			t.Errorf("$3 || $1 || $2 || $1 = %q, want caba", got)
		}
		err := s.tx(context.Background(), func(tx *sql.Tx) error {
			return tx.QueryRowContext(context.Background(), `SELECT CAST($2 AS TEXT) || '$1' || CAST($1 AS TEXT)`, "x", "y").Scan(&got)
		})
		if err != nil || got != "y$1x" {
			t.Errorf("in a transaction, $2 || '$1' || $1 = %q, %v; want y$1x", got, err)
		}
	})
}
