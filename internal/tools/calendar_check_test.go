package tools

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// The demo athlete's calendar at samples.Now (today Tue 2026-12-01): the triathlon plan's
// Easy Run (id 5000095) on Wed 12-02 and Sweet Spot 3x20 (id 5000096) on Thu 12-03; in the
// week of Mon 12-14 the VirtualRide "3x10 Threshold" on Tue 12-15, runs on Wed 12-16 and Sun
// 12-20 (none of the 4 weeks before held more than 2 runs or 3 rides); VO2max 6x4m (id
// 5000101) on Tue 12-08.

// Every write that places or moves a session says what the calendar check finds, in its
// answer, through an MCP session; the write is made all the same.
func TestEveryPlacingWriteWarnsOfTheCalendarItMakes(t *testing.T) {
	f, env := demoFake(t)
	cs := clientSession(t, env)
	call := func(name string, args map[string]any) string {
		t.Helper()
		out, isErr := callText(t, cs, name, args)
		if isErr {
			t.Fatalf("%s %v: %s", name, args, out)
		}
		return out
	}
	// The fever scenario: the Wednesday run moved two weeks on, to the threshold day.
	out := call("move_sessions", map[string]any{"ids": []int{5000095}, "to_date": "2026-12-15"})
	containsAll(t, out, "Moved 1 session(s) by +13 day(s):",
		"warning(s) from the calendar and the projected load (written all the same):",
		"- Week of Mon 2026-12-14: 3 Run sessions, 1 of this write and 2 already there; none of the 4 weeks before held more than 2")
	if e := eventNamed(t, f, 5000095); dayOfEvent(e) != "2026-12-15" {
		t.Errorf("the warned move was not made: %s", dayOfEvent(e))
	}
	// The Sweet Spot onto the threshold ride: the same sport, both hard, on one day.
	out = call("move_sessions", map[string]any{"ids": []int{5000096}, "to_date": "2026-12-15"})
	containsAll(t, out, `- Tue 2026-12-15: VirtualRide "Sweet Spot 3x20" on a day that already holds VirtualRide "3x10 Threshold", both hard`,
		"- Week of Mon 2026-12-14: 4 Ride sessions, 1 of this write and 3 already there; none of the 4 weeks before held more than 3")
	// A copy, then a repeat, onto the same Tuesday: the second is warned of the first.
	out = call("copy_sessions", map[string]any{"ids": []int{5000101}, "to_date": "2027-01-05"})
	if strings.Contains(out, "warning(s)") {
		t.Errorf("a copy onto a free day is warned:\n%s", out)
	}
	out = call("repeat_session", map[string]any{"id": 5000101, "every_weeks": 4, "times": 1})
	containsAll(t, out, `- Tue 2027-01-05: VirtualRide "VO2max 6x4m" on a day that already holds VirtualRide "VO2max 6x4m", both hard`)
	// update_session with a new date, onto a race day.
	out = call("update_session", map[string]any{"id": 5000110, "date": "2026-12-19"})
	containsAll(t, out, `- Sat 2026-12-19: VirtualRide "Tempo 2x30" is on the day of RACE_C Ride "Club 40k Time Trial"`)
	// add_or_update_event: a new session, and one moved by its date.
	out = call("add_or_update_event", map[string]any{"date": "2026-12-13", "type": "Run", "name": "Extra long", "duration": "2:30:00", "load": 180})
	containsAll(t, out, `- Sun 2026-12-13: Run "Extra long" on a day that already holds Run "Tempo Run 2x15", both hard`,
		`- Sun 2026-12-13: hard Run "Extra long" the day after hard Ride "Endurance Ride": hard days back to back`,
		// twice the longest run of the 30 days before: Frandsen's spike, the uncoupled
		// acute:chronic ratio beside it (no longer a warning of its own)
		`- Sun 2026-12-13: Run "Extra long" 2:30:00, +100% on the longest Run of the 30 days before (1:15:00, Sun 2026-12-06); over +30%, injury rate x1.52 (Frandsen 2025); acute:chronic 1.62 (7-day mean load 99 over the 21 days before, 61)`)
	out = call("add_or_update_event", map[string]any{"event_id": 5000109, "date": "2026-12-20"})
	containsAll(t, out, `- Sun 2026-12-20: Run "Easy Run" on a day that already holds Run "Long Run"`)
	// A note places no session: nothing is checked, nothing said.
	out = call("add_or_update_event", map[string]any{"category": "NOTE", "date": "2026-12-20", "name": "Call the physio"})
	if strings.Contains(out, "warning") {
		t.Errorf("a note is warned:\n%s", out)
	}
}

