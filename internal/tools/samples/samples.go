package samples

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// Call is one sample call of a tool.
type Call struct {
	Tool string
	Case string // what the call shows; the golden file is testdata/<tool>/<case>.golden
	// Args is the call's JSON arguments. {{name}} stands for a value of the athlete's data
	// (see Values); {{confirm}} for the token of a preview made with the same arguments
	// without confirm (see Preview).
	Args string
	// Fault, when set, is a fault (fakeicu.ParseFault syntax) injected for this call only: a
	// case that exercises a failure path (a rollback), so the call fails. Sweeps that expect
	// an answer skip these cases.
	Fault string
}

// Now is the clock the calls are written for: 20:30 UTC on Monday 30 November 2026,
// already Tuesday 1 December, 07:30, in Sydney, the demo athlete's time zone.
var Now = time.Date(2026, 11, 30, 20, 30, 0, 0, time.UTC)

// Calls is the table, in the catalog's order. A tool has a case for each path its declared
// operations need (a create and an update, a rollback).
var Calls = []Call{
	// context
	{Tool: "get_athlete_context", Case: "demo", Args: `{}`},
	// activities
	{Tool: "get_activities", Case: "recent", Args: `{}`},
	{Tool: "get_activities", Case: "year", Args: `{"oldest":"2026-01-01","newest":"2026-11-30"}`},
	{Tool: "get_activity_details", Case: "run", Args: `{"activity_id":"{{run}}"}`},
	{Tool: "get_activity_details", Case: "strava", Args: `{"activity_id":"{{strava}}"}`},
	{Tool: "get_activity_intervals", Case: "run", Args: `{"activity_id":"{{run}}"}`},
	{Tool: "get_activity_streams", Case: "run_30_points", Args: `{"activity_id":"{{run}}","points":30}`},
	{Tool: "get_activity_messages", Case: "run", Args: `{"activity_id":"{{run}}"}`},
	{Tool: "add_activity_message", Case: "comment", Args: `{"activity_id":"{{run}}","content":"Strong finish"}`},
	{Tool: "update_activity", Case: "rpe_feel", Args: `{"activity_id":"{{run}}","rpe":7,"feel":2}`},
	{Tool: "update_activity", Case: "gear", Args: `{"activity_id":"{{run}}","gear":"{{gear}}"}`},
	// performance
	{Tool: "get_athlete_power_curves", Case: "power", Args: `{}`},
	{Tool: "get_athlete_power_curves", Case: "pace", Args: `{"kind":"pace","period":"1y"}`},
	{Tool: "get_athlete_power_curves", Case: "seasons", Args: `{"this_season":true,"last_season":true,"durations":[5,60,300,1200]}`},
	{Tool: "get_athlete_power_curves", Case: "hr", Args: `{"kind":"hr","sport":"Run","oldest":"2026-09-01","newest":"2026-11-30"}`},
	{Tool: "get_records", Case: "all", Args: `{}`},
	{Tool: "get_capacities", Case: "all", Args: `{}`},
	// wellness
	{Tool: "get_wellness_data", Case: "recent", Args: `{}`},
	{Tool: "get_wellness_data", Case: "half_year", Args: `{"oldest":"2026-06-01","newest":"2026-11-30"}`},
	{Tool: "log_metrics", Case: "weight_soreness", Args: `{"weight":71.4,"resting_hr":47,"soreness":2}`},
	{Tool: "log_metrics", Case: "ftp", Args: `{"sport":"{{sport}}","ftp":265}`},
	// calendar
	{Tool: "get_events", Case: "two_weeks", Args: `{"oldest":"2026-11-24","newest":"2026-12-07"}`},
	{Tool: "get_events", Case: "quarter", Args: `{"oldest":"2026-10-01","newest":"2026-12-30"}`},
	{Tool: "get_event_by_id", Case: "session", Args: `{"event_id":{{session1}}}`},
	{Tool: "add_or_update_event", Case: "create_steps", Args: `{"date":"2026-12-03","type":"Run","name":"Strides","steps":[{"duration":"10:00","target":"Z2 HR"},{"repeat":6,"steps":[{"duration":"20","target":"3:30/km"},{"duration":"1:00","target":"Z1 HR"}]}]}`},
	{Tool: "add_or_update_event", Case: "update", Args: `{"event_id":{{session4}},"date":"2026-12-10","name":"Easy (moved)"}`},
	{Tool: "add_or_update_note", Case: "create", Args: `{"date":"2026-12-09","name":"Travel","description":"Flight to Perth, no training","color":"red"}`},
	{Tool: "add_or_update_note", Case: "update", Args: `{"event_id":{{note}},"description":"Bike fit moved to 18:00"}`},
	{Tool: "delete_event", Case: "session", Args: `{"event_id":{{session4}}}`},
	{Tool: "delete_event", Case: "several", Args: `{"event_ids":[{{session5}}]}`},
	{Tool: "delete_events_by_date_range", Case: "preview", Args: `{"oldest":"2026-12-20","newest":"2026-12-27","category":["WORKOUT"]}`},
	{Tool: "delete_events_by_date_range", Case: "confirm", Args: `{"oldest":"2026-12-20","newest":"2026-12-27","category":["WORKOUT"],"confirm":"{{confirm}}"}`},
	{Tool: "plan_sessions", Case: "two_sessions", Args: `{"plan":"sample","sessions":[{"date":"2026-12-04","sport":"Ride","name":"Sweet spot","steps":[{"duration":"15:00","target":"60% FTP"},{"repeat":3,"steps":[{"duration":"12:00","target":"88-94% FTP"},{"duration":"4:00","target":"55% FTP"}]}]},{"date":"2026-12-05","sport":"Run","name":"Long run","duration":"1:30:00"}]}`},
	{Tool: "plan_sessions", Case: "check_only_race", Args: `{"plan":"spring","check_only":true,"sessions":[{"date":"2027-01-03","sport":"Run","name":"Long run","steps":[{"duration":"1:40:00","target":"Z2 pace"}]},{"date":"2027-01-31","sport":"Run","name":"Long run","steps":[{"duration":"2:00:00","target":"Z2 pace"}]},{"date":"2027-03-14","category":"RACE_A","sport":"Run","name":"Marathon","distance_km":42.195}]}`},
	{Tool: "add_plan_to_calendar", Case: "check", Args: `{"plan":{"plan":"view","sessions":[{"date":"2026-12-08","category":"WORKOUT","sport":"Run","name":"Tempo","steps":[{"duration":"15:00","target":"Z2 pace"},{"duration":"20:00","target":"95% pace"}]},{"date":"2026-12-13","category":"WORKOUT","sport":"Run","name":"Long run","duration":"1:30:00"}],"blocks":[["Base","2026-12-07","2026-12-20"]]}}`},
	{Tool: "add_plan_to_calendar", Case: "confirm", Args: `{"plan":{"plan":"view","sessions":[{"date":"2026-12-08","category":"WORKOUT","sport":"Run","name":"Tempo","steps":[{"duration":"15:00","target":"Z2 pace"},{"duration":"20:00","target":"95% pace"}]},{"date":"2026-12-13","category":"WORKOUT","sport":"Run","name":"Long run","duration":"1:30:00"}],"blocks":[["Base","2026-12-07","2026-12-20"]]},"confirm":"{{confirm}}"}`},
	{Tool: "plan_sessions", Case: "same_plan_again", Args: `{"plan":"sample","sessions":[{"date":"2026-12-05","sport":"Run","name":"Long run","duration":"1:45:00"}]}`},
	{Tool: "plan_sessions", Case: "rollback_lost_answer", Args: `{"plan":"lost","sessions":[{"date":"2026-12-06","sport":"Run","name":"Easy","duration":"45:00"}]}`, Fault: "drop:op=createMultipleEvents,count=1"},
	{Tool: "move_sessions", Case: "one_day", Args: `{"ids":[{{session1}}],"days":1}`},
	{Tool: "move_sessions", Case: "range", Args: `{"oldest":"2026-12-14","newest":"2026-12-15","days":1}`},
	{Tool: "copy_sessions", Case: "to_date", Args: `{"ids":[{{session2}}],"to_date":"2026-12-28"}`},
	{Tool: "copy_sessions", Case: "range", Args: `{"oldest":"2026-12-07","newest":"2026-12-13","category":["WORKOUT"],"to_date":"2027-01-04"}`},
	{Tool: "copy_sessions", Case: "rollback_lost_answer", Args: `{"ids":[{{session2}}],"to_date":"2027-01-11"}`, Fault: "drop:op=createMultipleEvents,count=1"},
	{Tool: "repeat_session", Case: "weekly", Args: `{"id":{{session3}},"every_weeks":1,"times":2}`},
	{Tool: "repeat_session", Case: "rollback_lost_answer", Args: `{"id":{{session3}},"every_weeks":2,"times":2}`, Fault: "drop:op=createMultipleEvents,count=1"},
	{Tool: "update_session", Case: "rename", Args: `{"id":{{session3}},"name":"Threshold (shortened)"}`},
	{Tool: "update_session", Case: "following", Args: `{"id":{{session3}},"scope":"following","load":60}`},
	{Tool: "create_period", Case: "block", Args: `{"kind":"BLOCK","name":"Build 2","start":"2026-12-07","weeks":3}`},
	{Tool: "create_period", Case: "sick", Args: `{"kind":"SICK","start":"2026-12-05","end":"2026-12-06"}`},
	{Tool: "update_period", Case: "rename", Args: `{"id":{{period}},"name":"Flu (recovered)"}`},
	{Tool: "delete_period", Case: "period", Args: `{"id":{{period}}}`},
	// load
	{Tool: "get_training_load", Case: "planned_session", Args: `{"sessions":[{"date":"tomorrow","load":90}]}`},
	{Tool: "get_training_load", Case: "12_weeks", Args: `{"weeks":12,"days":60}`},
	{Tool: "get_training_volume", Case: "recent", Args: `{}`},
	{Tool: "get_training_volume", Case: "20_weeks", Args: `{"weeks":20}`},
	// library
	{Tool: "list_workout_templates", Case: "all", Args: `{}`},
	// settings
	{Tool: "get_gear_list", Case: "all", Args: `{}`},
	{Tool: "update_training_zone", Case: "lthr", Args: `{"sport":"{{sport}}","lthr":171}`},
	// custom_items: create first, so that an athlete without items has one to read and change
	{Tool: "create_custom_item", Case: "chart", Args: `{"name":"Weekly TSS","type":"FITNESS_CHART","content":{"charts":[]}}`},
	{Tool: "get_custom_items", Case: "all", Args: `{}`},
	{Tool: "get_custom_item_by_id", Case: "item", Args: `{"item_id":{{item}}}`},
	{Tool: "update_custom_item", Case: "rename", Args: `{"item_id":{{item}},"name":"Renamed"}`},
	{Tool: "delete_custom_item", Case: "item", Args: `{"item_id":{{item}}}`},
	// charts
	{Tool: "chart_fitness", Case: "default", Args: `{}`},
	{Tool: "chart_fitness", Case: "half_year", Args: `{"weeks":26,"days":56}`},
	{Tool: "chart_curves", Case: "power", Args: `{}`},
	{Tool: "chart_curves", Case: "pace_vs_year", Args: `{"kind":"pace","period":"42d","versus":"1y"}`},
	{Tool: "chart_curves", Case: "hr_range", Args: `{"kind":"hr","sport":"Ride","period":"2026-09-01..2026-11-30","versus":"all"}`},
	{Tool: "chart_volume", Case: "time", Args: `{}`},
	{Tool: "chart_volume", Case: "distance", Args: `{"metric":"distance","weeks":12}`},
	// coach
	{Tool: "list_athletes", Case: "all", Args: `{}`},
	// api
	{Tool: "api_list_operations", Case: "tag", Args: `{"tag":"Wellness"}`},
	{Tool: "api_describe_operation", Case: "one_operation", Args: `{"operation":"updateSettings"}`},
	{Tool: "api_call_operation", Case: "get_record", Args: `{"operation":"getRecord","params":{"date":"2026-11-29"}}`},
	{Tool: "api_call_operation", Case: "list_activities", Args: `{"operation":"listActivities","params":{"oldest":"2026-01-01"}}`},
	{Tool: "api_call_operation", Case: "create_note", Args: `{"operation":"createEvent","params":{"upsertOnUid":false},"body":{"category":"NOTE","start_date_local":"2026-12-09T00:00:00","name":"From the api tool"}}`},
}

