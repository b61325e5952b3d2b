package journal

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/journal/journaltest"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
	"github.com/intervals-mcp/intervals-mcp/internal/store/storetest"
)

// TestInterruptedPlanIsRolledBackByAnotherReplica: a 30-session plan (two creates) dies
// after its second create was sent but before its answer was recorded: those ten sessions
// are in the journal by external id only. Once the lease has passed, another replica rolls
// all 30 back and the caller's next call, on any replica, starts with the notice.
func TestInterruptedPlanIsRolledBackByAnotherReplica(t *testing.T) {
	const lease = 300 * time.Millisecond
	clock, fake, a, b, st := interruptedPlan(t, lease, nil)
	b.k.Recover(context.Background(), st) // within the lease: the writer may still be alive
	if n := journaltest.Planned(fake, "crash"); n != 30 {
		t.Fatalf("rolled back within the lease: %d left", n)
	}
	clock.Advance(lease + time.Millisecond)
	b.k.Recover(context.Background(), st)
	if n := journaltest.Planned(fake, "crash"); n != 0 {
		t.Fatalf("%d sessions left after the recovery", n)
	}
	b.k.rechecks.Wait() // the look again at its last create, which was in flight
	text, isErr := a.call(t, "get_gear_list", map[string]any{})
	if isErr || !strings.HasPrefix(text, "Your plan_sessions of Mon 30 Nov") || !strings.Contains(text, "rolled back: 30 session(s) removed") {
		t.Errorf("the next call: %v %q", isErr, text)
	}
	if text, _ := b.call(t, "get_gear_list", map[string]any{}); strings.Contains(text, "Your plan_sessions") {
		t.Errorf("the notice came twice: %q", text)
	}
}

// interruptedPlan has replica a (the caller key-1's) die in the journal of a 30-session plan
// after its second create was sent, the 30 sessions upstream; replica b (its store wrapped
// by wrapB when not nil) shares a's data directory, and st is b's store, open.
func interruptedPlan(t *testing.T, lease time.Duration, wrapB func(store.Store) store.Store) (clock *journaltest.Clock, fake *fakeicu.Fake, a, b *replica, st store.Store) {
	t.Helper()
	dir := t.TempDir()
	clock = &journaltest.Clock{}
	fake = fakeicu.New(fakeicu.Options{Now: clock.Now})
	a = newReplica(t, dir, fake, clock, "key-1", lease, func(st store.Store) store.Store { return &storetest.Crashing{Store: st, CrashAt: 4} })
	b = newReplica(t, dir, fake, clock, "key-1", lease, wrapB)
	text, isErr := a.call(t, "plan_sessions", journaltest.PlanArgs("crash", 30))
	if !isErr || !strings.Contains(text, "internal error") {
		t.Fatalf("the crashing call: %v %q", isErr, text)
	}
	if n := journaltest.Planned(fake, "crash"); n != 30 {
		t.Fatalf("%d sessions upstream after the crash, want 30", n)
	}
	st, err := b.k.Open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return clock, fake, a, b, st
}

// TestFinishedPlanLeavesNothingToRecover: a plan that completes, and one that fails and
// rolls itself back, finish their journals: no replica undoes them later.
func TestFinishedPlanLeavesNothingToRecover(t *testing.T) {
	dir := t.TempDir()
	clock := &journaltest.Clock{}
	fake := fakeicu.New(fakeicu.Options{Now: clock.Now})
	const lease = 100 * time.Millisecond
	a := newReplica(t, dir, fake, clock, "key-1", lease, nil)
	if text, isErr := a.call(t, "plan_sessions", journaltest.PlanArgs("ok", 3)); isErr {
		t.Fatal(text)
	}
	fake.Inject(fakeicu.Fault{Kind: fakeicu.FaultStatus, Status: 500, Operation: "createMultipleEvents", Skip: 1, Count: 5})
	if text, isErr := a.call(t, "plan_sessions", journaltest.PlanArgs("half", 30)); !isErr || !strings.Contains(text, "rolled back") {
		t.Fatalf("the failing plan: %v %q", isErr, text)
	}
	clock.Advance(lease + time.Millisecond)
	st, _ := a.k.Open(context.Background())
	if j, err := st.ClaimJournal(context.Background(), clock.Now()); j != nil || err != nil {
		t.Errorf("an unfinished journal after finished calls: %+v %v", j, err)
	}
	if n := journaltest.Planned(fake, "ok"); n != 3 {
		t.Errorf("the finished plan has %d sessions, want 3", n)
	}
}