// A session is a spike when it is more than 10% longer than the longest of its sport in the
// 30 days before it (the demo's 1:15:00 long run of Sun 12-06 before Thu 12-10): 1:22:00 is
// +9%, 1:23:00 +11%, through an MCP session; a re-run that changes nothing says so in one
// line, and a figure past its threshold without the write is context, not a warning.
func TestSpikeAndContextThroughAnMCPSession(t *testing.T) {
	_, env := demoFake(t)
	cs := clientSession(t, env)
	call := func(name string, args map[string]any) string {
		t.Helper()
		out, isErr := callText(t, cs, name, args)
		if isErr {
			t.Fatalf("%s %v: %s", name, args, out)
		}
		return out
	}
	long := func(d string) map[string]any {
		return map[string]any{"plan": "Spike", "check_only": true, "sessions": []map[string]any{{"date": "2026-12-10", "sport": "Run", "name": "Long", "duration": d}}}
	}
	if out := call("plan_sessions", long("1:22:00")); strings.Contains(out, "longest Run") {
		t.Errorf("a run 9%% longer than the longest is warned:\n%s", out)
	}
	containsAll(t, call("plan_sessions", long("1:23:00")),
		`- Thu 2026-12-10: Run "Long" 1:23:00, +11% on the longest Run of the 30 days before (1:15:00, Sun 2026-12-06); over +10%, injury rate x1.64 (Frandsen 2025)`)
	// Written, then again as it is: nothing changes, and the answer says so once.
	plan := long("1:23:00")
	delete(plan, "check_only")
	containsAll(t, call("plan_sessions", plan), "1 new", "over +10%")
	again := call("plan_sessions", plan)
	containsAll(t, again, "1 unchanged", "The calendar already holds this plan as given: nothing changes")
	if strings.Contains(again, "warning") || strings.Contains(again, "Already so") {
		t.Errorf("an unchanged re-run repeats its check:\n%s", again)
	}
	// Its time changed by 1 minute: the spike is the write's again (+12% from +11%)...
	plan["sessions"].([]map[string]any)[0]["duration"] = "1:24:00"
	containsAll(t, call("plan_sessions", plan), "1 updated", `+12% on the longest Run`, "+11% without this write")
	// ... while a session added beside it leaves the spike as it was: context, in one line.
	plan["sessions"] = append(plan["sessions"].([]map[string]any), map[string]any{"date": "2027-01-12", "sport": "Run", "name": "Easy", "duration": "30:00"})
	out := call("plan_sessions", plan)
	containsAll(t, out, "1 new, 0 updated, 1 unchanged", "Already so without this write, not made worse by it (", "Thu 2026-12-10: Run \"Long\" 1:24:00, +12%")
	if strings.Contains(out, "- Thu 2026-12-10") || strings.Contains(out, "- Week of Mon 2026-12-07") {
		t.Errorf("a spike the write does not change is warned:\n%s", out)
	}
}

// eventNamed is the demo athlete's event id, as the fake holds it.
func eventNamed(t *testing.T, f *fakeicu.Fake, id int32) api.Event {
	t.Helper()
	for _, e := range demoCalendar(f) {
		if deref(e.Id) == id {
			return e
		}
	}
	t.Fatalf("no event %d", id)
	return api.Event{}
}

// riskCase is a calendar for the load checks: daily loads done before today (wellness),
// sessions already there and the write's, all runs.
type riskCase struct {
	today        string
	done         map[string]float64
	kept, placed []calSession
	replaced     []calSession // there before the write, not after (what it rewrites)
	weeks        []string
}

func run(date string, load, secs int, plan bool) calSession {
	return calSession{date: date, last: date, category: "WORKOUT", load: load, secs: secs, plan: plan,
		label: format.Label{Category: "WORKOUT", Sport: "Run", Name: fmt.Sprintf("Run %s", date)}}
}

