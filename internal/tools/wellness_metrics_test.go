package tools

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

func TestLogMetricsSendsOnlyGivenFieldsForTodayInTheAthletesZone(t *testing.T) {
	s := metricsStub(t)
	env := newEnv(serve(t, s, stubKey), "i7", metricsNow)
	out, err := toolNamed(t, "log_metrics").Run(context.Background(), env, json.RawMessage(`{"weight":71.5,"resting_hr":48,"sleep":"7:30","soreness":3,"mood":2,"notes":"legs heavy"}`))
	if err != nil {
		t.Fatal(err)
	}
	var body map[string]any
	if err := json.Unmarshal([]byte(s.bodies["PUT /api/v1/athlete/i7/wellness/2026-11-30"]), &body); err != nil {
		t.Fatalf("no wellness write for Sydney's today: %v (requests %v)", err, s.reqs)
	}
	want := map[string]any{"weight": 71.5, "restingHR": 48.0, "sleepSecs": 27000.0, "soreness": 3.0, "mood": 2.0, "comments": "legs heavy"}
	if len(body) != len(want) {
		t.Errorf("body %v, want exactly %v", body, want)
	}
	for k, v := range want {
		if body[k] != v {
			t.Errorf("body %s = %v, want %v", k, body[k], v)
		}
	}
	for _, w := range []string{"soreness 3/4 High", "mood 2/4 Good", "sleep 7:30:00"} {
		if !strings.Contains(out, w) {
			t.Errorf("answer lacks %q:\n%s", w, out)
		}
	}
	golden(t, "log_metrics", "given_fields", out, nil)
}

func TestLogMetricsPastDay(t *testing.T) {
	s := metricsStub(t)
	env := newEnv(serve(t, s, stubKey), "i7", metricsNow)
	if _, err := toolNamed(t, "log_metrics").Run(context.Background(), env, json.RawMessage(`{"date":"2026-11-28","hrv":61}`)); err != nil {
		t.Fatal(err)
	}
	if s.bodies["PUT /api/v1/athlete/i7/wellness/2026-11-28"] != `{"hrv":61}` {
		t.Fatalf("body %q", s.bodies["PUT /api/v1/athlete/i7/wellness/2026-11-28"])
	}
}

func TestLogMetricsRefusesBadValuesWithoutWriting(t *testing.T) {
	s := metricsStub(t)
	env := newEnv(serve(t, s, stubKey), "i7", metricsNow)
	for args, want := range map[string]string{
		`{}`:                             "nothing to record",
		`{"soreness":5}`:                 "soreness 5: give 1-4 (1 Low, 2 Avg, 3 High, 4 Extreme)",
		`{"sleep_quality":0}`:            "sleep_quality 0: give 1-4 (1 Great",
		`{"weight":700}`:                 "weight 700 is outside",
		`{"sleep":"eight"}`:              "write hours (7.5) or h:mm",
		`{"date":"2026-12-01","hrv":50}`: "after today",
		`{"date":"30/11/2026","hrv":50}`: "YYYY-MM-DD",
	} {
		_, err := toolNamed(t, "log_metrics").Run(context.Background(), env, json.RawMessage(args))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: want %q, got %v", args, want, err)
		}
	}
	for _, r := range s.reqs {
		if !strings.HasPrefix(r, "GET ") {
			t.Errorf("a refused call wrote: %s", r)
		}
	}
}

func TestLogMetricsDescriptionCarriesTheSharedScaleLabels(t *testing.T) {
	d := toolNamed(t, "log_metrics").Description
	for _, w := range []string{"Scales: sleep_quality 1 Great..4 Poor", "soreness, fatigue, stress 1 Low..4 Extreme", "motivation 1 Extreme..4 Low", "injury 1 None..4 Injured"} {
		if !strings.Contains(d, w) {
			t.Errorf("description lacks %q: %s", w, d)
		}
	}
}

// TestWritesSucceedWhateverTheAnswerHolds: a 2xx answer means the write is done; an answer
// the generated model cannot decode only loses the read-back, never turns into an error.
func TestWritesSucceedWhateverTheAnswerHolds(t *testing.T) {
	s := metricsStub(t)
	s.answers["PUT /api/v1/athlete/i7/wellness/2026-11-30"] = `not json`
	s.answers["PUT /api/v1/athlete/i7/sport-settings/10006"] = `{"id":10006,"types":["Ride"],"ftp":265.5,"power_zones":[55,75,90,105,120,150,999]}`
	env := newEnv(serve(t, s, stubKey), "i7", metricsNow)
	out, err := toolNamed(t, "log_metrics").Run(context.Background(), env, json.RawMessage(`{"weight":70}`))
	if err != nil || !strings.HasPrefix(out, "Recorded Mon 2026-11-30: weight 70.0 kg") || strings.Contains(out, "now reads") {
		t.Errorf("log_metrics: %v\n%s", err, out)
	}
	out, err = toolNamed(t, "update_training_zone").Run(context.Background(), env, json.RawMessage(`{"sport":"Ride","ftp":265}`))
	if err != nil || !strings.Contains(out, "FTP 250 W → 265 W") || !strings.Contains(out, "power (FTP 265 W): Z1 55% 146 W") || !strings.Contains(out, "heart rate (LTHR 184 bpm") {
		t.Errorf("update_training_zone with ftp 265.5 in the answer: %v\n%s", err, out)
	}
}

