package tools

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// marathonAsk is what an assistant makes of "Build me a 12-week plan for a marathon on 14
// March, 5 runs a week, long run on Sundays" for the demo athlete (today Tue 2026-12-01):
// twelve weeks from Mon 2026-12-21, intervals on Tuesday, an easy run on Wednesday and
// Saturday, a tempo run on Thursday, the long run on Sunday (1:30 growing to 2:30), and the
// race on Sun 2027-03-14, given by its distance alone. It does not know the athlete's
// calendar: a half marathon on Sun 2027-01-03, a 70.3 triathlon (the A race) on Sat 2027-01-30,
// and a longest run of 1:20:00 in the 30 days before the plan's first long run.
func marathonAsk() []map[string]any {
	start := time.Date(2026, 12, 21, 0, 0, 0, 0, time.UTC)
	var ss []map[string]any
	for w := range 12 {
		day := func(d int) string { return start.AddDate(0, 0, 7*w+d).Format(ymd) }
		ss = append(ss,
			map[string]any{"date": day(1), "sport": "Run", "name": "Intervals", "steps": []map[string]any{
				timedStep("15:00", "Z2 pace"),
				{"repeat": 5, "steps": []map[string]any{{"distance": "1km", "target": "3:55/km"}, timedStep("2:00", "Z1 pace")}},
				timedStep("10:00", "Z1 pace"),
			}},
			runSession(day(2), "Easy", timedStep("45:00", "Z2 HR")),
			runSession(day(3), "Tempo", timedStep("15:00", "Z2 pace"), timedStep("25:00", "95% pace"), timedStep("10:00", "Z1 pace")),
			runSession(day(5), "Easy", timedStep("40:00", "Z2 HR")),
		)
		if w == 11 {
			ss = append(ss, map[string]any{"date": day(6), "category": "RACE_A", "sport": "Run", "name": "Marathon", "distance_km": 42.195})
			continue
		}
		mins := 90 + 6*w
		ss = append(ss, runSession(day(6), "Long run", timedStep(fmt.Sprintf("%d:%02d:00", mins/60, mins%60), "Z2 HR")))
	}
	return ss
}