// check is what the load and spike checks find of the case: warnings and context.
func (r riskCase) check() calendarCheck {
	well := map[string]intervals.Wellness{}
	for d, l := range r.done {
		v := float32(l)
		well[d] = intervals.Wellness{CtlLoad: &v}
	}
	c := &checkData{today: r.today, before: append(append([]calSession{}, r.kept...), r.replaced...), placed: r.placed, after: append(append([]calSession{}, r.placed...), r.kept...),
		data: &loadData{well: well}}
	from, to := addDays(r.weeks[0], -35), addDays(r.weeks[len(r.weeks)-1], 6)
	c.la, c.lb = c.dailyLoads(c.after, from, to), c.dailyLoads(c.before, from, to)
	var out calendarCheck
	c.judge(&out, c.loadWarnings(r.weeks))
	c.judge(&out, c.spikes())
	c.judge(&out, c.tapers())
	c.judge(&out, c.builds(r.weeks))
	return out
}

func (r riskCase) warnings(kind string) []format.PlanWarning {
	var out []format.PlanWarning
	for _, w := range r.check().warnings {
		if w.Kind == kind {
			out = append(out, w)
		}
	}
	return out
}

// Each load check warns of a calendar built to cross its threshold, and not of the same
// calendar just under it (the figures as internal/load's tests derive them). build makes the
// calendar for a value of the write (a load or minutes); want is the warning it gives at over.
func TestLoadChecksWarnPastTheirThresholdOnly(t *testing.T) {
	const today = "2026-10-31" // a Saturday: every session below is still to do
	for _, c := range []struct {
		kind        string
		under, over int
		build       func(r *riskCase, v int)
		want        string
	}{
		// An hour's run every day from Sun 11-01 (load 50), then the write's v minutes on Thu
		// 12-03 (load 60): 66 minutes is 10% longer than the longest of the 30 days before,
		// 67 is 12%, past Frandsen's first grade; the acute:chronic ratio beside it is the
		// uncoupled one (7 days at 50, less Thursday's 50, plus 60, over 21 days at 50).
		{format.WarnSpike, 66, 67, func(r *riskCase, v int) {
			for d := "2026-11-01"; d <= "2026-12-06"; d = addDays(d, 1) {
				if d != "2026-12-03" {
					r.kept = append(r.kept, run(d, 50, 3600, false))
				}
			}
			r.placed = []calSession{run("2026-12-03", 60, v*60, true)}
		}, `Thu 2026-12-03: Run "Run 2026-12-03" 1:07:00, +12% on the longest Run of the 30 days before (1:00:00, Wed 2026-12-02); over +10%, injury rate x1.64 (Frandsen 2025); acute:chronic 1.03 (7-day mean load 51 over the 21 days before, 50)`},
		// 4 hours a week for 4 weeks, then 3 hours and the write's v minutes: 5:13 is +30.4%
		// (shown +30%), 5:15 is +31%.
		{format.WarnVolume, 133, 135, func(r *riskCase, v int) {
			for _, d := range []string{"2026-11-08", "2026-11-15", "2026-11-22", "2026-11-29"} {
				r.kept = append(r.kept, run(d, 0, 4*3600, false))
			}
			r.kept = append(r.kept, run("2026-12-01", 0, 3*3600, false))
			r.placed = []calSession{run("2026-12-03", 0, v*60, true)}
		}, "Week of Mon 2026-11-30: Run 5:15:00 (3:00:00 without this write; +31% on its mean of the 4 weeks before, 4:00:00); above +30%"},
		// 100, 100, 100, 100, 60 then the write's Saturday: 45 makes 1.99, 50 makes 2.04.
		{format.WarnMonotony, 45, 50, func(r *riskCase, v int) {
			for i, l := range []int{100, 100, 100, 100, 60} {
				r.kept = append(r.kept, run(addDays("2026-11-30", i), l, 3600, false))
			}
			r.placed = []calSession{run("2026-12-05", v, 1800, true)}
		}, "Week of Mon 2026-11-30: monotony 2.04 (1.50 without this write; week load 510, mean daily load / sd); above 2.0"},
		// Four weeks of 100 on Mon, Wed, Fri (strain 260), the fifth with the write's Sunday:
		// 55 makes 1.496 times it, 57 makes 1.512.
		{format.WarnStrain, 55, 57, func(r *riskCase, v int) {
			for w := 0; w < 5; w++ {
				for _, d := range []int{0, 2, 4} {
					r.kept = append(r.kept, run(addDays("2026-11-02", 7*w+d), 100, 3600, false))
				}
			}
			r.placed = []calSession{run("2026-12-06", v, 1800, true)}
		}, "Week of Mon 2026-11-30: strain 393 (260 without this write; load 357 x monotony 1.10), 1.51x its mean of the 4 weeks before (260); above 1.5x"},
	} {
		for _, v := range []int{c.under, c.over} {
			r := riskCase{today: today, done: map[string]float64{}, weeks: []string{"2026-11-30"}}
			c.build(&r, v)
			ws := r.warnings(c.kind)
			if (len(ws) == 1) != (v == c.over) {
				t.Fatalf("%s at %d: %d warnings, want one: %v", c.kind, v, len(ws), v == c.over)
			}
			if v == c.over && !strings.HasPrefix(ws[0].String(), c.want) {
				t.Errorf("%s: warning %q, want %q", c.kind, ws[0].String(), c.want)
			}
		}
	}
}

