package tools

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/tiktoken-go/tokenizer"
)

// TestEveryReadAnswerKeepsToTheBudget calls every read tool on the fake's athlete, over
// wide ranges, at small budgets: no answer may be longer than the budget.
func TestEveryReadAnswerKeepsToTheBudget(t *testing.T) {
	f, c, _ := startFake(t, fakeNow)
	a := f.World().Athletes[0]
	act := ""
	for _, x := range a.Activities {
		if x.Source == nil || *x.Source != "STRAVA" {
			act = *x.Id
		}
	}
	if act == "" || len(a.Events) == 0 || len(a.CustomItems) == 0 {
		t.Fatal("the fake athlete lacks an activity, an event or a custom item")
	}
	calls := map[string]string{
		"get_activities":         `{"oldest":"2026-01-01","newest":"2026-11-30"}`,
		"get_activity_details":   `{"activity_id":"` + act + `"}`,
		"get_activity_intervals": `{"activity_id":"` + act + `"}`,
		"get_activity_streams":   `{"activity_id":"` + act + `"}`,
		"get_activity_messages":  `{"activity_id":"` + act + `"}`,
		"get_events":             `{"oldest":"2026-10-01","newest":"2026-12-30"}`,
		"get_event_by_id":        `{"event_id":` + strconv.Itoa(int(*a.Events[0].Id)) + `}`,
		"get_custom_item_by_id":  `{"item_id":` + strconv.Itoa(int(*a.CustomItems[0].Id)) + `}`,
		"get_wellness_data":      `{"oldest":"2026-06-01","newest":"2026-11-30"}`,
		"get_training_load":      `{"weeks":12,"days":60}`,
		"get_training_volume":    `{"weeks":20}`,
		"api_describe_operation": `{"operation":"updateSettings"}`,
		"api_call_operation":     `{"operation":"listActivities","params":{"oldest":"2026-01-01"}}`,
	}
	for _, budget := range []int{300, 800} {
		for _, tool := range All() {
			if tool.Access != manifest.Read {
				continue
			}
			args, ok := calls[tool.Name]
			if !ok {
				args = `{}`
			}
			env := fakeEnv(c, "0")
			env.Budget = budget
			out, err := checked(t, tool).Run(context.Background(), env, json.RawMessage(args))
			if err != nil {
				t.Errorf("%s %s: %v", tool.Name, args, err)
				continue
			}
			if n := len([]rune(out)); n > budget {
				t.Errorf("%s at a budget of %d: %d characters:\n%s", tool.Name, budget, n, out)
			}
		}
	}
}

// TestCoachingToolsBudget keeps each coaching tool under 450 tokens and the ones in the
// default toolsets (all but api and coach) under 2,300 together, this share of the
// default catalog's 7,000.
func TestCoachingToolsBudget(t *testing.T) {
	sizes := coachingToolTokens(t)
	total := 0
	for _, tool := range toolsByName(coachingToolNames...) {
		n := sizes[tool.Name]
		if n > 450 {
			t.Errorf("%s is %d tokens: at most 450", tool.Name, n)
		}
		if slices.Contains(manifest.DefaultToolsets, tool.Toolset) {
			total += n
		}
		t.Logf("%-24s %-12s %4d tokens", tool.Name, tool.Toolset, n)
	}
	t.Logf("default toolsets: %d tokens", total)
	if total > 2300 {
		t.Errorf("the coaching tools of the default toolsets take %d tokens: at most 2,300", total)
	}
}

// TestCoachingToolsDefinitions checks what every tool must declare: a valid access class,
// a toolset, operations that exist, and idempotency on the writes that are.
func TestCoachingToolsDefinitions(t *testing.T) {
	ops := map[string]bool{}
	for _, op := range intervalsOperationIDs() {
		ops[op] = true
	}
	seen := map[string]bool{}
	for _, tool := range toolsByName(coachingToolNames...) {
		if seen[tool.Name] {
			t.Errorf("%s defined twice", tool.Name)
		}
		seen[tool.Name] = true
		if !tool.Access.Valid() || tool.Toolset == "" || tool.Title == "" || tool.Description == "" {
			t.Errorf("%s: incomplete definition %+v", tool.Name, tool.Def)
		}
		for _, op := range tool.Operations {
			if !ops[op] {
				t.Errorf("%s names operation %s, which the API does not have", tool.Name, op)
			}
		}
		if tool.Access == manifest.Write && !tool.Idempotent {
			t.Errorf("%s writes by date, id or settings id: it is idempotent", tool.Name)
		}
	}
}

