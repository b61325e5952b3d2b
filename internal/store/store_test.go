package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// Every store test runs once per database: the same functions, a table of openers. SQLite
// always runs; PostgreSQL when INTERVALS_TEST_DATABASE_URL names a database (and fails,
// rather than skips, under CI=true).

// dbEnv is the variable naming the PostgreSQL database of the tests.
const dbEnv = "INTERVALS_TEST_DATABASE_URL"

// place is one empty database that several DBs (replicas) can open.
type place struct {
	dir string // SQLite: the data directory
	url string // PostgreSQL: the URL, its search_path set to a schema of the test's own
}

func (p place) config() Config { return Config{DataDir: p.dir, DatabaseURL: p.url} }

type backend struct {
	name     string
	newPlace func(t testing.TB) place
}

var backends = []backend{
	{"sqlite", func(t testing.TB) place { return place{dir: t.TempDir()} }},
	{"postgres", newPostgresPlace},
}

// newPostgresPlace makes a fresh schema in the test database and drops it at the end, so each
// test starts empty and tests never see each other's rows.
func newPostgresPlace(t testing.TB) place {
	base := os.Getenv(dbEnv)
	if base == "" {
		msg := dbEnv + " is not set, so the PostgreSQL store tests do not run: install PostgreSQL (apt-get install postgresql), " +
			"create a role and a database, and set " + dbEnv + "=postgres://user:password@127.0.0.1:5432/db?sslmode=disable " +
			"(as root, .ci/postgres does all of it and prints the URL)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg + "; under CI=true they must run")
		}
		t.Skip(msg)
	}
	admin, err := openPostgres(base, &statementCounts{})
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	schema := "t_" + strings.ToLower(rand.Text()[:12])
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("create schema %s in %s: %v", schema, dbEnv, err)
	}
	t.Cleanup(func() {
		db, err := openPostgres(base, &statementCounts{})
		if err != nil {
			t.Error(err)
			return
		}
		defer db.Close()
		if _, err := db.Exec("DROP SCHEMA " + schema + " CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s is not a URL", dbEnv)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return place{url: u.String()}
}

// each runs fn once per backend, as a subtest named for it.
func each(t *testing.T, fn func(t *testing.T, p place)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { fn(t, b.newPlace(t)) })
	}
}

// open opens a DB (a replica) on p, closed at the end of the test.
func open(t testing.TB, p place) *DB {
	t.Helper()
	s, err := Open(context.Background(), p.config())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// race runs fn n times at once on each of the replicas and returns when all are done; the
// calls start together.
func race(replicas []*DB, n int, fn func(s *DB)) {
	var wg sync.WaitGroup
	start := make(chan struct{})
	for _, s := range replicas {
		for range n {
			wg.Go(func() {
				<-start
				fn(s)
			})
		}
	}
	close(start)
	wg.Wait()
}

// t0 is the tests' clock: every time is t0 plus something.
var t0 = time.Date(2026, 12, 1, 9, 12, 0, 0, time.UTC)

// openAndWrite opens the SQLite store in dir and writes a confirmation into it.
func openAndWrite(t *testing.T, dir string) {
	t.Helper()
	s, err := Open(context.Background(), Config{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if _, err := s.PutConfirmation(context.Background(), "c", "h", t0); err != nil {
		t.Fatal(err)
	}
}

func TestOpenCreatesPrivateDataDir(t *testing.T) {
	dir := t.TempDir() + "/data"
	openAndWrite(t, dir)
	db := dir + "/" + FileName
	for path, want := range map[string]os.FileMode{dir: 0o700 | os.ModeDir, db: 0o600, db + "-wal": 0o600, db + "-shm": 0o600} {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode() != want {
			t.Errorf("%s has mode %v, want %v", path, fi.Mode(), want)
		}
	}
}

func TestOpenRefusesOtherURLs(t *testing.T) {
	for _, u := range []string{"mysql://x@y/z", "sqlite:///tmp/x.db", "/tmp/x.db"} {
		if s, err := Open(context.Background(), Config{DataDir: t.TempDir(), DatabaseURL: u}); err == nil {
			s.Close()
			t.Errorf("Open with DatabaseURL %q succeeded, want an error", u)
		}
	}
}

func TestOpenDoesNotRepeatThePassword(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err := Open(ctx, Config{DatabaseURL: "postgres://u:s3cr3tpw@127.0.0.1:1/db?sslmode=disable&connect_timeout=2"})
	if err == nil {
		t.Fatal("Open of a PostgreSQL that is not there succeeded")
	}
	if strings.Contains(err.Error(), "s3cr3tpw") {
		t.Errorf("the error repeats the password: %v", err)
	}
}

func TestMigrationsTwiceAreNoOp(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s := open(t, p)
		ctx := context.Background()
		tok, err := s.PutConfirmation(ctx, "c", "h", t0.Add(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.migrate(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(res) != 0 {
			t.Errorf("a second migrate applied %d migrations, want none", len(res))
		}
		s.Close()
		s = open(t, p)
		if err := s.TakeConfirmation(ctx, tok, "c", "h", t0); err != nil {
			t.Errorf("after a second Open, the confirmation put before it: %v", err)
		}
	})
}

func TestTwoOpensAtOnce(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		const n = 4
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				s, err := Open(context.Background(), p.config())
				if err == nil {
					s.Close()
				}
				errs[i] = err
			})
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("Open %d of %d at once: %v", i+1, n, err)
			}
		}
		s := open(t, p)
		if want, versions := migrationCount(t), count(t, s.db, versionTable+" WHERE version_id > 0"); versions != want {
			t.Errorf("%d migrations recorded, want %d (each once)", versions, want)
		}
	})
}

