package tools

import (
	"strings"
	"testing"
)

// A plan says what its weeks are meant to be, and is held to it through an MCP session on the
// demo: the week of Mon 2027-01-11 holds four hour-long runs (4:00:00), said to be a recovery
// week after a week of one. 4:24 stated is within 10% of its 4:00:00, 4:27 is not; and a
// recovery week heavier than the week before is warned, whatever its hours.
func TestPlanWeeksAreHeldToWhatThePlanSays(t *testing.T) {
	_, env := demoFake(t)
	cs := clientSession(t, env)
	plan := func(weeks map[string]string) (string, bool) {
		ss := []map[string]any{runSession("2027-01-05", "Easy", timedStep("1:00:00", "Z2 pace"))}
		for _, d := range []string{"2027-01-12", "2027-01-13", "2027-01-14", "2027-01-16"} {
			ss = append(ss, runSession(d, "Easy", timedStep("1:00:00", "Z2 pace")))
		}
		return callText(t, cs, "plan_sessions", map[string]any{"plan": "Weeks", "check_only": true, "sessions": ss, "weeks": weeks})
	}
	out, isErr := plan(map[string]string{"2027-01-13": "recovery 4:24"})
	if isErr {
		t.Fatal(out)
	}
	containsAll(t, out, `- Week of Mon 2027-01-11: meant as "recovery 4:24", a recovery week not lighter than the week before (load `)
	if strings.Contains(out, "its sessions last") {
		t.Errorf("4:00:00 against 4:24 stated (9%% off) is warned:\n%s", out)
	}
	out, _ = plan(map[string]string{"2027-01-11": "recovery 4:27"})
	containsAll(t, out, `- Week of Mon 2027-01-11: meant as "recovery 4:27", its sessions last 4:00:00, not 4:27:00; a recovery week not lighter`)
	out, _ = plan(map[string]string{"2027-01-11": "build 4h load 9999"})
	containsAll(t, out, `- Week of Mon 2027-01-11: meant as "build 4h load 9999", their load is `, `, not 9999`)
	if strings.Contains(out, "not lighter") {
		t.Errorf("a build week is held to be lighter:\n%s", out)
	}
	out, isErr = plan(map[string]string{"2027-01-11": "easy-ish"})
	if !isErr || !strings.Contains(out, `write what the week is meant to be, e.g. "recovery 4h load 250"`) {
		t.Errorf("an unreadable week is not refused with what to write: %v\n%s", isErr, out)
	}
}
