package tools

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// TestEveryToolHasASampleCall keeps the sample-call table (package samples) and the catalog
// in step: every tool has a call, every call names a tool, and a tool's cases have distinct
// names (each is a golden file).
func TestEveryToolHasASampleCall(t *testing.T) {
	tools := map[string]bool{}
	for _, tool := range All() {
		tools[tool.Name] = true
		if len(samples.Of(tool.Name)) == 0 {
			t.Errorf("%s has no sample call: add one to internal/tools/samples", tool.Name)
		}
	}
	cases := map[string]bool{}
	for _, c := range samples.Calls {
		if !tools[c.Tool] {
			t.Errorf("sample %s %s: no tool %s in the catalog", c.Tool, c.Case, c.Tool)
		}
		if cases[c.Tool+"/"+c.Case] || c.Case == "" {
			t.Errorf("sample %s: case %q is empty or named twice", c.Tool, c.Case)
		}
		cases[c.Tool+"/"+c.Case] = true
	}
}

// readSamples are the sample calls of the read tools that answer (no fault injected).
func readSamples(t *testing.T) []samples.Call {
	var out []samples.Call
	for _, c := range samples.Calls {
		if toolNamed(t, c.Tool).Access == manifest.Read && c.Fault == "" {
			out = append(out, c)
		}
	}
	return out
}

// TestEveryReadAnswerKeepsToTheBudget makes every sample call of a read tool on the demo
// athlete, wide ranges included, at small budgets: no answer may be longer than the budget.
func TestEveryReadAnswerKeepsToTheBudget(t *testing.T) {
	f, c := startFake(t, samples.Now)
	run := newSampleRun(t, f, c, "0", samples.Now)
	for _, budget := range []int{300, 800} {
		for _, call := range readSamples(t) {
			out, err := run.run(call, budget)
			if err != nil {
				t.Errorf("%s %s: %v", call.Tool, call.Case, err)
				continue
			}
			if n := len([]rune(out)); n > budget {
				t.Errorf("%s %s at a budget of %d: %d characters:\n%s", call.Tool, call.Case, budget, n, out)
			}
		}
	}
}

// TestEveryToolDefinitionIsComplete checks what every tool must declare: a valid access
// class, a toolset, a title and description, operations that exist, and idempotency on the
// writes that only PUT what they are given.
func TestEveryToolDefinitionIsComplete(t *testing.T) {
	method := map[string]string{}
	for _, op := range intervals.Operations {
		method[op.OperationID] = op.Method
	}
	seen := map[string]bool{}
	for _, tool := range All() {
		key := tool.Name
		if tool.ReadOnlyVariant {
			key += " (read-only variant)"
		}
		if seen[key] {
			t.Errorf("%s defined twice", key)
		}
		seen[key] = true
		if !tool.Access.Valid() || tool.Toolset == "" || tool.Title == "" || tool.Description == "" {
			t.Errorf("%s: incomplete definition %+v", tool.Name, tool.Def)
		}
		updatesOnly := true
		for _, op := range tool.Operations {
			switch method[op] {
			case "":
				t.Errorf("%s names operation %s, which the API does not have", tool.Name, op)
			case "GET", "PUT":
			default:
				updatesOnly = false
			}
		}
		// A write that only PUTs what it is given is idempotent; the calendar's moves are not
		// (they shift sessions by a number of days).
		if tool.Access == manifest.Write && updatesOnly && tool.Toolset != manifest.Calendar && !tool.Idempotent {
			t.Errorf("%s writes only by PUT (by date, id or settings id): it is idempotent", tool.Name)
		}
	}
}

// TestEveryToolCallsTheOperationsItDeclares makes every sample call on the demo athlete and
// compares the operations each tool asked of the fake with the ones its definition declares:
// a call of an undeclared operation fails, and so does a declared one that no sample call
// performs (give the tool a case for that path). The api toolset's call_operation calls the
// operation its arguments name.
func TestEveryToolCallsTheOperationsItDeclares(t *testing.T) {
	f, c := startFake(t, samples.Now)
	run := newSampleRun(t, f, c, "0", samples.Now)
	called := map[string]map[string]bool{}
	for _, call := range samples.Calls {
		f.TakeRequests()
		_, err := run.run(call, 0)
		if fails := call.Fault != ""; (err != nil) != fails {
			t.Errorf("%s %s: error %v, want one: %v", call.Tool, call.Case, err, fails)
		}
		if called[call.Tool] == nil {
			called[call.Tool] = map[string]bool{}
		}
		for _, r := range f.TakeRequests() {
			if r.Operation == "" {
				t.Errorf("%s %s: %s %s is no operation of the API", call.Tool, call.Case, r.Method, r.Path)
			}
			called[call.Tool][r.Operation] = true
			if !slices.Contains(declaredOperations(t, call, run.args(call)), r.Operation) {
				t.Errorf("%s %s calls %s, which it does not declare", call.Tool, call.Case, r.Operation)
			}
		}
	}
	for _, tool := range All() {
		for _, op := range tool.Operations {
			if !called[tool.Name][op] {
				t.Errorf("%s declares %s, which none of its sample calls performs: add a case that does, or drop it", tool.Name, op)
			}
		}
	}
}

