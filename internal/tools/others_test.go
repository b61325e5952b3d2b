package tools

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
)

func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// The answers are dated in Sydney, where it is already 1 December at sydneyNow (30 November UTC).
func TestAnswersUseTheAthletesLocalDate(t *testing.T) {
	env, _ := demoEnv(t)
	if out := mustCallTool(t, env, "get_athlete_context", `{}`); !strings.HasPrefix(out, "Today: Tue 2026-12-01") {
		t.Errorf("context should start with Sydney's today: %q", out[:60])
	}
	if out := mustCallTool(t, env, "get_activities", `{}`); !strings.Contains(out, "..2026-12-01 ") {
		t.Errorf("the default range should end on Sydney's today: %q", strings.SplitN(out, "\n", 2)[0])
	}
	if out := mustCallTool(t, env, "get_events", `{}`); !strings.Contains(out, "2026-12-01..2026-12-07") {
		t.Errorf("events default to today..today+6 in Sydney: %q", strings.SplitN(out, "\n", 2)[0])
	}
}

func TestStravaStubsAreSaidUnavailable(t *testing.T) {
	env, f := demoEnv(t)
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

func TestBadArgumentsSayWhatToDo(t *testing.T) {
	env, _ := demoEnv(t)
	for _, c := range []struct{ tool, args, want string }{
		{"get_activities", `{"oldest":"30/11/2026"}`, "write YYYY-MM-DD"},
		{"get_activities", `{"oldest":"2026-12-01","newest":"2026-11-01"}`, "swap them"},
		{"get_events", `{"category":["WORKOUTS"]}`, "use one of"},
		{"get_athlete_power_curves", `{"period":"last month"}`, "42d, 90d, 1y, all"},
		{"get_activity_details", `{"activity_id":"i0"}`, "take the id from get_activities"},
		{"delete_events_by_date_range", `{"oldest":"2026-12-01"}`, "both required"},
		{"add_or_update_event", `{"type":"Run"}`, "date is required"},
		{"add_or_update_event", `{"date":"2026-12-01","duration":"an hour","type":"Run"}`, "h:mm:ss"},
	} {
		_, err := callTool(t, env, c.tool, c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s: want an error with %q, got %v", c.tool, c.args, c.want, err)
		}
	}
}

func TestActivityCommentIsAdded(t *testing.T) {
	env, f := demoEnv(t)
	a := demoAthlete(t, f)
	id := *a.Activities[len(a.Activities)-1].Id
	if out := mustCallTool(t, env, "add_activity_message", `{"activity_id":"`+id+`","content":"Nice negative split"}`); !strings.HasPrefix(out, "Comment added to activity "+id) {
		t.Errorf("answer: %s", out)
	}
	if out := mustCallTool(t, env, "get_activity_messages", `{"activity_id":"`+id+`"}`); !strings.Contains(out, "Nice negative split") {
		t.Errorf("the comment should be listed:\n%s", out)
	}
	// A comment Intervals.icu accepted (2xx) is added even when its answer cannot be read:
	// saying "try again" would post it twice.
	f.Inject(fakeicu.Fault{Kind: fakeicu.FaultBadJSON, Operation: "sendActivityMessage", Count: 1})
	if out, err := callTool(t, env, "add_activity_message", `{"activity_id":"`+id+`","content":"Second comment"}`); err != nil || !strings.HasPrefix(out, "Comment added to activity "+id) {
		t.Errorf("with an unreadable answer: %v %s", err, out)
	}
}

func TestCustomItemsKeepAnyJSONContent(t *testing.T) {
	env, f := demoEnv(t)
	out := mustCallTool(t, env, "create_custom_item", `{"name":"Readiness","type":"INPUT_FIELD","description":"Morning readiness","content":{"fields":[1,2,{"k":"v"}]}}`)
	if !strings.HasPrefix(out, "Created: [") || !strings.Contains(out, `Content (JSON): {"fields":[1,2,{"k":"v"}]}`) {
		t.Fatalf("answer:\n%s", out)
	}
	id := strings.TrimPrefix(strings.SplitN(out, "]", 2)[0], "Created: [")
	if out := mustCallTool(t, env, "update_custom_item", `{"item_id":`+id+`,"content":{"min":1,"max":10}}`); !strings.Contains(out, `{"max":10,"min":1}`) && !strings.Contains(out, `{"min":1,"max":10}`) {
		t.Errorf("update answer:\n%s", out)
	}
	if out := mustCallTool(t, env, "get_custom_item_by_id", `{"item_id":`+id+`}`); !strings.Contains(out, `"max":10`) {
		t.Errorf("get answer:\n%s", out)
	}
	if out := mustCallTool(t, env, "delete_custom_item", `{"item_id":`+id+`}`); !strings.HasPrefix(out, "Deleted custom item "+id) {
		t.Errorf("delete answer: %s", out)
	}
	if _, err := callTool(t, env, "get_custom_item_by_id", `{"item_id":`+id+`}`); err == nil {
		t.Error("the deleted item is still there")
	}
	ops := []string{}
	for _, w := range f.Writes() {
		ops = append(ops, w.Operation)
	}
	if strings.Join(ops, ",") != "createCustomItem,updateCustomItem,deleteCustomItem" {
		t.Errorf("writes: %v", ops)
	}
}

// Content is passed through as given: arrays and numbers too, which the spec's object type
// (and so the generated model) cannot carry.
func TestCustomItemBodyPassesAnyJSONThrough(t *testing.T) {
	for _, content := range []string{`[1,2,{"k":"v"}]`, `42`, `"text"`, `{"a":{"b":[true,null]}}`} {
		r, err := itemBody(itemFields{Name: "x", Content: json.RawMessage(content)}, "ZONES")
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Content json.RawMessage `json:"content"`
			Type    string          `json:"type"`
		}
		if err := json.NewDecoder(r).Decode(&got); err != nil {
			t.Fatal(err)
		}
		if string(got.Content) != content || got.Type != "ZONES" {
			t.Errorf("content %s came out as %s (type %q)", content, got.Content, got.Type)
		}
	}
	if _, err := itemBody(itemFields{Content: json.RawMessage(`{"a":`)}, ""); err == nil {
		t.Error("invalid JSON content must be refused")
	}
}
