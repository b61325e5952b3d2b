package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
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
			sweepDemoStores()
			dir, err := os.MkdirTemp("", fmt.Sprintf("%s%d-", demoStorePrefix, os.Getpid()))
			if err != nil {
				return nil, err
			}
			sc.DataDir, sc.DatabaseURL = dir, ""
			st, err := store.Open(ctx, sc)
			if err != nil {
				os.RemoveAll(dir)
				return nil, err
			}
			return tempStore{st, dir}, nil
		},
	}
}

// demoStorePrefix names the temporary directories of --demo stores: the prefix, the pid of
// the process, a random part.
const demoStorePrefix = "intervals-mcp-demo-store-"

// sweepDemoStores removes the demo stores of processes that are gone without closing theirs
// (killed): a demo leaves nothing behind for long.
func sweepDemoStores() {
	if runtime.GOOS == "windows" { // no signal 0 to ask whether a process is alive
		return
	}
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), demoStorePrefix+"*"))
	for _, d := range dirs {
		pid, _, _ := strings.Cut(strings.TrimPrefix(filepath.Base(d), demoStorePrefix), "-")
		n, err := strconv.Atoi(pid)
		if err != nil || n == os.Getpid() {
			continue
		}
		if p, err := os.FindProcess(n); err == nil && p.Signal(syscall.Signal(0)) != nil {
			os.RemoveAll(d)
		}
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

// tempStore is a store in a directory of its own, removed on Close.
type tempStore struct {
	*store.DB
	dir string
}

func (t tempStore) Close() error {
	err := t.DB.Close()
	os.RemoveAll(t.dir)
	return err
}