// pendingHook is a store whose PendingJournals runs after, once, before it answers: what
// happens between a settle's read of the caller's journals and its look at this process's
// own rollbacks.
type pendingHook struct {
	store.Store
	mu    sync.Mutex
	after func([]store.PendingJournal)
}

func (s *pendingHook) runAfter(f func([]store.PendingJournal)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.after = f
}

func (s *pendingHook) PendingJournals(ctx context.Context, caller string) ([]store.PendingJournal, error) {
	pending, err := s.Store.PendingJournals(ctx, caller)
	var f func([]store.PendingJournal)
	if len(pending) > 0 {
		s.mu.Lock()
		f, s.after = s.after, nil
		s.mu.Unlock()
	}
	if f != nil {
		f(pending)
	}
	return pending, err
}

// TestWriteRightAfterARollbackEndsIsNotRefused: this replica is rolling back the caller's
// interrupted plan when the caller writes again, and the rollback ends between the write's
// read of the caller's journals (the plan still unfinished) and its look at the rollbacks in
// flight (none any more). The write goes ahead, the notice at its head, instead of being
// refused as if the rollback had failed and were waiting to be retried.
func TestWriteRightAfterARollbackEndsIsNotRefused(t *testing.T) {
	const lease = 300 * time.Millisecond
	hook := &pendingHook{}
	clock, fake, _, b, st := interruptedPlan(t, lease, func(st store.Store) store.Store { hook.Store = st; return hook })
	clock.Advance(lease + time.Millisecond)
	fake.Inject(fakeicu.Fault{Kind: fakeicu.FaultLatency, Delay: 200 * time.Millisecond, Operation: "deleteEventsBulk", Count: 1})
	recovered := make(chan struct{})
	go func() { b.k.Recover(context.Background(), st); close(recovered) }()
	rollingBack := func() bool {
		b.k.marks.mu.Lock()
		defer b.k.marks.mu.Unlock()
		return len(b.k.marks.undo) > 0
	}
	waitUntil(t, rollingBack)
	hook.runAfter(func([]store.PendingJournal) { <-recovered }) // the rollback ends now
	text, isErr := b.call(t, "plan_sessions", journaltest.PlanArgs("again", 3))
	checkWriteAfterRollback(t, fake, text, isErr)
}

// checkWriteAfterRollback checks the answer to the caller's write "again" (3 sessions) sent
// while their interrupted 30-session plan was being rolled back: the notice at its head, the
// plan gone and the new sessions there.
func checkWriteAfterRollback(t *testing.T, fake *fakeicu.Fake, text string, isErr bool) {
	t.Helper()
	if isErr || !strings.HasPrefix(text, "Your plan_sessions of") || !strings.Contains(text, "rolled back: 30 session(s) removed") {
		t.Fatalf("the write after the rollback: %v %q", isErr, text)
	}
	if n, m := journaltest.Planned(fake, "crash"), journaltest.Planned(fake, "again"); n != 0 || m != 3 {
		t.Errorf("%d sessions of the interrupted plan left, %d of the new one, want 0 and 3", n, m)
	}
}

