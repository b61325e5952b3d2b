package tools

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

func TestAPICallNeverTouchesRecordedTraining(t *testing.T) {
	rec, env := apiRecorderEnv(t, "0")
	call := toolNamed(t, "api_call_operation")
	for args, tool := range map[string]string{
		`{"operation":"deleteActivity","params":{"id":"i55"}}`:                                 "update_activity",
		`{"operation":"updateActivityStreams","params":{"id":"i55"},"body":{}}`:                "update_activity",
		`{"operation":"deleteEvent","params":{"eventId":7}}`:                                   "delete_event",
		`{"operation":"deleteEvents","params":{"oldest":"2026-01-01","category":["WORKOUT"]}}`: "delete_events_by_date_range",
		`{"operation":"updateEvent","params":{"eventId":7},"body":{"name":"x"}}`:               "update_session",
	} {
		_, err := call.Run(context.Background(), env, json.RawMessage(args))
		if err == nil || !strings.Contains(err.Error(), tool) {
			t.Errorf("%s: want a refusal naming %s, got %v", args, tool, err)
		}
	}
	if len(rec.reqs) != 0 {
		t.Errorf("refused calls sent requests: %v", rec.reqs)
	}
	// Creating a session and commenting on an activity stay reachable.
	for _, args := range []string{
		`{"operation":"createEvent","params":{"upsertOnUid":false},"body":{"category":"NOTE","start_date_local":"2026-12-03T00:00:00","name":"n"}}`,
		`{"operation":"sendActivityMessage","params":{"id":"i55"},"body":{"content":"well done"}}`,
	} {
		if _, err := call.Run(context.Background(), env, json.RawMessage(args)); err != nil {
			t.Errorf("%s: %v", args, err)
		}
	}
}

// TestEveryAPIOperationIsClassed sweeps the operations the api tools call (the generated
// list): each is classed once, and the table names no operation the spec lacks.
func TestEveryAPIOperationIsClassed(t *testing.T) {
	listed := 0
	for c, ids := range apiClassLists {
		listed += len(strings.Fields(ids))
		if c.domain != apiTraining && apiDomainNames[c.domain] == "" {
			t.Errorf("domain %q has no name for a refusal", c.domain)
		}
	}
	if listed != len(apiClasses()) {
		t.Errorf("%d ids listed for %d operations: an operation is in two classes", listed, len(apiClasses()))
	}
	spec := map[string]bool{}
	for _, o := range intervals.Operations {
		spec[o.OperationID] = true
		c, ok := apiClasses()[o.OperationID]
		if !ok {
			t.Errorf("%s (%s %s) is not classed: add it to apiClassLists", o.OperationID, o.Method, o.Path)
		}
		if o.Method == http.MethodGet && c.write {
			t.Errorf("%s is a GET classed as a write", o.OperationID)
		}
	}
	for id := range apiClasses() {
		if !spec[id] {
			t.Errorf("%s is classed but not in the spec", id)
		}
	}
}

// TestAPICallRefusesAccountWrites calls account-level writes and deletes through an MCP
// session on the api toolset: each is refused with its reason and where to do it, and the
// fake Intervals.icu sees no request; a training-data write still goes through.
func TestAPICallRefusesAccountWrites(t *testing.T) {
	f, env := demoFake(t)
	cs := sessionWith(t, env, manifest.Filter{Toolsets: []manifest.Toolset{manifest.API}}, nil, "")
	f.TakeRequests()
	for _, c := range []struct {
		args map[string]any
		want []string
	}{
		{map[string]any{"operation": "updateAthlete", "body": map[string]any{"name": "x"}}, []string{"the athlete's account", "log_metrics"}},
		{map[string]any{"operation": "deleteGear", "params": map[string]any{"gearId": "g1"}}, []string{"the athlete's gear", "update_activity sets the gear"}},
		{map[string]any{"operation": "deleteSettings", "params": map[string]any{"id": "1"}}, []string{"the athlete's settings", "do it in Intervals.icu"}},
		{map[string]any{"operation": "updateSettings", "params": map[string]any{"id": "1"}, "body": map[string]any{}}, []string{"update_training_zone"}},
		{map[string]any{"operation": "deleteFolder", "params": map[string]any{"folderId": 1}}, []string{"the workout library", "list_workout_templates"}},
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "api_call_operation", Arguments: c.args})
		if err != nil {
			t.Fatal(err)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if !res.IsError || !strings.Contains(text, c.args["operation"].(string)+" is refused: it changes ") || !strings.Contains(text, "the api tools change training data only") {
			t.Errorf("%v: want a refusal, got %q", c.args["operation"], text)
		}
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%v: want %q in %q", c.args["operation"], w, text)
			}
		}
	}
	if reqs := f.TakeRequests(); len(reqs) != 0 {
		t.Errorf("refused calls reached the fake: %+v", reqs)
	}
	// the description says so before any call
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "api_describe_operation", Arguments: map[string]any{"operation": "deleteGear"}})
	if err != nil || res.IsError {
		t.Fatalf("describe deleteGear: %v %+v", err, res)
	}
	if text := res.Content[0].(*mcp.TextContent).Text; !strings.Contains(text, "Not callable here: deleteGear is refused: it changes the athlete's gear") {
		t.Errorf("the description of deleteGear does not say it is refused:\n%s", text)
	}
	res, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "api_call_operation", Arguments: map[string]any{
		"operation": "updateWellness", "params": map[string]any{"date": "2026-12-01"}, "body": map[string]any{"comments": "slept well"}}})
	if err != nil || res.IsError {
		t.Fatalf("a wellness write should go through: %v %+v", err, res)
	}
	if reqs := f.TakeRequests(); len(reqs) == 0 {
		t.Error("the wellness write did not reach the fake")
	}
}
