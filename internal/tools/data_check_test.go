package tools

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
)

// These tests check the answers against the fake's own data, so they hold whatever the
// synthetic world looks like.

func TestActivitiesListEveryActivityOfTheLastWeek(t *testing.T) {
	env, f := demoEnv(t)
	a := demoAthlete(t, f)
	out := mustCallTool(t, env, "get_activities", `{}`)
	stubs := map[string]bool{}
	for _, id := range a.StravaStubs {
		stubs[id] = true
	}
	n := 0
	for _, act := range a.Activities {
		d := (*act.StartDateLocal)[:10]
		if d < "2026-11-25" || d > "2026-12-01" {
			continue
		}
		n++
		line := lineWith(out, "["+*act.Id+"]")
		switch {
		case line == "":
			t.Errorf("activity %s of %s is missing", *act.Id, d)
		case stubs[*act.Id]:
			if !strings.Contains(line, "not available through the Intervals.icu API") {
				t.Errorf("Strava stub not said unavailable: %s", line)
			}
		default:
			day, _ := time.Parse("2006-01-02", d)
			for _, want := range []string{format.Day(day), format.Duration(float64(*act.MovingTime)), fmt.Sprintf("load %d", *act.IcuTrainingLoad)} {
				if !strings.Contains(line, want) {
					t.Errorf("line for %s lacks %q: %s", *act.Id, want, line)
				}
			}
		}
	}
	if !strings.HasPrefix(out, fmt.Sprintf("%d activities 2026-11-25..2026-12-01", n)) {
		t.Errorf("want %d activities in the head: %s", n, strings.SplitN(out, "\n", 2)[0])
	}
}

func TestEventsStatusFollowsPairingAndTheLocalToday(t *testing.T) {
	env, f := demoEnv(t)
	a := demoAthlete(t, f)
	out := mustCallTool(t, env, "get_events", `{"oldest":"2026-11-16","newest":"2026-12-13"}`)
	for _, e := range a.Events {
		d := (*e.StartDateLocal)[:10]
		if d < "2026-11-16" || d > "2026-12-13" {
			continue
		}
		line := lineWith(out, fmt.Sprintf("[id %d]", *e.Id))
		if line == "" {
			t.Errorf("event %d of %s is missing", *e.Id, d)
			continue
		}
		var want string
		switch {
		case e.Category == nil || *e.Category != "WORKOUT":
			continue
		case a.PairedActivity[*e.Id] != "":
			want = "- done (activity " + a.PairedActivity[*e.Id] + ")"
		case d < "2026-12-01":
			want = "- missed"
		default:
			want = "- to do"
		}
		if !strings.HasSuffix(line, want) {
			t.Errorf("event %d of %s: want %q, got %s", *e.Id, d, want, line)
		}
	}
}

func TestWellnessShowsEachDaysModelValues(t *testing.T) {
	env, f := demoEnv(t)
	a := demoAthlete(t, f)
	out := mustCallTool(t, env, "get_wellness_data", `{"oldest":"2026-11-20","newest":"2026-11-30"}`)
	for _, w := range a.Wellness {
		if *w.Id < "2026-11-20" || *w.Id > "2026-11-30" {
			continue
		}
		day, _ := time.Parse("2006-01-02", *w.Id)
		line := lineWith(out, format.Day(day)+":")
		if want := format.Fitness(float64(*w.Ctl), float64(*w.Atl)); !strings.Contains(line, want) {
			t.Errorf("%s: want %q in %q", *w.Id, want, line)
		}
		if w.Soreness != nil && !strings.Contains(line, "soreness "+format.Scale("soreness", int(*w.Soreness))) {
			t.Errorf("%s: soreness not labelled: %q", *w.Id, line)
		}
	}
}

func TestGearListsEveryItem(t *testing.T) {
	env, f := demoEnv(t)
	out := mustCallTool(t, env, "get_gear_list", `{}`)
	for _, g := range demoAthlete(t, f).Gear {
		if !strings.Contains(out, `"`+*g.Name+`" [`+*g.Id+`]`) {
			t.Errorf("gear %s %q missing:\n%s", *g.Id, *g.Name, out)
		}
	}
}

// lineWith returns the first line of s containing sub, or "".
func lineWith(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}

// TestDoneSessionsSayHowCloseTheyCame: under each done session get_events shows the time and
// load of the activity that did it, from the fake's own activities.
func TestDoneSessionsSayHowCloseTheyCame(t *testing.T) {
	env, f := demoEnv(t)
	a := demoAthlete(t, f)
	out := mustCallTool(t, env, "get_events", `{"oldest":"2026-11-16","newest":"2026-11-30"}`)
	lines := strings.Split(out, "\n")
	checked := 0
	for _, e := range a.Events {
		act := a.PairedActivity[*e.Id]
		if act == "" || (*e.StartDateLocal)[:10] < "2026-11-16" || (*e.StartDateLocal)[:10] > "2026-11-30" {
			continue
		}
		var done *api.Activity
		for i := range a.Activities {
			if *a.Activities[i].Id == act {
				done = &a.Activities[i]
			}
		}
		if done == nil || done.MovingTime == nil || done.IcuTrainingLoad == nil {
			continue
		}
		i := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, fmt.Sprintf("[id %d]", *e.Id)) })
		if i < 0 || i+1 >= len(lines) {
			t.Errorf("event %d is missing", *e.Id)
			continue
		}
		did := lines[i+1]
		want := "  did " + format.Duration(float64(*done.MovingTime))
		if !strings.HasPrefix(did, want) || !strings.Contains(did, fmt.Sprintf("load %d of ", *done.IcuTrainingLoad)) {
			t.Errorf("event %d done by %s: want %q… load %d, got %q", *e.Id, act, want, *done.IcuTrainingLoad, did)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no done session with time and load in the range")
	}
}
