package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestCancelledMoveIsRolledBackAndTold: a move of 13 sessions, slow at the fake from its
// fourth change on, is cancelled by its client (go-sdk sends notifications/cancelled) after
// three changes. The client reads no answer; its next call, a read sent while the rollback
// runs, waits for it and says in one line that the write was rolled back and is looked at
// again (its fourth change was in flight); a later one opens with what was done and undone,
// and the calendar is as it was.
func TestCancelledMoveIsRolledBackAndTold(t *testing.T) {
	fake, fakeURL := startCrashFake(t)
	p := startStdio(t, t.TempDir(), fakeURL)
	c := crashCases()[0] // a move of 13 sessions by 7 days
	c.seedThrough(t, fake, p.call)
	fake.TakeRequests()
	fake.Inject(fakeicu.Fault{Kind: fakeicu.FaultLatency, Delay: time.Minute, Operation: "updateEvent", Skip: 3, Count: 1})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := p.cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
		done <- err
	}()
	waitForRequests(t, fake, 30*time.Second, "updateEvent", 4, "the fourth change at the fake")
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("the cancelled call returned %v", err)
	}
	fake.ClearFaults()
	// The cancel travels on its own (go-sdk sends and handles notifications/cancelled
	// asynchronously): the next call waits for the rollback once the server has it, which
	// the fake sees as the first put-back.
	waitForRequests(t, fake, 30*time.Second, "updateEvent", 1, "the rollback at the fake")
	text, isErr := p.call(t, "get_gear_list", map[string]any{})
	if isErr {
		t.Fatal(text)
	}
	// The fourth change was in flight at the cancel: until it can no longer land, a read is
	// told in one line that the write is rolled back and looked at again.
	if !strings.HasPrefix(text, "Note: your move_sessions (move of 13 session(s)") || !strings.Contains(text, "was cancelled by your client and has been rolled back") {
		t.Errorf("the first read after the cancel does not say it is being looked at again:\n%.400s", text)
	}
	text = noticeRead(t, p.call)
	first := strings.SplitN(text, "\n", 2)[0]
	t.Log(first)
	for _, want := range []string{"Your move_sessions (move of 13 session(s)", "was cancelled by your client", "after 3 of 13 event(s) were written", "put back as they were", "the calendar is as before"} {
		if !strings.Contains(first, want) {
			t.Errorf("the next call does not open with %q:\n%.600s", want, text)
		}
	}
	m := byName(crashEvents(fake))
	for i := range 13 {
		if ds := m[fmt.Sprintf("crash %d", i+1)]; len(ds) != 1 || ds[0] != crashDay(i) {
			t.Errorf("crash %d is on %v after the cancel, want %s", i+1, ds, crashDay(i))
		}
	}
	if again, _ := p.call(t, "get_gear_list", map[string]any{}); strings.HasPrefix(again, "Your ") {
		t.Errorf("the notice was told twice:\n%.300s", again)
	}
}

// TestCancelledMovesChangeInFlightIsUndoneWhenItLands (issue 38): a move of 11 sessions by
// +7 days, each change taking 300 ms at a fake that finishes a request whose client has gone
// (as real upstreams do), the fourth 2 s. The client cancels once the fourth is sent: the
// call rolls back the four at once, and the fourth lands after that. As after a crash, the
// call's journal is looked at again once a try upstream has timed out, and the late change
// undone: every session ends where it was, and the caller's next call opens with the notice
// that counts it.
func TestCancelledMovesChangeInFlightIsUndoneWhenItLands(t *testing.T) {
	fake, fakeURL := startCrashFake(t)
	p := startStdio(t, t.TempDir(), fakeURL)
	const n = 11
	move := slowMove(t, fake, p, n, 3, 2*time.Second)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := p.cs.CallTool(ctx, move)
		done <- err
	}()
	waitForRequests(t, fake, 30*time.Second, "updateEvent", 4, "the fourth change at the fake")
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("the cancelled call returned %v", err)
	}
	fake.ClearFaults() // the fourth, already taken, still lands 2 s after it was sent
	landed, text := lateLandsThenNotice(t, fake, n, time.Now().Add(3*time.Second), p.call)
	first := strings.SplitN(text, "\n", 2)[0]
	for _, want := range []string{"Your move_sessions (move of 11 session(s)", "was cancelled by your client", "put back as they were"} {
		if !strings.Contains(first, want) {
			t.Errorf("the notice does not say %q:\n%.500s", want, text)
		}
	}
	if landed && !strings.Contains(first, "Then 1 change(s) sent just before the cancel landed after that rollback, and were undone too: the calendar is as it was.") {
		t.Errorf("the notice does not count the late change:\n%.500s", text)
	}
}
