package tools

import (
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
)

// A plan of 40 sessions is two bulk creates; the answer of the second is lost (the events are
// made) and the rollback's delete fails: all 40 events are left, and the error names each.
func TestFailedRollbackNamesEveryEventLeftLostAnswersIncluded(t *testing.T) {
	f, env := demoFake(t)
	plan := marathonBlock("Forty")
	sessions := plan["sessions"].([]map[string]any)[:40]
	plan["sessions"] = sessions
	f.Inject(
		fakeicu.Fault{Kind: fakeicu.FaultDrop, Operation: "createMultipleEvents", Skip: 1, Count: 1},
		fakeicu.Fault{Kind: fakeicu.FaultStatus, Status: 500, Operation: "deleteEventsBulk", Count: 1},
	)
	_, err := callTool(t, env, "plan_sessions", plan)
	if err == nil {
		t.Fatal("want an error")
	}
	left := planEvents(f, "imcp:")
	if len(left) != 40 {
		t.Fatalf("%d events left upstream, want 40", len(left))
	}
	for _, e := range left {
		if !strings.Contains(err.Error(), itoa(deref(e.Id))) {
			t.Errorf("event %d is left upstream but the error does not name it:\n%v", deref(e.Id), err)
		}
	}
	containsAll(t, err.Error(), "delete_event", "40 are still on the calendar")
}
