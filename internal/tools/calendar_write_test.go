package tools

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

func TestUpdateEventRefusesAPairedSession(t *testing.T) {
	f, env := demoFake(t)
	paired, _ := pairedAndFreeSession(t, f)
	before := f.Events("0")
	_, err := callTool(t, env, "add_or_update_event", `{"event_id":`+idArg(paired)+`,"name":"renamed"}`)
	if err == nil || !strings.Contains(err.Error(), "never changed") {
		t.Fatalf("want a refusal, got %v", err)
	}
	if diff := cmp.Diff(before, f.Events("0")); diff != "" {
		t.Errorf("the calendar changed:\n%s", diff)
	}
}

func TestAddEventRefusesWorkoutTextWithSyntaxTraps(t *testing.T) {
	f, env := demoFake(t)
	before := f.Events("0")
	for text, want := range map[string]string{
		`- 400m 80% Pace`:  "400m means 400 minutes",
		`- 10m 4:30/km`:    "needs the word pace",
		"- 10m Z2\n- 5x3m": "",
	} {
		args := `{"date":"2026-12-08","type":"Run","name":"Track","description":` + jsonText(text) + `}`
		_, err := callTool(t, env, "add_or_update_event", args)
		if err == nil || !strings.Contains(err.Error(), "nothing was written") || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: want a refusal mentioning %q, got %v", text, want, err)
		}
	}
	if w := f.Writes(); len(w) != 0 {
		t.Errorf("writes were made: %+v", w)
	}
	if diff := cmp.Diff(before, f.Events("0")); diff != "" {
		t.Errorf("the calendar changed:\n%s", diff)
	}
}

func TestAddEventBuildsWorkoutTextFromSteps(t *testing.T) {
	f, env := demoFake(t)
	out := mustCallTool(t, env, "add_or_update_event", `{"date":"2026-12-08","type":"Run","name":"Track 5x400","steps":[
		{"duration":"10:00","target":"Z2 HR"},
		{"repeat":5,"steps":[{"distance":"400m","target":"4:00/km"},{"duration":"90","target":"Z1 HR"}]},
		{"duration":"10:00","target":"Z1 HR"}]}`)
	if !strings.HasPrefix(out, "Created: Tue 2026-12-08 WORKOUT Run \"Track 5x400\"") || !strings.Contains(out, "- 400mtr 4:00/km Pace") {
		t.Errorf("answer:\n%s", out)
	}
	w := f.Writes()
	if len(w) != 1 || w[0].Operation != "createMultipleEvents" || !strings.Contains(w[0].Query, "upsert=true") {
		t.Fatalf("want one bulk create with upsert (its external id keeps a repeat from planning it twice), got %+v", w)
	}
	var found bool
	for _, e := range f.Events("0") {
		if e.Name != nil && *e.Name == "Track 5x400" {
			found = e.Description != nil && strings.Contains(*e.Description, "5x\n- 400mtr")
		}
	}
	if !found {
		t.Error("the event with its built workout text is not on the calendar")
	}
}

func TestAddEventAcceptsWordsAndCheckedText(t *testing.T) {
	_, env := demoFake(t)
	out := mustCallTool(t, env, "add_or_update_event", `{"date":"2026-12-09","type":"Run","name":"By feel","description":"Easy run by feel, flat route"}`)
	if words := mustCallTool(t, env, "add_or_update_event", `{"date":"2026-12-09","type":"Run","name":"Hills","description":"8x hill sprints, walk back down"}`); !strings.HasPrefix(words, `Created: Wed 2026-12-09 WORKOUT Run "Hills"`) {
		t.Errorf("words that start like a repeat are words: %s", words)
	}
	if !strings.HasPrefix(out, "Created: Wed 2026-12-09 WORKOUT Run \"By feel\"") {
		t.Errorf("answer: %s", out)
	}
	out = mustCallTool(t, env, "add_or_update_event", `{"date":"2026-12-10","type":"Ride","name":"Sweet spot","description":"- 15m 60%\n\n3x\n- 12m 90%\n- 4m 55%\n\n- 10m 50%","duration":"1:13:00"}`)
	if !strings.Contains(out, ": 1:13:00, load 74 - to do\nWorkout: 8 steps") || strings.Count(out, "1:13:00") != 1 {
		t.Errorf("a checked workout should be summarised, its time (Intervals.icu's) said once: %s", out)
	}
	out = mustCallTool(t, env, "add_or_update_event", `{"date":"2026-12-11","type":"Ride","name":"Sweet spot short","description":"- 15m 60%\n\n3x\n- 12m 90%\n- 4m 55%\n\n- 10m 50%","duration":"1:00:00"}`)
	if !strings.Contains(out, ": 1:13:00, load 74 - to do") || !strings.Contains(out, "duration 1:00:00 given, the steps last 1:13:00: Intervals.icu takes the steps'") {
		t.Errorf("a duration beside steps is Intervals.icu's from the steps, and the answer says so: %s", out)
	}
	note := mustCallTool(t, env, "add_or_update_event", `{"category":"SICK","date":"2026-12-11","end_date":"2026-12-13","name":"Flu"}`)
	if !strings.HasPrefix(note, "Created: Fri 2026-12-11 to Sun 2026-12-13 SICK \"Flu\"") {
		t.Errorf("a period spans its days: %s", note)
	}
}

