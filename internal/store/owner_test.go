package store

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"testing"
)

// setOwner makes journal id another owner's, as if that replica had begun it.
func setOwner(t *testing.T, s *DB, id, owner string) {
	t.Helper()
	if _, err := s.db.Exec(`UPDATE journals SET claimed_by = $1 WHERE id = $2`, owner, id); err != nil {
		t.Fatal(err)
	}
}

// deadPid is the pid of a process that has exited.
func deadPid(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip("no true command:", err)
	}
	return cmd.Process.Pid
}

// With SQLite, a journal whose owner's lock is free (the process died: the kernel releases a
// flock even on kill -9) is claimed at once, within its lease; while the owner holds it, not.
func TestJournalOfADeadOwnerIsClaimedAtOnce(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no flock")
	}
	dir := t.TempDir()
	a, b := open(t, place{dir: dir}), open(t, place{dir: dir})
	ctx := context.Background()
	id := begin(t, a)
	if j, err := b.ClaimJournal(ctx, t0); err != nil || j != nil {
		t.Fatalf("claim while its owner lives: %v, %v; want none", j, err)
	}
	a.lock.Close() // a dies: its flock is released, its file stays
	j, err := b.ClaimJournal(ctx, t0)
	if err != nil || j == nil || j.ID != id {
		t.Fatalf("claim of a dead owner's journal within its lease: %v, %v", j, err)
	}
	if _, err := os.Stat(a.lockPath(a.id)); !os.IsNotExist(err) {
		t.Errorf("the dead owner's lock file is left: %v", err)
	}
}

// On this host and PID namespace, a journal whose owner's pid is gone is claimed at once;
// one of a live pid, or of another host, waits for its lease.
func TestJournalOfAGonePidIsClaimedAtOnce(t *testing.T) {
	if pidNamespace() == "" {
		t.Skip("the PID namespace cannot be known here")
	}
	each(t, func(t *testing.T, p place) {
		a, b := open(t, p), open(t, p)
		ctx := context.Background()
		me, _ := parseOwner(b.id)
		for _, o := range []string{
			fmt.Sprintf("%s:%d:%s:LIVE0000", me.host, os.Getpid(), me.ns),
			fmt.Sprintf("elsewhere:%d:%s:ELSE0000", deadPid(t), me.ns),
			fmt.Sprintf("%s:%d:otherns:NSNS0000", me.host, deadPid(t)),
		} {
			id := begin(t, a)
			setOwner(t, a, id, o)
			if j, err := b.ClaimJournal(ctx, t0); err != nil || j != nil {
				t.Fatalf("owner %s: claimed within its lease: %v, %v", o, j, err)
			}
			if err := a.db.QueryRow(`UPDATE journals SET done_us = 1 WHERE id = $1 RETURNING id`, id).Scan(&id); err != nil {
				t.Fatal(err)
			}
		}
		id := begin(t, a)
		setOwner(t, a, id, fmt.Sprintf("%s:%d:%s:GONE0000", me.host, deadPid(t), me.ns))
		if j, err := b.ClaimJournal(ctx, t0); err != nil || j == nil || j.ID != id {
			t.Fatalf("claim of a gone pid's journal within its lease: %v, %v", j, err)
		}
	})
}

// A caller's claim takes only their journals; PendingJournals lists them, and which are mine.
func TestCallerJournals(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		a, b := open(t, p), open(t, p)
		ctx := context.Background()
		bob := plan
		bob.Caller = "bob"
		idBob, err := a.BeginJournal(ctx, bob, t0)
		if err != nil {
			t.Fatal(err)
		}
		idAlice := begin(t, a)
		later := t0.Add(DefaultJournalLease * 2)
		if pend, err := b.PendingJournals(ctx, "bob"); err != nil || len(pend) != 1 || pend[0].ID != idBob || pend[0].Mine {
			t.Fatalf("bob's pending journals seen by b: %+v, %v", pend, err)
		}
		if pend, err := a.PendingJournals(ctx, "bob"); err != nil || len(pend) != 1 || !pend[0].Mine {
			t.Fatalf("bob's pending journals seen by a: %+v, %v", pend, err)
		}
		j, err := b.ClaimCallerJournal(ctx, later, "alice")
		if err != nil || j == nil || j.ID != idAlice {
			t.Fatalf("alice's claim: %v, %v (bob's journal is older and must not be taken)", j, err)
		}
		if j, err := b.ClaimCallerJournal(ctx, later, "alice"); err != nil || j != nil {
			t.Fatalf("alice's second claim: %v, %v; want none", j, err)
		}
	})
}