// The taper into an A race (Sun 12-06) after three weeks of an hour's run a day: the write's
// daily runs of the 14 days before it cut weekly time by 20% at 48 minutes (a taper), by 18%
// at 49 (not reduced: warned); every other day at an hour instead of every day is a
// frequency drop. A cut of 77%
// (14 minutes a day) is past Bosquet's range, but less so than no taper at all (the calendar
// without the write): context, not a warning.
func TestTaperBeforeAnARace(t *testing.T) {
	build := func(mins, every int) riskCase {
		r := riskCase{today: "2026-10-31", done: map[string]float64{}, weeks: []string{"2026-11-16", "2026-11-23", "2026-11-30"}}
		race := calSession{date: "2026-12-06", last: "2026-12-06", category: "RACE_A", secs: 3 * 3600, load: 250, label: format.Label{Category: "RACE_A", Sport: "Run", Name: "Marathon"}}
		r.kept = append(r.kept, race)
		for d := "2026-11-01"; d <= "2026-11-21"; d = addDays(d, 1) {
			r.kept = append(r.kept, run(d, 50, 3600, false))
		}
		for i, d := 0, "2026-11-22"; d <= "2026-12-05"; i, d = i+1, addDays(d, 1) {
			if i%every == 0 {
				r.placed = append(r.placed, run(d, 40, mins*60, true))
			}
		}
		return r
	}
	taper := func(c calendarCheck, already bool) []format.PlanWarning {
		ws := c.warnings
		if already {
			ws = c.already
		}
		var out []format.PlanWarning
		for _, w := range ws {
			if w.Kind == format.WarnTaper {
				out = append(out, w)
			}
		}
		return out
	}
	if ws := taper(build(48, 1).check(), false); len(ws) != 0 {
		t.Errorf("a 20%% cut is warned: %v", ws[0].String())
	}
	ws := taper(build(49, 1).check(), false)
	if len(ws) != 1 || !strings.HasPrefix(ws[0].String(), `Sun 2026-12-06: taper into RACE_A Run "Marathon": the 14 days before cut weekly time 18% (5:43:00 a week from 7:00:00 over the 3 weeks before, 100% without this write), sessions 7.0 a week from 7.0, hard 0.0 from 0.0: volume not reduced; Bosquet 2007`) {
		t.Errorf("an 18%% cut: %v", ws)
	}
	// every other day at an hour, where an hour a day was (a rewrite): the cut is right, the
	// frequency dropped
	freq := build(60, 2)
	for d := "2026-11-22"; d <= "2026-12-05"; d = addDays(d, 1) {
		freq.replaced = append(freq.replaced, run(d, 50, 3600, false))
	}
	if ws := taper(freq.check(), false); len(ws) != 1 || !strings.Contains(ws[0].String(), "cut weekly time 50% (3:30:00 a week from 7:00:00 over the 3 weeks before, 0% without this write), sessions 3.5 a week from 7.0, hard 0.0 from 0.0: frequency dropped;") {
		t.Errorf("every other day: %v", ws)
	}
	c := build(14, 1).check()
	if len(taper(c, false)) != 0 || len(taper(c, true)) != 1 || !strings.Contains(taper(c, true)[0].String(), "cut weekly time 77%") {
		t.Errorf("a cut of 77%% against none: warnings %v, context %v", taper(c, false), taper(c, true))
	}
}

