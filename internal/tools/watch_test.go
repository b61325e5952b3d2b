package tools

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// What reaches the watch is what Intervals.icu reads of the workout text. These tests hold
// the three halves of that through MCP sessions on both revisions: the writes send the text
// and no figure of ours, the answers are what Intervals.icu made of it (saying where it read
// the text otherwise than meant), and the read tools show its reading.

// revisions are the MCP revisions the tests speak: the client's latest ("") and the one before.
var revisions = []string{"", "2025-06-18"}

// computed are the fields Intervals.icu computes from a workout's steps: a write of a
// workout with steps sends none of them.
var computed = []string{"moving_time", "distance", "icu_training_load", "load_target", "icu_intensity", "workout_doc"}

// sentWorkouts are the events with steps that the fake's writes carried, each as the JSON
// object sent, with the operation that sent it.
func sentWorkouts(t *testing.T, f *fakeicu.Fake) (ops []string, events []map[string]any) {
	t.Helper()
	for _, w := range f.Writes() {
		var objs []map[string]any
		if strings.HasPrefix(strings.TrimSpace(w.Body), "[") {
			if err := json.Unmarshal([]byte(w.Body), &objs); err != nil {
				t.Fatalf("%s body: %v", w.Operation, err)
			}
		} else if w.Body != "" {
			var o map[string]any
			if err := json.Unmarshal([]byte(w.Body), &o); err != nil {
				t.Fatalf("%s body: %v", w.Operation, err)
			}
			objs = append(objs, o)
		}
		for _, o := range objs {
			if d, _ := o["description"].(string); hasSteps(d) {
				ops = append(ops, w.Operation)
				events = append(events, o)
			}
		}
	}
	return ops, events
}

// callOK calls a tool and fails the test on a tool error.
func callOK(t *testing.T, cs *mcp.ClientSession, name, args string) string {
	t.Helper()
	out, isErr := callText(t, cs, name, json.RawMessage(args))
	if isErr {
		t.Fatalf("%s %s: %s", name, args, out)
	}
	return out
}

// writtenID is the id of the event an answer says it wrote.
func writtenID(t *testing.T, answer string) string {
	t.Helper()
	m := createdID().FindStringSubmatch(answer)
	if m == nil {
		t.Fatalf("no event id in:\n%s", answer)
	}
	return m[1]
}

// Every write tool that places a workout sends its text, and neither the time, distance and
// load given beside its steps nor any we estimate: Intervals.icu computes those from the steps.
func TestWritesSendTheWorkoutTextAndNoFigureOfOurs(t *testing.T) {
	for _, version := range revisions {
		t.Run("revision "+version, func(t *testing.T) {
			f, env := demoFake(t)
			cs := sessionWith(t, env, manifest.Filter{Toolsets: manifest.AllToolsets}, nil, version)
			callOK(t, cs, "plan_sessions", `{"plan":"Watch","sessions":[{"date":"2026-12-22","sport":"Ride","name":"Sweet spot","duration":"1:30:00","load":90,
				"steps":[{"duration":"10:00","target":"55% FTP"},{"repeat":3,"steps":[{"duration":"12:00","target":"90% FTP"},{"duration":"4:00","target":"55% FTP"}]}]}]}`)
			id := writtenID(t, callOK(t, cs, "add_or_update_event", `{"type":"Run","name":"Tempo","date":"2026-12-23","duration":"1:00:00","distance":"12km","load":70,
				"description":"- 15m Z2 Pace\n- 20m 95% Pace\n- 10m Z1 Pace"}`))
			callOK(t, cs, "update_session", `{"id":`+id+`,"duration":"50:00","load":60,"steps":[{"duration":"15:00","target":"Z2 pace"},{"duration":"25:00","target":"95% pace"},{"duration":"10:00","target":"Z1 pace"}]}`)
			callOK(t, cs, "copy_sessions", `{"ids":[`+id+`],"to_date":"2026-12-30"}`)
			callOK(t, cs, "repeat_session", `{"id":`+id+`,"times":2}`)
			callOK(t, cs, "move_sessions", `{"ids":[`+id+`],"days":1}`)

			ops, sent := sentWorkouts(t, f)
			if strings.Join(ops, " ") != "createMultipleEvents createMultipleEvents updateEvent createMultipleEvents createMultipleEvents createMultipleEvents" {
				t.Errorf("the workouts were sent by %v; want the plan, the event, its update, the copy and the two repeats (the move sends no text)", ops)
			}
			for i, e := range sent {
				for _, k := range computed {
					if _, ok := e[k]; ok {
						t.Errorf("%s sent %s = %v beside the steps of %q", ops[i], k, e[k], e["name"])
					}
				}
			}
		})
	}
}

