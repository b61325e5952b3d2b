package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
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
	for _, w := range []string{"sleep_quality 1 Great..4 Poor", "soreness 1 Low..4 Extreme", "motivation 1 Extreme..4 Low", "injury 1 None..4 Injured"} {
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