// TestMarathonAskEndToEnd runs the seed ask through an MCP client session against the fake:
// plan_sessions with check_only first (it writes nothing and says what it found), then for
// real. The warnings name the half marathon's day, the hard sessions in the triathlon's
// recovery days with the form projected for them, and any race the plan makes the athlete
// start below the form its priority wants, each figure get_training_load's for the same
// plan; the week totals carry the distance of the timed runs, and the marathon a load.
func TestMarathonAskEndToEnd(t *testing.T) {
	f, env := demoFake(t)
	cs := clientSession(t, env)
	call := func(name string, args map[string]any) string {
		t.Helper()
		res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			t.Fatal(err)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if res.IsError {
			t.Fatalf("%s: %s", name, text)
		}
		return text
	}
	sessions := marathonAsk()
	plan := map[string]any{"plan": "Marathon 14 March", "sessions": sessions, "check_only": true}
	preview := call("plan_sessions", plan)
	noWrites(t, f)
	containsAll(t, preview, `Plan "Marathon 14 March": 60 session(s) checked, nothing written (check_only): would be: 60 new, 0 updated, 0 unchanged.`,
		`- Sun 2027-01-03: Run "Long run" is on the day of RACE_B Run "Harbour Half Marathon"`,
		`- Sat 2027-01-30: Run "Easy" is on the day of RACE_A Other "Coastal 70.3 Triathlon"`,
		// The triathlon plan already runs on Wed 12-23 and Sun 12-27: week 1 holds 7 runs,
		// not the 5 asked, where none of the 4 weeks before held more than 2 (Wed and Sun).
		`- Wed 2026-12-23: Run "Easy" on a day that already holds Run "Easy Run"`,
		`- Sun 2026-12-27: Run "Long run" on a day that already holds Run "Easy Run"`,
		`- Week of Mon 2026-12-21: 7 Run sessions, 5 of this write and 2 already there; none of the 4 weeks before held more than 2`,
		// Its running time: the plan's 4:39:35 and the 40:00 + 50:00 there, over the 4 weeks
		// before (40:00 done; 50:00 + 1:15:00; 55:00 + 1:01:00; 45:00 + 1:20:00 planned),
		// 6:46:00 / 4 = 1:41:30.
		`- Week of Mon 2026-12-21: Run 6:09:35 (1:30:00 without this write; +264% on its mean of the 4 weeks before, 1:41:30); above +30%, with Run "Long run"`,
		// Its first long run, 1:30:00, over 10% longer than the demo's longest run of the 30
		// days before (the 1:20:00 long run of Sun 12-20): Frandsen's spike.
		`- Sun 2026-12-27: Run "Long run" 1:30:00, +12% on the longest Run of the 30 days before (1:20:00, Sun 2026-12-20); over +10%, injury rate x1.64 (Frandsen 2025)`,
		// The week summary is the calendar's week too: the triathlon plan's 6 sessions (load
		// 58+17+42+54+79+49 = 299) with the plan's 5. Its distance is the pace steps' (as
		// Intervals.icu estimates it); the heart-rate runs' 2:55:00 have no pace to go by.
		`Week of Mon 2026-12-21: 5 session(s), 4:39:35, ~21.38 km (+2:55:00 of unknown pace), load ~345; the calendar's week with it: 11 sessions, 10:34:54, load 644`)

	// The seed plan runs its full week into the marathon: no taper (Bosquet 2007).
	if !regexp.MustCompile(`- Sun 2027-03-14: taper into RACE_A Run "Marathon": the 14 days before cut weekly time -\d+% .*: volume not reduced;`).MatchString(preview) {
		t.Errorf("the marathon's missing taper is not warned:\n%s", preview)
	}
	// No warning of a figure the plan does not change: a race's form the same with and without.
	for _, m := range regexp.MustCompile(`(?m)^- .*going in (-?\d+\.\d) .*; (-?\d+\.\d) without the plan$`).FindAllStringSubmatch(strings.Split(preview, "\nAlready")[0], -1) {
		if m[1] == m[2] {
			t.Errorf("a race form the plan does not change is warned: %s", m[0])
		}
	}
	// The projection the warnings go by is get_training_load's with the plan as what-if
	// sessions (their loads as the preview lists them).
	var whatIf []map[string]any
	for _, m := range regexp.MustCompile(`(?m)^  \w{3} (\d\d-\d\d) \S+ Run "[^"]+" .* load ~(\d+) \(new\)`).FindAllStringSubmatch(preview, -1) {
		year := "2026-"
		if m[1] < "12" {
			year = "2027-"
		}
		l, _ := strconv.Atoi(m[2])
		whatIf = append(whatIf, map[string]any{"date": year + m[1], "load": l})
	}
	if len(whatIf) != 60 {
		t.Fatalf("%d sessions with a load in the preview, want 60 (the marathon's estimated):\n%s", len(whatIf), preview)
	}
	proj := call("get_training_load", map[string]any{"weeks": 1, "days": 120, "sessions": whatIf})
	form := func(date string) (form, fitness float64) {
		t.Helper()
		f, fm := tableCell(t, proj, "day", weekdayDate(date), "fitness"), tableCell(t, proj, "day", weekdayDate(date), "form")
		if f == "" || fm == "" {
			t.Fatalf("get_training_load has no line for %s:\n%s", date, proj)
		}
		fitness, _ = strconv.ParseFloat(f, 64)
		form, _ = strconv.ParseFloat(fm, 64)
		return form, fitness
	}
	// The triathlon (4:50:00) asks five easy days: the long run the day after it, the
	// intervals three days after and the tempo five days after are named, with their form.
	for _, s := range []struct {
		date, what string
		days       int
	}{{"2027-01-31", `Run "Long run"`, 1}, {"2027-02-02", `Run "Intervals"`, 3}, {"2027-02-04", `Run "Tempo"`, 5}} {
		v, _ := form(s.date)
		containsAll(t, preview, fmt.Sprintf(`- %s: hard %s %d day(s) after RACE_A Other "Coastal 70.3 Triathlon", projected form that day %.1f (`, weekdayDate(s.date), s.what, s.days, v))
	}
	// Each race is warned of exactly when get_training_load's form at the end of the day
	// before is below what its priority wants, with that figure.
	for _, r := range []struct {
		date, race string
		want       float64
	}{{"2027-01-03", `RACE_B Run "Harbour Half Marathon"`, -10}, {"2027-01-30", `RACE_A Other "Coastal 70.3 Triathlon"`, 5}, {"2027-03-14", `RACE_A Run "Marathon"`, 5}} {
		v, fit := form(addDays(r.date, -1))
		warned := strings.Contains(preview, fmt.Sprintf("- %s: projected form going into %s %.1f (", weekdayDate(r.date), r.race, v))
		if low := v/fit*100 < r.want; low != warned {
			t.Errorf("%s: form going into it %.1f of fitness %.1f (want %+.0f%% or more); warned: %v\n%s", r.race, v, fit, r.want, warned, preview)
		}
	}

	// Week totals: the pace-timed runs have a distance (~), at a running speed, the heart-rate
	// runs' time is said to have no pace, and the marathon has a time and a load estimated
	// from the athlete's races.
	weeks := regexp.MustCompile(`(?m)^Week of (\S+ \S+): 5 session\(s\), ~?(\d+:\d\d:\d\d), ~([\d.]+) km(?: \(\+(\d+:\d\d:\d\d) of unknown pace\))?, load ~(\d+)(; the calendar's week with it: .*)?$`).FindAllStringSubmatch(preview, -1)
	if len(weeks) != 12 {
		t.Fatalf("%d week lines with a time, an estimated distance and a load, want 12:\n%s", len(weeks), preview)
	}
	hours := func(hms string) float64 {
		var h, m, s float64
		fmt.Sscanf(hms, "%f:%f:%f", &h, &m, &s)
		return h + m/60 + s/3600
	}
	for _, w := range weeks {
		km, _ := strconv.ParseFloat(w[3], 64)
		paced := hours(w[2])
		if w[4] != "" {
			paced -= hours(w[4])
		}
		if speed := km / paced; speed < 9 || speed > 15 {
			t.Errorf("week of %s: %.2f km in the %.2f h with a pace is %.1f km/h, not a run's", w[1], km, paced, speed)
		}
	}
	if !regexp.MustCompile(`RACE_A Run "Marathon" ~\d:\d\d:\d\d 42.20 km load ~[1-9]\d+ \(new\)`).MatchString(preview) {
		t.Errorf("the marathon has no estimated time and load:\n%s", preview)
	}

	// For real: the same answer, written.
	delete(plan, "check_only")
	written := call("plan_sessions", plan)
	containsAll(t, written, `Plan "Marathon 14 March": 60 session(s) written all or nothing: 60 new, 0 updated, 0 unchanged.`)
	warnings := func(answer string) string { // the lines between the counts and the weeks
		head := strings.Split(answer, "\nWeek of")[0]
		return head[strings.Index(head, "\n")+1:]
	}
	if warnings(written) != warnings(preview) {
		t.Errorf("the written plan's warnings differ from the preview's:\n%s\n---\n%s", warnings(written), warnings(preview))
	}
	evs := planEvents(f, "imcp:")
	if len(evs) != 60 {
		t.Fatalf("%d sessions written, want 60", len(evs))
	}
	// The race's load is our estimate, for the checks: it is not written (Intervals.icu's is
	// the figure of record, and the athlete gives one with load).
	for _, e := range evs {
		if deref(e.Name) == "Marathon" && (deref(e.IcuTrainingLoad) != 0 || deref(e.LoadTarget) != 0) {
			t.Errorf("the marathon is written with our estimated load: %+v", e)
		}
	}
}