// Of returns the sample calls of a tool, in the table's order.
func Of(tool string) []Call {
	var out []Call
	for _, c := range Calls {
		if c.Tool == tool {
			out = append(out, c)
		}
	}
	return out
}

// Values are the values of an athlete's data that the {{name}} of the arguments stand for,
// by name: run (its last run, or its last activity but a Strava one if it has no run),
// strava (its last Strava activity), session1 ... session5 (its first planned workouts after
// 2 December 2026 that no activity did), note (its first note after that day), period (its
// first sick period), item (its first custom item), gear (its first gear), sport (the first
// sport of its settings). A name the athlete has no value for is missing.
func Values(a *synth.Athlete) map[string]string {
	v := map[string]string{}
	last := ""
	for _, act := range a.Activities {
		if act.Type != nil && strings.Contains(*act.Type, "Run") {
			v["run"] = *act.Id
		}
		if act.Source == nil || *act.Source != "STRAVA" {
			last = *act.Id
		}
	}
	if v["run"] == "" && last != "" {
		v["run"] = last
	}
	if n := len(a.StravaStubs); n > 0 {
		v["strava"] = a.StravaStubs[n-1]
	}
	if len(a.Gear) > 0 && a.Gear[0].Id != nil {
		v["gear"] = *a.Gear[0].Id
	}
	free := 0
	for _, e := range a.Events {
		switch {
		case e.Id == nil || e.Category == nil || e.StartDateLocal == nil:
		case *e.Category == "WORKOUT" && a.PairedActivity[*e.Id] == "" && *e.StartDateLocal > "2026-12-02" && free < 5:
			free++
			v["session"+strconv.Itoa(free)] = strconv.Itoa(int(*e.Id))
		case *e.Category == "NOTE" && *e.StartDateLocal > "2026-12-02" && v["note"] == "":
			v["note"] = strconv.Itoa(int(*e.Id))
		case *e.Category == "SICK" && v["period"] == "":
			v["period"] = strconv.Itoa(int(*e.Id))
		}
	}
	if len(a.CustomItems) > 0 && a.CustomItems[0].Id != nil {
		v["item"] = strconv.Itoa(int(*a.CustomItems[0].Id))
	}
	if len(a.SportSettings) > 0 && a.SportSettings[0].Types != nil && len(*a.SportSettings[0].Types) > 0 {
		v["sport"] = string((*a.SportSettings[0].Types)[0])
	}
	return v
}

