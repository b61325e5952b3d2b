package server

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestToolAliasesAnswerAsTheToolTheyName calls each of OpenAthlete's names, with its
// arguments, through an MCP session: the answer is our tool's to the same question under
// our argument names, after one line naming it.
func TestToolAliasesAnswerAsTheToolTheyName(t *testing.T) {
	fake, rt := demoRuntime(t, 10*time.Second, 30*time.Second)
	v := samples.Values(fake.World().Athletes[0])
	cs := connect(t, Options{Tools: tools.All(), Filter: allOn(), Runtime: rt}, nil)
	cases := []struct {
		alias string
		args  string
		tool  string
		ours  string
	}{
		{"get_calendar", `{"from":"2026-11-23","to":"2026-12-06","types":["training","race"]}`,
			"get_events", `{"oldest":"2026-11-23","newest":"2026-12-06","category":["WORKOUT","RACE_A","RACE_B","RACE_C"]}`},
		{"get_calendar", `{"athleteId":100001,"from":"2026-11-23","to":"2026-11-29"}`,
			"get_events", `{"oldest":"2026-11-23","newest":"2026-11-29"}`},
		{"get_session", `{"eventId":` + v["session1"] + `}`, "get_event_by_id", `{"event_id":` + v["session1"] + `}`},
		{"get_activity", `{"eventId":` + strings.TrimPrefix(v["run"], "i") + `}`, "get_activity_details", `{"activity_id":"` + v["run"] + `"}`},
		{"get_metrics", `{"types":["WEIGHT","HR_REST"],"from":"2026-11-20","to":"2026-11-30"}`, "get_wellness_data", `{"oldest":"2026-11-20","newest":"2026-11-30"}`},
	}
	for _, c := range cases {
		got, isErr := call(t, cs, c.alias, json.RawMessage(c.args))
		want, wantErr := call(t, cs, c.tool, json.RawMessage(c.ours))
		if isErr || wantErr {
			t.Fatalf("%s %s: error %q (ours: %q)", c.alias, c.args, got, want)
		}
		lead := "(" + c.alias + " is OpenAthlete's name: this is " + c.tool + ".)\n"
		if got != lead+want {
			t.Errorf("%s %s answered\n%s\nwant the line %q, then %s's answer\n%s", c.alias, c.args, got, lead, c.tool, want)
		}
	}

	// delete_sessions deletes, as delete_event does.
	got, isErr := call(t, cs, "delete_sessions", json.RawMessage(`{"eventIds":[`+v["session2"]+`],"scope":"this"}`))
	if isErr || !strings.HasPrefix(got, "(delete_sessions is OpenAthlete's name: this is delete_event.)\n") {
		t.Fatalf("delete_sessions answered %q", got)
	}
	if text, isErr := call(t, cs, "get_event_by_id", json.RawMessage(`{"event_id":`+v["session2"]+`}`)); !isErr {
		t.Errorf("after delete_sessions, the session is still there: %s", text)
	}
	// What cannot be honoured is refused, saying why, under the name we list.
	got, isErr = call(t, cs, "delete_sessions", json.RawMessage(`{"eventIds":[`+v["session3"]+`],"scope":"following"}`))
	if !isErr || !strings.Contains(got, "this is delete_event") || !strings.Contains(got, "scope") {
		t.Errorf("delete_sessions scope following: %q, want a refusal naming scope", got)
	}
	if _, isErr := call(t, cs, "get_event_by_id", json.RawMessage(`{"event_id":`+v["session3"]+`}`)); isErr {
		t.Errorf("a refused delete_sessions deleted the session")
	}
}

// TestToolAliasesAreNotListed: tools/list is byte for byte what it is without any alias,
// and names none of them.
func TestToolAliasesAreNotListed(t *testing.T) {
	_, rt := demoRuntime(t, 10*time.Second, 30*time.Second)
	list := func() []byte {
		cs := connect(t, Options{Tools: tools.All(), Filter: allOn(), Runtime: rt}, nil)
		res, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, tl := range res.Tools {
			if _, ok := toolAliases[tl.Name]; ok {
				t.Errorf("tools/list names the alias %s", tl.Name)
			}
		}
		out, _ := json.Marshal(res)
		return out
	}
	with := list()
	saved := toolAliases
	toolAliases = nil
	t.Cleanup(func() { toolAliases = saved })
	if without := list(); string(with) != string(without) {
		t.Errorf("tools/list differs with the aliases (%d bytes) and without (%d bytes)", len(with), len(without))
	}
}

// TestUnknownToolNameStillRefused: a name that is neither ours nor an alias, and an alias of
// a tool the configuration does not expose (delete_sessions on a read-only server), get the
// SDK's unknown tool error as before.
func TestUnknownToolNameStillRefused(t *testing.T) {
	_, rt := demoRuntime(t, 10*time.Second, 30*time.Second)
	ro := allOn()
	ro.ReadOnly = true
	cs := connect(t, Options{Tools: tools.All(), Filter: ro, Runtime: rt}, nil)
	for _, name := range []string{"get_calender", "delete_sessions"} {
		_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: map[string]any{}})
		if err == nil || !strings.Contains(err.Error(), `unknown tool "`+name+`"`) {
			t.Errorf("%s: %v, want unknown tool", name, err)
		}
	}
	if text, isErr := call(t, cs, "get_calendar", map[string]any{}); isErr || !strings.HasPrefix(text, "(get_calendar is") {
		t.Errorf("get_calendar on a read-only server: %q", text)
	}
}

// TestToolAliasesNameToolsOfTheCatalog: each alias stands for one of our tools and is none
// of our names; its argument names are not the tool's own, and what they stand for is.
func TestToolAliasesNameToolsOfTheCatalog(t *testing.T) {
	byName := map[string]manifest.Tool{}
	for _, tl := range tools.All() {
		byName[tl.Name] = tl
	}
	for name, a := range toolAliases {
		tl, ok := byName[a.Tool]
		switch {
		case !ok:
			t.Errorf("alias %s: no tool %s in the catalog", name, a.Tool)
			continue
		case byName[name].Name != "":
			t.Errorf("alias %s is the name of one of our tools", name)
		}
		var s struct {
			Properties map[string]json.RawMessage `json:"properties"`
		}
		if err := json.Unmarshal(tl.Schema, &s); err != nil {
			t.Fatal(err)
		}
		for _, arg := range a.Args {
			if _, own := s.Properties[arg.Name]; own {
				t.Errorf("alias %s: argument %s is %s's own", name, arg.Name, a.Tool)
			}
			if _, known := s.Properties[arg.For]; arg.For != "" && !known && arg.For != athleteIDArg {
				t.Errorf("alias %s: argument %s stands for %s, which %s does not take", name, arg.Name, arg.For, a.Tool)
			}
		}
	}
	if !slices.Equal(slices.Sorted(maps.Keys(toolAliases)), []string{"delete_sessions", "get_activity", "get_calendar", "get_metrics", "get_session"}) {
		t.Errorf("aliases %v, want OpenAthlete's five names that are not ours", slices.Sorted(maps.Keys(toolAliases)))
	}
}
