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
	for _, args := range []string{`{"operation":"listEvents"}`, `{"operation":"updateSettings"}`, `{"schema":"SportSettings"}`} {
		env.Budget = 300
		out, err := coachingTool(t, "api_describe_operation").Run(context.Background(), env, json.RawMessage(args))
		if err != nil {
			t.Fatal(err)
		}
		if len([]rune(out)) > 300 || !strings.Contains(out, "not shown") {
			t.Errorf("%s at a budget of 300: %d characters, cut not said:\n%s", args, len([]rune(out)), out)
		}
	}
}

// TestAPICallNeverShowsASecret: the athlete profile carries the API key and an invite token;
// api_call_operation shows every other field but never their values.
func TestAPICallNeverShowsASecret(t *testing.T) {
	rec, env := apiRecorderEnv(t, "0")
	rec.ctype, rec.body = "application/json", `{"id":"i7","icu_api_key":"s3cr3t-key","icu_friend_invite_token":"inv-t0ken","has_password":true,"name":"A \"quoted\" name"}`
	out, err := coachingTool(t, "api_call_operation").Run(context.Background(), env, json.RawMessage(`{"operation":"getAthlete"}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{"s3cr3t-key", "inv-t0ken"} {
		if strings.Contains(out, secret) {
			t.Errorf("the answer shows %q:\n%s", secret, out)
		}
	}
	for _, want := range []string{`"icu_api_key":"(hidden)"`, `"has_password":true`, `"name":"A \"quoted\" name"`} {
		if !strings.Contains(out, want) {
			t.Errorf("want %s in:\n%s", want, out)
		}
	}
}
