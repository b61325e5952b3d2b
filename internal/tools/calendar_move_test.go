package tools

import (
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

func TestMoveSessionsByDaysThenToADate(t *testing.T) {
	f, env := demoFake(t)
	ws := futureWorkouts(t, f, 2)
	id1, id2 := deref(ws[0].Id), deref(ws[1].Id)
	out, err := callTool(t, env, "move_sessions", map[string]any{"ids": []any{id1, id2}, "days": 2})
	if err != nil {
		t.Fatal(err)
	}
	containsAll(t, out, "Moved 2 session(s) by +2 day(s)")
	for _, w := range ws {
		e, _ := eventByID(f, deref(w.Id))
		if want := plusDays(dayOfEvent(w), 2); dayOfEvent(e) != want {
			t.Errorf("event %d on %s, want %s", deref(w.Id), dayOfEvent(e), want)
		}
		if deref(e.Name) != deref(w.Name) || deref(e.Description) != deref(w.Description) {
			t.Errorf("event %d changed more than its date", deref(w.Id))
		}
	}
	// to_date: the first lands on it, the second keeps its spacing.
	gap := daysBetween(dayOfEvent(ws[0]), dayOfEvent(ws[1]))
	if _, err := callTool(t, env, "move_sessions", map[string]any{"ids": []any{id1, id2}, "to_date": "2027-01-04"}); err != nil {
		t.Fatal(err)
	}
	e1, _ := eventByID(f, id1)
	e2, _ := eventByID(f, id2)
	if dayOfEvent(e1) != "2027-01-04" || dayOfEvent(e2) != plusDays("2027-01-04", gap) {
		t.Errorf("moved to %s and %s, want 2027-01-04 and %s", dayOfEvent(e1), dayOfEvent(e2), plusDays("2027-01-04", gap))
	}
}

func TestMoveSessionsByRangeOnlyTouchesTheCategoryAsked(t *testing.T) {
	f, env := demoFake(t)
	before := demoCalendar(f)
	out, err := callTool(t, env, "move_sessions", map[string]any{"oldest": "2026-12-07", "newest": "2026-12-13", "category": []string{"WORKOUT"}, "days": 1})
	if err != nil {
		t.Fatal(err)
	}
	moved := strings.Count(strings.Split(out, "warning(s)")[0], "\n- ") // the moves, not the warnings after them
	if moved == 0 {
		t.Fatalf("nothing moved:\n%s", out)
	}
	after := map[int32]api.Event{}
	for _, e := range demoCalendar(f) {
		after[deref(e.Id)] = e
	}
	n := 0
	for _, b := range before {
		e := after[deref(b.Id)]
		inRange := dayOfEvent(b) >= "2026-12-07" && dayOfEvent(b) <= "2026-12-13"
		switch {
		case inRange && deref(b.Category) == "WORKOUT":
			n++
			if dayOfEvent(e) != plusDays(dayOfEvent(b), 1) {
				t.Errorf("workout %d not moved", deref(b.Id))
			}
		case dayOfEvent(e) != dayOfEvent(b):
			t.Errorf("%s %d moved, but only workouts of the range were asked", deref(b.Category), deref(b.Id))
		}
	}
	if n != moved {
		t.Errorf("answer lists %d, %d workouts were in the range", moved, n)
	}
}

func TestMoveRollsBackWhenAWriteFails(t *testing.T) {
	f, env := demoFake(t)
	ws := futureWorkouts(t, f, 3)
	before := demoCalendar(f)
	f.Inject(fakeicu.Fault{Kind: fakeicu.FaultStatus, Status: 500, Operation: "updateEvent", Skip: 1, Count: 1})
	_, err := callTool(t, env, "move_sessions", map[string]any{"ids": []any{deref(ws[0].Id), deref(ws[1].Id), deref(ws[2].Id)}, "days": 7})
	if err == nil {
		t.Fatal("want an error when the second update fails")
	}
	containsAll(t, err.Error(), "rolled back", "2 event(s) put back as they were", "the calendar is as before")
	sameCalendar(t, f, before)
}

// The shift of a move is counted in calendar days: a date far from today once overflowed
// time.Duration (0001-01-01 landed on 1734-08-24). Dates outside Intervals.icu's range are
// refused with the range, and so are past ones unless allowed.
func TestMoveCopyUpdateRefuseDatesOutsideTheRangeAndInThePast(t *testing.T) {
	f, env := demoFake(t)
	ws := futureWorkouts(t, f, 1)
	id := deref(ws[0].Id)
	before := demoCalendar(f)
	for _, c := range []struct{ tool, args, want string }{
		{"move_sessions", `{"ids":[` + itoa(id) + `],"to_date":"0001-01-01"}`, "1900-01-01 to 2099-12-31"},
		{"move_sessions", `{"ids":[` + itoa(id) + `],"to_date":"9999-12-31"}`, "1900-01-01 to 2099-12-31"},
		{"move_sessions", `{"ids":[` + itoa(id) + `],"days":2000000000}`, "1900-01-01 to 2099-12-31"},
		{"move_sessions", `{"ids":[` + itoa(id) + `],"to_date":"2026-11-20"}`, "in the past"},
		{"copy_sessions", `{"ids":[` + itoa(id) + `],"to_date":"0001-01-01"}`, "1900-01-01 to 2099-12-31"},
		{"copy_sessions", `{"ids":[` + itoa(id) + `],"to_date":"9999-12-31"}`, "1900-01-01 to 2099-12-31"},
		{"copy_sessions", `{"ids":[` + itoa(id) + `],"to_date":"2026-11-20"}`, "in the past"},
		{"update_session", `{"id":` + itoa(id) + `,"date":"0001-01-01"}`, "1900-01-01 to 2099-12-31"},
		{"update_session", `{"id":` + itoa(id) + `,"date":"9999-12-31"}`, "1900-01-01 to 2099-12-31"},
		{"update_session", `{"id":` + itoa(id) + `,"date":"2026-11-20"}`, "in the past"},
	} {
		_, err := callTool(t, env, c.tool, c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s: got %v, want an error saying %q", c.tool, c.args, err, c.want)
		}
	}
	sameCalendar(t, f, before)
	// allow_past lets a session go back.
	if _, err := callTool(t, env, "move_sessions", `{"ids":[`+itoa(id)+`],"to_date":"2026-11-20","allow_past":true}`); err != nil {
		t.Fatal(err)
	}
	if e, _ := eventByID(f, id); dayOfEvent(e) != "2026-11-20" {
		t.Errorf("moved to %s, want 2026-11-20", dayOfEvent(e))
	}
}

// A move of 20 sessions fails after 8 and its rollback fails too: the repeat of the same
// "days": 7 call carries out the plan of the first, so no session moves by 14 days.
func TestRepeatedMoveAfterAFailureMovesNoSessionTwice(t *testing.T) {
	f, env := demoFake(t)
	env.Writes = &toolcall.Writes{}
	ws := futureWorkouts(t, f, 20)
	ids := make([]any, len(ws))
	for i, w := range ws {
		ids[i] = deref(w.Id)
	}
	args := map[string]any{"ids": ids, "days": 7}
	f.Inject(fakeicu.Fault{Kind: fakeicu.FaultStatus, Status: 500, Operation: "updateEvent", Skip: 8})
	_, err := callTool(t, env, "move_sessions", args)
	if err == nil {
		t.Fatal("want an error")
	}
	containsAll(t, err.Error(), "rollback was incomplete")
	moved := 0
	for _, w := range ws {
		if e, _ := eventByID(f, deref(w.Id)); dayOfEvent(e) != dayOfEvent(w) {
			moved++
		}
	}
	if moved != 8 {
		t.Fatalf("%d sessions moved by the failed call, want 8", moved)
	}
	f.ClearFaults()
	if _, err := callTool(t, env, "move_sessions", args); err != nil {
		t.Fatal(err)
	}
	for _, w := range ws {
		e, _ := eventByID(f, deref(w.Id))
		if want := plusDays(dayOfEvent(w), 7); dayOfEvent(e) != want {
			t.Errorf("event %d on %s, want %s (moved once by 7 days)", deref(w.Id), dayOfEvent(e), want)
		}
	}
}

// Creating a session in the past, or repeating one into the past, needs allow_past too.
func TestAddAndRepeatRefusePastDatesUnlessAllowed(t *testing.T) {
	f, env := demoFake(t)
	before := demoCalendar(f)
	if _, err := callTool(t, env, "add_or_update_event", `{"date":"2026-11-20","type":"Run","name":"Late"}`); err == nil || !strings.Contains(err.Error(), "allow_past") {
		t.Errorf("a past date: %v", err)
	}
	if _, err := callTool(t, env, "add_or_update_event", `{"date":"2100-01-01","type":"Run","name":"Far"}`); err == nil || !strings.Contains(err.Error(), "1900-01-01 to 2099-12-31") {
		t.Errorf("a date after 2099: %v", err)
	}
	past := ""
	for _, e := range before {
		if deref(e.Category) == "WORKOUT" && dayOfEvent(e) < "2026-11-01" {
			past = itoa(deref(e.Id))
		}
	}
	if _, err := callTool(t, env, "repeat_session", `{"id":`+past+`,"times":2}`); err == nil || !strings.Contains(err.Error(), "allow_past") {
		t.Errorf("repeating a session into the past: %v", err)
	}
	sameCalendar(t, f, before)
}

// A range moves and copies training sessions only: the "Bike fit" note in it stays where it
// is, and is not copied, unless category asks for notes.
func TestRangeMovesAndCopiesLeaveNotesUnlessAsked(t *testing.T) {
	f, env := demoFake(t)
	var fit api.Event
	for _, e := range demoCalendar(f) {
		if deref(e.Name) == "Bike fit" {
			fit = e
		}
	}
	day := dayOfEvent(fit)
	if deref(fit.Category) != "NOTE" || day < "2026-12-01" {
		t.Fatalf("the demo calendar has no Bike fit note to come: %+v", fit)
	}
	copies := func() int {
		n := 0
		for _, e := range demoCalendar(f) {
			if deref(e.Name) == "Bike fit" {
				n++
			}
		}
		return n
	}
	out := mustCallTool(t, env, "copy_sessions", map[string]any{"oldest": day, "newest": plusDays(day, 1), "to_date": plusDays(day, 14)})
	if strings.Contains(out, "Bike fit") || copies() != 1 {
		t.Errorf("copying the range copied the note:\n%s", out)
	}
	out, err := callTool(t, env, "move_sessions", map[string]any{"oldest": day, "newest": plusDays(day, 1), "days": 1})
	if strings.Contains(out, "Bike fit") {
		t.Errorf("moving the range moved the note:\n%s", out)
	}
	if err != nil && !strings.Contains(err.Error(), "no WORKOUT between") {
		t.Fatal(err)
	}
	for _, e := range demoCalendar(f) {
		if deref(e.Id) == deref(fit.Id) && dayOfEvent(e) != day {
			t.Errorf("the note moved to %s", dayOfEvent(e))
		}
	}
	out = mustCallTool(t, env, "move_sessions", map[string]any{"oldest": day, "newest": day, "category": []string{"NOTE"}, "days": 1})
	if !strings.Contains(out, "Bike fit") {
		t.Errorf("category NOTE did not move the note:\n%s", out)
	}
}