func TestUpdateEventChangesAFreeSession(t *testing.T) {
	f, env := demoFake(t)
	_, free := pairedAndFreeSession(t, f)
	out := mustCallTool(t, env, "add_or_update_event", `{"event_id":`+idArg(free)+`,"name":"Moved to the trainer"}`)
	if !strings.HasPrefix(out, "Updated: ") || !strings.Contains(out, `"Moved to the trainer"`) {
		t.Errorf("answer: %s", out)
	}
	if w := f.Writes(); len(w) != 1 || w[0].Operation != "updateEvent" {
		t.Errorf("want one updateEvent, got %+v", w)
	}
}

// TestAddEventAnswerUnreadableIsStillDone: a create or update Intervals.icu accepted (2xx) is
// done even when its answer cannot be read; saying "try again" would plan the session twice.
func TestAddEventAnswerUnreadableIsStillDone(t *testing.T) {
	f, env := demoFake(t)
	_, free := pairedAndFreeSession(t, f)
	f.Inject(fakeicu.Fault{Kind: fakeicu.FaultBadJSON, Operation: "createEvent", Count: 1})
	out, err := callTool(t, env, "add_or_update_event", `{"date":"2026-12-09","type":"Run","name":"Hill sprints","description":"Hill sprints, walk back down"}`)
	if err != nil || !strings.HasPrefix(out, `Created: Wed 2026-12-09 WORKOUT Run "Hill sprints"`) || strings.Contains(out, "id 0") {
		t.Errorf("create with an unreadable answer: %v\n%s", err, out)
	}
	f.Inject(fakeicu.Fault{Kind: fakeicu.FaultBadJSON, Operation: "updateEvent", Count: 1})
	out, err = callTool(t, env, "add_or_update_event", `{"event_id":`+idArg(free)+`,"name":"Renamed"}`)
	if err != nil || !strings.HasPrefix(out, "Updated: ") || !strings.Contains(out, `"Renamed" [id `+idArg(free)+`]`) {
		t.Errorf("update with an unreadable answer: %v\n%s", err, out)
	}
	n := 0
	for _, e := range f.Events("0") {
		if e.Name != nil && *e.Name == "Hill sprints" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("want the session planned once, found %d", n)
	}
}

// add_or_update_event's schema names the everyday categories only; the tool takes every
// category of the spec's Event.category enum (generated: a new one is taken with no change
// here), in any case, and refuses another with the list.
func TestAddOrUpdateEventTakesEveryCategoryOfTheSpec(t *testing.T) {
	_, env := demoFake(t)
	cats := eventCategories()
	if len(cats) < 10 {
		t.Fatalf("the spec's categories: %v", cats)
	}
	for _, c := range cats {
		args := `{"date":"2026-12-08","type":"Run","name":"` + c + ` day","category":"` + strings.ToLower(c) + `","end_date":"2026-12-09"}`
		out, err := callTool(t, env, "add_or_update_event", args)
		if err != nil || !strings.Contains(out, c) {
			t.Errorf("%s: %v\n%s", c, err, out)
		}
	}
	_, err := callTool(t, env, "add_or_update_event", `{"date":"2026-12-08","name":"x","category":"TRAINING"}`)
	if err == nil || !strings.Contains(err.Error(), `category "TRAINING" is not an Intervals.icu event category: use one of WORKOUT, RACE_A`) {
		t.Errorf("an unknown category: %v", err)
	}
}

// A step's cadence is written after its target ("75% FTP 90rpm"); the builder writes
// Intervals.icu's cadence, and refuses one that is not a cadence.
func TestAddEventTakesACadenceInTheTarget(t *testing.T) {
	f, env := demoFake(t)
	out := mustCallTool(t, env, "add_or_update_event", `{"date":"2026-12-08","type":"Ride","name":"Cadence","steps":[{"duration":"10:00","target":"75% FTP 90rpm"},{"duration":"5:00","target":"85-95rpm"}]}`)
	if !strings.Contains(out, "- 10m 75% 90rpm") || !strings.Contains(out, "- 5m 85-95rpm") {
		t.Errorf("answer:\n%s", out)
	}
	if len(f.Writes()) != 1 {
		t.Fatalf("writes: %+v", f.Writes())
	}
	_, err := callTool(t, env, "add_or_update_event", `{"date":"2026-12-08","type":"Ride","name":"x","steps":[{"duration":"10:00","target":"75% FTP 90rpm","cadence":"90rpm"}]}`)
	if err == nil || !strings.Contains(err.Error(), "cadence") {
		t.Errorf("the old cadence field: %v", err)
	}
}