// TestWriteRightAfterTheCallersOtherWriteEndsIsNotRefused: the same race with the caller's
// other write of this process: it ends between the second write's read of the caller's
// journals (its journal still unfinished) and the second's look at the calls in flight.
func TestWriteRightAfterTheCallersOtherWriteEndsIsNotRefused(t *testing.T) {
	clock := &journaltest.Clock{}
	fake := fakeicu.New(fakeicu.Options{Now: clock.Now})
	hook := &pendingHook{}
	r := newReplica(t, t.TempDir(), fake, clock, "key-1", time.Minute, func(st store.Store) store.Store { hook.Store = st; return hook })
	fake.Inject(fakeicu.Fault{Kind: fakeicu.FaultLatency, Delay: 200 * time.Millisecond, Operation: "createMultipleEvents", Count: 1})
	first := make(chan string, 1)
	go func() { text, _ := r.call(t, "plan_sessions", journaltest.PlanArgs("first", 3)); first <- text }()
	waitUntil(t, func() bool {
		r.k.marks.mu.Lock()
		defer r.k.marks.mu.Unlock()
		return len(r.k.marks.live) > 0
	})
	var firstText string
	hook.runAfter(func([]store.PendingJournal) { firstText = <-first }) // the first write ends now
	text, isErr := r.call(t, "plan_sessions", journaltest.PlanArgs("second", 3))
	checkBothPlans(t, fake, text, isErr, firstText)
}

// checkBothPlans checks the answer to the caller's second write ("second", 3 sessions) sent
// beside their first ("first", 3 sessions, which answered firstText): no notice, and both
// plans' sessions there.
func checkBothPlans(t *testing.T, fake *fakeicu.Fake, text string, isErr bool, firstText string) {
	t.Helper()
	if isErr || strings.HasPrefix(text, "Your ") {
		t.Fatalf("the second write: %v %q", isErr, text)
	}
	if n, m := journaltest.Planned(fake, "first"), journaltest.Planned(fake, "second"); n != 3 || m != 3 {
		t.Errorf("%d and %d sessions of the two plans, want 3 and 3 (the first: %q)", n, m, firstText)
	}
}

// takeHook is a store whose first journal begun (BeginJournal) or claimed (ClaimJournal) has
// its answer held until release is called: what a settle sees while this process has just
// made a journal its own, for a call or a rollback, and has yet to mark it so.
type takeHook struct {
	store.Store
	taken       chan struct{} // closed once the journal is begun or claimed, its answer held
	released    chan struct{}
	takeOnce    sync.Once
	releaseOnce sync.Once
}

func newTakeHook() *takeHook {
	return &takeHook{taken: make(chan struct{}), released: make(chan struct{})}
}

func (s *takeHook) release() { s.releaseOnce.Do(func() { close(s.released) }) }

func (s *takeHook) hold() { s.takeOnce.Do(func() { close(s.taken); <-s.released }) }

func (s *takeHook) BeginJournal(ctx context.Context, start store.JournalStart, now time.Time) (string, error) {
	id, err := s.Store.BeginJournal(ctx, start, now)
	if err == nil {
		s.hold()
	}
	return id, err
}

func (s *takeHook) ClaimJournal(ctx context.Context, now time.Time) (*store.Journal, error) {
	j, err := s.Store.ClaimJournal(ctx, now)
	if j != nil {
		s.hold()
	}
	return j, err
}

// callWhileTaken makes call while hook holds its take, and releases the take once the call
// waits for a take to end (settle made a channel for it) or has returned.
func callWhileTaken(t *testing.T, k *Keeper, hook *takeHook, call func() (string, bool)) (string, bool) {
	t.Helper()
	type answer struct {
		text  string
		isErr bool
	}
	answers := make(chan answer, 1)
	go func() { text, isErr := call(); answers <- answer{text, isErr} }()
	waitUntil(t, func() bool {
		k.marks.mu.Lock()
		defer k.marks.mu.Unlock()
		return k.marks.takeEnded != nil || len(answers) > 0
	})
	hook.release()
	a := <-answers
	return a.text, a.isErr
}