func migrationCount(t *testing.T) int {
	ents, err := migrations.ReadDir("migrations")
	if err != nil {
		t.Fatal(err)
	}
	return len(ents)
}

func TestPingAndClose(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, err := Open(context.Background(), p.config())
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Ping(context.Background()); err != nil {
			t.Errorf("Ping of an open store: %v", err)
		}
		s.Close()
		if err := s.Ping(context.Background()); err == nil {
			t.Error("Ping of a closed store succeeded")
		}
	})
}

func TestCleanup(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s := open(t, p)
		ctx := context.Background()
		if _, err := s.PutConfirmation(ctx, "c", "h", t0); err != nil {
			t.Fatal(err)
		}
		keep, err := s.PutConfirmation(ctx, "c", "h", t0.Add(40*24*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		id, err := s.BeginJournal(ctx, JournalStart{Caller: "c", Tool: "plan_sessions"}, t0)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.AppendJournal(ctx, id, t0, JournalEntry{Kind: Created, EventID: 1}); err != nil {
			t.Fatal(err)
		}
		if err := s.FinishJournal(ctx, id, t0, "done", "old news"); err != nil {
			t.Fatal(err)
		}
		open, err := s.BeginJournal(ctx, JournalStart{Caller: "c", Tool: "plan_sessions"}, t0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.TakeBudget(ctx, t0, Bucket{Key: "k", Rate: 10, Burst: 5}); err != nil {
			t.Fatal(err)
		}
		got, err := s.Cleanup(ctx, t0.Add(31*24*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if want := (Cleaned{Confirmations: 1, Journals: 1, Notices: 1, Budgets: 1}); got != want {
			t.Errorf("Cleanup deleted %+v, want %+v", got, want)
		}
		if entries := count(t, s.db, "journal_entries"); entries != 0 {
			t.Errorf("%d entries of deleted journals are left", entries)
		}
		if err := s.TakeConfirmation(ctx, keep, "c", "h", t0.Add(31*24*time.Hour)); err != nil {
			t.Errorf("a confirmation not yet expired did not survive Cleanup: %v", err)
		}
		if err := s.AppendJournal(ctx, open, t0); err != nil {
			t.Errorf("an unfinished journal did not survive Cleanup: %v", err)
		}
	})
}

// count is a row count, for tests that look inside.
func count(t *testing.T, db *sql.DB, table string) int {
	t.Helper()
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM ` + table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestPostgresURLWithoutSSLModePrefersTLS(t *testing.T) {
	t.Setenv("PGSSLMODE", "")
	for in, want := range map[string]string{
		"postgres://u:p@db.example:5432/x":                  "postgres://u:p@db.example:5432/x?sslmode=prefer",
		"postgres://u:p@db.example/x?connect_timeout=2":     "postgres://u:p@db.example/x?connect_timeout=2&sslmode=prefer",
		"postgresql://u:p@db.example/x?sslmode=disable":     "postgresql://u:p@db.example/x?sslmode=disable",
		"postgres://u:p@db.example/x?sslmode=verify-full&a": "postgres://u:p@db.example/x?sslmode=verify-full&a",
	} {
		if got, err := withSSLMode(in); err != nil || got != want {
			t.Errorf("%s: %s, %v; want %s", in, got, err, want)
		}
	}
	t.Setenv("PGSSLMODE", "require")
	if got, _ := withSSLMode("postgres://u:p@db.example/x"); got != "postgres://u:p@db.example/x" {
		t.Errorf("with PGSSLMODE set: %s", got)
	}
}

func TestOpenNamesAnUnsupportedPGVariable(t *testing.T) {
	t.Setenv("PGSSLCRL", "/etc/crl.pem")
	_, err := Open(context.Background(), Config{DatabaseURL: "postgres://u:s3cr3tpw@127.0.0.1:1/db?sslmode=disable"})
	if err == nil || !strings.Contains(err.Error(), "PGSSLCRL") || strings.Contains(err.Error(), "s3cr3tpw") {
		t.Errorf("got %v, want an error naming PGSSLCRL and not the password", err)
	}
}

// TestOpenDataDirWithURICharacters: the database is in the data directory as named, whatever
// of % & = + space or non-ASCII its path holds (the SQLite driver reads a URI).
func TestOpenDataDirWithURICharacters(t *testing.T) {
	dir := t.TempDir() + "/a b%41%zz&x=y+ü"
	openAndWrite(t, dir)
	if fi, err := os.Stat(dir + "/" + FileName); err != nil || fi.Size() == 0 {
		t.Errorf("the database is not in %q: %v", dir, err)
	}
}
