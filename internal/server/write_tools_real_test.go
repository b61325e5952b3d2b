package server

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
)

// TestWriteToolsThroughAClientSession calls every write and destructive tool of the real
// catalog the way a client does, over MCP, with realistic arguments on the demo athlete, and
// checks that each call succeeds and lands in Intervals.icu (the fake's write log). A write
// tool added to the catalog without a call here fails the test.
func TestWriteToolsThroughAClientSession(t *testing.T) {
	now := time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC) // 11:00 in Sydney
	fake := fakeicu.New(fakeicu.Options{Now: func() time.Time { return now }})
	c, err := intervals.New(intervals.Options{APIKey: fakeicu.DefaultAPIKey, HTTPClient: &http.Client{Transport: fake.Transport()}, MaxRetries: -1, RateLimit: -1})
	if err != nil {
		t.Fatal(err)
	}
	rt := Runtime{Client: c, Now: func() time.Time { return now }, Profiles: &manifest.Profiles{}, Secrets: []string{fakeicu.DefaultAPIKey}}
	cs := connect(t, Options{Tools: tools.All(), Filter: allOn(), Runtime: rt}, nil)

	a := fake.World().Athletes[0]
	activity := ""
	for i := len(a.Activities) - 1; i >= 0 && activity == ""; i-- {
		if s := a.Activities[i].Source; s == nil || *s != "STRAVA" {
			activity = *a.Activities[i].Id
		}
	}
	var free []string
	for _, e := range a.Events {
		if e.Category != nil && *e.Category == "WORKOUT" && a.PairedActivity[*e.Id] == "" && *e.StartDateLocal > "2026-12-02" {
			free = append(free, strconv.Itoa(int(*e.Id)))
		}
	}
	if activity == "" || len(free) < 5 || len(a.CustomItems) < 2 {
		t.Fatalf("the demo athlete lacks data: activity %q, %d free sessions, %d custom items", activity, len(free), len(a.CustomItems))
	}
	item := func(i int) string { return strconv.Itoa(int(*a.CustomItems[i].Id)) }
	calls := []struct{ tool, args, op string }{
		{"add_activity_message", `{"activity_id":"` + activity + `","content":"Strong finish"}`, "sendActivityMessage"},
		{"update_activity", `{"activity_id":"` + activity + `","rpe":7,"feel":2}`, "updateActivity"},
		{"log_metrics", `{"weight":71.4,"resting_hr":47,"soreness":2}`, "updateWellness"},
		{"update_training_zone", `{"sport":"Ride","ftp":265}`, "updateSettings"},
		{"add_or_update_event", `{"date":"2026-12-03","type":"Run","name":"Strides","steps":[{"duration":"10:00","target":"Z2 HR"},{"repeat":6,"steps":[{"duration":"20","target":"3:30/km"},{"duration":"1:00","target":"Z1 HR"}]}]}`, "createEvent"},
		{"plan_sessions", `{"plan":"e2e","sessions":[{"date":"2026-12-04","sport":"Ride","name":"Sweet spot","steps":[{"duration":"15:00","target":"60% FTP"},{"repeat":3,"steps":[{"duration":"12:00","target":"88-94% FTP"},{"duration":"4:00","target":"55% FTP"}]}]},{"date":"2026-12-05","sport":"Run","name":"Long run","duration":"1:30:00"}]}`, "createMultipleEvents"},
		{"move_sessions", `{"ids":[` + free[0] + `],"days":1}`, "updateEvent"},
		{"copy_sessions", `{"ids":[` + free[1] + `],"to_date":"2026-12-28"}`, "createMultipleEvents"},
		{"repeat_session", `{"id":` + free[2] + `,"every_weeks":1,"times":2}`, "createMultipleEvents"},
		{"update_session", `{"id":` + free[2] + `,"name":"Threshold (shortened)"}`, "updateEvent"},
		{"create_period", `{"kind":"BLOCK","name":"Build 2","start":"2026-12-07","weeks":3}`, "createEvent"},
		{"delete_event", `{"event_id":` + free[3] + `}`, "deleteEvent"},
		{"create_custom_item", `{"name":"Weekly TSS","type":"FITNESS_CHART","content":{"charts":[]}}`, "createCustomItem"},
		{"update_custom_item", `{"item_id":` + item(0) + `,"name":"Renamed"}`, "updateCustomItem"},
		{"delete_custom_item", `{"item_id":` + item(1) + `}`, "deleteCustomItem"},
		{"api_call_operation", `{"operation":"createEvent","params":{"upsertOnUid":false},"body":{"category":"NOTE","start_date_local":"2026-12-09T00:00:00","name":"From the api tool"}}`, "createEvent"},
	}
	covered := map[string]bool{"update_period": true, "delete_period": true, "delete_events_by_date_range": true} // below
	for _, c := range calls {
		covered[c.tool] = true
	}
	for _, tool := range tools.All() {
		if tool.Access != manifest.Read && !covered[tool.Name] {
			t.Errorf("%s (%s) has no call in this test: add one", tool.Name, tool.Access)
		}
	}
	run := func(tool, args, op string) string {
		t.Helper()
		var v any
		if err := json.Unmarshal([]byte(args), &v); err != nil {
			t.Fatalf("%s: bad test arguments: %v", tool, err)
		}
		before := len(fake.Writes())
		text, isErr := call(t, cs, tool, v)
		if isErr {
			t.Errorf("%s: isError: %s", tool, text)
			return text
		}
		found := false
		for _, w := range fake.Writes()[before:] {
			found = found || w.Operation == op
		}
		if !found {
			t.Errorf("%s: no %s reached Intervals.icu (writes %v); answer:\n%s", tool, op, fake.Writes()[before:], text)
		}
		return text
	}
	for _, c := range calls {
		run(c.tool, c.args, c.op)
	}
	var block string
	for _, e := range fake.Events("0") {
		if e.Name != nil && *e.Name == "Build 2" {
			block = strconv.Itoa(int(*e.Id))
		}
	}
	if block == "" {
		t.Fatal("create_period left no block on the calendar")
	}
	run("update_period", `{"id":`+block+`,"name":"Build 2 (sharpening)"}`, "updateEvent")
	run("delete_period", `{"id":`+block+`}`, "deleteEvent")

	// The range delete: a preview writes nothing, the token deletes exactly what was shown.
	before := len(fake.Writes())
	preview, isErr := call(t, cs, "delete_events_by_date_range", map[string]any{"oldest": "2026-12-20", "newest": "2026-12-27", "category": []string{"WORKOUT"}})
	if isErr || len(fake.Writes()) != before {
		t.Fatalf("preview: isError=%v, %d writes: %s", isErr, len(fake.Writes())-before, preview)
	}
	m := regexp.MustCompile(`confirm="([^"]+)"`).FindStringSubmatch(preview)
	if m == nil {
		t.Fatalf("no token in the preview:\n%s", preview)
	}
	run("delete_events_by_date_range", `{"oldest":"2026-12-20","newest":"2026-12-27","category":["WORKOUT"],"confirm":"`+m[1]+`"}`, "deleteEventsBulk")
}
