package store

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// The pending marker follows the database: a journal begun marks the directory (a writer
// killed there leaves it marked), a Close with nothing unfinished and no notice clears it, a
// notice not yet taken keeps it past Close, and taking it clears it at the next Close.
func TestStartupWorkFollowsJournalsAndNotices(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	reopen := func() *DB {
		t.Helper()
		s, err := Open(ctx, Config{DataDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := reopen()
	if StartupWork(dir) {
		t.Fatal("a new store has work at start")
	}
	id := begin(t, s)
	if !StartupWork(dir) {
		t.Fatal("a journal begun leaves no sign of work: a writer killed now would wait for the next write")
	}
	if err := s.FinishJournal(ctx, id, t0, "done", ""); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if StartupWork(dir) {
		t.Error("a store whose journals all finished, without notices, has work at start")
	}

	s = reopen()
	id = begin(t, s)
	if err := s.FinishJournal(ctx, id, t0, "rolled back", "Your plan was rolled back."); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if !StartupWork(dir) {
		t.Error("a notice not yet delivered leaves no sign of work at start")
	}
	s = reopen()
	if ns, err := s.TakeNotices(ctx, plan.Caller); err != nil || len(ns) != 1 {
		t.Fatalf("notices %v, %v", ns, err)
	}
	s.Close()
	if StartupWork(dir) {
		t.Error("a store whose notice was taken still has work at start")
	}

	s = reopen()
	begin(t, s)
	s.Close() // shut down mid-write: the journal is unfinished
	if !StartupWork(dir) {
		t.Error("an unfinished journal left at Close leaves no sign of work at start")
	}
}

// A process that died holding the store (its owner lock free, its file left) is work at start,
// marker or not.
func TestStartupWorkSeesADeadOwnersLock(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no flock")
	}
	dir := t.TempDir()
	s, err := Open(context.Background(), Config{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if StartupWork(dir) {
		t.Fatal("a live owner's lock is taken for a dead one's")
	}
	s.lock.Close() // the process dies: its flock is released, its file stays
	os.Remove(filepath.Join(dir, ownersDir, pendingFile))
	if !StartupWork(dir) {
		t.Error("a dead owner's lock is not work at start")
	}
}