// add_or_update_note writes a NOTE through add_or_update_event's path: created with its
// colour, updated in place, refused in the past unless allowed, and never turning a workout
// into a note.
func TestAddOrUpdateNote(t *testing.T) {
	f, env := demoFake(t)
	out := mustCallTool(t, env, "add_or_update_note", `{"date":"2026-12-09","name":"Travel","description":"Flight to Perth","color":"red"}`)
	if !strings.HasPrefix(out, `Created: Wed 2026-12-09 NOTE "Travel"`) {
		t.Errorf("answer: %s", out)
	}
	var note api.Event
	for _, e := range f.Events("0") {
		if deref(e.Name) == "Travel" {
			note = e
		}
	}
	if deref(note.Category) != "NOTE" || deref(note.Color) != "red" || deref(note.Description) != "Flight to Perth" {
		t.Fatalf("the note on the calendar: %+v", note)
	}
	out = mustCallTool(t, env, "add_or_update_note", `{"event_id":`+itoa(deref(note.Id))+`,"description":"Flight moved to Friday"}`)
	if !strings.HasPrefix(out, `Updated: Wed 2026-12-09 NOTE "Travel"`) {
		t.Errorf("update answer: %s", out)
	}
	before := demoCalendar(f)
	if _, err := callTool(t, env, "add_or_update_note", `{"date":"2026-11-20","name":"Late"}`); err == nil || !strings.Contains(err.Error(), "allow_past") {
		t.Errorf("a past date: %v", err)
	}
	_, free := pairedAndFreeSession(t, f)
	if _, err := callTool(t, env, "add_or_update_note", `{"event_id":`+itoa(free)+`,"name":"Now a note"}`); err == nil || !strings.Contains(err.Error(), "is a WORKOUT, not a NOTE: change it with add_or_update_event") {
		t.Errorf("a workout updated as a note: %v", err)
	}
	sameCalendar(t, f, before)
	if _, err := callTool(t, env, "add_or_update_note", `{"date":"2026-11-20","name":"Felt flat","allow_past":true}`); err != nil {
		t.Errorf("a past note with allow_past: %v", err)
	}
}

// Words in description go above the steps built (as plan_sessions writes them); workout text
// in description and steps both would be two workouts, and are refused.
func TestAddEventWritesWordsAboveTheSteps(t *testing.T) {
	f, env := demoFake(t)
	mustCallTool(t, env, "add_or_update_event", `{"date":"2026-12-08","type":"Run","name":"Strides","description":"Flat road","steps":[{"duration":"10:00","target":"Z2 HR"}]}`)
	var text string
	for _, e := range f.Events("0") {
		if deref(e.Name) == "Strides" {
			text = deref(e.Description)
		}
	}
	if text != "Flat road\n\n- 10m Z2 HR" {
		t.Errorf("written: %q", text)
	}
	if _, err := callTool(t, env, "add_or_update_event", `{"date":"2026-12-08","type":"Run","description":"- 10m Z2 HR","steps":[{"duration":"10:00","target":"Z2 HR"}]}`); err == nil || !strings.Contains(err.Error(), "not both") {
		t.Errorf("workout text and steps: %v", err)
	}
}

// A planned distance is written as given, in our units or the reference server's metres.
func TestAddEventPlannedDistance(t *testing.T) {
	f, env := demoFake(t)
	cs := sessionWith(t, env, manifest.Filter{Toolsets: manifest.DefaultToolsets}, nil, "")
	out, isErr := callText(t, cs, "add_or_update_event", json.RawMessage(`{"type":"Run","name":"Long run","date":"2026-12-20","distance":"10mi"}`))
	if isErr || !strings.Contains(out, `"Long run" [id `) || !strings.Contains(out, "16.09 km") {
		t.Errorf("(error %v) %s", isErr, out)
	}
	for _, e := range f.Events("0") {
		if deref(e.Name) == "Long run" && math.Abs(float64(deref(e.Distance))-16093.44) > 0.1 {
			t.Errorf("written with distance %v m, want 16093.44", deref(e.Distance))
		}
	}
	if out, isErr := callText(t, cs, "add_or_update_event", json.RawMessage(`{"type":"Run","name":"x","date":"2026-12-20","distance":"far"}`)); !isErr || !strings.Contains(out, `distance "far": write a number and a unit`) {
		t.Errorf("a distance without a unit: (error %v) %s", isErr, out)
	}
}
