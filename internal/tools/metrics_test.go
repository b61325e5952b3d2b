package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

func metricsStub(t *testing.T) *coachStub {
	profile := `{"id":"i7","name":"Me Trics","timezone":"Australia/Sydney","sportSettings":` + ciFixture(t, "sport-settings.json") + `}`
	return &coachStub{answers: map[string]string{
		"GET /api/v1/athlete/i7":                      profile,
		"PUT /api/v1/athlete/i7/wellness/2026-11-30":  `{"id":"2026-11-30","ctl":50.2,"atl":55.1,"weight":71.5,"restingHR":48,"sleepSecs":27000,"soreness":3,"mood":2,"comments":"legs heavy"}`,
		"PUT /api/v1/athlete/i7/wellness/2026-11-28":  `{"id":"2026-11-28","hrv":61}`,
		"PUT /api/v1/athlete/i7/sport-settings/10006": `{"id":10006,"types":["Ride"],"ftp":265,"lthr":184,"max_hr":203,"power_zones":[55,75,90,105,120,150,999],"hr_zones":[148,164,171,183,188,194,203]}`,
		"PUT /api/v1/athlete/i7/sport-settings/10007": `{"id":10007,"types":["Run"],"lthr":176,"max_hr":203,"threshold_pace":4.0,"pace_zones":[77.5,87.7,94.3,100,103.4,111.5,999],"hr_zones":[150,160,168,176,181,190,203]}`,
	}}
}

// metricsNow is Mon 2026-11-30 07:00 in Sydney (still Sunday in UTC).
var metricsNow = time.Date(2026, 11, 29, 20, 0, 0, 0, time.UTC)

func TestLogMetricsSendsOnlyGivenFieldsForTodayInTheAthletesZone(t *testing.T) {
	s := metricsStub(t)
	env := coachStubEnv(t, s, metricsNow)
	out, err := coachingTool(t, "log_metrics").Run(context.Background(), env, json.RawMessage(`{"weight":71.5,"resting_hr":48,"sleep":"7:30","soreness":3,"mood":2,"notes":"legs heavy"}`))
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
	coachingGolden(t, "log_metrics", out)
}

func TestLogMetricsPastDay(t *testing.T) {
	s := metricsStub(t)
	env := coachStubEnv(t, s, metricsNow)
	if _, err := coachingTool(t, "log_metrics").Run(context.Background(), env, json.RawMessage(`{"date":"2026-11-28","hrv":61}`)); err != nil {
		t.Fatal(err)
	}
	if s.bodies["PUT /api/v1/athlete/i7/wellness/2026-11-28"] != `{"hrv":61}` {
		t.Fatalf("body %q", s.bodies["PUT /api/v1/athlete/i7/wellness/2026-11-28"])
	}
}