// "My new FTP is 265 W: record it and update my power zones" is one call: log_metrics's
// thresholds go through update_training_zone's path, the fake's settings change, and the
// answer says what changed, zones included; the day's other metrics are recorded with them.
func TestLogMetricsRecordsThresholdsInTheSportSettings(t *testing.T) {
	f, env := demoFake(t)
	cs := clientSession(t, env)
	settings := func(sport string) api.SportSettings {
		for _, s := range worldAthlete(t, f, fakeicu.DemoAthleteID).SportSettings {
			if s.Types != nil && slices.Contains(*s.Types, api.SportType(sport)) {
				return s
			}
		}
		t.Fatalf("the demo athlete has no %s settings", sport)
		return api.SportSettings{}
	}
	out, isErr := callText(t, cs, "log_metrics", map[string]any{"ftp": 265})
	if isErr {
		t.Fatal(out)
	}
	if ftp := deref(settings("Ride").Ftp); ftp != 265 {
		t.Errorf("the fake's ride FTP is %d, want 265", ftp)
	}
	containsAll(t, out, "Updated Ride settings", "FTP 250 W → 265 W", "power (FTP 265 W): Z1 55% 146 W")

	out, isErr = callText(t, cs, "log_metrics", map[string]any{"threshold_pace": "4:05/km", "max_hr": 190, "weight": 70.5})
	if isErr {
		t.Fatal(out)
	}
	run := settings("Run")
	if deref(run.MaxHr) != 190 || deref(run.ThresholdPace) < 4.07 || deref(run.ThresholdPace) > 4.09 {
		t.Errorf("the fake's run settings: max HR %d, threshold pace %v m/s; want 190 and 4.08 (4:05/km)", deref(run.MaxHr), deref(run.ThresholdPace))
	}
	rows := worldAthlete(t, f, fakeicu.DemoAthleteID).Wellness
	if last := rows[len(rows)-1]; deref(last.Weight) != 70.5 {
		t.Errorf("today's weight in the fake is %v, want 70.5", deref(last.Weight))
	}
	containsAll(t, out, "Updated Run settings", "threshold pace", "→ 4:05/km", "max HR", "→ 190 bpm", "recomputed", "weight 70.5")
}

// Thresholds that cannot be recorded as asked are refused before anything is written.
func TestLogMetricsRefusesThresholdsItCannotRecord(t *testing.T) {
	f, env := demoFake(t)
	cs := clientSession(t, env)
	for _, c := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"ftp": 265, "date": "2026-11-20"}, "leave date out"},
		{map[string]any{"ftp": 265, "threshold_pace": "4:00/km", "weight": 70}, "give sport"},
		{map[string]any{"ftp": 2650, "weight": 70}, "outside 30-700 W"},
		{map[string]any{"lthr": 170, "sport": "Rowing"}, "no sport settings for \"Rowing\""},
	} {
		out, isErr := callText(t, cs, "log_metrics", c.args)
		if !isErr || !strings.Contains(out, c.want) {
			t.Errorf("%v: %q, want a refusal with %q", c.args, out, c.want)
		}
	}
	noWrites(t, f)
}

// OpenAthlete's log_metrics call, its entries, works unchanged: the seed's "My new FTP is
// 265 W" as OpenAthlete's users write it sets the ride FTP, with the day's weight.
func TestLogMetricsTakesOpenAthletesEntries(t *testing.T) {
	f, env := demoFake(t)
	cs := clientSession(t, env)
	out, isErr := callText(t, cs, "log_metrics", map[string]any{"entries": []map[string]any{
		{"type": "FTP_CYCLING", "value": 265}, {"type": "WEIGHT", "value": 70.5, "notes": "after the test"}}})
	if isErr {
		t.Fatal(out)
	}
	a := worldAthlete(t, f, fakeicu.DemoAthleteID)
	for _, s := range a.SportSettings {
		if s.Types != nil && slices.Contains(*s.Types, api.SportType("Ride")) && deref(s.Ftp) != 265 {
			t.Errorf("the fake's ride FTP is %d, want 265", deref(s.Ftp))
		}
	}
	if last := a.Wellness[len(a.Wellness)-1]; deref(last.Weight) != 70.5 || deref(last.Comments) != "after the test" {
		t.Errorf("today's weight and notes in the fake: %v %q", deref(last.Weight), deref(last.Comments))
	}
	containsAll(t, out, "FTP 250 W → 265 W", "weight 70.5")
	if out, isErr := callText(t, cs, "log_metrics", map[string]any{"entries": []map[string]any{{"type": "VMA", "value": 17.5}}}); !isErr || !strings.Contains(out, "VMA") {
		t.Errorf("VMA: %q, want a refusal naming it", out)
	}
}
