package tools

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
)

// referenceTools are the tools of the reference server (mvilanova/intervals-mcp-server).
var referenceTools = []string{"get_activities", "get_activity_details", "get_activity_intervals", "get_activity_streams",
	"get_activity_messages", "add_activity_message", "get_athlete_power_curves", "get_wellness_data", "get_events",
	"get_event_by_id", "add_or_update_event", "add_or_update_note", "delete_event", "delete_events_by_date_range",
	"get_custom_items", "get_custom_item_by_id", "create_custom_item", "update_custom_item", "delete_custom_item",
	"get_gear_list"}

// referenceCall is a call as the reference server's users make it: its argument names, ids as
// strings, athlete_id.
type referenceCall struct {
	tool, args string
	want       []string // in the answer: the call did what its arguments say
}

// createdID is the id an answer gives the event it wrote.
var createdID = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\[id (\d+)\]`) })

// TestReferenceServersDocumentedCallsReplay replays, through an MCP session, the calls the
// reference server documents (its README's tools, each tool's docstring arguments and the
// workout_doc example) with its own argument shapes: each answers, with the facts asked for.
func TestReferenceServersDocumentedCallsReplay(t *testing.T) {
	f, env := demoFake(t)
	cs := sessionWith(t, env, manifest.Filter{Toolsets: manifest.DefaultToolsets}, nil, "")
	v := samples.Values(worldAthlete(t, f, fakeicu.DemoAthleteID))
	fill := func(s string) string {
		for name, val := range v {
			s = strings.ReplaceAll(s, "{{"+name+"}}", val)
		}
		return s
	}
	calls := []referenceCall{
		{"get_activities", `{}`, []string{"activities", "(athlete-local dates)"}},
		{"get_activities", `{"athlete_id":"i100001","start_date":"2026-11-01","end_date":"2026-11-30","limit":10,"include_unnamed":false}`, []string{"10 activities 2026-11-01..2026-11-30", "Mon 11-30"}},
		{"get_activity_details", `{"activity_id":"{{run}}","api_key":null}`, []string{`Run "Easy Run" [{{run}}]`, "Distance: 7.14 km"}},
		{"get_activity_intervals", `{"activity_id":"{{run}}"}`, []string{"Intervals of activity {{run}}", "7.14 km, 5:36/km"}},
		{"get_activity_streams", `{"activity_id":"{{run}}"}`, []string{"Streams of activity {{run}}", "heartrate (bpm)"}},
		{"get_activity_streams", `{"activity_id":"{{run}}","stream_types":"heartrate,cadence"}`, []string{"cadence (rpm)", "heartrate (bpm)"}},
		{"add_activity_message", `{"activity_id":"{{run}}","content":"Strong finish"}`, []string{"Comment added to activity {{run}}"}},
		{"get_activity_messages", `{"activity_id":"{{run}}"}`, []string{"Strong finish"}},
		{"get_athlete_power_curves", `{}`, []string{"Best power, Ride", "90 days (", "1 year ("}},
		{"get_athlete_power_curves", `{"activity_type":"Ride","durations":[5,60,300,1200],"start_date":"2026-09-01","end_date":"2026-11-30","this_season":true,"last_season":true,"include_normalised":true,"indoor_outdoor":null}`,
			[]string{"period,5s,1m,5m,20m\nThis season (", "\nLast season (", "(2026-09-01..2026-11-30)", "W/kg"}},
		{"get_athlete_power_curves", `{"activity_type":"VirtualRide","this_season":true,"last_season":false,"include_normalised":false}`, []string{"Best power, VirtualRide", "This season ("}},
		{"get_wellness_data", `{}`, []string{"Wellness ", "fitness,fatigue,form"}},
		{"get_wellness_data", `{"athlete_id":"100001","start_date":"2026-11-20","end_date":"2026-11-30","include_all_fields":true}`, []string{"Wellness 2026-11-20..2026-11-30, 11 days", "Fri 11-20,66.1"}},
		{"get_events", `{}`, []string{"today is Tue 2026-12-01", "WORKOUT"}},
		{"get_events", `{"start_date":"2026-12-01","end_date":"2026-12-14"}`, []string{"events 2026-12-01..2026-12-14", "[id {{session1}}]"}},
		{"get_event_by_id", `{"event_id":"{{session1}}"}`, []string{"[id {{session1}}]", "Steps, as Intervals.icu read them (what the watch gets):"}},
		{"add_or_update_event", `{"workout_type":"Ride","name":"VO2 max","start_date":"2026-12-09","moving_time":3300,"distance":30000,"workout_doc":{
			"description":"High-intensity workout for increasing VO2 max",
			"steps":[{"power":{"value":80,"units":"%ftp"},"duration":900,"warmup":true},
				{"reps":2,"text":"High-intensity intervals","steps":[
					{"power":{"value":110,"units":"%ftp"},"distance":500,"text":"High-intensity"},
					{"power":{"value":80,"units":"%ftp"},"duration":90,"text":"Recovery"}]},
				{"power":{"value":80,"units":"%ftp"},"duration":600,"cooldown":true},
				{"text":""}]}}`, []string{`Created: Wed 2026-12-09 WORKOUT Ride "VO2 max"`, "High-intensity intervals 2x", "- High-intensity 500mtr 110%",
			// With steps, Intervals.icu's figures are the steps': the time and distance given are not written.
			"duration 55:00 given, the steps last 28:00 plus 2 distance step(s) Intervals.icu times itself; distance 30.00 km given: Intervals.icu takes the steps'"}},
		{"add_or_update_event", `{"event_id":"{{created}}","workout_type":"Ride","name":"VO2 max (short)","start_date":"2026-12-10","workout_doc":{"steps":[{"power":{"value":"90","units":"%ftp"},"duration":"1200"}]}}`,
			[]string{`Updated: Thu 2026-12-10 WORKOUT Ride "VO2 max (short)" [id {{created}}]`, "- 20m 90%"}},
		{"add_or_update_note", `{"name":"Bike fit","description":"Saddle up 5 mm","start_date":"2026-12-10","color":"green"}`, []string{`Created: Thu 2026-12-10 NOTE "Bike fit"`, "Saddle up 5 mm"}},
		{"add_or_update_note", `{"event_id":"{{created}}","name":"Bike fit","description":"Saddle up 3 mm","start_date":"2026-12-10"}`, []string{`Updated: Thu 2026-12-10 NOTE "Bike fit" [id {{created}}]`, "Saddle up 3 mm"}},
		{"delete_event", `{"event_id":"{{session4}}"}`, []string{"Deleted: ", "[id {{session4}}]"}},
		{"delete_events_by_date_range", `{"start_date":"2026-12-20","end_date":"2026-12-27"}`, []string{"7 events 2026-12-20..2026-12-27 would be deleted", "confirm="}},
		{"create_custom_item", `{"name":"Weekly TSS","item_type":"FITNESS_CHART","description":"Load per week","content":{"charts":[]},"visibility":"PRIVATE"}`, []string{`FITNESS_CHART "Weekly TSS"`, "Visibility: PRIVATE"}},
		{"get_custom_items", `{"athlete_id":"i100001"}`, []string{"custom items", `"Weekly TSS"`}},
		{"get_custom_item_by_id", `{"item_id":"{{item}}"}`, []string{"[{{item}}]", "Content (JSON):"}},
		{"update_custom_item", `{"item_id":"{{item}}","name":"Renamed","description":"Load per week","content":{"days":30},"visibility":"PRIVATE"}`, []string{`Updated: [{{item}}]`, `"Renamed"`, `Content (JSON): {"days":30}`}},
		{"delete_custom_item", `{"item_id":"{{item}}"}`, []string{"Deleted custom item {{item}}"}},
		{"get_gear_list", `{}`, []string{"gear items", "Shoes "}},
		{"get_gear_list", `{"refresh":true}`, []string{"gear items", "Bike "}},
	}
	var called []string
	for _, c := range calls {
		if c.tool == "get_custom_items" {
			v = samples.Values(worldAthlete(t, f, fakeicu.DemoAthleteID)) // the item just created
		}
		out, isErr := callText(t, cs, c.tool, json.RawMessage(fill(c.args)))
		if isErr {
			t.Errorf("%s %s: %s", c.tool, c.args, out)
		}
		for _, w := range c.want {
			if !strings.Contains(out, fill(w)) {
				t.Errorf("%s %s: want %q in:\n%s", c.tool, c.args, fill(w), out)
			}
		}
		if m := createdID().FindStringSubmatch(out); strings.HasPrefix(out, "Created: ") && m != nil {
			v["created"] = m[1]
		}
		called = append(called, c.tool)
	}
	for _, name := range referenceTools {
		if !slices.Contains(called, name) {
			t.Errorf("%s: not called with the reference server's arguments", name)
		}
	}
}

// The reference names are refused as clearly as ours: one given with the argument it stands
// for, a key sent as an argument, another athlete outside coach mode, a value we cannot honour.
func TestReferenceArgumentsRefusedSayWhy(t *testing.T) {
	_, env := demoFake(t)
	cs := sessionWith(t, env, manifest.Filter{Toolsets: manifest.DefaultToolsets}, nil, "")
	for _, c := range []struct{ tool, args, want string }{
		{"get_events", `{"start_date":"2026-12-01","oldest":"2026-12-02"}`, "start_date and oldest are the same argument (start_date is the reference server's name for oldest): give oldest only"},
		{"get_events", `{"api_key":"k"}`, "api_key is not an argument of intervals-mcp"},
		{"get_events", `{"athlete_id":"i100002"}`, "athlete_id i100002: this server works for Alex Demo (i100001) only"},
		{"get_events", `{"start":"2026-12-01"}`, "unknown argument start; accepted arguments: oldest, newest, category"},
		{"get_athlete_power_curves", `{"indoor_outdoor":"indoor"}`, "argument indoor_outdoor: curves cover indoor and outdoor together here"},
		{"update_custom_item", `{"item_id":1,"item_type":"ZONES"}`, "argument item_type: an item's type cannot be changed"},
		{"add_or_update_event", `{"workout_type":"Ride","start_date":"2026-12-09","workout_doc":{"steps":[{"duration":60,"power":{"value":100,"units":"%mmp"}}]}}`, `argument workout_doc: step 1: power units "%mmp" need the duration of the best power`},
		{"get_event_by_id", `{"event_id":"12a"}`, "argument event_id: got \"12a\"; expected an integer"},
	} {
		out, isErr := callText(t, cs, c.tool, json.RawMessage(c.args))
		if !isErr || !strings.Contains(out, c.want) {
			t.Errorf("%s %s: want an error with %q, got (error %v) %s", c.tool, c.args, c.want, isErr, out)
		}
	}
}

// In coach mode athlete_id is the athlete argument, as a string or a number.
func TestReferenceAthleteIDInCoachMode(t *testing.T) {
	_, env := demoFake(t)
	coach := sessionWith(t, env, manifest.Filter{Toolsets: append([]manifest.Toolset{manifest.Coach}, manifest.DefaultToolsets...)}, nil, "")
	for _, args := range []string{`{"athlete_id":"i100002"}`, `{"athlete_id":100002}`, `{"athlete":100002}`} {
		out, isErr := callText(t, coach, "get_athlete_context", json.RawMessage(args))
		if isErr || !strings.Contains(out, "Camille Martin") {
			t.Errorf("%s: want Camille Martin's context, got (error %v) %.300s", args, isErr, out)
		}
	}
	if out, isErr := callText(t, coach, "get_events", json.RawMessage(`{"athlete_id":"i100002","athlete":"i100003"}`)); !isErr || !strings.Contains(out, "athlete_id and athlete are the same argument") {
		t.Errorf("athlete_id and athlete: (error %v) %s", isErr, out)
	}
}

// Every alias stands for an argument of its tool, and no alias hides one: an alias of the
// same name as ours converts the reference server's form of it (distance in metres).
func TestAliasesNameTheToolsArguments(t *testing.T) {
	for _, tool := range All() {
		var s struct {
			Properties map[string]json.RawMessage `json:"properties"`
		}
		if err := json.Unmarshal(tool.Schema, &s); err != nil {
			t.Fatal(err)
		}
		for _, a := range tool.Aliases {
			if _, ok := s.Properties[a.Name]; (ok && (a.For != a.Name || a.Convert == nil)) || a.Name == "athlete_id" || a.Name == "api_key" {
				t.Errorf("%s: alias %s is an argument of its own (or the server's)", tool.Name, a.Name)
			}
			if _, ok := s.Properties[a.For]; a.For != "" && !ok {
				t.Errorf("%s: alias %s stands for %s, which is not an argument", tool.Name, a.Name, a.For)
			}
		}
	}
}
