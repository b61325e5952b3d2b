package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/intervals-mcp/intervals-mcp/internal/charts"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/load"
)

// TestLoadToolsAgreeWithTheFakesData checks the load tools against the fake athlete's own
// data (not a golden: the synthetic world may change): today's fitness and fatigue are the
// wellness row's, and the volume totals are the sums of the activities of the weeks shown.
func TestLoadToolsAgreeWithTheFakesData(t *testing.T) {
	f, c := startFake(t, fakeNow)
	a := f.World().Athletes[0]
	today := fakeToday(a)
	var row *api.Wellness
	for i := range a.Wellness {
		if a.Wellness[i].Id != nil && *a.Wellness[i].Id == today {
			row = &a.Wellness[i]
		}
	}
	if row == nil || row.Ctl == nil || row.Atl == nil {
		t.Fatalf("the fake has no wellness row for %s", today)
	}
	out, err := toolNamed(t, "get_training_load").Run(context.Background(), newEnv(c, "0", fakeNow), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("Today so far: fitness %.1f, fatigue %.1f, form %.1f", *row.Ctl, *row.Atl, *row.Ctl-*row.Atl)
	if !strings.Contains(out, want) {
		t.Errorf("want %q in:\n%s", want, out)
	}
	// One today: the projection starts from today's row and its first day is tomorrow.
	if rows := tableRows(out, "day"); len(rows) == 0 || rows[0]["day"] != weekdayDate(addDays(today, 1)) {
		t.Errorf("the projection does not start tomorrow, after today's values:\n%s", out)
	}

	out, err = toolNamed(t, "get_training_volume").Run(context.Background(), newEnv(c, "0", fakeNow), json.RawMessage(`{"weeks":6}`))
	if err != nil {
		t.Fatal(err)
	}
	first := addDays(mondayOf(today), -42) // 6 full weeks, then this one

	n, load := 0, 0
	for _, act := range a.Activities {
		d := ""
		if act.StartDateLocal != nil && len(*act.StartDateLocal) >= 10 {
			d = (*act.StartDateLocal)[:10]
		}
		if d < first || d > today || (act.Source != nil && *act.Source == "STRAVA") {
			continue
		}
		n++
		if act.IcuTrainingLoad != nil {
			load += int(*act.IcuTrainingLoad)
		}
	}
	if n == 0 {
		t.Fatal("the fake athlete has no activities in the last 6 weeks")
	}
	totals := strings.Split(out, "\n")[1]
	if !strings.Contains(totals, fmt.Sprintf("| all %d× ", n)) || !strings.HasSuffix(totals, fmt.Sprintf(" load %d", load)) {
		t.Errorf("totals: want %d activities and load %d in:\n%s", n, load, out)
	}
}

func TestTrainingLoadMatchesHandComputedExample(t *testing.T) {
	env := newEnv(serve(t, handModel(), stubKey), "i7", handNow)
	out, err := toolNamed(t, "get_training_load").Run(context.Background(), env, json.RawMessage(`{"weeks":2,"days":4}`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][3]float64{ // fitness, fatigue, form
		"Mon 2026-11-30": {51.18, 65.32, -14.15},
		"Tue 2026-12-01": {51.15, 63.28, -12.14},
		"Wed 2026-12-02": {40, 30, 10},
		"Thu 2026-12-03": {40.94, 36.66, 4.29},
		"Fri 2026-12-04": {39.98, 31.78, 8.20},
	}
	seen := 0
	for _, r := range tableRows(out, "day") {
		w, ok := want[r["day"]]
		if !ok {
			t.Errorf("unexpected projected day %s", r["day"])
			continue
		}
		seen++
		for i, col := range []string{"fitness", "fatigue", "form"} {
			got, _ := strconv.ParseFloat(r[col], 64)
			if math.Abs(got-w[i]) > 0.1 {
				t.Errorf("%s %s: got %.2f, hand-computed %.2f", r["day"], col, got, w[i])
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d of %d projected days found in:\n%s", seen, len(want), out)
	}
	// ramp rate, form zone, reset and race
	wantRow(t, out, "day", "Mon 2026-11-30", map[string]string{"form": "-14.1", "form zone": "optimal", "form % of fitness": "-28", "ramp": "-6.5"})
	wantRow(t, out, "day", "Wed 2026-12-02", map[string]string{"notes": "fitness set to 40.0, fatigue set to 30.0"})
	wantRow(t, out, "day", "Thu 2026-12-03", map[string]string{"ramp": "-12.8", "notes": "race B: Crit"})
	golden(t, "get_training_load", "hand", out, nil)
}

func TestTrainingLoadRejectsBadSessions(t *testing.T) {
	env := newEnv(serve(t, handModel(), stubKey), "i7", handNow)
	for _, args := range []string{
		`{"sessions":[{"date":"2026-11-20","load":50}]}`,
		`{"sessions":[{"date":"2027-03-01","load":50}]}`,
		`{"sessions":[{"date":"2026-12-01"}]}`,
		`{"sessions":[{"date":"2026-12-01","duration":"1:00"}]}`,
		`{"sessions":[{"date":"2026-12-01","duration":"long","intensity":0.7}]}`,
		`{"weeks":40}`,
	} {
		if _, err := toolNamed(t, "get_training_load").Run(context.Background(), env, json.RawMessage(args)); err == nil {
			t.Errorf("%s: want an error", args)
		}
	}
}

// TestTrainingLoadHonoursFitnessDays changes the time constants to 21 and 5 days from Tuesday
// (a FITNESS_DAYS event). By hand, from Monday's 51.176 / 65.325:
//
//	Tue (load 50): 51.176 + (50-51.176)(1-exp(-1/21)) = 51.12, 65.325 + (50-65.325)(1-exp(-1/5)) = 62.55
//	Wed (load 0):  48.74, 51.21
func TestTrainingLoadHonoursFitnessDays(t *testing.T) {
	s := handModel()
	days := `[{"id":6,"category":"FITNESS_DAYS","start_date_local":"2026-12-01T00:00:00","ctl_days":21,"atl_days":5}]`
	s.answers["GET /api/v1/athlete/i7/fitness-model-events"] = days
	s.answers["GET /api/v1/athlete/i7/events"] = `[
		{"id":1,"category":"WORKOUT","start_date_local":"2026-11-30T00:00:00","icu_training_load":100},
		{"id":2,"category":"WORKOUT","start_date_local":"2026-12-01T00:00:00","icu_training_load":50}]`
	env := newEnv(serve(t, s, stubKey), "i7", handNow)
	out, err := toolNamed(t, "get_training_load").Run(context.Background(), env, json.RawMessage(`{"days":2}`))
	if err != nil {
		t.Fatal(err)
	}
	wantRow(t, out, "day", "Tue 2026-12-01", map[string]string{"load": "50", "fitness": "51.1", "fatigue": "62.5", "notes": "fitness days 21, fatigue days 5"})
	wantRow(t, out, "day", "Wed 2026-12-02", map[string]string{"load": "0", "fitness": "48.7", "fatigue": "51.2"})
}

func TestTrainingLoadKeepsToTheBudget(t *testing.T) {
	env := newEnv(serve(t, handModel(), stubKey), "i7", handNow)
	env.Budget = 1200
	out, err := toolNamed(t, "get_training_load").Run(context.Background(), env, json.RawMessage(`{"days":120}`))
	if err != nil {
		t.Fatal(err)
	}
	if len([]rune(out)) > 1200 || !strings.Contains(out, "more lines; ask for fewer weeks or days") {
		t.Fatalf("%d characters, cut not said:\n%s", len([]rune(out)), out)
	}
}

// fakeNow is Mon 2026-11-30 11:00 in Sydney, the demo athlete's zone.
var fakeNow = time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)

// fakeToday is the fake's today in the demo athlete's zone.
func fakeToday(a *synth.Athlete) string {
	loc, err := time.LoadLocation(*a.Profile.Timezone)
	if err != nil {
		loc = time.UTC
	}
	return fakeNow.In(loc).Format(ymd)
}

// TestTrainingLoadHasOneToday gives the hand model a wellness row for today (Monday, nothing
// done yet: the week's decay one day further) with its 100 still to do. Today is shown once,
// as Intervals.icu reports it, then with the session done (the hand-computed Monday of
// handModel); the projection starts from there, on Tuesday with the same hand values.
func TestTrainingLoadHasOneToday(t *testing.T) {
	s := handModel()
	rows := strings.TrimSuffix(s.answers["GET /api/v1/athlete/i7/wellness"], "]")
	ctl, atl := 50*math.Exp(-1.0/42), 60*math.Exp(-1.0/7)
	s.answers["GET /api/v1/athlete/i7/wellness"] = rows + fmt.Sprintf(`,{"id":"2026-11-30","ctl":%.4f,"atl":%.4f,"ctlLoad":0,"atlLoad":0,"rampRate":-7.6}]`, ctl, atl)
	env := newEnv(serve(t, s, stubKey), "i7", handNow)
	out, err := toolNamed(t, "get_training_load").Run(context.Background(), env, json.RawMessage(`{"weeks":1,"days":4}`))
	if err != nil {
		t.Fatal(err)
	}
	containsAll(t, out,
		fmt.Sprintf("Today so far: fitness %.1f, fatigue %.1f, form %.1f", ctl, atl, ctl-atl),
		`Still to do today: Ride "Threshold" load 100; once done: fitness 51.2, fatigue 65.3, form -14.1 (optimal, -28%)`,
		"Projection from the end of today, 42/7-day model")
	if rows := tableRows(out, "day"); len(rows) == 0 || rows[0]["day"] != "Tue 2026-12-01" || strings.Count(out, "-14.1") != 1 {
		t.Errorf("today is shown more than once, or the projection does not start tomorrow:\n%s", out)
	}
	wantRow(t, out, "day", "Tue 2026-12-01", map[string]string{"load": "50", "fitness": "51.1", "fatigue": "63.3", "form": "-12.1"})
	wantRow(t, out, "week", "Mon 2026-11-30 (Mon-Fri only)", map[string]string{"load done": "0", "load planned": "230"})
}

// TestRaceFormReadsTheSameEverywhere writes three big days before the demo's B race, then
// reads the form going into it in get_training_load, chart_fitness (text and structured
// content) and plan_sessions' check, over one MCP session: the same form of the end of the
// day before (the projection's Saturday, not the race day that holds its own load), the same
// zone and the same target, which the race_readiness prompt names.
func TestRaceFormReadsTheSameEverywhere(t *testing.T) {
	_, env := demoFake(t)
	cs := clientSession(t, env)
	call := func(name string, args map[string]any) *mcp.CallToolResult {
		t.Helper()
		return callChart(t, cs, name, args)
	}
	text := func(res *mcp.CallToolResult) string { return res.Content[0].(*mcp.TextContent).Text }
	plan := map[string]any{"plan": "Big days", "sessions": []map[string]any{
		runSession("2026-12-31", "Big day", timedStep("3:00:00", "Z3 pace")),
		runSession("2027-01-01", "Big day", timedStep("3:00:00", "Z3 pace")),
		runSession("2027-01-02", "Big day 3", timedStep("3:00:00", "Z3 pace")),
	}}
	plan["check_only"] = true
	pl := text(call("plan_sessions", plan)) // the check before the write: a re-run would say it changes nothing
	delete(plan, "check_only")
	call("plan_sessions", plan)

	tl := text(call("get_training_load", map[string]any{"weeks": 1, "days": 60}))
	eve, day := tableCell(t, tl, "day", "Sat 2027-01-02", "form"), tableCell(t, tl, "day", "Sun 2027-01-03", "form")
	zone := tableCell(t, tl, "day", "Sat 2027-01-02", "form zone")
	pct := tableCell(t, tl, "day", "Sat 2027-01-02", "form % of fitness")
	if eve == "" || eve == day {
		t.Fatalf("the eve's form %q and the race day's %q should differ (the race's load):\n%s", eve, day, tl)
	}
	b, _ := load.TargetOf("RACE_B")
	verdict := "below"
	if v, _ := strconv.ParseFloat(pct, 64); v >= b.From {
		t.Fatalf("the big days should put the B race below its target, not at %s%%", pct)
	}
	core := fmt.Sprintf(`form going in %s (%s%%, %s), target 0%% to +15%%: %s`, eve, pct, zone, verdict)
	want := `Race Sun 2027-01-03 B "Harbour Half Marathon": ` + core
	if !strings.Contains(tl, want) {
		t.Errorf("get_training_load: want %q in:\n%s", want, tl)
	}
	// the C race goes in within its target
	if !regexp.MustCompile(`Race Sat 2026-12-19 C "Club 40k Time Trial": form going in -?\d+\.\d \([+-]?\d+%, [a-z ]+\), target -10% to \+10%: in`).MatchString(tl) {
		t.Errorf("get_training_load: the C race's line is missing:\n%s", tl)
	}

	res := callChart(t, appsSession(t, env, true, ""), "chart_fitness", map[string]any{"weeks": 1, "days": 60})
	if !strings.Contains(text(res), want) {
		t.Errorf("chart_fitness: want %q in:\n%s", want, text(res))
	}
	var race *charts.Race
	for _, r := range chartOf(t, res).Fitness.Races {
		if r.Date == "2027-01-03" {
			race = &r
		}
	}
	if race == nil || race.FormIn == nil {
		t.Fatalf("chart_fitness: no form going into the half marathon in %+v", chartOf(t, res).Fitness.Races)
	}
	if f := race.FormIn; format.FitnessValue(f.Form) != eve || f.Zone != zone || f.Eve != "2027-01-02" || f.Target != b || f.Verdict != verdict {
		t.Errorf("chart_fitness: structured form going in %+v, want form %s (%s) of the eve, target %+v, %s", f, eve, zone, b, verdict)
	}

	if w := `RACE_B Run "Harbour Half Marathon" with this plan: projected ` + core + ";"; !strings.Contains(pl, w) {
		t.Errorf("plan_sessions: want %q in:\n%s", w, pl)
	}

	p, err := cs.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: "race_readiness"})
	if err != nil {
		t.Fatal(err)
	}
	if pt := p.Messages[0].Content.(*mcp.TextContent).Text; !strings.Contains(pt, "A +5% to +25%, B 0% to +15%, C -10% to +10%") {
		t.Errorf("race_readiness does not name the table of targets:\n%s", pt)
	}
}

// Fitness, fatigue and form "now" are what is done so far (Intervals.icu's values), and
// "after today's plan" beside them: the same figures in get_training_load, get_athlete_context
// and chart_fitness, through one MCP session on the demo (a session is still to do today).
func TestFormNowAndAfterTodaysPlanReadTheSameEverywhere(t *testing.T) {
	_, env := demoFake(t)
	cs := clientSession(t, env)
	text := func(name string) string {
		t.Helper()
		out, isErr := callText(t, cs, name, map[string]any{})
		if isErr {
			t.Fatalf("%s: %s", name, out)
		}
		return out
	}
	tl := text("get_training_load")
	m := regexp.MustCompile(`(?m)^Today so far: fitness ([\d.]+), fatigue ([\d.]+), form (-?[\d.]+).*\nStill to do today: .*; once done: fitness ([\d.]+), fatigue ([\d.]+), form (-?[\d.]+) `).FindStringSubmatch(tl)
	if m == nil {
		t.Fatalf("get_training_load: no session still to do today, or no values once done:\n%s", tl)
	}
	if m[3] == m[6] {
		t.Fatalf("today's plan does not change form (%s): the test needs a session of load today", m[3])
	}
	now := fmt.Sprintf("fitness %s, fatigue %s, form %s", m[1], m[2], m[3])
	after := fmt.Sprintf("fitness %s, fatigue %s, form %s", m[4], m[5], m[6])
	ctx := text("get_athlete_context")
	containsAll(t, ctx, "Fitness today: "+now+" (", "; after today's plan (load ", "): "+after+" (")
	chart := text("chart_fitness")
	containsAll(t, chart, "Today so far: "+now+" (", "; after today's plan: form "+m[6]+" (")
}
