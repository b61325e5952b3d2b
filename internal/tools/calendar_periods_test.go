package tools

import (
	"strings"
	"testing"
)

func TestCreateBlockIsANoteSpanningItsWeeks(t *testing.T) {
	f, env := demoFake(t)
	out, err := callTool(t, env, "create_period", map[string]any{"kind": "BLOCK", "name": "Base 2", "start": "2026-12-07", "weeks": 3, "description": "Aerobic volume"})
	if err != nil {
		t.Fatal(err)
	}
	containsAll(t, out, `Mon 2026-12-07 to Sun 2026-12-27 NOTE "Base 2"`)
	blocks := seriesOf(f, "Base 2")
	if len(blocks) != 1 {
		t.Fatalf("want one block, got %d", len(blocks))
	}
	b := blocks[0]
	if deref(b.Category) != "NOTE" || deref(b.StartDateLocal) != "2026-12-07T00:00:00" || deref(b.EndDateLocal) != "2026-12-28T00:00:00" {
		t.Errorf("block %s %s..%s, want a NOTE 2026-12-07T00:00:00..2026-12-28T00:00:00 (end exclusive)", deref(b.Category), deref(b.StartDateLocal), deref(b.EndDateLocal))
	}
}

func TestCreateSickPeriodListsTheSessionsInIt(t *testing.T) {
	f, env := demoFake(t)
	ws := futureWorkouts(t, f, 1)
	last := plusDays(dayOfEvent(ws[0]), 2)
	out, err := callTool(t, env, "create_period", map[string]any{"kind": "SICK", "start": "today", "end": last})
	if err != nil {
		t.Fatal(err)
	}
	containsAll(t, out, `Tue 2026-12-01 to `, ` SICK "Sick"`, "session(s) are planned in it", deref(ws[0].Name))
	found := false
	for _, e := range demoCalendar(f) {
		found = found || (deref(e.Category) == "SICK" && deref(e.StartDateLocal) == "2026-12-01T00:00:00" && deref(e.EndDateLocal) == plusDays(last, 1)+"T00:00:00")
	}
	if !found {
		t.Error("no SICK event from 2026-12-01 to the day after the last")
	}
}

func TestUpdateAndDeletePeriod(t *testing.T) {
	f, env := demoFake(t)
	if _, err := callTool(t, env, "create_period", map[string]any{"kind": "HOLIDAY", "name": "Skiing", "start": "2027-01-04", "end": "2027-01-10"}); err != nil {
		t.Fatal(err)
	}
	h := seriesOf(f, "Skiing")[0]
	out, err := callTool(t, env, "update_period", map[string]any{"id": deref(h.Id), "end": "2027-01-12"})
	if err != nil {
		t.Fatal(err)
	}
	containsAll(t, out, "Mon 2027-01-04 to Tue 2027-01-12 HOLIDAY")
	now, _ := eventByID(f, deref(h.Id))
	if deref(now.EndDateLocal) != "2027-01-13T00:00:00" || deref(now.StartDateLocal) != "2027-01-04T00:00:00" {
		t.Errorf("after update: %s..%s", deref(now.StartDateLocal), deref(now.EndDateLocal))
	}
	if _, err := callTool(t, env, "update_period", map[string]any{"id": deref(h.Id), "start": "2027-01-20"}); err == nil {
		t.Error("a start after the end: want an error")
	}
	if _, err := callTool(t, env, "delete_period", map[string]any{"id": deref(h.Id)}); err != nil {
		t.Fatal(err)
	}
	if _, there := eventByID(f, deref(h.Id)); there {
		t.Error("the period is still there")
	}
}

func TestPeriodToolsRefuseASession(t *testing.T) {
	f, env := demoFake(t)
	w := futureWorkouts(t, f, 1)[0]
	before := demoCalendar(f)
	for _, tool := range []string{"update_period", "delete_period"} {
		_, err := callTool(t, env, tool, map[string]any{"id": deref(w.Id)})
		if err == nil || !strings.Contains(err.Error(), "is a WORKOUT, not a period") {
			t.Errorf("%s on a workout: want a refusal, got %v", tool, err)
		}
	}
	noWrites(t, f)
	sameCalendar(t, f, before)
}

func TestCreatePeriodRejectsBadDays(t *testing.T) {
	f, env := demoFake(t)
	for _, args := range []map[string]any{
		{"kind": "BLOCK", "start": "2026-12-07"},
		{"kind": "BLOCK", "start": "2026-12-07", "end": "2026-12-01"},
		{"kind": "BLOCK", "start": "2026-12-07", "end": "2026-12-20", "weeks": 2},
		{"kind": "TRAVEL", "start": "2026-12-07", "weeks": 1},
		{"kind": "SICK", "start": "07/12/2026", "weeks": 1},
	} {
		if _, err := callTool(t, env, "create_period", args); err == nil {
			t.Errorf("%v: want an error", args)
		}
	}
	noWrites(t, f)
}

// TestCreatePeriodKeepsToTheBudget: a long sick period over many planned sessions lists
// them within the answer budget and counts the rest.
func TestCreatePeriodKeepsToTheBudget(t *testing.T) {
	_, env := demoFake(t)
	env.Budget = 600
	out, err := callTool(t, env, "create_period", map[string]any{"kind": "SICK", "start": "2026-12-02", "weeks": 8})
	if err != nil {
		t.Fatal(err)
	}
	if n := len([]rune(out)); n > 600 || !strings.Contains(out, "more events; get_events shows them all") {
		t.Errorf("answer of %d characters at a budget of 600:\n%s", n, out)
	}
}
