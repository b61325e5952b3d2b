package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
	"github.com/intervals-mcp/intervals-mcp/internal/store/storetest"
)

// TestInterruptedPlanIsRolledBackByAnotherReplica: a 30-session plan (two creates) dies
// after its second create was sent but before its answer was recorded: those ten sessions
// are in the journal by external id only. Once the lease has passed, another replica rolls
// all 30 back and the caller's next call, on any replica, starts with the notice.
func TestInterruptedPlanIsRolledBackByAnotherReplica(t *testing.T) {
	dir := t.TempDir()
	clock := &testClock{}
	fake := fakeicu.New(fakeicu.Options{Now: clock.now})
	const lease = 300 * time.Millisecond
	a := newReplica(t, dir, fake, clock, "key-1", lease, func(st store.Store) store.Store { return &storetest.Crashing{Store: st, CrashAt: 4} })
	b := newReplica(t, dir, fake, clock, "key-1", lease, nil)
	text, isErr := a.call(t, "plan_sessions", planArgs("crash", 30))
	if !isErr || !strings.Contains(text, "internal error") {
		t.Fatalf("the crashing call: %v %q", isErr, text)
	}
	if n := planned(fake, "crash"); n != 30 {
		t.Fatalf("%d sessions upstream after the crash, want 30", n)
	}
	st, err := b.p.Open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	b.p.Recover(context.Background(), st) // within the lease: the writer may still be alive
	if n := planned(fake, "crash"); n != 30 {
		t.Fatalf("rolled back within the lease: %d left", n)
	}
	clock.advance(lease + time.Millisecond)
	b.p.Recover(context.Background(), st)
	if n := planned(fake, "crash"); n != 0 {
		t.Fatalf("%d sessions left after the recovery", n)
	}
	text, isErr = a.call(t, "get_gear_list", map[string]any{})
	if isErr || !strings.HasPrefix(text, "Your plan_sessions of Mon 30 Nov") || !strings.Contains(text, "rolled back: 30 session(s) removed") {
		t.Errorf("the next call: %v %q", isErr, text)
	}
	if text, _ := b.call(t, "get_gear_list", map[string]any{}); strings.Contains(text, "Your plan_sessions") {
		t.Errorf("the notice came twice: %q", text)
	}
}

// TestFinishedPlanLeavesNothingToRecover: a plan that completes, and one that fails and
// rolls itself back, finish their journals: no replica undoes them later.
func TestFinishedPlanLeavesNothingToRecover(t *testing.T) {
	dir := t.TempDir()
	clock := &testClock{}
	fake := fakeicu.New(fakeicu.Options{Now: clock.now})
	const lease = 100 * time.Millisecond
	a := newReplica(t, dir, fake, clock, "key-1", lease, nil)
	if text, isErr := a.call(t, "plan_sessions", planArgs("ok", 3)); isErr {
		t.Fatal(text)
	}
	fake.Inject(fakeicu.Fault{Kind: fakeicu.FaultStatus, Status: 500, Operation: "createMultipleEvents", Skip: 1, Count: 5})
	if text, isErr := a.call(t, "plan_sessions", planArgs("half", 30)); !isErr || !strings.Contains(text, "rolled back") {
		t.Fatalf("the failing plan: %v %q", isErr, text)
	}
	clock.advance(lease + time.Millisecond)
	st, _ := a.p.Open(context.Background())
	if j, err := st.ClaimJournal(context.Background(), clock.now()); j != nil || err != nil {
		t.Errorf("an unfinished journal after finished calls: %+v %v", j, err)
	}
	if n := planned(fake, "ok"); n != 3 {
		t.Errorf("the finished plan has %d sessions, want 3", n)
	}
}
