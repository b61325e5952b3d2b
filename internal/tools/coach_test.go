package tools

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// TestCoachModeEveryReferenceAndPlanningToolUsesTheCallsAthlete is the counterpart, for the
// tools that are not coaching tools, of TestCoachModeEveryToolUsesTheCallsAthlete: called for
// a coached athlete, every tool sends its requests for that athlete only, and its writes land
// in that athlete's data (a known bug of other servers: some tools ignore the athlete).
func TestCoachModeEveryReferenceAndPlanningToolUsesTheCallsAthlete(t *testing.T) {
	const who = "i100002"
	f, c, log := startFakeLogged(t)
	a := worldAthlete(t, f, who)
	activity := ""
	for i := len(a.Activities) - 1; i >= 0 && activity == ""; i-- {
		if s := a.Activities[i].Source; s == nil || *s != "STRAVA" {
			activity = *a.Activities[i].Id
		}
	}
	var free []string // planned sessions after today, not paired with an activity
	for _, e := range a.Events {
		if e.Category != nil && *e.Category == "WORKOUT" && a.PairedActivity[*e.Id] == "" && *e.StartDateLocal > "2026-12-01" {
			free = append(free, strconv.Itoa(int(*e.Id)))
		}
	}
	if activity == "" || len(free) < 4 {
		t.Fatalf("athlete %s lacks data for this test: activity %q, %d free sessions", who, activity, len(free))
	}
	calls := []struct{ tool, args string }{
		{"get_athlete_context", `{}`},
		{"get_activities", `{}`},
		{"get_activity_details", `{"activity_id":"` + activity + `"}`},
		{"get_activity_intervals", `{"activity_id":"` + activity + `"}`},
		{"get_activity_streams", `{"activity_id":"` + activity + `"}`},
		{"get_activity_messages", `{"activity_id":"` + activity + `"}`},
		{"add_activity_message", `{"activity_id":"` + activity + `","content":"Nice one"}`},
		{"get_athlete_power_curves", `{}`},
		{"get_wellness_data", `{}`},
		{"get_events", `{}`},
		{"get_event_by_id", `{"event_id":` + free[0] + `}`},
		{"add_or_update_event", `{"date":"2026-12-03","type":"Ride","name":"Coach added"}`},
		{"plan_sessions", `{"plan":"coach test","sessions":[{"date":"2026-12-04","sport":"Ride","name":"Planned by coach","duration":"45:00"}]}`},
		{"move_sessions", `{"ids":[` + free[1] + `],"days":1}`},
		{"copy_sessions", `{"ids":[` + free[1] + `],"to_date":"2026-12-20"}`},
		{"repeat_session", `{"id":` + free[2] + `,"times":2}`},
		{"update_session", `{"id":` + free[2] + `,"name":"Renamed by coach"}`},
		{"create_period", `{"kind":"SICK","start":"2026-12-05","end":"2026-12-06"}`},
		{"delete_events_by_date_range", `{"oldest":"2026-12-02","newest":"2026-12-03"}`},
		{"delete_event", `{"event_id":` + free[3] + `}`},
		{"get_gear_list", `{}`},
		{"get_custom_items", `{}`},
		{"create_custom_item", `{"name":"Coach chart","type":"FITNESS_CHART","content":{}}`},
	}
	// below, with the ids of the period and the custom item these calls create
	covered := map[string]bool{"update_period": true, "delete_period": true, "get_custom_item_by_id": true, "update_custom_item": true, "delete_custom_item": true}
	for _, tool := range toolsByName(coachingToolNames...) {
		covered[tool.Name] = true // TestCoachModeEveryToolUsesTheCallsAthlete
	}
	for _, call := range calls {
		covered[call.tool] = true
	}
	for _, tool := range All() {
		if !covered[tool.Name] {
			t.Errorf("%s has no call in this test: add one", tool.Name)
		}
	}
	run := func(tool, args string) string {
		t.Helper()
		log.take()
		out, err := toolNamed(t, All(), tool).Run(context.Background(), fakeEnv(c, who), json.RawMessage(args))
		if err != nil {
			t.Errorf("%s %s for %s: %v", tool, args, who, err)
		}
		for _, p := range log.take() {
			if strings.Contains(p, "/athlete/") && !strings.Contains(p, "/athlete/"+who) {
				t.Errorf("%s for %s sent %s", tool, who, p)
			}
		}
		return out
	}
	for _, call := range calls {
		run(call.tool, call.args)
	}
	var period string
	for _, e := range f.Events(who) {
		if e.Category != nil && *e.Category == "SICK" && strings.HasPrefix(*e.StartDateLocal, "2026-12-05") {
			period = strconv.Itoa(int(*e.Id))
		}
	}
	if period == "" {
		t.Fatalf("create_period for %s left no SICK period on %s's calendar", who, who)
	}
	run("update_period", `{"id":`+period+`,"name":"Flu"}`)
	run("delete_period", `{"id":`+period+`}`)
	items := worldAthlete(t, f, who).CustomItems
	if len(items) != 1 || items[0].Name == nil || *items[0].Name != "Coach chart" {
		t.Fatalf("create_custom_item for %s: %s's custom items are %d, want the one created", who, who, len(items))
	}
	item := `{"item_id":` + strconv.Itoa(int(*items[0].Id))
	run("get_custom_item_by_id", item+`}`)
	run("update_custom_item", item+`,"name":"Renamed chart"}`)
	run("delete_custom_item", item+`}`)

	// Every write went to the coached athlete (events, custom items) or to one of their
	// activities (comments).
	ops := map[string]bool{}
	for _, w := range f.Writes() {
		ops[w.Operation] = true
		switch {
		case strings.Contains(w.Path, "/athlete/") && !strings.Contains(w.Path, "/athlete/"+who+"/"):
			t.Errorf("write to another athlete: %s %s", w.Method, w.Path)
		case strings.HasPrefix(w.Path, "/api/v1/activity/") && !strings.HasPrefix(w.Path, "/api/v1/activity/"+activity+"/"):
			t.Errorf("write to an activity that is not %s's: %s %s", who, w.Method, w.Path)
		}
	}
	for _, op := range []string{"sendActivityMessage", "createEvent", "createMultipleEvents", "updateEvent", "deleteEvent", "createCustomItem", "updateCustomItem", "deleteCustomItem"} {
		if !ops[op] {
			t.Errorf("no %s write for %s (writes: %v)", op, who, f.Writes())
		}
	}
	names := map[string]bool{}
	for _, e := range f.Events(who) {
		if e.Name != nil {
			names[*e.Name] = true
		}
	}
	for _, n := range []string{"Coach added", "Planned by coach", "Renamed by coach"} {
		if !names[n] {
			t.Errorf("%q is not on %s's calendar", n, who)
		}
	}
	for _, e := range f.Events("0") {
		if e.Name != nil && strings.Contains(*e.Name, "coach") {
			t.Errorf("the coach's own calendar got %q", *e.Name)
		}
	}
}

