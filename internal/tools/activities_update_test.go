package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func TestUpdateActivitySendsOnlyMetadata(t *testing.T) {
	s := activityStub()
	env := newEnv(serve(t, s, stubKey), "i7", recordsNow)
	out, err := toolNamed(t, "update_activity").Run(context.Background(), env, json.RawMessage(`{"activity_id":"i55","name":"Tempo 3x10","rpe":7,"feel":2,"gear":"pegasus"}`))
	if err != nil {
		t.Fatal(err)
	}
	var body map[string]any
	if err := json.Unmarshal([]byte(s.bodies["PUT /api/v1/activity/i55"]), &body); err != nil {
		t.Fatal(err)
	}
	want := `{"feel":2,"gear":{"id":"g1"},"icu_rpe":7,"name":"Tempo 3x10"}`
	if got, _ := json.Marshal(body); string(got) != want {
		t.Errorf("body %s, want %s", got, want)
	}
	if !strings.Contains(out, `name "Tempo 3x10", RPE 7/10, feel 2/5 Good, gear Pegasus (g1)`) {
		t.Errorf("answer:\n%s", out)
	}
	golden(t, "update_activity", "metadata_only", out, nil)
}

func TestUpdateActivityRefusals(t *testing.T) {
	s := activityStub()
	env := newEnv(serve(t, s, stubKey), "i7", recordsNow)
	for args, want := range map[string]string{
		`{"activity_id":"i55"}`:                 "nothing to change",
		`{"activity_id":"i55","rpe":11}`:        "argument rpe: got 11; expected an integer from 1 to 10",
		`{"activity_id":"i55","feel":0}`:        "argument feel: got 0; expected an integer from 1 to 5",
		`{"activity_id":"i55","name":" "}`:      "name must not be empty",
		`{"activity_id":"i66","name":"x"}`:      "belongs to athlete i8, not to Act Ivity (i7): nothing was changed",
		`{"activity_id":"77","name":"x"}`:       "imported from Strava",
		`{"activity_id":"i99","name":"x"}`:      "not found",
		`{"activity_id":"i55","gear":"Bike"}`:   "several gear items",
		`{"activity_id":"i55","gear":"Helmet"}`: "no gear \"Helmet\"; the athlete's gear: Pegasus (g1)",
		`{"activity_id":"i55","distance":5}`:    "unknown argument",
	} {
		_, err := toolNamed(t, "update_activity").Run(context.Background(), env, json.RawMessage(args))
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
