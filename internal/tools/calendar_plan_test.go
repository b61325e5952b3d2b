package tools

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/workout"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestPlanSixtySessionsInOneCallReadBackExactly(t *testing.T) {
	f, env := demoFake(t)
	plan := marathonBlock("Marathon 2027")
	out, err := callTool(t, env, "plan_sessions", plan)
	if err != nil {
		t.Fatal(err)
	}
	containsAll(t, out, `Plan "Marathon 2027": 60 session(s) written all or nothing: 60 new, 0 updated, 0 unchanged.`,
		"Week of Mon 2026-12-07: 5 session(s)", "Week of Mon 2027-02-22: 5 session(s)")
	got := planEvents(f, "imcp:")
	if len(got) != 60 {
		t.Fatalf("want 60 planned events, got %d", len(got))
	}
	want := plan["sessions"].([]map[string]any)
	byKey := map[string]api.Event{}
	for _, e := range got {
		byKey[deref(e.StartDateLocal)[:10]+" "+deref(e.Name)] = e
	}
	for i, s := range want {
		e, ok := byKey[s["date"].(string)+" "+s["name"].(string)]
		if !ok {
			t.Errorf("session %d (%s %s) is not in the calendar", i+1, s["date"], s["name"])
			continue
		}
		if got := deref(e.StartDateLocal); got != s["date"].(string)+"T00:00:00" {
			t.Errorf("session %d starts %s", i+1, got)
		}
		desc := deref(e.Description)
		switch {
		case s["steps"] != nil:
			w, err := workout.Parse(workout.Run, desc)
			if err != nil {
				t.Errorf("session %d: the written workout does not parse: %v\n%s", i+1, err, desc)
				continue
			}
			if d := cmp.Diff(plainOf(t, s["steps"]), w.Plain()); d != "" {
				t.Errorf("session %d: steps do not round-trip (-given +read back):\n%s", i+1, d)
			}
		case s["description"] != nil && desc != s["description"]:
			t.Errorf("session %d: description %q, want %q", i+1, desc, s["description"])
		}
	}
	creates := 0
	for _, w := range f.Writes() {
		if w.Operation == "createMultipleEvents" {
			creates++
		}
	}
	if creates != 3 || len(f.Writes()) != 3 {
		t.Errorf("want 60 sessions in 3 bulk creates of %d and no other write, got %d writes", createChunk, len(f.Writes()))
	}
	golden(t, "plan_sessions", "60_sessions", maskEventIDs(out), nil)
}

func TestPlanTwiceGivesNoDuplicates(t *testing.T) {
	f, env := demoFake(t)
	plan := marathonBlock("Marathon 2027")
	if _, err := callTool(t, env, "plan_sessions", plan); err != nil {
		t.Fatal(err)
	}
	// Intervals.icu computes a workout's time and load itself: values it computed
	// differently from the estimate are not a change of the plan.
	threshold := planEvents(f, "imcp:")[0]
	if err := env.PutEventFields(t.Context(), deref(threshold.Id), map[string]any{"icu_training_load": 77, "moving_time": 3333}); err != nil {
		t.Fatal(err)
	}
	before := demoCalendar(f)
	f.ResetWrites()
	out, err := callTool(t, env, "plan_sessions", plan)
	if err != nil {
		t.Fatal(err)
	}
	containsAll(t, out, "0 new, 0 updated, 60 unchanged")
	noWrites(t, f)
	sameCalendar(t, f, before)

	// The same plan name with one session changed updates that session only.
	sessions := plan["sessions"].([]map[string]any)
	sessions[1]["description"] = "- 50m Z2 HR"
	out, err = callTool(t, env, "plan_sessions", plan)
	if err != nil {
		t.Fatal(err)
	}
	containsAll(t, out, "0 new, 1 updated, 59 unchanged")
	if n := len(planEvents(f, "imcp:")); n != 60 {
		t.Errorf("want 60 events after the update, got %d", n)
	}
}

