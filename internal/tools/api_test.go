package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// What the api toolset's answers show: within the budget, and never a secret.

// TestAPIDescribeSaysWhatTheBudgetCut: a description cut to the budget says so, whichever
// part (parameters or body properties) the cut falls in.
func TestAPIDescribeSaysWhatTheBudgetCut(t *testing.T) {
	_, env := apiRecorderEnv(t, "0")
	for _, args := range []string{`{"operation":"listEvents"}`, `{"operation":"createEvent"}`, `{"schema":"SportSettings"}`} {
		env.Budget = 300
		out, err := toolNamed(t, "api_describe_operation").Run(context.Background(), env, json.RawMessage(args))
		if err != nil {
			t.Fatal(err)
		}
		if len([]rune(out)) > 300 || !strings.Contains(out, "not shown") {
			t.Errorf("%s at a budget of 300: %d characters, cut not said:\n%s", args, len([]rune(out)), out)
		}
	}
}

func TestAPIListAndDescribe(t *testing.T) {
	_, env := apiRecorderEnv(t, "0")
	out, err := toolNamed(t, "api_list_operations").Run(context.Background(), env, json.RawMessage(`{"tag":"wellness"}`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "updateWellness PUT /api/v1/athlete/{id}/wellness/{date}:") || strings.Contains(out, "listEvents") {
		t.Errorf("tag filter:\n%s", out)
	}
	golden(t, "api_list_operations", "wellness", out, nil)
	out, err = toolNamed(t, "api_list_operations").Run(context.Background(), env, json.RawMessage(`{"word":"curve"}`))
	if err != nil || !strings.Contains(out, "listAthletePowerCurves") || strings.Contains(out, "updateWellness") {
		t.Errorf("word filter: %v\n%s", err, out)
	}
	if _, err := toolNamed(t, "api_list_operations").Run(context.Background(), env, json.RawMessage(`{"tag":"Nope"}`)); err == nil || !strings.Contains(err.Error(), "Wellness") {
		t.Errorf("an unknown tag should list the tags: %v", err)
	}
	env.Budget = 1500
	out, err = toolNamed(t, "api_list_operations").Run(context.Background(), env, nil)
	if err != nil || len(out) > 1500 || !strings.Contains(out, "more operations not shown; filter by tag or word") {
		t.Errorf("budget: %d characters, %v\n%s", len(out), err, out)
	}
	env.Budget = 0

	out, err = toolNamed(t, "api_describe_operation").Run(context.Background(), env, json.RawMessage(`{"operation":"updateSettings"}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"updateSettings: PUT /api/v1/athlete/{athleteId}/sport-settings/{id}",
		"- athleteId (path): the athlete, filled in",
		"- id (path, string, required)",
		"- recalcHrZones (query, boolean, required)",
		"body (JSON): a SportSettings object",
		"- elevation_correction string one of NO|AUTO|YES",
		"Writes: refused when the server is read-only.",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("describe lacks %q:\n%s", w, out)
		}
	}
	golden(t, "api_describe_operation", "updateSettings", out, nil)
	out, err = toolNamed(t, "api_describe_operation").Run(context.Background(), env, json.RawMessage(`{"operation":"uploadActivity"}`))
	if err != nil || !strings.Contains(out, "Not callable here: it uploads a file") {
		t.Errorf("upload: %v\n%s", err, out)
	}
	out, err = toolNamed(t, "api_describe_operation").Run(context.Background(), env, json.RawMessage(`{"schema":"SportInfo"}`))
	if err != nil || !strings.Contains(out, "- eftp number") {
		t.Errorf("schema: %v\n%s", err, out)
	}
	for _, args := range []string{`{}`, `{"operation":"getAthlete","schema":"Wellness"}`, `{"schema":"Nope"}`} {
		if _, err := toolNamed(t, "api_describe_operation").Run(context.Background(), env, json.RawMessage(args)); err == nil {
			t.Errorf("%s: want an error", args)
		}
	}
}