func TestLogMetricsRefusesBadValuesWithoutWriting(t *testing.T) {
	s := metricsStub(t)
	env := coachStubEnv(t, s, metricsNow)
	for args, want := range map[string]string{
		`{}`:                             "nothing to record",
		`{"soreness":5}`:                 "soreness 5: give 1-4 (1 Low, 2 Avg, 3 High, 4 Extreme)",
		`{"sleep_quality":0}`:            "sleep_quality 0: give 1-4 (1 Great",
		`{"weight":700}`:                 "weight 700 is outside",
		`{"sleep":"eight"}`:              "write hours (7.5) or h:mm",
		`{"date":"2026-12-01","hrv":50}`: "after today",
		`{"date":"30/11/2026","hrv":50}`: "YYYY-MM-DD",
	} {
		_, err := coachingTool(t, "log_metrics").Run(context.Background(), env, json.RawMessage(args))
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
	d := coachingTool(t, "log_metrics").Description
	for _, w := range []string{"sleep_quality 1 Great..4 Poor", "soreness 1 Low..4 Extreme", "motivation 1 Extreme..4 Low", "injury 1 None..4 Injured"} {
		if !strings.Contains(d, w) {
			t.Errorf("description lacks %q: %s", w, d)
		}
	}
}

func TestUpdateTrainingZoneFTP(t *testing.T) {
	s := metricsStub(t)
	env := coachStubEnv(t, s, metricsNow)
	env.Profiles = &manifest.Profiles{}
	if _, err := env.Athlete(context.Background()); err != nil { // cache the profile
		t.Fatal(err)
	}
	out, err := coachingTool(t, "update_training_zone").Run(context.Background(), env, json.RawMessage(`{"sport":"ride","ftp":265}`))
	if err != nil {
		t.Fatal(err)
	}
	key := "PUT /api/v1/athlete/i7/sport-settings/10006"
	if s.bodies[key] != `{"ftp":265}` || s.queries[key] != "recalcHrZones=false" {
		t.Errorf("sent %q ?%s", s.bodies[key], s.queries[key])
	}
	for _, w := range []string{"FTP 250 W → 265 W", "Z2 75% 199 W", "Z4 105% 278 W", "Z7 above"} {
		if !strings.Contains(out, w) {
			t.Errorf("answer lacks %q:\n%s", w, out)
		}
	}
	// The cached profile was forgotten: the next call fetches it again.
	before := len(s.reqs)
	if _, err := env.Athlete(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(s.reqs) != before+1 {
		t.Error("the profile was not fetched again after the change")
	}
	coachingGolden(t, "update_training_zone.ftp", out)
}

func TestUpdateTrainingZoneRunPaceAndLTHR(t *testing.T) {
	s := metricsStub(t)
	env := coachStubEnv(t, s, metricsNow)
	out, err := coachingTool(t, "update_training_zone").Run(context.Background(), env, json.RawMessage(`{"sport":"Run","threshold_pace":"4:10/km","lthr":176}`))
	if err != nil {
		t.Fatal(err)
	}
	key := "PUT /api/v1/athlete/i7/sport-settings/10007"
	var body map[string]float64
	if err := json.Unmarshal([]byte(s.bodies[key]), &body); err != nil || body["lthr"] != 176 || body["threshold_pace"] < 3.99 || body["threshold_pace"] > 4.01 || s.queries[key] != "recalcHrZones=true" {
		t.Errorf("sent %q ?%s", s.bodies[key], s.queries[key])
	}
	for _, w := range []string{"threshold pace unset → 4:10/km", "LTHR 184 bpm → 176 bpm", "Z1 77.5% 5:23/km", "Z4 100% 4:10/km", "heart rate (LTHR 176 bpm"} {
		if !strings.Contains(out, w) {
			t.Errorf("answer lacks %q:\n%s", w, out)
		}
	}
	coachingGolden(t, "update_training_zone.run", out)
}

func TestUpdateTrainingZoneRefusals(t *testing.T) {
	s := metricsStub(t)
	env := coachStubEnv(t, s, metricsNow)
	for args, want := range map[string]string{
		`{"sport":"Ride"}`:                         "nothing to change",
		`{"sport":"Rowing","ftp":200}`:             "no sport settings for \"Rowing\": the athlete's sports are Ride, Run, Swim, Other",
		`{"sport":"Ride","ftp":2000}`:              "outside 30-700 W",
		`{"sport":"Run","threshold_pace":"fast"}`:  "write m:ss",
		`{"sport":"Swim","threshold_pace":"0:05"}`: "not a plausible",
	} {
		_, err := coachingTool(t, "update_training_zone").Run(context.Background(), env, json.RawMessage(args))
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

// TestWritesSucceedWhateverTheAnswerHolds: a 2xx answer means the write is done; an answer
// the generated model cannot decode only loses the read-back, never turns into an error.
func TestWritesSucceedWhateverTheAnswerHolds(t *testing.T) {
	s := metricsStub(t)
	s.answers["PUT /api/v1/athlete/i7/wellness/2026-11-30"] = `not json`
	s.answers["PUT /api/v1/athlete/i7/sport-settings/10006"] = `{"id":10006,"types":["Ride"],"ftp":265.5,"power_zones":[55,75,90,105,120,150,999]}`
	env := coachStubEnv(t, s, metricsNow)
	out, err := coachingTool(t, "log_metrics").Run(context.Background(), env, json.RawMessage(`{"weight":70}`))
	if err != nil || !strings.HasPrefix(out, "Recorded Mon 2026-11-30: weight 70.0 kg") || strings.Contains(out, "now reads") {
		t.Errorf("log_metrics: %v\n%s", err, out)
	}
	out, err = coachingTool(t, "update_training_zone").Run(context.Background(), env, json.RawMessage(`{"sport":"Ride","ftp":265}`))
	if err != nil || !strings.Contains(out, "FTP 250 W → 265 W") || !strings.Contains(out, "power (FTP 265 W): Z1 55% 146 W") || !strings.Contains(out, "heart rate (LTHR 184 bpm") {
		t.Errorf("update_training_zone with ftp 265.5 in the answer: %v\n%s", err, out)
	}
}
