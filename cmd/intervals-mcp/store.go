package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/config"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
)

// newPersist is the store of a run (confirmations, write journals, notices, the budgets of
// an HTTP server), opened when first needed: at start by an HTTP server, on the first write
// or range-delete preview over stdio. With --demo it is an SQLite file in a temporary
// directory, removed when the store is closed: a demo leaves nothing behind.
func newPersist(cfg *config.Config, credential string, logger *slog.Logger) *server.Persist {
	sc := store.Config{DataDir: cfg.Store.DataDir, DatabaseURL: cfg.Store.DatabaseURL, JournalLease: cfg.Store.JournalLease}
	lease := cfg.Store.JournalLease
	if lease <= 0 {
		lease = store.DefaultJournalLease
	}
	return &server.Persist{
		Credential: credential,
		Undo:       tools.UndoJournal,
		Tick:       min(max(lease/2, 500*time.Millisecond), 30*time.Second),
		Logger:     func(msg string, args ...any) { logger.Warn(msg, args...) },
		OpenStore: func(ctx context.Context) (store.Store, error) {
			if !cfg.Demo {
				st, err := store.Open(ctx, sc)
				if err == nil {
					logger.Debug("store open", "database", storeName(sc))
				}
				return st, err
			}
			return store.OpenTemporary(ctx, sc)
		},
	}
}

// budgetBuckets are the upstream budgets of an HTTP server: per caller, and in all.
func budgetBuckets(cfg *config.Config) (perCaller, global store.Bucket) {
	return store.Bucket{Rate: cfg.Store.UpstreamRate, Burst: 5},
		store.Bucket{Key: "global", Rate: cfg.Store.GlobalRate, Burst: max(5, int(cfg.Store.GlobalRate/2))}
}

func storeName(sc store.Config) string {
	if sc.DatabaseURL != "" {
		return "postgresql"
	}
	return "sqlite in " + sc.DataDir
}
