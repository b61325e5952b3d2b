package tools

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
)

// These tests check the answers against the fake's own data, so they hold whatever the
// synthetic world looks like.

func TestActivitiesListEveryActivityOfTheLastWeek(t *testing.T) {
	f, env := demoFake(t)
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
		var row map[string]string
		for _, r := range tableRows(out, "start") {
			if r["id"] == *act.Id {
				row = r
			}
		}
		switch {
		case row == nil:
			t.Errorf("activity %s of %s is missing", *act.Id, d)
		case stubs[*act.Id]:
			if row["name"] != "imported from Strava" || !strings.Contains(out, "not available through the Intervals.icu API") {
				t.Errorf("Strava stub not said unavailable: %v", row)
			}
		default:
			day, _ := time.Parse("2006-01-02", d)
			start, _ := time.Parse("2006-01-02T15:04:05", *act.StartDateLocal)
			for col, want := range map[string]string{"start": format.Day(day) + start.Format(" 15:04"), "moving time": format.Duration(float64(*act.MovingTime)),
				"load": fmt.Sprint(*act.IcuTrainingLoad)} {
				if row[col] != want {
					t.Errorf("%s of %s: %s %q, want %q", *act.Id, d, col, row[col], want)
				}
			}
		}
	}
	if !strings.HasPrefix(out, fmt.Sprintf("%d activities 2026-11-25..2026-12-01", n)) {
		t.Errorf("want %d activities in the head: %s", n, strings.SplitN(out, "\n", 2)[0])
	}
}

func TestStravaStubsAreSaidUnavailable(t *testing.T) {
	f, env := demoFake(t)
	a := demoAthlete(t, f)
	if len(a.StravaStubs) == 0 {
		t.Skip("the demo athlete has no Strava stub")
	}
	id := a.StravaStubs[len(a.StravaStubs)-1]
	for _, tool := range []string{"get_activity_details", "get_activity_intervals", "get_activity_streams"} {
		out := mustCallTool(t, env, tool, `{"activity_id":"`+id+`"}`)
		if !strings.Contains(out, "not available through the Intervals.icu API") {
			t.Errorf("%s: %s", tool, out)
		}
	}
}

// TestZoneTimesAgreeBetweenDetailsAndStreams: the time in heart-rate zones (and, for a ride,
// in power zones) that get_activity_details reports is what get_activity_streams adds up from
// the samples, for a swim, a run and a ride of the demo athlete.
func TestZoneTimesAgreeBetweenDetailsAndStreams(t *testing.T) {
	f, env := demoFake(t)
	cs := clientSession(t, env)
	seen := map[string]bool{}
	acts := demoAthlete(t, f).Activities
	for i := len(acts) - 1; i >= 0 && len(seen) < 3; i-- {
		sport, id := deref(acts[i].Type), deref(acts[i].Id)
		if seen[sport] || (sport != "Swim" && sport != "Run" && sport != "VirtualRide") {
			continue
		}
		seen[sport] = true
		details, _ := callText(t, cs, "get_activity_details", map[string]any{"activity_id": id})
		streams, _ := callText(t, cs, "get_activity_streams", map[string]any{"activity_id": id, "points": 10})
		kinds := [][2]string{{"HR zones: ", "time in HR zones: "}}
		if sport == "VirtualRide" {
			kinds = append(kinds, [2]string{"Power zones: ", "time in power zones: "})
		}
		for _, k := range kinds {
			got := strings.TrimPrefix(lineWith(details, k[0]), k[0])
			want := strings.TrimPrefix(strings.TrimSpace(lineWith(streams, k[1])), k[1]) // both leave out zones without time
			if got == "" || got != want {
				t.Errorf("%s %s: get_activity_details says %q, get_activity_streams %q", sport, id, got, want)
			}
		}
	}
	if len(seen) != 3 {
		t.Fatalf("found %v of a swim, a run and a ride", seen)
	}
}

// TestActivityDetailsNameTheGear: the API sends an activity's gear as an id alone (activity.json:
// {"id":"71459","name":null}); the details name it from the athlete's gear list (gear.json),
// read once.
func TestActivityDetailsNameTheGear(t *testing.T) {
	stub := &stubAPI{answers: map[string]string{
		"GET /api/v1/athlete/i0":          `{"id":"i0","name":"Athlete A","timezone":"Australia/Sydney"}`,
		"GET /api/v1/activity/i189807578": fixtureText(t, "activity.json"),
		"GET /api/v1/athlete/i0/gear":     fixtureText(t, "gear.json"),
	}}
	env := newEnv(serve(t, stub, stubKey), "i0", time.Date(2026, 9, 25, 8, 0, 0, 0, time.UTC))
	out, isErr := callText(t, clientSession(t, env), "get_activity_details", map[string]any{"activity_id": "i189807578"})
	if isErr || !strings.Contains(out, `Gear: "Dynafish Xiaonian B" [71459]`) {
		t.Errorf("the gear should be named from the gear list:\n%s", out)
	}
	if n := strings.Count(strings.Join(stub.reqs, "\n"), "GET /api/v1/athlete/i0/gear"); n != 1 {
		t.Errorf("the gear list was read %d times, want once", n)
	}
}