// placeholder is a {{name}} of the arguments.
var placeholder = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\{\{([a-z0-9]+)\}\}`) })

// confirmArg is how a call that needs a preview's token says so.
const confirmArg = `,"confirm":"{{confirm}}"`

// Fill returns the call's arguments with each {{name}} replaced by its value, or an error
// naming the first one values lacks. {{confirm}} is left for the caller (see Preview).
func (c Call) Fill(values map[string]string) (string, error) {
	var missing []string
	out := placeholder().ReplaceAllStringFunc(c.Args, func(m string) string {
		name := placeholder().FindStringSubmatch(m)[1]
		if name == "confirm" {
			return m
		}
		v, ok := values[name]
		if !ok {
			missing = append(missing, name)
		}
		return v
	})
	if len(missing) > 0 {
		return "", fmt.Errorf("%s %s: the athlete has no %s", c.Tool, c.Case, strings.Join(missing, ", "))
	}
	return out, nil
}

// Missing returns the first {{name}} of the call's arguments that values lacks, or "".
func (c Call) Missing(values map[string]string) string {
	for _, m := range placeholder().FindAllStringSubmatch(c.Args, -1) {
		if _, ok := values[m[1]]; !ok && m[1] != "confirm" {
			return m[1]
		}
	}
	return ""
}

// Preview returns, for filled arguments that need a preview's token, the arguments of the
// preview (the same without confirm), and whether they need one.
func Preview(args string) (string, bool) {
	if !strings.Contains(args, confirmArg) {
		return "", false
	}
	return strings.Replace(args, confirmArg, "", 1), true
}

// confirmToken finds the token in a preview's answer.
var confirmToken = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`confirm="([^"]+)"`) })

// Confirm returns the filled arguments with {{confirm}} replaced by the token of preview (the
// answer to the Preview arguments), or an error when the answer has none.
func Confirm(args, preview string) (string, error) {
	m := confirmToken().FindStringSubmatch(preview)
	if m == nil {
		return "", fmt.Errorf("no confirmation token in the preview:\n%s", preview)
	}
	return strings.Replace(args, "{{confirm}}", m[1], 1), nil
}
