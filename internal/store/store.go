package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/lib/pq"
	"github.com/ncruces/go-sqlite3"                     // SQLite's result codes
	sqlitedriver "github.com/ncruces/go-sqlite3/driver" // database/sql driver, pure Go (SQLite translated from Wasm)
)

// Store is everything the server keeps outside a process: what another replica must see, and
// what must outlive a crash. *DB implements it on SQLite and on PostgreSQL.
type Store interface {
	Confirmations
	Journals
	Budgets
	OAuth
	Signaller
	// Ping says whether the database answers (for /readyz).
	Ping(ctx context.Context) error
	// Cleanup deletes what has expired by now; the server calls it on a ticker.
	Cleanup(ctx context.Context, now time.Time) (Cleaned, error)
	Close() error
}

var _ Store = (*DB)(nil)

// Config chooses the database. With DatabaseURL empty the store is an SQLite file in DataDir;
// a postgres:// or postgresql:// DatabaseURL selects PostgreSQL and DataDir is not used.
type Config struct {
	DataDir      string        // default: os.UserConfigDir()/intervals-mcp (created 0700)
	DatabaseURL  string        // postgres://user:password@host:5432/db?sslmode=...
	JournalLease time.Duration // how long a journal stays its writer's without news; default DefaultJournalLease
}

// FileName is the SQLite database's name in the data directory.
const FileName = "store.db"

// DefaultJournalLease is how long a journal stays with the replica that writes it after its
// last append: past it, another replica may claim the journal and roll it back. A writer
// renews it while it works (the server's heartbeat, a third of the lease), so it can be short:
// a dead replica's journal is taken over within seconds.
const DefaultJournalLease = 5 * time.Second

// DB is a Store on one database. Each DB is one replica: it has its own ID, under which it
// owns the journals it begins or claims. It is safe for concurrent use.
type DB struct {
	db    *sql.DB
	d     dialect
	id    string
	lease time.Duration
	// lockDir is where the owners' locks are (SQLite's data directory; owner.go), "" none;
	// lock is this DB's own, held open.
	lockDir string
	lock    *os.File
	// pendingDir is where the pending marker is (pending.go; the owners' folder, with or
	// without flock), "" none (PostgreSQL).
	pendingDir string
	counts     statementCounts // what its connections have run (Statements)
	signals    signalReads
	closeOnce  sync.Once
	closeErr   error
}

// dialect is what differs between the two databases' SQL; everything else is one text, with
// $n placeholders (the SQLite connections read $n as the n-th argument too: sqlite_params.go).
type dialect struct {
	name       string // "sqlite" or "postgres", for messages
	greatest   string // the two-argument maximum: MAX in SQLite, GREATEST in PostgreSQL
	least      string // the two-argument minimum: MIN in SQLite, LEAST in PostgreSQL
	skipLocked string // a row-locking clause for a claim's subquery; SQLite locks the whole database
	forUpdate  string // a row-locking clause for a read-then-write in a transaction; "" in SQLite
	// lazyCommit: a statement may ask that its commit return before its write is flushed to
	// disk (PostgreSQL's synchronous_commit off), for what a database crash may lose without
	// harm: a budget's lease. Not SQLite, whose WAL in synchronous NORMAL flushes at
	// checkpoints.
	lazyCommit bool
}

var (
	sqlite   = dialect{name: "sqlite", greatest: "MAX", least: "MIN"}
	postgres = dialect{name: "postgres", greatest: "GREATEST", least: "LEAST", skipLocked: " FOR UPDATE SKIP LOCKED", forUpdate: " FOR UPDATE", lazyCommit: true}
)

// Open opens the database cfg names and applies the embedded migrations that are not yet
// applied (under a lock, so that replicas starting together apply each once). Nothing is done
// before Open is called: importing the package opens nothing.
func Open(ctx context.Context, cfg Config) (*DB, error) {
	s := &DB{id: replicaID(), lease: cfg.JournalLease}
	if s.lease <= 0 {
		s.lease = DefaultJournalLease
	}
	var err error
	switch u := strings.TrimSpace(cfg.DatabaseURL); {
	case u == "":
		s.d = sqlite
		var dir string
		if s.db, dir, err = openSQLite(ctx, cfg.DataDir, &s.counts); err == nil {
			s.holdOwnerLock(dir)
		}
	case strings.HasPrefix(u, "postgres://"), strings.HasPrefix(u, "postgresql://"):
		s.d = postgres
		s.db, err = openPostgres(u, &s.counts)
	default:
		return nil, errors.New("store: the database URL must start with postgres:// or postgresql://; leave it empty for SQLite in the data directory")
	}
	if err != nil {
		return nil, err
	}
	if err := s.db.PingContext(ctx); err != nil {
		s.abandon()
		return nil, fmt.Errorf("store: %s does not answer: %w", s.d.name, err)
	}
	if _, err := s.migrate(ctx); err != nil {
		s.abandon()
		return nil, err
	}
	return s, nil
}

// DefaultDataDir is the data directory when Config.DataDir is empty.
func DefaultDataDir() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("store: no data directory given and no user config directory (%w): give a data directory", err)
	}
	return filepath.Join(dir, "intervals-mcp"), nil
}

// Pool sizes. A connection is kept open with its prepared statements (conn.go): opening one
// costs more than most of the statements it runs (an SQLite connection is a Wasm instance of
// its own; a PostgreSQL one a process on the server), so the pool keeps every connection it
// has opened until it has been idle for idleConnTime. SQLite in WAL mode reads on every
// connection at once and writes on one at a time; PostgreSQL does both on every connection.
const (
	sqliteConns   = 8
	postgresConns = 16
	idleConnTime  = 5 * time.Minute
)

