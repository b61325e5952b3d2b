package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func TestTrainingVolumeByWeekAndSport(t *testing.T) {
	s := &stubAPI{answers: map[string]string{
		"GET /api/v1/athlete/i7": `{"id":"i7","name":"Vol Ume","timezone":"Australia/Sydney"}`,
		"GET /api/v1/athlete/i7/activities": `[
			{"id":"i1","type":"Ride","start_date_local":"2026-11-22T08:00:00","moving_time":7200,"distance":60000,"icu_training_load":110},
			{"id":"i2","type":"Run","start_date_local":"2026-11-24T06:00:00","moving_time":3000,"distance":10000,"icu_training_load":55},
			{"id":"i3","type":"Run","start_date_local":"2026-11-26T06:00:00","moving_time":2400,"distance":8000,"icu_training_load":40},
			{"id":"i4","type":"Swim","start_date_local":"2026-11-30T06:00:00","moving_time":1800,"distance":1500,"icu_training_load":25},
			{"id":"5","source":"STRAVA","start_date_local":"2026-11-25T06:00:00"}]`,
	}}
	env := newEnv(serve(t, s, stubKey), "i7", handNow)
	out, err := toolNamed(t, "get_training_volume").Run(context.Background(), env, json.RawMessage(`{"weeks":3}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"Totals: Ride 1× 2:00:00 60.00 km load 110; Run 2× 1:30:00 18.00 km load 95; Swim 1× 30:00 1500 m load 25 | all 4× 4:00:00 load 230",
		"- Mon 2026-11-30: Swim 1× 30:00 1500 m load 25",
		"- Mon 2026-11-23: Run 2× 1:30:00 18.00 km load 95",
		"- Mon 2026-11-16: Ride 1× 2:00:00 60.00 km load 110",
		"1 Strava-sourced activities are not readable",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("missing %q in:\n%s", w, out)
		}
	}
	if q := s.queries["GET /api/v1/athlete/i7/activities"]; q != "oldest=2026-11-16&newest=2026-11-30" {
		t.Errorf("activities asked for %s: want the 3 Monday-based weeks in Sydney", q)
	}
	golden(t, "get_training_volume", "by_week_and_sport", out, nil)
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