func TestPlanRollsBackWhenAWriteFails(t *testing.T) {
	f, env := demoFake(t)
	plan := marathonBlock("Marathon 2027")
	sessions := plan["sessions"].([]map[string]any)
	first := map[string]any{"plan": "Marathon 2027", "sessions": sessions[:5]}
	if _, err := callTool(t, env, "plan_sessions", first); err != nil {
		t.Fatal(err)
	}
	before := demoCalendar(f)
	// The whole plan now: session 2 changes (an update), 55 are new (three bulk creates);
	// the second bulk create fails.
	sessions[1]["description"] = "- 50m Z2 HR"
	f.Inject(fakeicu.Fault{Kind: fakeicu.FaultStatus, Status: 500, Operation: "createMultipleEvents", Skip: 1, Count: 1})
	f.ResetWrites()
	_, err := callTool(t, env, "plan_sessions", plan)
	if err == nil {
		t.Fatal("want an error when a bulk create fails")
	}
	containsAll(t, err.Error(), "rolled back", "the calendar is as before")
	sameCalendar(t, f, before)
	ops := []string{}
	for _, w := range f.Writes() {
		ops = append(ops, w.Operation)
	}
	if want := []string{"updateEvent", "createMultipleEvents", "deleteEventsBulk", "updateEvent"}; !slices.Equal(ops, want) {
		t.Errorf("writes %v, want %v (update, first chunk, then the rollback)", ops, want)
	}
}

func TestPlanWithOneInvalidSessionWritesNothingAndNamesIt(t *testing.T) {
	f, env := demoFake(t)
	plan := marathonBlock("Marathon 2027")
	sessions := plan["sessions"].([]map[string]any)
	sessions[6]["description"] = "- 10m Z2 HR\n- 400m 90% pace"
	sessions[12]["date"] = "2026-02-30"
	_, err := callTool(t, env, "plan_sessions", plan)
	if err == nil {
		t.Fatal("want an error")
	}
	containsAll(t, err.Error(), "Nothing was written: 2 problem(s)",
		`session 7 (2026-12-16 "Easy")`, "400mtr",
		`session 13 (2026-02-30 "Hills")`, "YYYY-MM-DD")
	noWrites(t, f)
}

func TestPlanNamesEveryKindOfMistake(t *testing.T) {
	f, env := demoFake(t)
	bad := []map[string]any{
		{"date": "2026-12-05", "sport": "Run", "name": ""},
		{"date": "2026-12-05", "sport": "Jogging", "name": "A"},
		{"date": "2026-12-05", "category": "WORKOUT", "name": "B"},
		{"date": "2026-13-05", "sport": "Run", "name": "C"},
		{"date": "2026-12-05", "sport": "Run", "name": "D", "steps": []map[string]any{{"duration": "600", "target": "fast"}}},
		{"date": "2026-12-05", "category": "NOTE", "name": "E", "steps": []map[string]any{{"duration": "600"}}},
		{"date": "2026-12-05", "sport": "Run", "name": "F", "duration": "45 minutes"},
		{"date": "2026-12-05", "sport": "Run", "name": "G", "steps": []map[string]any{{"duration": "600", "target": "Z9 HR"}}},
		{"date": "2026-12-05", "sport": "Run", "name": "H", "description": "Steady\n- 20m Z2"},
		{"date": "2026-12-06", "sport": "Run", "name": "Same"},
		{"date": "2026-12-06", "sport": "Run", "name": "same"},
	}
	_, err := callTool(t, env, "plan_sessions", map[string]any{"plan": "x", "sessions": bad})
	if err == nil {
		t.Fatal("want an error")
	}
	containsAll(t, err.Error(), "session 1 (2026-12-05): name is empty", `"Jogging" is not an Intervals.icu type`,
		"session 3 (2026-12-05 \"B\"): sport is missing", `session 4 (2026-13-05 "C")`, "session 5", "for category WORKOUT only",
		`duration "45 minutes"`, "session 8", "session 9", "Z2 HR", "session 11", "same date, category and name as session 10")
	// A category plan_sessions does not write is refused by the schema, before the plan is read.
	_, err = callTool(t, env, "plan_sessions", map[string]any{"plan": "x", "sessions": []map[string]any{{"date": "2026-12-05", "category": "HOLIDAY", "name": "C"}}})
	if err == nil {
		t.Fatal("want an error")
	}
	containsAll(t, err.Error(), "category", "HOLIDAY", "WORKOUT RACE_A RACE_B RACE_C NOTE")
	noWrites(t, f)
}

