package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tiktoken-go/tokenizer"
)

// planningSession serves the planning tools, resources and prompts over in-memory MCP
// transports, against the fake, and returns a connected client session.
func planningSession(t *testing.T, env *manifest.Env) *mcp.ClientSession {
	t.Helper()
	srv, err := server.New(server.Options{
		Tools: planningTools(), Resources: planningResources(), Prompts: planningPrompts(),
		Filter:  manifest.Filter{Toolsets: manifest.DefaultToolsets},
		Runtime: server.Runtime{Client: env.Client, AthleteID: env.AthleteID, Now: env.Now},
	})
	if err != nil {
		t.Fatal(err)
	}
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close(); _ = ss.Wait() })
	return cs
}

func callText(t *testing.T, cs *mcp.ClientSession, name string, args any) (string, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error %v (failures must be tool errors)", name, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res.IsError
}

func TestPlanningThroughAnMCPClientSession(t *testing.T) {
	f, env := planningFake(t)
	cs := planningSession(t, env)

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
	planContains(t, text, "1 new", "Week of Mon 2026-11-30: 1 session(s), 1:05:00")
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
	planNoWrites(t, f)

	text, isErr = callText(t, cs, "plan_sessions", map[string]any{"plan": "mcp", "sessions": []map[string]any{
		{"date": "tomorrow", "sport": "Run", "name": "Track", "description": "- 8x400m 90% pace"},
	}})
	if !isErr || !strings.Contains(text, "Nothing was written") {
		t.Errorf("a trap must come back as a tool error before any write, got %v %q", isErr, text)
	}
	planNoWrites(t, f)

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
	if len(res.Tools) != len(planningTools()) || total > 1900 {
		t.Errorf("%d tools, %d tokens in all: want %d tools under 1,900", len(res.Tools), total, len(planningTools()))
	}
}

func TestPromptsRefuseMissingArguments(t *testing.T) {
	for _, p := range planningPrompts() {
		if _, err := p.Render(map[string]string{}); err == nil {
			t.Errorf("%s without arguments: want an error that says what is missing", p.Name)
		}
	}
	text, err := planningPrompts()[0].Render(map[string]string{"goal": "marathon on 2027-03-14", "weeks": "12", "sessions_per_week": "5", "long_day": "Sunday"})
	if err != nil {
		t.Fatal(err)
	}
	planContains(t, text, "12-week", "5 sessions a week (60 in all)", "long session on Sunday", "plan_sessions", "create_period")
	if _, err := planningPrompts()[0].Render(map[string]string{"goal": "x", "weeks": "twelve", "sessions_per_week": "5"}); err == nil {
		t.Error("weeks=twelve: want an error")
	}
	text, err = planningPrompts()[1].Render(map[string]string{"since": "2026-11-28", "athlete": "i100002"})
	if err != nil {
		t.Fatal(err)
	}
	planContains(t, text, `pass athlete="i100002" to every tool call`, "since 2026-11-28", "How it feels now: not said")
}

// TestPlanningAnswers keeps the answers of every planning tool in golden files, over a
// calendar made by the test itself (so that the fake's synthetic sessions do not show).
func TestPlanningAnswers(t *testing.T) {
	_, env := planningFake(t)
	step := func(name, tool string, args map[string]any) string {
		t.Helper()
		out, err := runPlanning(t, env, tool, args)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		planningGolden(t, name, out)
		return out
	}
	step("plan_sessions_small", "plan_sessions", map[string]any{"plan": "golden", "sessions": []map[string]any{
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
	step("move_sessions", "move_sessions", map[string]any{"ids": []any{ids["Golden CSS"]}, "days": 1})
	step("copy_sessions", "copy_sessions", map[string]any{"oldest": "2027-03-01", "newest": "2027-03-07", "category": []string{"WORKOUT"}, "to_date": "2027-03-09"})
	step("repeat_session", "repeat_session", map[string]any{"id": ids["Golden half"], "every_weeks": 4, "times": 2})
	step("update_session", "update_session", map[string]any{"id": ids["Golden sweet spot"], "name": "Golden tempo", "steps": []map[string]any{{"duration": "1:00:00", "target": "Z3"}}})
	step("create_period", "create_period", map[string]any{"kind": "INJURED", "name": "Golden calf", "start": "2027-03-01", "end": "2027-03-05"})
	events, err = readCalendar(t.Context(), env, "2027-03-01", "2027-03-01", "INJURED")
	if err != nil || len(events) != 1 {
		t.Fatalf("the injury period: %v %d", err, len(events))
	}
	step("update_period", "update_period", map[string]any{"id": deref(events[0].Id), "end": "2027-03-03", "description": "Physio says three days."})
	step("delete_period", "delete_period", map[string]any{"id": deref(events[0].Id)})
	_, err = runPlanning(t, env, "plan_sessions", map[string]any{"plan": "golden", "sessions": []map[string]any{
		{"date": "2027-03-02", "sport": "Run", "name": "Golden track", "description": "- 8x400m 90% pace"},
		{"date": "2027-03-03", "sport": "Run", "name": ""},
	}})
	if err == nil {
		t.Fatal("want the problems named")
	}
	planningGolden(t, "plan_sessions_refused", err.Error())
}
