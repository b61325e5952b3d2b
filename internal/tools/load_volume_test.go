package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
)

func TestTrainingVolumeByWeekAndSport(t *testing.T) {
	s := &stubAPI{answers: map[string]string{
		"GET /api/v1/athlete/i7": `{"id":"i7","name":"Vol Ume","timezone":"Australia/Sydney"}`,
		"GET /api/v1/athlete/i7/activities": `[
			{"id":"i1","type":"Ride","start_date_local":"2026-11-22T08:00:00","moving_time":7200,"distance":60000,"icu_training_load":110},
			{"id":"i2","type":"Run","start_date_local":"2026-11-24T06:00:00","moving_time":3000,"distance":10000,"icu_training_load":55,"paired_event_id":12},
			{"id":"i3","type":"Run","start_date_local":"2026-11-26T06:00:00","moving_time":2400,"distance":8000,"icu_training_load":40},
			{"id":"i4","type":"Swim","start_date_local":"2026-11-30T06:00:00","moving_time":1800,"distance":1500,"icu_training_load":25},
			{"id":"5","source":"STRAVA","start_date_local":"2026-11-25T06:00:00"}]`,
		// Paired on the event's side (11, 15), on the activity's (12), missed (13), a note,
		// and today's evening run and Wednesday's ride still to come (16, 17).
		"GET /api/v1/athlete/i7/events": `[
			{"id":11,"category":"WORKOUT","type":"Ride","start_date_local":"2026-11-22T00:00:00","moving_time":7200,"icu_training_load":100,"paired_activity_id":"i1"},
			{"id":12,"category":"WORKOUT","type":"Run","start_date_local":"2026-11-24T00:00:00","moving_time":3600,"icu_training_load":60},
			{"id":14,"category":"NOTE","start_date_local":"2026-11-25T00:00:00"},
			{"id":13,"category":"WORKOUT","type":"Run","start_date_local":"2026-11-27T00:00:00","moving_time":2400,"load_target":40},
			{"id":15,"category":"WORKOUT","type":"Swim","start_date_local":"2026-11-30T00:00:00","moving_time":1800,"icu_training_load":30,"paired_activity_id":"i4"},
			{"id":16,"category":"WORKOUT","type":"Run","start_date_local":"2026-11-30T18:00:00","moving_time":2400,"icu_training_load":35},
			{"id":17,"category":"WORKOUT","type":"Ride","start_date_local":"2026-12-02T00:00:00","moving_time":3600,"icu_training_load":50}]`,
	}}
	env := newEnv(serve(t, s, stubKey), "i7", handNow)
	out, err := toolNamed(t, "get_training_volume").Run(context.Background(), env, json.RawMessage(`{"weeks":2}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"Training volume of Vol Ume, 2 full weeks Mon 2026-11-16..Sun 2026-11-29 and this week so far, to Mon 2026-11-30",
		// the full weeks' totals: this week's swim is in its own line, not in them
		"Totals of the 2 full weeks (this week so far apart, below): Ride 1× 2:00:00 60.00 km load 110; Run 2× 1:30:00 18.00 km load 95 | all 3× 3:30:00 load 205",
		"- this week so far, Mon 2026-11-30: Swim 1× 30:00 1500 m load 25",
		"- Mon 2026-11-23: Run 2× 1:30:00 18.00 km load 95",
		"- Mon 2026-11-16: Ride 1× 2:00:00 60.00 km load 110",
		"1 Strava-sourced activities are not readable",
		"  plan 1/1, time 100% of 30:00, load 83% of 30; 2 to come",
		// i3, which did no planned session, is the week's unplanned.
		"  plan 1/2, time 50% of 1:40:00, load 55% of 100; Run 1/2 (time 50%, load 55%); unplanned 1× 40:00 load 40, all done 90% of the planned time",
		"  plan 1/1, time 100% of 2:00:00, load 110% of 100",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("missing %q in:\n%s", w, out)
		}
	}
	if q := s.queries["GET /api/v1/athlete/i7/activities"]; q != "oldest=2026-11-16&newest=2026-11-30" {
		t.Errorf("activities asked for %s: want the 2 full Monday-based weeks in Sydney and this one", q)
	}
	if q := s.queries["GET /api/v1/athlete/i7/events"]; q != "oldest=2026-11-16&newest=2026-12-06" {
		t.Errorf("events asked for %s: want the weeks to this week's Sunday in Sydney", q)
	}
	golden(t, "get_training_volume", "by_week_and_sport", out, nil)
}

// {"weeks":1} is last full week: its totals are that week's, this week so far apart and
// labelled (on the demo, through an MCP session).
func TestTrainingVolumeOneWeekIsLastFullWeek(t *testing.T) {
	_, env := demoFake(t)
	out := mustCallTool(t, env, "get_training_volume", map[string]any{"weeks": 1})
	total := regexp.MustCompile(`(?m)^Totals of the 1 full week \(this week so far apart, below\): (.*)$`).FindStringSubmatch(out)
	last := regexp.MustCompile(`(?m)^- Mon 2026-11-23: (.*)$`).FindStringSubmatch(out)
	now := regexp.MustCompile(`(?m)^- this week so far, Mon 2026-11-30: (.*)$`).FindStringSubmatch(out)
	if total == nil || last == nil || now == nil || total[1] != last[1] || now[1] == last[1] {
		t.Errorf("want the totals of last full week (Mon 2026-11-23) alone, this week so far apart:\n%s", out)
	}
}

// Activities without icu_training_load (as recorded payloads have them) count as missing load,
// never as 0.
func TestTrainingVolumeCountsMissingLoadsAsMissing(t *testing.T) {
	s := &stubAPI{answers: map[string]string{
		"GET /api/v1/athlete/i7": `{"id":"i7","name":"Vol Ume","timezone":"Australia/Sydney"}`,
		"GET /api/v1/athlete/i7/activities": `[
			{"id":"i1","type":"Swim","start_date_local":"2026-11-24T06:00:00","moving_time":1800,"distance":1500},
			{"id":"i2","type":"Run","start_date_local":"2026-11-25T06:00:00","moving_time":3000,"distance":10000,"icu_training_load":55},
			{"id":"i3","type":"Run","start_date_local":"2026-11-26T06:00:00","moving_time":2400,"distance":8000}]`,
		"GET /api/v1/athlete/i7/events": `[]`,
	}}
	env := newEnv(serve(t, s, stubKey), "i7", handNow)
	out, err := toolNamed(t, "get_training_volume").Run(context.Background(), env, json.RawMessage(`{"weeks":2}`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "Swim 1× 30:00 1500 m load n/a") || !strings.Contains(out, "Run 2× 1:30:00 18.00 km load 55 (1 without)") || strings.Contains(out, "load 0") {
		t.Errorf("missing loads:\n%s", out)
	}
}

// planCount is what a week's plan line must say, counted from the fake's own data: the
// sessions (workouts, races) of the week from monday, those due by today (before it, or done),
// how many of those an activity did, and how many are still to come.
func planCount(a *synth.Athlete, monday, today string) (done, due, toCome int) {
	for _, e := range a.Events {
		c, d := string(deref(e.Category)), deref(e.StartDateLocal)[:10]
		if (c != "WORKOUT" && !strings.HasPrefix(c, "RACE")) || d < monday || d > plusDays(monday, 6) {
			continue
		}
		_, paired := a.PairedActivity[deref(e.Id)]
		switch {
		case paired:
			done++
			due++
		case d < today:
			due++
		default:
			toCome++
		}
	}
	return done, due, toCome
}

// TestTrainingVolumeComplianceOfTheDemoAthlete: the plan lines of the demo athlete's weeks say
// how many of the planned sessions were done, as the fake's pairing of sessions and
// activities has it; the current week counts only what was due by today.
func TestTrainingVolumeComplianceOfTheDemoAthlete(t *testing.T) {
	f, env := demoFake(t)
	out := mustCallTool(t, env, "get_training_volume", map[string]any{"weeks": 4})
	a := demoAthlete(t, f)
	sydney, err := time.LoadLocation(deref(a.Profile.Timezone))
	if err != nil {
		t.Fatal(err)
	}
	today := samples.Now.In(sydney).Format(ymd)
	missed := false
	for wk := mondayOf(today); wk > addDays(mondayOf(today), -28); wk = addDays(wk, -7) {
		done, due, toCome := planCount(a, wk, today)
		line := lineWith(out[strings.Index(out, weekdayDate(wk)+":"):], "  plan ")
		want := fmt.Sprintf("  plan %d/%d, time ", done, due)
		if !strings.HasPrefix(line, want) {
			t.Errorf("week of %s: %q, want it to start %q", wk, line, want)
		}
		if toCome > 0 != strings.HasSuffix(line, fmt.Sprintf("; %d to come", toCome)) {
			t.Errorf("week of %s: %q, want %d to come", wk, line, toCome)
		}
		missed = missed || done < due
	}
	if !missed {
		t.Fatal("the demo athlete missed no session in 4 weeks: the test shows no sport apart")
	}
}
