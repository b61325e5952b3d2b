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
// runs, waits for it and opens with what was done and undone, and the calendar is as it was.
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
