package tools

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// The demo athlete's calendar, as the fake makes it at samples.Now (today Tue 2026-12-01 in
// Sydney): a 3-hour Endurance Ride on Sat 2026-12-05 (load 133), RACE_B "Harbour Half
// Marathon" on Sun 2027-01-03 and RACE_A "Coastal 70.3 Triathlon" (4:50:00) on Sat 2027-01-30,
// nothing else planned in January.

func runSession(date, name string, steps ...map[string]any) map[string]any {
	return map[string]any{"date": date, "sport": "Run", "name": name, "steps": steps}
}

// timedStep is a workout step of a duration at a target.
func timedStep(duration, target string) map[string]any {
	return map[string]any{"duration": duration, "target": target}
}

func TestPlanWarnsOfWhatTheCalendarHolds(t *testing.T) {
	f, env := demoFake(t)
	mustCallTool(t, env, "create_period", map[string]any{"kind": "HOLIDAY", "name": "Ski trip", "start": "2027-02-15", "end": "2027-02-19"})
	f.ResetWrites()
	plan := map[string]any{"plan": "Checks", "check_only": true, "sessions": []map[string]any{
		runSession("2026-12-05", "Easy", timedStep("40:00", "Z2 pace")),              // a ride day, but easy: no warning
		runSession("2026-12-05", "Intervals", timedStep("1:00:00", "95% pace")),      // hard, on the ride's day
		runSession("2027-01-03", "Long run", timedStep("1:40:00", "Z2 pace")),        // the half marathon's day
		runSession("2027-01-31", "Long run", timedStep("2:00:00", "Z2 pace")),        // the day after the A race
		runSession("2027-02-03", "Easy", timedStep("40:00", "Z1 pace")),              // after it, but easy
		runSession("2027-02-16", "Easy", timedStep("40:00", "Z2 pace")),              // in the holiday
		runSession("2026-12-31", "Big day", timedStep("3:00:00", "Z3 pace")),         // three big days before the half:
		runSession("2027-01-01", "Big day", timedStep("3:00:00", "Z3 pace")),         // its form is projected below
		runSession("2027-01-02", "Big day 3", timedStep("3:00:00", "Z3 pace")),       // what a B race wants
		runSession("2027-01-20", "Too easy to worry", timedStep("30:00", "Z1 pace")), // the empty January rests the A race's form above its target
	}}
	out := mustCallTool(t, env, "plan_sessions", plan)
	noWrites(t, f)
	containsAll(t, out,
		`Plan "Checks": 10 session(s) checked, nothing written (check_only): would be: 10 new`,
		`- Sat 2026-12-05: two hard sessions, Run "Intervals" and Ride "Endurance Ride"`,
		`- Sun 2027-01-03: Run "Long run" is on the day of RACE_B Run "Harbour Half Marathon"`,
		`- Sun 2027-01-31: hard Run "Long run" 1 day(s) after RACE_A Other "Coastal 70.3 Triathlon", projected form that day -`,
		`; keep 5 days easy after an A race`,
		`- Tue 2027-02-16: Run "Easy" falls in HOLIDAY "Ski trip" (to Fri 2027-02-19)`,
		`- Sun 2027-01-03: RACE_B Run "Harbour Half Marathon" with this plan: projected form going in -`,
		`- Sat 2027-01-30: RACE_A Other "Coastal 70.3 Triathlon" with this plan: projected form going in `,
		`, target +5% to +25%: above; `,
		// three 3-hour days and a long run back to back, into the half marathon: each day
		// after a hard one, the week's running far above the 4 before, the load ratio and the
		// fitness ramp past their limits
		`- Fri 2027-01-01: hard Run "Big day" the day after hard Run "Big day": hard days back to back`,
		`- Sat 2027-01-02: hard Run "Big day 3" the day after hard Run "Big day": hard days back to back`,
		`- Week of Mon 2026-12-28: Run 12:10:00 (1:30:00 without this write; +425% on its mean of the 4 weeks before, 2:19:00); above +30%, with Run "Big day"`,
		// the first 3-hour day far longer than any run of the 30 days before (Frandsen's
		// spike, by distance: the Saturday intervals' 13.4 km), the second not
		`- Thu 2026-12-31: Run "Big day" 38.8 km, +189% on the longest Run of the 30 days before (13.4 km, Sat 2026-12-05); over +100%, injury rate x2.28 (Frandsen 2025); acute:chronic 1.11 (7-day mean load 78 over the 21 days before, 70)`,
		// the uncoupled acute:chronic ratio beside the ramp, as context
		`- Sun 2027-01-03: projected fitness ramp +14.4/week (-4.9 without this write); above the safe 8/week, with Run "Big day"; acute:chronic 2.57 (7-day mean load 156 over the 21 days before, 61)`,
		// nine hours at Z3 pace: the plan's weeks far more threshold than the demo's 8 weeks
		`- Week of Mon 2026-11-30: threshold share 45% (19% without this write) of the plan's 4:22:20 a week in zones over 6 week(s) (53/45/1%, pyramidal), against 16% in the last 8 weeks (81/16/4%, pyramidal) and 20% of pyramidal`,
	)
	if !regexp.MustCompile(`"Harbour Half Marathon" with this plan: projected form going in -\d+\.\d \(-\d+%, [a-z ]+\), target 0% to \+15%: below; -?\d+\.\d without the plan`).MatchString(out) {
		t.Errorf("the half marathon's form without the plan is not given:\n%s", out)
	}
	for _, not := range []string{`Run "Easy" and`, `Run "Easy" 3 day(s) after`, `"Too easy to worry"`, `Fri 2027-01-01: Run "Big day" 38.8 km`, "acute:chronic load"} {
		if strings.Contains(strings.Split(out, "\nWeek of")[0], not) {
			t.Errorf("a warning that should not be there (%s):\n%s", not, out)
		}
	}
	if n := strings.Count(strings.Split(out, "\nWeek of")[0], "\n- "); n != 16 {
		t.Errorf("want 16 warnings, got %d:\n%s", n, out)
	}
	// The figure is get_training_load's: the same plan as what-if sessions, Saturday's line.
	var whatIf []map[string]any
	for _, s := range plan["sessions"].([]map[string]any) {
		l := regexp.MustCompile(`  \w{3} ` + s["date"].(string)[5:] + ` WORKOUT Run "` + s["name"].(string) + `" [^\n]* load ~(\d+)`).FindStringSubmatch(out)
		if l == nil {
			t.Fatalf("no line for %v in:\n%s", s, out)
		}
		whatIf = append(whatIf, map[string]any{"date": s["date"], "load": atoi(t, l[1])})
	}
	proj := mustCallTool(t, env, "get_training_load", map[string]any{"days": 90, "sessions": whatIf})
	eve := tableCell(t, proj, "day", "Sat 2027-01-02", "form")
	if eve == "" || !strings.Contains(out, `"Harbour Half Marathon" with this plan: projected form going in `+eve+" (") {
		t.Errorf("the form going into the half marathon is not get_training_load's (%v):\n%s", eve, out)
	}
}