func TestListAthletes(t *testing.T) {
	s := &coachStub{answers: map[string]string{
		"GET /api/v1/athletes": `[{"id":"i2","name":"Léa","timezone":"Europe/Paris","city":"Lyon","country":"France","tags":["marathon"]},{"id":"i3","name":"Marc"}]`,
	}}
	env := coachStubEnv(t, s, recordsNow)
	out, err := coachingTool(t, "list_athletes").Run(context.Background(), env, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "- i2; Léa; Europe/Paris; Lyon, France; tags marathon\n- i3; Marc") {
		t.Errorf("answer:\n%s", out)
	}
	coachingGolden(t, "list_athletes", out)
}

func TestCoachModeEveryToolUsesTheCallsAthlete(t *testing.T) {
	f, c, log := startFakeLogged(t)
	calls := coachCalls(t, f, "i100002")
	if len(calls) != len(toolsByName(coachingToolNames...)) {
		t.Fatalf("%d calls for %d tools: give every tool a call", len(calls), len(toolsByName(coachingToolNames...)))
	}
	for _, tool := range toolsByName(coachingToolNames...) {
		args, ok := calls[tool.Name]
		if !ok {
			t.Fatalf("no call for %s", tool.Name)
		}
		log.take()
		if _, err := tool.Run(context.Background(), fakeEnv(c, "i100002"), json.RawMessage(args)); err != nil {
			t.Errorf("%s for i100002: %v", tool.Name, err)
			continue
		}
		for _, p := range log.take() {
			if strings.Contains(p, "/athlete/") && !strings.Contains(p, "/athlete/i100002") {
				t.Errorf("%s for i100002 sent %s", tool.Name, p)
			}
		}
	}
	// The writes landed on the coached athlete's data.
	writes := map[string]bool{}
	for _, w := range f.Writes() {
		writes[w.Operation] = true
		if strings.Contains(w.Path, "/athlete/") && !strings.Contains(w.Path, "/athlete/i100002/") {
			t.Errorf("write to another athlete: %s %s", w.Method, w.Path)
		}
	}
	for _, op := range []string{"updateWellness", "updateSettings", "updateActivity"} {
		if !writes[op] {
			t.Errorf("no %s write for i100002 (writes: %v)", op, f.Writes())
		}
	}
	w := f.World()
	for _, a := range w.Athletes {
		if *a.Profile.Id != "i100002" {
			continue
		}
		row := a.Wellness[len(a.Wellness)-1]
		if row.Weight == nil || *row.Weight != 64.2 {
			t.Errorf("i100002's wellness today does not carry the logged weight: %+v", row.Id)
		}
	}
}

