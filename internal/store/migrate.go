package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// migrations are applied in order by goose at Open. They are one set for both databases
// (portable SQL: TEXT, BIGINT, INTEGER; no serials, no JSON types); a migration whose SQL must
// differ would become a pair of directories, one per dialect.
//
//go:embed migrations/*.sql
var migrations embed.FS

// versionTable is goose's record of the applied migrations; named for us, so that a database
// shared with another goose user keeps the two apart.
const versionTable = "intervals_mcp_migrations"

// migrationLockID is the PostgreSQL advisory lock held while migrating (not goose's default
// id, which every goose user shares).
const migrationLockID = 0x696d6370 // "imcp"

// migrate applies the migrations not yet applied and returns those it applied.
func (s *DB) migrate(ctx context.Context) ([]*goose.MigrationResult, error) {
	fsys, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return nil, err
	}
	opts := []goose.ProviderOption{goose.WithTableName(versionTable), goose.WithDisableGlobalRegistry(true)}
	gd := goose.DialectSQLite3
	if s.d.name == postgres.name {
		gd = goose.DialectPostgres
		// A session advisory lock: released if the replica holding it dies. Probed every second
		// for two minutes.
		l, err := lock.NewPostgresSessionLocker(lock.WithLockID(migrationLockID), lock.WithLockTimeout(1, 120))
		if err != nil {
			return nil, err
		}
		opts = append(opts, goose.WithSessionLocker(l))
	} else {
		opts = append(opts, goose.WithLocker(&sqliteLocker{owner: s.id}))
	}
	p, err := goose.NewProvider(gd, s.db, fsys, opts...)
	if err != nil {
		return nil, fmt.Errorf("store: migrations: %w", err)
	}
	res, err := p.Up(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: apply the %s migrations: %w", s.d.name, err)
	}
	return res, nil
}

// sqliteLocker is a goose Locker for SQLite, which has no advisory locks: one row with an
// owner and a lease. Processes that open one file at once take turns; a lock left by a
// process that died is free once its lease has passed.
type sqliteLocker struct{ owner string }

const (
	sqliteLockLease = time.Minute
	sqliteLockPoll  = 25 * time.Millisecond
)

func (l *sqliteLocker) Lock(ctx context.Context, db *sql.DB) error {
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS intervals_mcp_migration_lock (
		id INTEGER PRIMARY KEY, owner TEXT NOT NULL, expires_us BIGINT NOT NULL)`); err != nil {
		return fmt.Errorf("create the migration lock: %w", err)
	}
	for {
		now := time.Now()
		res, err := db.ExecContext(ctx, `INSERT INTO intervals_mcp_migration_lock (id, owner, expires_us) VALUES (1, $1, $2)
			ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, expires_us = excluded.expires_us
			WHERE intervals_mcp_migration_lock.expires_us < $3`, l.owner, us(now.Add(sqliteLockLease)), us(now))
		if err != nil {
			return fmt.Errorf("take the migration lock: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("wait for the migration lock (another process is migrating this database): %w", ctx.Err())
		case <-time.After(sqliteLockPoll):
		}
	}
}

func (l *sqliteLocker) Unlock(ctx context.Context, db *sql.DB) error {
	res, err := db.ExecContext(ctx, `DELETE FROM intervals_mcp_migration_lock WHERE id = 1 AND owner = $1`, l.owner)
	if err != nil {
		return fmt.Errorf("release the migration lock: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errors.New("release the migration lock: it was no longer ours (its lease had passed)")
	}
	return nil
}
