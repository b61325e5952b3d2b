package tools

import (
	"fmt"
	"strings"
	"testing"
)

// The taper into the demo's A race (Coastal 70.3 Triathlon, Sat 2027-01-30), through an MCP
// session: the demo's calendar holds its planned sessions to Tue 2026-12-29; a plan of a
// ride a day from Wed 12-30 to the race, an hour each to Fri 01-15, then the taper's rides
// (Bosquet 2007: cut under 20% is no taper). Each case crosses or keeps under its threshold.
func TestTaperIntoTheDemosARaceThroughAnMCPSession(t *testing.T) {
	_, env := demoFake(t)
	cs := clientSession(t, env)
	plan := func(taperMins int) string {
		t.Helper()
		var ss []map[string]any
		for d := "2026-12-30"; d < "2027-01-30"; d = addDays(d, 1) {
			mins := 60
			if d >= "2027-01-16" {
				mins = taperMins
			}
			ss = append(ss, map[string]any{"date": d, "sport": "Ride", "name": "Endurance",
				"steps": []map[string]any{{"duration": fmt.Sprintf("%d:00", mins), "target": "60% FTP"}}})
		}
		out, isErr := callText(t, cs, "plan_sessions", map[string]any{"plan": "Run-up", "sessions": ss, "check_only": true})
		if isErr {
			t.Fatalf("plan_sessions: %s", out)
		}
		return out
	}
	const race = `- Sat 2027-01-30: taper into RACE_A Other "Coastal 70.3 Triathlon": the 14 days before cut weekly time `
	// 53 minutes a day is 6:11:00 a week, a cut of 19.7% of the 3 weeks before (7:42:01 a
	// week: the hours to 01-15 and the demo's sessions of 12-26..12-29): shown 20%, a taper.
	if out := plan(53); strings.Contains(out, "taper into") {
		t.Errorf("a cut of 20%% is warned as no taper:\n%s", out)
	}
	containsAll(t, plan(54), race+"18% (6:18:00 a week from 7:42:01 over the 3 weeks before, 100% without this write), sessions 7.0 a week from 7.3, hard 0.0 from 0.3: volume not reduced; Bosquet 2007: cut volume 41-60%, keep intensity and frequency")
	// Ten minutes a day cuts 85%: far more than 60%, but less so than the calendar without
	// the write (nothing in the taper's days): context, not a warning.
	out := plan(10)
	if strings.Contains(out, race) {
		t.Errorf("a cut of 85%%, where 100%% was, is warned:\n%s", out)
	}
	containsAll(t, out, `Sat 2027-01-30: taper into RACE_A Other "Coastal 70.3 Triathlon": the 14 days before cut weekly time 85% (1:10:00 a week`, "volume cut far more than 60%")
}