// A write's answer is what Intervals.icu answered: its time and load for the steps as it read
// them, and where it read them otherwise than meant, the difference. The fault reads the first
// step twice as long.
func TestWriteAnswersAreWhatIntervalsICURead(t *testing.T) {
	const otherwise = "Intervals.icu read the workout otherwise: step 1 is 20:00 55 %ftp, not 10:00 55 %ftp; it lasts 1:08:00, not 58:00"
	steps := `[{"duration":"10:00","target":"55% FTP"},{"repeat":3,"steps":[{"duration":"12:00","target":"90% FTP"},{"duration":"4:00","target":"55% FTP"}]}]`
	for _, version := range revisions {
		t.Run("revision "+version, func(t *testing.T) {
			f, env := demoFake(t)
			cs := sessionWith(t, env, manifest.Filter{Toolsets: manifest.AllToolsets}, nil, version)
			misread := func(op string) { f.Inject(fakeicu.Fault{Kind: fakeicu.FaultMisread, Operation: op, Count: 1}) }

			misread("createMultipleEvents")
			plan := callOK(t, cs, "plan_sessions", `{"plan":"Watch","sessions":[{"date":"2026-12-22","sport":"Ride","name":"Sweet spot","steps":`+steps+`}]}`)
			containsAll(t, plan, `Tue 12-22 WORKOUT Ride "Sweet spot" 1:08:00 load `, otherwise)

			misread("createMultipleEvents")
			created := callOK(t, cs, "add_or_update_event", `{"type":"Ride","name":"Sweet spot","date":"2026-12-24","steps":`+steps+`}`)
			containsAll(t, created, `WORKOUT Ride "Sweet spot" [id `, `]: 1:08:00, load `, otherwise)

			misread("updateEvent")
			updated := callOK(t, cs, "update_session", `{"id":`+writtenID(t, created)+`,"steps":`+steps+`}`)
			containsAll(t, updated, `: 1:08:00, load `, otherwise)

			// Read as meant, the answers say nothing of it.
			again := callOK(t, cs, "update_session", `{"id":`+writtenID(t, created)+`,"name":"Sweet spot 3x12","steps":`+steps+`}`)
			containsAll(t, again, `: 58:00, load `)
			if strings.Contains(again, "otherwise") {
				t.Errorf("a workout read as meant is said to be read otherwise:\n%s", again)
			}
		})
	}
}

// A move whose answer is not the event (the fake answers 200 without serving it) is read back:
// not moved, it is not reported done, and nothing of the call stays half-done.
func TestMoveThatIntervalsICUDidNotServeIsNotReportedDone(t *testing.T) {
	f, env := demoFake(t)
	cs := clientSession(t, env)
	a := writtenID(t, callOK(t, cs, "add_or_update_event", `{"type":"Ride","name":"A","date":"2026-12-22","description":"- 1h 60%"}`))
	b := writtenID(t, callOK(t, cs, "add_or_update_event", `{"type":"Ride","name":"B","date":"2026-12-23","description":"- 1h 60%"}`))
	before := demoCalendar(f)
	f.Inject(fakeicu.Fault{Kind: fakeicu.FaultGhost, Operation: "updateEvent", Skip: 1, Count: 1})
	out, isErr := callText(t, cs, "move_sessions", json.RawMessage(`{"ids":[`+a+`,`+b+`],"days":2}`))
	if !isErr || !strings.Contains(out, "does not hold the change") {
		t.Errorf("want the move refused as not done, got (error %v):\n%s", isErr, out)
	}
	sameCalendar(t, f, before)

	// Served but answered cut short: the read-back confirms it, and it is done.
	f.Inject(fakeicu.Fault{Kind: fakeicu.FaultBadJSON, Operation: "updateEvent", Count: 1})
	out = callOK(t, cs, "move_sessions", `{"ids":[`+a+`],"days":2}`)
	containsAll(t, out, "Moved 1 session(s) by +2 day(s):", `Thu 2026-12-24 WORKOUT Ride "A"`)
}

// An event whose workout came as a workout_doc alone (another app's, the reference server's)
// is shown from that doc: its steps as workout text, in the athlete's units.
func TestWorkoutDocOnlyEventIsShownFromItsDoc(t *testing.T) {
	f, env := demoFake(t)
	cat, typ, name, start := intervals.EventExCategoryWORKOUT, "Ride", "Synced", "2026-12-22T00:00:00"
	doc := map[string]any{"duration": 1500, "steps": []any{
		map[string]any{"duration": 600, "power": map[string]any{"value": 55, "units": "%ftp"}, "warmup": true},
		map[string]any{"reps": 3, "steps": []any{
			map[string]any{"duration": 180, "power": map[string]any{"start": 100, "end": 105, "units": "%ftp"}},
			map[string]any{"duration": 120, "power": map[string]any{"value": 50, "units": "%ftp"}},
		}},
	}}
	res, err := env.Client.CreateEventWithResponse(t.Context(), env.AthleteID, &intervals.CreateEventParams{},
		intervals.EventEx{Category: &cat, Type: &typ, Name: &name, StartDateLocal: &start, WorkoutDoc: &doc})
	if err != nil || res.JSON200 == nil {
		t.Fatalf("create: %v %s", err, res.Body)
	}
	if deref(res.JSON200.Description) != "" {
		t.Fatalf("the event has a description: %q", deref(res.JSON200.Description))
	}
	out := mustCallTool(t, env, "get_event_by_id", map[string]any{"event_id": deref(res.JSON200.Id)})
	containsAll(t, out, fmt.Sprintf(`Tue 2026-12-22 WORKOUT Ride "Synced" [id %d]: 25:00`, deref(res.JSON200.Id)),
		"Steps, as Intervals.icu read them (what the watch gets):\nWarmup\n- 10m 55%\n\n3x\n- 3m 100-105%\n- 2m 50%\n")
	_ = f
}
