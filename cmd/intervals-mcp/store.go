package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/config"
	"github.com/intervals-mcp/intervals-mcp/internal/journal"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// journalOptions are the write journals' options of a run: the store (confirmations, write
// journals, notices, the budgets of an HTTP server), opened when first needed: at start by an
// HTTP server, on the first write or range-delete preview over stdio, at once when it holds
// work (storePending). With --demo and neither --data-dir nor --database-url (demoStore) it
// is an SQLite file in a temporary directory, removed when the store is closed: a demo leaves
// nothing behind. Either way a demo logs where its store is.
func journalOptions(cfg *config.Config, logger *slog.Logger) journal.Options {
	sc := store.Config{DataDir: cfg.Store.DataDir, DatabaseURL: cfg.Store.DatabaseURL, JournalLease: cfg.Store.JournalLease}
	lease := cfg.Store.JournalLease
	if lease <= 0 {
		lease = store.DefaultJournalLease
	}
	return journal.Options{
		Lease:     lease,
		InFlight:  perTryTimeout(cfg.CallTimeout), // a request sent before a crash lands by then, or never
		Tick:      min(max(lease/2, 500*time.Millisecond), 30*time.Second),
		HoldsWork: storePending(cfg),
		Logger:    logger,
		Open: func(ctx context.Context) (store.Store, error) {
			if temporaryStore(cfg) {
				st, err := store.OpenTemporary(ctx, sc)
				if err != nil {
					return nil, err
				}
				logger.Info("demo: the store is a temporary folder, removed at exit; give --data-dir or --database-url to keep it (a sign-in, a personal token)", "folder", st.Dir)
				return st, nil
			}
			st, err := store.Open(ctx, sc)
			switch {
			case err != nil:
			case cfg.Demo:
				logger.Info("demo: the store is kept after exit; its fake Intervals.icu starts anew each run, so after a restart sign in once again at /account (personal tokens and connections are kept)",
					"database", storeName(sc))
			default:
				logger.Debug("store open", "database", storeName(sc))
			}
			return st, err
		},
	}
}

// storePending says whether the run's store may hold work for a starting process: PostgreSQL
// (asked when opened), or an SQLite file in the data directory with an unfinished journal or
// an undelivered notice in it, or the lock of a process that died (store.StartupWork; a
// temporary store never does). A stdio server opens such a store at start, so that the
// journals of a process that died are rolled back at once; any other, on first need.
func storePending(cfg *config.Config) bool {
	if temporaryStore(cfg) {
		return false
	}
	if cfg.Store.DatabaseURL != "" {
		return true
	}
	dir := cfg.Store.DataDir
	if dir == "" {
		var err error
		if dir, err = store.DefaultDataDir(); err != nil {
			return false
		}
	}
	_, err := os.Stat(filepath.Join(dir, store.FileName))
	return err == nil && store.StartupWork(dir)
}

// demoStore applies --demo's rule to the store's location: only --data-dir or
// --database-url given on fs's command line name the demo's store. INTERVALS_MCP_DATA_DIR
// and DATABASE_URL, from the environment or a .env file, are a real server's settings, and
// a demo (made-up data, its fake Intervals.icu's sign-ins) must not write into that store.
func demoStore(fs *flag.FlagSet, sc *config.StoreConfig) {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if !given["data-dir"] {
		sc.DataDir = ""
	}
	if !given["database-url"] {
		sc.DatabaseURL = ""
	}
}

// temporaryStore says whether a run's store is temporary: a demo's, without --data-dir or
// --database-url.
func temporaryStore(cfg *config.Config) bool {
	return cfg.Demo && cfg.Store.DataDir == "" && cfg.Store.DatabaseURL == ""
}

// perCallerBucket and globalBucket are the upstream budgets of an HTTP server: per caller
// (its key is the caller's), and in all; each with a burst of half a second of its rate, 5
// at least (the caller's default, 10/s, bursts 5).
func perCallerBucket(cfg *config.Config) store.Bucket {
	return store.Bucket{Rate: cfg.Store.UpstreamRate, Burst: halfSecond(cfg.Store.UpstreamRate)}
}

func globalBucket(cfg *config.Config) store.Bucket {
	return store.Bucket{Key: "global", Rate: cfg.Store.GlobalRate, Burst: halfSecond(cfg.Store.GlobalRate)}
}

func halfSecond(rate float64) int { return int(max(5, min(rate/2, 1<<30))) }

func storeName(sc store.Config) string {
	if sc.DatabaseURL != "" {
		return "postgresql"
	}
	dir := sc.DataDir
	if abs, err := filepath.Abs(dir); err == nil && dir != "" {
		dir = abs
	}
	return "sqlite in " + dir
}