func TestToolsAnswerOnTheDemoAthlete(t *testing.T) {
	env, f := demoEnv(t)
	a := demoAthlete(t, f)
	var lastRun, stub string
	for _, act := range a.Activities {
		if act.Type != nil && strings.Contains(*act.Type, "Run") {
			lastRun = *act.Id
		}
	}
	if len(a.StravaStubs) > 0 {
		stub = a.StravaStubs[len(a.StravaStubs)-1]
	}
	cases := []struct{ golden, tool, args string }{
		{"context", "get_athlete_context", `{}`},
		{"activities", "get_activities", `{}`},
		{"activity", "get_activity_details", `{"activity_id":"` + lastRun + `"}`},
		{"activity_strava", "get_activity_details", `{"activity_id":"` + stub + `"}`},
		{"intervals", "get_activity_intervals", `{"activity_id":"` + lastRun + `"}`},
		{"streams", "get_activity_streams", `{"activity_id":"` + lastRun + `","points":30}`},
		{"messages", "get_activity_messages", `{"activity_id":"` + lastRun + `"}`},
		{"power_curves", "get_athlete_power_curves", `{}`},
		{"pace_curves", "get_athlete_power_curves", `{"kind":"pace","period":"1y"}`},
		{"hr_curves", "get_athlete_power_curves", `{"kind":"hr","sport":"Run","oldest":"2026-09-01","newest":"2026-11-30"}`},
		{"wellness", "get_wellness_data", `{}`},
		{"events", "get_events", `{"oldest":"2026-11-24","newest":"2026-12-07"}`},
		{"gear", "get_gear_list", `{}`},
		{"custom_items", "get_custom_items", `{}`},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) {
			toolGolden(t, c.golden, mustCallTool(t, env, c.tool, c.args))
		})
	}
	if w := f.Writes(); len(w) != 0 {
		t.Errorf("read tools wrote to the calendar: %+v", w)
	}
}

func TestBadArgumentsSayWhatToDo(t *testing.T) {
	env, _ := demoEnv(t)
	for _, c := range []struct{ tool, args, want string }{
		{"get_activities", `{"oldest":"30/11/2026"}`, "write YYYY-MM-DD"},
		{"get_activities", `{"oldest":"2026-12-01","newest":"2026-11-01"}`, "swap them"},
		{"get_events", `{"category":["WORKOUTS"]}`, `got ["WORKOUTS"]; expected an array of values, each one of WORKOUT, RACE_A, RACE_B, RACE_C, NOTE, PLAN, HOLIDAY`},
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

// TestPlanningToolsFitTheTokenBudget measures each planning tool as tools/list sends it:
// no tool over 450 o200k tokens, and the eight under 1,900 together (the default catalog
// must stay under 7,000).
func TestPlanningToolsFitTheTokenBudget(t *testing.T) {
	_, env := planningFake(t)
	cs := planningSession(t, env)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	codec, err := tokenizer.Get(tokenizer.O200kBase)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, tool := range res.Tools {
		b, _ := json.Marshal(tool)
		n, _ := codec.Count(string(b))
		total += n
		t.Logf("%-15s %4d tokens", tool.Name, n)
		if n > 450 {
			t.Errorf("%s: %d tokens, over 450", tool.Name, n)
		}
	}
	if len(res.Tools) != len(toolsByName(planningToolNames...)) || total > 1900 {
		t.Errorf("%d tools, %d tokens in all: want %d tools under 1,900", len(res.Tools), total, len(toolsByName(planningToolNames...)))
	}
}

// The reference server's tools are all in the catalog, under their names, with get_athlete_context first.
func TestCatalogHasTheReferenceToolsGroupedByToolset(t *testing.T) {
	reference := []string{"get_activities", "get_activity_details", "get_activity_intervals", "get_activity_streams",
		"get_activity_messages", "add_activity_message", "get_athlete_power_curves", "get_wellness_data", "get_events",
		"get_event_by_id", "add_or_update_event", "delete_event", "delete_events_by_date_range", "get_custom_items",
		"get_custom_item_by_id", "create_custom_item", "update_custom_item", "delete_custom_item", "get_gear_list"}
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
	for _, n := range reference {
		if !slices.Contains(names, n) {
			t.Errorf("reference tool %s is missing", n)
		}
	}
}