func TestPlanWeekTotalsEstimateTheDistanceOfTimedSteps(t *testing.T) {
	_, env := demoFake(t)
	out := mustCallTool(t, env, "plan_sessions", map[string]any{"plan": "Distances", "check_only": true, "sessions": []map[string]any{
		runSession("2027-02-09", "Tempo", timedStep("45:00", "95% pace")),
		runSession("2027-02-10", "Easy", timedStep("50:00", "5:00/km")),
		{"date": "2027-02-11", "sport": "Run", "name": "Free", "duration": "40:00"},
		{"date": "2027-02-12", "sport": "Run", "name": "Track", "steps": []map[string]any{{"distance": "8km", "target": "4:00/km"}}},
	}})
	// Threshold pace 4:15/km (3.922 m/s): 2700 s at 95% is 10,059 m, 50 minutes at 5:00/km
	// 10,000 m, and 8 km of distance steps; the free run's 40 minutes have no pace.
	tempo := 2700 * 0.95 * 1000 / 255
	want := fmt.Sprintf("Week of Mon 2027-02-08: 4 session(s), 2:47:00, ~%.2f km (+40:00 of unknown pace), load ~", (tempo+10000+8000)/1000)
	containsAll(t, out, want, fmt.Sprintf(`WORKOUT Run "Tempo" 45:00 ~%.2f km`, tempo/1000), `WORKOUT Run "Track" 32:00 8.00 km`)
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	var n int
	if _, err := fmt.Sscan(s, &n); err != nil {
		t.Fatal(err)
	}
	return n
}
