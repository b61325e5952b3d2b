package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestChangeInFlightAtAKillIsUndoneWhenItLands: a move of 11 sessions by +7 days, each
// change taking 300 ms at a fake that finishes a request whose client has gone (as real
// upstreams do), the sixth 1.8 s. The server is killed (-9) once five changes are answered
// and the sixth is sent, and started again at once on the same data directory: it puts the
// five back at once, and the sixth, which lands after that, when it looks again once a try
// upstream has timed out (4 s after its claim here). Then every session is where it was,
// none moved, and the caller's next call opens with the notice that counts the sixth.
func TestChangeInFlightAtAKillIsUndoneWhenItLands(t *testing.T) {
	fake, fakeURL := startCrashFake(t)
	dir := t.TempDir()
	first := startStdio(t, dir, fakeURL)
	const n = 11
	move := slowMove(t, fake, first, n, 5, 1500*time.Millisecond)
	go func() { // its answer never comes: the process dies
		_, _ = first.cs.CallTool(context.Background(), move)
	}()
	waitForRequests(t, fake, 30*time.Second, "updateEvent", 6, "the sixth change at the fake")
	killed := time.Now()
	if err := first.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = first.cs.Close()
	fake.ClearFaults() // the sixth, already taken, still lands 1.8 s after it was sent
	next := startStdio(t, dir, fakeURL)
	landed, text := lateLandsThenNotice(t, fake, n, killed.Add(2*time.Second), next.call) // the sixth, after the rollback of the five
	first6 := strings.SplitN(text, "\n", 2)[0]
	for _, want := range []string{"Your move_sessions of ", "was interrupted and rolled back: 6 put back as they were"} {
		if !strings.Contains(first6, want) {
			t.Errorf("the notice does not say %q:\n%.500s", want, text)
		}
	}
	if landed && !strings.Contains(first6, "of which 1 after a change sent before the interruption landed late") {
		t.Errorf("the notice does not count the late change:\n%.500s", text)
	}
}

// slowMove seeds n sessions through p and makes each change at the fake take 300 ms, and
// the one after the first slowAfter take slow, each finished even when its client has gone
// (as real upstreams do); it returns the move of the n sessions by +7 days.
func slowMove(t *testing.T, fake *fakeicu.Fake, p *stdioProc, n, slowAfter int, slow time.Duration) *mcp.CallToolParams {
	t.Helper()
	if text, isErr := p.call(t, "plan_sessions", planSessionsArgs("crashseed", "crash", n)); isErr {
		t.Fatalf("seed: %s", text)
	}
	fake.TakeRequests()
	fake.Inject(
		fakeicu.Fault{Kind: fakeicu.FaultLatency, Delay: 300 * time.Millisecond, Operation: "updateEvent", Finish: true},
		fakeicu.Fault{Kind: fakeicu.FaultLatency, Delay: slow, Operation: "updateEvent", Finish: true, Skip: slowAfter, Count: 1},
	)
	return &mcp.CallToolParams{Name: "move_sessions", Arguments: map[string]any{"oldest": crashDay(0), "newest": crashDay(n - 1), "days": 7}}
}

// lateLandsThenNotice watches until until for a change in flight at an interruption landing
// after its rollback (one of the n sessions moved: landed), then reads the caller's notice
// once all is settled (text); every session must then be where it was.
func lateLandsThenNotice(t *testing.T, fake *fakeicu.Fake, n int, until time.Time, call callFunc) (landed bool, text string) {
	t.Helper()
	for time.Now().Before(until) {
		if moved(fake, n) == 1 {
			landed = true
		}
		time.Sleep(50 * time.Millisecond)
	}
	text = noticeRead(t, call)
	if !landed {
		t.Log("the change in flight was not seen landing after the rollback (the rollback was slow): the test still checks the end state")
	}
	if m := moved(fake, n); m != 0 {
		t.Errorf("%d session(s) moved after the rollback, want none", m)
	}
	return landed, text
}

// moved counts the sessions "crash 1".."crash n" not on their own day (crashDay(i)); a
// session missing or twice counts too.
func moved(f *fakeicu.Fake, n int) int {
	m := byName(crashEvents(f))
	out := 0
	for i := range n {
		if ds := m[fmt.Sprintf("crash %d", i+1)]; len(ds) != 1 || ds[0] != crashDay(i) {
			out++
		}
	}
	return out
}