func TestPlanTomorrowIsTheAthletesTomorrow(t *testing.T) {
	f, env := demoFake(t)
	// 14:30 UTC on Monday 2026-11-30 is 01:30 on Tuesday 2026-12-01 in Sydney.
	out, err := callTool(t, env, "plan_sessions", map[string]any{"plan": "tz", "sessions": []map[string]any{
		{"date": "tomorrow", "sport": "Run", "name": "Tomorrow run", "duration": "0:40:00"},
		{"date": "today", "category": "NOTE", "name": "Today note"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, e := range planEvents(f, "imcp:") {
		got[deref(e.Name)] = deref(e.StartDateLocal)
	}
	want := map[string]string{"Tomorrow run": "2026-12-02T00:00:00", "Today note": "2026-12-01T00:00:00"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("dates (-want +got):\n%s\n%s", d, out)
	}
	f.ResetWrites()
	_, err = callTool(t, env, "plan_sessions", map[string]any{"plan": "tz", "sessions": []map[string]any{
		{"date": "2026-11-30", "sport": "Run", "name": "UTC today"},
	}})
	if err == nil {
		t.Fatal("2026-11-30 is yesterday for the athlete: want it refused as in the past")
	}
	containsAll(t, err.Error(), "2026-11-30 is in the past (today is Tue 2026-12-01 for the athlete)")
	noWrites(t, f)
}

func TestPlanLeavesADoneSessionOfThePlanAsItIs(t *testing.T) {
	f, env := demoFake(t)
	e, act := pairedEvent(t, f)
	// Give the done session the external id a plan would give it, then plan over it.
	a, err := loadAthlete(t.Context(), env)
	if err != nil {
		t.Fatal(err)
	}
	day := deref(e.StartDateLocal)[:10]
	ext := planPrefix(a.ID, "history") + ":" + strings.ReplaceAll(day, "-", "") + ":1"
	if err := env.PutEventFields(t.Context(), deref(e.Id), map[string]any{"external_id": ext}); err != nil {
		t.Fatal(err)
	}
	before := demoCalendar(f)
	f.ResetWrites()
	out, err := callTool(t, env, "plan_sessions", map[string]any{"plan": "history", "allow_past": true, "sessions": []map[string]any{
		{"date": day, "sport": "Run", "name": "Something else entirely", "duration": "1:00:00"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	containsAll(t, out, "1 already done (left as is)", "done, left as is")
	noWrites(t, f)
	sameCalendar(t, f, before)
	_ = act
}

// A create done by Intervals.icu whose answer arrives broken is confirmed by reading its
// events back by their external ids: the plan is written, once.
func TestPlanConfirmsACreateWhoseAnswerIsLost(t *testing.T) {
	f, env := demoFake(t)
	f.Inject(fakeicu.Fault{Kind: fakeicu.FaultBadJSON, Operation: "createMultipleEvents", Skip: 1, Count: 1})
	out, err := callTool(t, env, "plan_sessions", marathonBlock("Marathon 2027"))
	if err != nil {
		t.Fatal(err)
	}
	containsAll(t, out, "written all or nothing")
	n := 0
	for _, e := range f.Events("0") {
		if strings.HasPrefix(deref(e.ExternalId), "imcp:") {
			n++
		}
	}
	if want := len(marathonBlock("Marathon 2027")["sessions"].([]map[string]any)); n != want {
		t.Errorf("%d sessions of the plan on the calendar, want %d, once each", n, want)
	}
}

// A create answered 200 that Intervals.icu did not do (the answer broken, the events not
// there when read back) is not counted: the plan is rolled back and the answer says which
// sessions were unconfirmed.
func TestPlanRollsBackACreateThatCannotBeConfirmed(t *testing.T) {
	f, env := demoFake(t)
	before := demoCalendar(f)
	f.Inject(fakeicu.Fault{Kind: fakeicu.FaultGhost, Operation: "createMultipleEvents", Skip: 1, Count: 1})
	_, err := callTool(t, env, "plan_sessions", marathonBlock("Marathon 2027"))
	if err == nil {
		t.Fatal("want an error when a create cannot be confirmed")
	}
	containsAll(t, err.Error(), "not on the calendar when read back", "unconfirmed", "rolled back", "the calendar is as before")
	sameCalendar(t, f, before)
}

// TestPlanAnswerKeepsToTheBudget: even the weekly summary of a 60-session plan is cut to a
// small budget, saying so.
func TestPlanAnswerKeepsToTheBudget(t *testing.T) {
	_, env := demoFake(t)
	env.Budget = 400
	out, err := callTool(t, env, "plan_sessions", marathonBlock("Marathon 2027"))
	if err != nil {
		t.Fatal(err)
	}
	if n := len([]rune(out)); n > 400 || !strings.Contains(out, "more weeks; get_events shows them") {
		t.Errorf("want at most 400 characters saying what was cut, got %d:\n%s", n, out)
	}
}

func TestPlanAndMoveSessionsThroughAnMCPClientSession(t *testing.T) {
	f, env := demoFake(t)
	cs := clientSession(t, env)

	text, isErr := callText(t, cs, "plan_sessions", map[string]any{"plan": "mcp", "sessions": []map[string]any{
		{"date": "tomorrow", "sport": "Ride", "name": "Sweet spot", "steps": []map[string]any{
			{"duration": "600", "target": "ramp 50-75% FTP"},
			{"repeat": 3, "steps": []map[string]any{{"duration": "10:00", "target": "90% FTP"}, {"duration": "5:00", "target": "55% FTP"}}},
			{"duration": "600", "target": "50% FTP"},
		}},
	}})
	if isErr {
		t.Fatalf("plan_sessions failed: %s", text)
	}
	containsAll(t, text, "1 new", "Week of Mon 2026-11-30: 1 session(s), 1:05:00")
	got := planEvents(f, "imcp:")
	if len(got) != 1 || deref(got[0].StartDateLocal) != "2026-12-02T00:00:00" || !strings.Contains(deref(got[0].Description), "3x") {
		t.Fatalf("want one ride on 2026-12-02 with a repeat block, got %+v", got)
	}

	done, act := pairedEvent(t, f)
	f.ResetWrites()
	text, isErr = callText(t, cs, "move_sessions", map[string]any{"ids": []any{deref(done.Id)}, "days": 1})
	if !isErr || !strings.Contains(text, act) {
		t.Errorf("moving a done session: want a tool error naming activity %s, got %v %q", act, isErr, text)
	}
	noWrites(t, f)

	text, isErr = callText(t, cs, "plan_sessions", map[string]any{"plan": "mcp", "sessions": []map[string]any{
		{"date": "tomorrow", "sport": "Run", "name": "Track", "description": "- 8x400m 90% pace"},
	}})
	if !isErr || !strings.Contains(text, "Nothing was written") {
		t.Errorf("a trap must come back as a tool error before any write, got %v %q", isErr, text)
	}
	noWrites(t, f)

	r, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "intervals://workout-syntax"})
	if err != nil || len(r.Contents) != 1 || !strings.Contains(r.Contents[0].Text, "400mtr") {
		t.Errorf("workout syntax resource: %v %+v", err, r)
	}
	r, err = cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "intervals://event-categories"})
	if err != nil || !strings.Contains(r.Contents[0].Text, "| SICK |") {
		t.Errorf("event categories resource: %v", err)
	}
	p, err := cs.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: "adapt_to_illness", Arguments: map[string]string{"since": "yesterday", "feeling": "fever 38.5"}})
	if err != nil || len(p.Messages) == 0 {
		t.Fatalf("adapt_to_illness: %v", err)
	}
	if tc, ok := p.Messages[0].Content.(*mcp.TextContent); !ok || !strings.Contains(tc.Text, "create_period kind SICK from yesterday") {
		t.Errorf("adapt_to_illness text: %+v", p.Messages[0].Content)
	}
}

// TestCalendarWriteAnswers keeps the answers of the calendar's session and period tools in golden files, over a
// calendar made by the test itself (so that the fake's synthetic sessions do not show).
func TestCalendarWriteAnswers(t *testing.T) {
	_, env := demoFake(t)
	step := func(name, tool string, args map[string]any) string {
		t.Helper()
		out, err := callTool(t, env, tool, args)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		golden(t, tool, name, maskEventIDs(out), nil)
		return out
	}
	step("small", "plan_sessions", map[string]any{"plan": "golden", "sessions": []map[string]any{
		{"date": "2027-03-02", "sport": "Ride", "name": "Golden sweet spot", "description": "Seated.\n\n- 15m ramp 50-75%\n\n3x\n- 10m 90%\n- 5m 55%\n\n- 10m 50%"},
		{"date": "2027-03-04", "sport": "Swim", "name": "Golden CSS", "steps": []map[string]any{{"distance": "400m", "target": "Z2 Pace"}, {"repeat": 8, "steps": []map[string]any{{"distance": "100m", "target": "1:45/100m"}, {"duration": "20", "target": "Z1 Pace"}}}}},
		{"date": "2027-03-07", "category": "RACE_B", "sport": "Run", "name": "Golden half", "distance_km": 21.1, "duration": "1:32:00", "load": 120},
	}})
	ids := map[string]int32{}
	events, err := readCalendar(t.Context(), env, "2027-03-01", "2027-03-08")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range events {
		ids[deref(e.Name)] = deref(e.Id)
	}
	step("march_2027", "move_sessions", map[string]any{"ids": []any{ids["Golden CSS"]}, "days": 1})
	step("march_2027", "copy_sessions", map[string]any{"oldest": "2027-03-01", "newest": "2027-03-07", "category": []string{"WORKOUT"}, "to_date": "2027-03-09"})
	step("march_2027", "repeat_session", map[string]any{"id": ids["Golden half"], "every_weeks": 4, "times": 2})
	step("march_2027", "update_session", map[string]any{"id": ids["Golden sweet spot"], "name": "Golden tempo", "steps": []map[string]any{{"duration": "1:00:00", "target": "Z3"}}})
	step("march_2027", "create_period", map[string]any{"kind": "INJURED", "name": "Golden calf", "start": "2027-03-01", "end": "2027-03-05"})
	events, err = readCalendar(t.Context(), env, "2027-03-01", "2027-03-01", "INJURED")
	if err != nil || len(events) != 1 {
		t.Fatalf("the injury period: %v %d", err, len(events))
	}
	step("march_2027", "update_period", map[string]any{"id": deref(events[0].Id), "end": "2027-03-03", "description": "Physio says three days."})
	step("march_2027", "delete_period", map[string]any{"id": deref(events[0].Id)})
	_, err = callTool(t, env, "plan_sessions", map[string]any{"plan": "golden", "sessions": []map[string]any{
		{"date": "2027-03-02", "sport": "Run", "name": "Golden track", "description": "- 8x400m 90% pace"},
		{"date": "2027-03-03", "sport": "Run", "name": ""},
	}})
	if err == nil {
		t.Fatal("want the problems named")
	}
	golden(t, "plan_sessions", "refused", maskEventIDs(err.Error()), nil)
}
