package tools

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
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

// The demo's coached runner, Jordan Rivera, has the whole run-up to his A race on the
// calendar, taper included (the easy sessions of the 14 days before it at half their time,
// the hard ones kept): a cut within Bosquet's range, so a shakeout added to it warns of no
// taper, while two long runs of 2:30 in it do (volume not reduced).
func TestTheDemosCoachedRunnerTapersIntoHisMarathon(t *testing.T) {
	f, c := startFake(t, samples.Now)
	jordan := worldAthlete(t, f, "i100003")
	race := ""
	for _, e := range jordan.Events {
		if deref(e.Category) == "RACE_A" {
			race = deref(e.StartDateLocal)[:10]
		}
	}
	if race == "" {
		t.Fatal("Jordan Rivera has no A race on the calendar")
	}
	cs := clientSession(t, newEnv(c, "i100003", samples.Now))
	plan := func(sessions ...map[string]any) string {
		t.Helper()
		out, isErr := callText(t, cs, "plan_sessions", map[string]any{"plan": "Taper", "sessions": sessions, "check_only": true})
		if isErr {
			t.Fatalf("plan_sessions: %s", out)
		}
		return out
	}
	run := func(date, dur string) map[string]any {
		return map[string]any{"date": date, "sport": "Run", "name": "Run", "steps": []map[string]any{{"duration": dur, "target": "Z2 HR"}}}
	}
	if out := plan(run(addDays(race, -2), "20:00")); strings.Contains(out, "taper into") {
		t.Errorf("a shakeout in the demo's taper is warned:\n%s", out)
	}
	out := plan(run(addDays(race, -7), "2:30:00"), run(addDays(race, -14), "2:30:00"))
	m := regexp.MustCompile(`taper into RACE_A Run "Boulder Marathon": the 14 days before cut weekly time (-?\d+)% \([^)]*, (\d+)% without this write\).*: volume not reduced;`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("two long runs in the taper: no warning of a volume not reduced:\n%s", out)
	}
	if was := atoi(t, m[2]); was < 20 || was > 60 {
		t.Errorf("the demo's taper cuts %d%%, want within 20-60%% (Bosquet 2007)", was)
	}
}

// Weeks of build through an MCP session on the demo: three weeks of four hour rides at 60%
// FTP (load 144 a week) after the demo's A race, then a fourth week of shorter rides: 47
// minutes (load 112) is a lighter week (down 20% or more on 144), 48 (116) is not, and makes
// the fourth week in a row without one.
func TestBuildWithoutALighterWeekThroughAnMCPSession(t *testing.T) {
	_, env := demoFake(t)
	cs := clientSession(t, env)
	plan := func(last int) string {
		t.Helper()
		var ss []map[string]any
		for w, monday := range []string{"2027-02-15", "2027-02-22", "2027-03-01", "2027-03-08"} {
			mins := 60
			if w == 3 {
				mins = last
			}
			for _, off := range []int{0, 2, 4, 6} {
				ss = append(ss, map[string]any{"date": addDays(monday, off), "sport": "Ride", "name": "Endurance",
					"steps": []map[string]any{{"duration": fmt.Sprintf("%d:00", mins), "target": "60% FTP"}}})
			}
		}
		out, isErr := callText(t, cs, "plan_sessions", map[string]any{"plan": "Block", "sessions": ss, "check_only": true})
		if isErr {
			t.Fatalf("plan_sessions: %s", out)
		}
		return out
	}
	if out := plan(47); strings.Contains(out, "without a lighter week") {
		t.Errorf("a fourth week down 22%% is warned as no lighter week:\n%s", out)
	}
	containsAll(t, plan(48), "- Week of Mon 2027-03-08: 4 weeks in a row without a lighter week (load down 20% or more) (0 without this write), week load 116; plan a lighter week after at most 3, with Ride \"Endurance\"")
}