// Weeks of build: five weeks of 350 or 300 and the write's week at 7 days of v: 34 a day
// (238) is a lighter week (down 20% on 300), 35 (245) is not, and makes the fifth week in a row.
func TestBuildWithoutALighterWeek(t *testing.T) {
	for _, v := range []int{34, 35} {
		r := riskCase{today: "2026-10-31", done: map[string]float64{}, weeks: []string{"2026-11-02"}}
		for d := "2026-10-05"; d <= "2026-10-31"; d = addDays(d, 1) {
			r.done[d] = 50
		}
		for d := "2026-11-02"; d <= "2026-11-08"; d = addDays(d, 1) {
			r.placed = append(r.placed, run(d, v, 1800, true))
		}
		ws := r.warnings(format.WarnBuild)
		if (len(ws) == 1) != (v == 35) {
			t.Fatalf("%d a day: %v", v, ws)
		}
		if v == 35 && !strings.HasPrefix(ws[0].String(), "Week of Mon 2026-11-02: 5 weeks in a row without a lighter week (load down 20% or more) (0 without this write), week load 245; plan a lighter week after at most 3") {
			t.Errorf("warning %q", ws[0].String())
		}
	}
}

// The fitness ramp is projected as get_training_load projects it: from a steady fitness of
// 50 (load 50 a day), a week at 50 + v a day ramps fitness by v(1-(1-k)^7), k = 1-e^(-1/42):
// 7.98 at v = 52 (shown +8.0, not above 8), 8.14 at 53.
func TestRampWarnsAboveTheSafeRateOnly(t *testing.T) {
	loc := time.UTC
	today := "2026-10-31"
	a := &athleteCtx{Athlete: &toolcall.Athlete{ID: "i1", Location: loc}, units: format.Units{Loc: loc}, today: time.Date(2026, 10, 31, 0, 0, 0, 0, loc)}
	for _, c := range []struct {
		extra int
		warn  bool
	}{{52, false}, {53, true}} {
		well := map[string]intervals.Wellness{}
		for d := "2026-10-01"; d <= today; d = addDays(d, 1) {
			ctl, load := float32(50), float32(50)
			well[d] = intervals.Wellness{Ctl: &ctl, Atl: &ctl, CtlLoad: &load}
		}
		data := &loadData{ath: a, first: mondayOf(today), well: well}
		var placed []calSession
		for d := "2026-11-01"; d <= "2026-11-08"; d = addDays(d, 1) {
			data.evs = append(data.evs, calEvent{ID: 1, Category: "WORKOUT", Start: d + "T00:00:00", Load: pointer(50.0)})
			if d >= "2026-11-02" { // the week of Mon 11-02
				placed = append(placed, run(d, c.extra, 1800, true))
			}
		}
		chk := &checkData{today: today, placed: placed, data: data}
		ws, err := chk.ramps(&toolcall.Env{AthleteID: "i1"}, goneByID(), []string{"2026-11-02"}, "2026-11-08")
		if err != nil {
			t.Fatal(err)
		}
		if (len(ws) == 1) != c.warn {
			t.Fatalf("extra %d: %d warnings %v, want one: %v", c.extra, len(ws), ws, c.warn)
		}
		if c.warn && (!ws[0].worse || ws[0].w.String() != `Sun 2026-11-08: projected fitness ramp +8.1/week (+0.0 without this write); above the safe 8/week, with Run "Run 2026-11-02"`) {
			t.Errorf("warning %q", ws[0].w.String())
		}
	}
}

// The warnings keep to a third of the answer's budget, the rest counted, and the answer to
// the budget.
func TestCalendarWarningsKeepToTheBudget(t *testing.T) {
	_, env := demoFake(t)
	env.Budget = 1200
	out := mustCallTool(t, env, "copy_sessions", map[string]any{"oldest": "2026-12-07", "newest": "2026-12-27", "to_date": "2026-12-08"})
	n := len([]rune(out))
	w := out[strings.LastIndex(out[:strings.Index(out, " warning(s) from the calendar")], "\n")+1:]
	if n > 1200 || len([]rune(w)) > 1200/3+80 || !strings.Contains(w, "more warnings; get_events and get_training_load show the weeks") {
		t.Errorf("want at most 1200 characters, the warnings cut to a third with the rest counted; got %d:\n%s", n, out)
	}
	total, err := strconv.Atoi(strings.Fields(w)[0])
	if err != nil || total <= strings.Count(w, "\n- ") {
		t.Errorf("the count %q does not exceed the warnings listed:\n%s", w, out)
	}
}