// TestWriteRightAfterARecoveryClaimIsNotRefused: this process's recovery has claimed the
// caller's interrupted plan (as at a restart, at once) and not yet started its rollback when
// the caller writes again. The write's read finds the plan this process's, neither a call in
// flight nor being rolled back: it waits for the claim instead of refusing the write as if
// the rollback had failed and were waiting to be retried, and goes ahead after the rollback,
// the notice at its head.
func TestWriteRightAfterARecoveryClaimIsNotRefused(t *testing.T) {
	const lease = 300 * time.Millisecond
	hook := newTakeHook()
	clock, fake, _, b, st := interruptedPlan(t, lease, func(st store.Store) store.Store { hook.Store = st; return hook })
	clock.Advance(lease + time.Millisecond)
	recovered := make(chan struct{})
	go func() { b.k.Recover(context.Background(), st); close(recovered) }()
	<-hook.taken
	text, isErr := callWhileTaken(t, b.k, hook, func() (string, bool) { return b.call(t, "plan_sessions", journaltest.PlanArgs("again", 3)) })
	<-recovered
	checkWriteAfterRollback(t, fake, text, isErr)
}

// TestWriteBesideTheCallersWriteJustBegunIsNotRefused: the caller's first write has begun its
// journal in the store, and not yet marked it as its call in flight here, when the caller's
// second write reads the caller's journals. The second goes ahead beside it.
func TestWriteBesideTheCallersWriteJustBegunIsNotRefused(t *testing.T) {
	clock := &journaltest.Clock{}
	fake := fakeicu.New(fakeicu.Options{Now: clock.Now})
	hook := newTakeHook()
	r := newReplica(t, t.TempDir(), fake, clock, "key-1", time.Minute, func(st store.Store) store.Store { hook.Store = st; return hook })
	first := make(chan string, 1)
	go func() { text, _ := r.call(t, "plan_sessions", journaltest.PlanArgs("first", 3)); first <- text }()
	<-hook.taken
	text, isErr := callWhileTaken(t, r.k, hook, func() (string, bool) { return r.call(t, "plan_sessions", journaltest.PlanArgs("second", 3)) })
	checkBothPlans(t, fake, text, isErr, <-first)
}

// TestJournalLeftByAnotherReplicaIsNoticedOnTheNextCall: replica b has served the caller
// (nothing pending then, so b stops looking at their journals), then replica a dies in the
// caller's plan. The journal signal has moved: the caller's next call on b looks again,
// rolls the plan back once its lease has passed, and opens with a line saying so (its last
// create may still land: it is looked at again); the call after that look opens with the
// notice. b's recovery loop has not run meanwhile.
func TestJournalLeftByAnotherReplicaIsNoticedOnTheNextCall(t *testing.T) {
	const lease = 300 * time.Millisecond
	dir := t.TempDir()
	clock := &journaltest.Clock{}
	fake := fakeicu.New(fakeicu.Options{Now: clock.Now})
	a := newReplica(t, dir, fake, clock, "key-1", lease, func(st store.Store) store.Store { return &storetest.Crashing{Store: st, CrashAt: 4} })
	b := newReplica(t, dir, fake, clock, "key-1", lease, nil)
	if _, err := b.k.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if text, isErr := b.call(t, "get_gear_list", map[string]any{}); isErr || strings.Contains(text, "Your") {
			t.Fatalf("a call with nothing pending: %v %q", isErr, text)
		}
	}
	if text, isErr := a.call(t, "plan_sessions", journaltest.PlanArgs("crash", 30)); !isErr || !strings.Contains(text, "internal error") {
		t.Fatalf("the crashing call: %v %q", isErr, text)
	}
	clock.Advance(lease + time.Millisecond)
	text, isErr := b.call(t, "get_gear_list", map[string]any{})
	if n := journaltest.Planned(fake, "crash"); n != 0 {
		t.Errorf("%d sessions of the interrupted plan left", n)
	}
	if strings.HasPrefix(text, "Note: ") { // the look again had not ended
		if !strings.HasPrefix(text, "Note: your plan_sessions (plan \"crash\"") || !strings.Contains(strings.SplitN(text, "\n", 2)[0], "has been rolled back") {
			t.Errorf("the caller's next call on the other replica: %v %q", isErr, text)
		}
		b.k.rechecks.Wait() // the look again at its last create, which was in flight
		text, isErr = b.call(t, "get_gear_list", map[string]any{})
	}
	if isErr || !strings.HasPrefix(text, "Your plan_sessions of Mon 30 Nov") {
		t.Errorf("the caller's call after the rollback: %v %q", isErr, text)
	}
}