// declaredOperations is what a sample call may ask of Intervals.icu: its tool's operations,
// or, for the api toolset, the operation its arguments name.
func declaredOperations(t *testing.T, call samples.Call, args string) []string {
	tool := toolNamed(t, call.Tool)
	if tool.Toolset != manifest.API {
		return tool.Operations
	}
	var in struct {
		Operation string `json:"operation"`
	}
	if err := json.Unmarshal([]byte(args), &in); err != nil {
		t.Fatal(err)
	}
	if in.Operation == "" {
		return nil
	}
	return []string{in.Operation}
}

// TestToolsAnswerOnTheDemoAthlete keeps the answer of every sample call of a read tool on
// the demo athlete in testdata/<tool>/<case>.golden, numbers masked (the fake's synthetic
// world is tuned from time to time; the file keeps the full answer as a sample). Reads write
// nothing.
func TestToolsAnswerOnTheDemoAthlete(t *testing.T) {
	f, c := startFake(t, samples.Now)
	run := newSampleRun(t, f, c, "0", samples.Now)
	for _, call := range readSamples(t) {
		t.Run(call.Tool+"/"+call.Case, func(t *testing.T) {
			out, err := run.run(call, 0)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, call.Tool, call.Case, out+"\n", maskNumbers)
		})
	}
	if w := f.Writes(); len(w) != 0 {
		t.Errorf("read tools wrote to the calendar: %+v", w)
	}
}

func TestBadArgumentsSayWhatToDo(t *testing.T) {
	_, env := demoFake(t)
	for _, c := range []struct{ tool, args, want string }{
		{"get_activities", `{"oldest":"30/11/2026"}`, "write YYYY-MM-DD"},
		{"get_activities", `{"oldest":"2026-12-01","newest":"2026-11-01"}`, "swap them"},
		{"get_events", `{"category":["WORKOUTS"]}`, `got ["WORKOUTS"]; expected an array of at most 100 values, each one of WORKOUT, RACE_A, RACE_B, RACE_C, NOTE, PLAN, HOLIDAY`},
		{"get_athlete_power_curves", `{"period":"last month"}`, "42d, 90d, 1y, all"},
		{"get_activity_details", `{"activity_id":"i0"}`, "take the id from get_activities"},
		{"delete_events_by_date_range", `{"oldest":"2026-12-01"}`, "missing required argument newest"},
		{"delete_events_by_date_range", `{"oldest":"2026-12-01","newest":""}`, "both required"},
		{"add_or_update_event", `{"type":"Run"}`, "date is required"},
		{"add_or_update_event", `{"date":"2026-12-01","type":"Jogging"}`, `sport "Jogging" is not an Intervals.icu type: use e.g. Run`},
		{"get_athlete_power_curves", `{"sport":"Bike"}`, `sport "Bike" is not an Intervals.icu type`},
		{"list_workout_templates", `{"sport":"Bike"}`, `sport "Bike" is not an Intervals.icu type`},
		{"move_sessions", `{"oldest":"2026-12-01","days":1,"category":["WORKOUTS"]}`, `category "WORKOUTS" is not an Intervals.icu event category: use one of WORKOUT, RACE_A`},
		{"add_or_update_event", `{"date":"2026-12-01","duration":"an hour","type":"Run"}`, "h:mm:ss"},
	} {
		_, err := callTool(t, env, c.tool, c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s: want an error with %q, got %v", c.tool, c.args, c.want, err)
		}
	}
}

// The reference server's tools are all in the catalog, under their names, with get_athlete_context first.
func TestCatalogHasTheReferenceToolsGroupedByToolset(t *testing.T) {
	all := All()
	var names []string
	last := -1
	for _, tl := range all {
		names = append(names, tl.Name)
		r := slices.Index(manifest.AllToolsets, tl.Toolset)
		if r < last {
			t.Errorf("%s (%s) is listed after a later toolset", tl.Name, tl.Toolset)
		}
		last = r
	}
	if names[0] != "get_athlete_context" {
		t.Errorf("first tool is %s, want get_athlete_context", names[0])
	}
	for _, n := range referenceTools {
		if !slices.Contains(names, n) {
			t.Errorf("reference tool %s is missing", n)
		}
	}
}
