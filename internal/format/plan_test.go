package format

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

func plannedRun(date, name string, load int, estimated bool, status string) PlannedSession {
	return PlannedSession{Date: date, Event: intervals.EventEx{Category: ptr(intervals.EventExCategory("WORKOUT")), Type: ptr("Run"), Name: ptr(name)},
		Seconds: 3600, Metres: 10000, Load: load, LoadEstimated: estimated, ID: 42, Status: status}
}

func TestPlanMarksAnEstimatedLoadOnlyWhereThereIsOne(t *testing.T) {
	today := time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)
	got := Units{}.Plan(PlanAnswer{Plan: " Base ", Sessions: []PlannedSession{
		plannedRun("2026-12-02", "Tempo", 60, true, "new"),
		plannedRun("2026-12-01", "Easy", 40, false, "unchanged"),
		plannedRun("2026-12-08", "Long", 90, false, "updated"),
	}, Today: today}, 8000)
	wantAll(t, got,
		`Plan "Base": 3 session(s) written all or nothing: 1 new, 1 updated, 1 unchanged.`,
		"Week of Mon 2026-11-30: 2 session(s), 2:00:00, 20.00 km, load ~100\n  Tue 12-01 WORKOUT Run \"Easy\" 1:00:00 10.00 km load 40 (id 42, unchanged)\n  Wed 12-02 WORKOUT Run \"Tempo\" 1:00:00 10.00 km load ~60 (id 42, new)",
		"Week of Mon 2026-12-07: 1 session(s), 1:00:00, 10.00 km, load 90\n",
	)
}

func TestPlanTooLongForItsBudgetShowsTheWeeksAlone(t *testing.T) {
	var ps []PlannedSession
	for d := range 60 {
		ps = append(ps, plannedRun(time.Date(2026, 12, 1+d, 0, 0, 0, 0, time.UTC).Format("2006-01-02"), fmt.Sprintf("Run %d", d), 50, false, "new"))
	}
	const budget = 2000
	got := Units{}.Plan(PlanAnswer{Plan: "Block", Sessions: ps, Today: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)}, budget)
	if n := len([]rune(got)); n > budget {
		t.Errorf("answer has %d characters, budget %d", n, budget)
	}
	if strings.Contains(got, `"Run 0"`) || !strings.Contains(got, "Week of Mon 2026-11-30: 6 session(s)") ||
		!strings.Contains(got, "(sessions not listed, to keep the answer short: get_events shows them)") {
		t.Errorf("want the weeks without their sessions, and say so:\n%s", got)
	}
}