func TestCoachModeRefusesAnAthleteNotCoached(t *testing.T) {
	f, c, _ := startFakeLogged(t)
	calls := coachCalls(t, f, "i100002")
	for _, tool := range toolsByName(coachingToolNames...) {
		switch tool.Name {
		case "list_athletes", "api_list_operations", "api_describe_operation":
			continue // account-wide or offline: no athlete to refuse
		}
		_, err := tool.Run(context.Background(), fakeEnv(c, "i999999"), json.RawMessage(calls[tool.Name]))
		if err == nil {
			t.Errorf("%s for i999999: want a refusal", tool.Name)
			continue
		}
		if !strings.Contains(err.Error(), "athlete i999999 is not available to this account") || !strings.Contains(err.Error(), "list_athletes") {
			t.Errorf("%s for i999999: unclear refusal: %v", tool.Name, err)
		}
	}
	if w := f.Writes(); len(w) != 0 {
		t.Errorf("refused calls wrote: %+v", w)
	}
}

// TestEveryToolRefusesAnAthleteNotCoachedByName extends the refusal to the reference and
// planning tools: each reads the athlete first and names the refusal, writing nothing.
func TestEveryToolRefusesAnAthleteNotCoachedByName(t *testing.T) {
	f, c, _ := startFakeLogged(t)
	args := map[string]string{
		"get_activity_details":        `{"activity_id":"i1"}`,
		"get_activity_intervals":      `{"activity_id":"i1"}`,
		"get_activity_streams":        `{"activity_id":"i1"}`,
		"get_activity_messages":       `{"activity_id":"i1"}`,
		"get_event_by_id":             `{"event_id":1}`,
		"add_or_update_event":         `{"date":"2026-12-03","type":"Run","name":"Easy"}`,
		"delete_event":                `{"event_id":1}`,
		"delete_events_by_date_range": `{"oldest":"2026-12-01","newest":"2026-12-02"}`,
		"get_custom_item_by_id":       `{"item_id":1}`,
		"create_custom_item":          `{"name":"x","type":"FITNESS_CHART","content":{}}`,
		"update_custom_item":          `{"item_id":1,"name":"x"}`,
		"delete_custom_item":          `{"item_id":1}`,
		"plan_sessions":               `{"plan":"p","sessions":[{"date":"2026-12-03","sport":"Run","name":"Easy","duration":"30:00"}]}`,
		"move_sessions":               `{"ids":[1],"days":1}`,
		"copy_sessions":               `{"ids":[1],"to_date":"2026-12-10"}`,
		"repeat_session":              `{"id":1,"times":2}`,
		"update_session":              `{"id":1,"name":"x"}`,
		"create_period":               `{"kind":"SICK","start":"2026-12-01","end":"2026-12-02"}`,
		"update_period":               `{"id":1,"name":"x"}`,
		"delete_period":               `{"id":1}`,
	}
	coaching := map[string]bool{}
	for _, tool := range toolsByName(coachingToolNames...) {
		coaching[tool.Name] = true
	}
	for _, tool := range All() {
		if coaching[tool.Name] || tool.Name == "add_activity_message" {
			// coaching tools: TestCoachModeRefusesAnAthleteNotCoached; a comment goes to the
			// activity named by its id, whoever's it is
			continue
		}
		a, ok := args[tool.Name]
		if !ok {
			a = `{}`
		}
		_, err := tool.Run(context.Background(), fakeEnv(c, "i999999"), json.RawMessage(a))
		if err == nil || !strings.Contains(err.Error(), "athlete i999999 is not available to this account") || !strings.Contains(err.Error(), "list_athletes") {
			t.Errorf("%s %s for i999999: want a refusal naming the athlete, got %v", tool.Name, a, err)
		}
	}
	if w := f.Writes(); len(w) != 0 {
		t.Errorf("refused calls wrote: %+v", w)
	}
}