// openSQLite opens (creating them if needed) the data directory, 0700, and the database file
// in it, 0600 (its WAL and shared-memory files too). Every transaction is BEGIN IMMEDIATE: it
// takes the write lock first, so two writers wait for each other (busy_timeout) instead of
// one failing on a lock upgrade.
func openSQLite(ctx context.Context, dir string, counts *statementCounts) (*sql.DB, string, error) {
	if dir == "" {
		var err error
		if dir, err = DefaultDataDir(); err != nil {
			return nil, "", err
		}
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, "", fmt.Errorf("store: create the data directory: %w", err)
	}
	path := filepath.Join(dir, FileName)
	if strings.ContainsAny(path, "?#") {
		return nil, "", fmt.Errorf("store: the data directory %q has a ? or #, which SQLite would read as part of a URI: choose another", dir)
	}
	// The database file, and the WAL index (-shm): the driver's VFS creates the latter with
	// the process's umask, where SQLite's own gives it the database's mode; made here first,
	// it keeps 0600. The WAL and any journal take the database's mode from modeof.
	for _, name := range []string{path, path + "-shm"} {
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return nil, "", fmt.Errorf("store: open the database file: %w", err)
		}
		f.Close()
	}
	u := uriEscape(path)
	dsn := "file:" + u + "?_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)&_txlock=immediate&modeof=" + u
	c, err := (&sqlitedriver.SQLite{}).OpenConnector(dsn)
	if err != nil {
		return nil, "", fmt.Errorf("store: open %s: %w", path, err)
	}
	db := sql.OpenDB(keeping{Connector: c, rewrite: numberParams, counts: counts})
	db.SetMaxOpenConns(sqliteConns)
	db.SetMaxIdleConns(sqliteConns)
	db.SetConnMaxIdleTime(idleConnTime)
	if err := walMode(ctx, db); err != nil {
		db.Close()
		return nil, "", fmt.Errorf("store: open %s: %w", path, err)
	}
	return db, dir, nil
}

// uriEscape escapes a path for an SQLite URI (its path, or a value in its query): every byte
// but letters, digits and -._~/:\ as %HH, which SQLite decodes; a % of the path itself is
// then no escape, and & = + no syntax.
func uriEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', strings.IndexByte(`-._~/:\`, c) >= 0:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// walMode puts the database file in WAL mode (readers do not wait for the writer; the mode
// stays with the file). Switching needs the file to itself, and SQLite answers SQLITE_BUSY
// at once, without its busy timeout, while another process opens the same file: so retry.
// errors.Is compares the primary result code (SQLITE_BUSY and its extended codes).
func walMode(ctx context.Context, db *sql.DB) error {
	for tries := 0; ; tries++ {
		_, err := db.ExecContext(ctx, "PRAGMA journal_mode=WAL")
		if err == nil || !errors.Is(err, sqlite3.BUSY) || tries == 500 {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// openPostgres opens a pool through lib/pq's connector (database/sql), so that both databases
// share one implementation. Errors never repeat the URL (it holds the password).
func openPostgres(dsn string, counts *statementCounts) (*sql.DB, error) {
	bad := errors.New("store: the PostgreSQL URL cannot be read: check its form, postgres://user:password@host:5432/database?sslmode=require")
	dsn, err := withSSLMode(dsn)
	if err != nil {
		return nil, bad
	}
	c, err := pq.NewConnector(dsn)
	if err != nil {
		if strings.Contains(err.Error(), "environment variable") { // a PG* variable lib/pq does not support: it names the variable, not the URL
			return nil, fmt.Errorf("store: %w", err)
		}
		return nil, bad
	}
	db := sql.OpenDB(keeping{Connector: c, counts: counts})
	db.SetMaxOpenConns(postgresConns)
	db.SetMaxIdleConns(postgresConns)
	db.SetConnMaxIdleTime(idleConnTime)
	return db, nil
}

// withSSLMode gives a URL without sslmode (and no PGSSLMODE) libpq's default, prefer: TLS
// when the server offers it, plain otherwise (lib/pq's own default is require).
func withSSLMode(dsn string) (string, error) {
	u, err := url.Parse(dsn)
	if err != nil {
		return "", err
	}
	if q := u.Query(); !q.Has("sslmode") && os.Getenv("PGSSLMODE") == "" {
		q.Set("sslmode", string(pq.SSLModePrefer))
		u.RawQuery = q.Encode()
	}
	return u.String(), nil
}

// ID names this replica: the owner of the journals it begins or claims.
func (s *DB) ID() string { return s.id }

// Ping says whether the database answers.
func (s *DB) Ping(ctx context.Context) error {
	if err := s.db.PingContext(ctx); err != nil {
		return fmt.Errorf("store: %s does not answer: %w", s.d.name, err)
	}
	return nil
}

// abandon closes a DB that failed to open: the pending marker is left as it was.
func (s *DB) abandon() {
	s.pendingDir = ""
	s.Close()
}

// Close settles the pending marker, closes the database and releases this DB's owner lock;
// the DB cannot be used after (a second Close does nothing).
func (s *DB) Close() error {
	s.closeOnce.Do(func() {
		s.settlePending()
		s.releaseOwnerLock()
		s.closeErr = s.db.Close()
	})
	return s.closeErr
}

// tx runs fn in a transaction and commits it if fn returns nil.
func (s *DB) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// hashToken is what is stored in place of a token.
func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// us is a time as stored: Unix microseconds.
func us(t time.Time) int64 { return t.UnixMicro() }
