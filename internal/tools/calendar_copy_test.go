package tools

import (
	"slices"
	"strconv"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

func TestCopySessionsKeepsTheirSpacing(t *testing.T) {
	f, env := demoFake(t)
	before := demoCalendar(f)
	out, err := callTool(t, env, "copy_sessions", map[string]any{"oldest": "2026-12-07", "newest": "2026-12-13", "to_date": "2027-01-11"})
	if err != nil {
		t.Fatal(err)
	}
	var src []api.Event
	for _, e := range before {
		if d := dayOfEvent(e); d >= "2026-12-07" && d <= "2026-12-13" && slices.Contains(sessionCategories, string(deref(e.Category))) {
			src = append(src, e)
		}
	}
	containsAll(t, out, "Copied "+strconv.Itoa(len(src))+" session(s), +35 day(s) later")
	after := demoCalendar(f)
	if len(after) != len(before)+len(src) {
		t.Fatalf("%d events before, %d after, %d copied", len(before), len(after), len(src))
	}
	for _, s := range src {
		found := false
		for _, e := range after {
			found = found || (dayOfEvent(e) == plusDays(dayOfEvent(s), 35) && deref(e.Name) == deref(s.Name) &&
				deref(e.Description) == deref(s.Description) && deref(e.Id) != deref(s.Id))
		}
		if !found {
			t.Errorf("no copy of %d %q on %s", deref(s.Id), deref(s.Name), plusDays(dayOfEvent(s), 35))
		}
	}
}

// A copy done by Intervals.icu whose answer arrives broken is confirmed by reading the copies
// back; one answered 200 and not done is rolled back.
func TestCopyConfirmsACreateWhoseAnswerIsLost(t *testing.T) {
	f, env := demoFake(t)
	f.Inject(fakeicu.Fault{Kind: fakeicu.FaultBadJSON, Operation: "createMultipleEvents", Count: 1})
	out, err := callTool(t, env, "copy_sessions", map[string]any{"oldest": "2026-12-07", "newest": "2026-12-13", "to_date": "2027-01-11"})
	if err != nil {
		t.Fatal(err)
	}
	containsAll(t, out, "Copied")
	f2, env2 := demoFake(t)
	before := demoCalendar(f2)
	f2.Inject(fakeicu.Fault{Kind: fakeicu.FaultGhost, Operation: "createMultipleEvents", Count: 1})
	_, err = callTool(t, env2, "copy_sessions", map[string]any{"oldest": "2026-12-07", "newest": "2026-12-13", "to_date": "2027-01-11"})
	if err == nil {
		t.Fatal("want an error when the copies cannot be confirmed")
	}
	containsAll(t, err.Error(), "unconfirmed", "rolled back")
	sameCalendar(t, f2, before)
}
