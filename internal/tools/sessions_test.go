package tools

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

// futureWorkouts returns the fake athlete's planned, unpaired workouts from 2026-12-02 on.
func futureWorkouts(t *testing.T, f *fakeicu.Fake, n int) []api.Event {
	t.Helper()
	paired := f.World().Athletes[0].PairedActivity
	var out []api.Event
	for _, e := range planCalendar(f) {
		if _, p := paired[deref(e.Id)]; !p && deref(e.Category) == "WORKOUT" && deref(e.StartDateLocal) >= "2026-12-02" && len(out) < n {
			out = append(out, e)
		}
	}
	if len(out) < n {
		t.Fatalf("the fake has %d future workouts, want %d", len(out), n)
	}
	return out
}

// eventByID returns the calendar's event with id, and whether it is there.
func eventByID(f *fakeicu.Fake, id int32) (api.Event, bool) {
	for _, e := range planCalendar(f) {
		if deref(e.Id) == id {
			return e, true
		}
	}
	return api.Event{}, false
}

func dayOfEvent(e api.Event) string { return deref(e.StartDateLocal)[:10] }

func TestMoveSessionsByDaysThenToADate(t *testing.T) {
	f, env := planningFake(t)
	ws := futureWorkouts(t, f, 2)
	id1, id2 := deref(ws[0].Id), deref(ws[1].Id)
	out, err := runPlanning(t, env, "move_sessions", map[string]any{"ids": []any{id1, id2}, "days": 2})
	if err != nil {
		t.Fatal(err)
	}
	planContains(t, out, "Moved 2 session(s) by +2 day(s)")
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
	if _, err := runPlanning(t, env, "move_sessions", map[string]any{"ids": []any{id1, id2}, "to_date": "2027-01-04"}); err != nil {
		t.Fatal(err)
	}
	e1, _ := eventByID(f, id1)
	e2, _ := eventByID(f, id2)
	if dayOfEvent(e1) != "2027-01-04" || dayOfEvent(e2) != plusDays("2027-01-04", gap) {
		t.Errorf("moved to %s and %s, want 2027-01-04 and %s", dayOfEvent(e1), dayOfEvent(e2), plusDays("2027-01-04", gap))
	}
}

func daysBetween(a, b string) int {
	for n := 0; n < 400; n++ {
		if plusDays(a, n) == b {
			return n
		}
	}
	return -1
}

func TestMoveSessionsByRangeOnlyTouchesTheCategoryAsked(t *testing.T) {
	f, env := planningFake(t)
	before := planCalendar(f)
	out, err := runPlanning(t, env, "move_sessions", map[string]any{"oldest": "2026-12-07", "newest": "2026-12-13", "category": []string{"WORKOUT"}, "days": 1})
	if err != nil {
		t.Fatal(err)
	}
	moved := strings.Count(out, "\n- ")
	if moved == 0 {
		t.Fatalf("nothing moved:\n%s", out)
	}
	after := map[int32]api.Event{}
	for _, e := range planCalendar(f) {
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
	f, env := planningFake(t)
	ws := futureWorkouts(t, f, 3)
	before := planCalendar(f)
	f.Inject(fakeicu.Fault{Kind: fakeicu.FaultStatus, Status: 500, Operation: "updateEvent", Skip: 1, Count: 1})
	_, err := runPlanning(t, env, "move_sessions", map[string]any{"ids": []any{deref(ws[0].Id), deref(ws[1].Id), deref(ws[2].Id)}, "days": 7})
	if err == nil {
		t.Fatal("want an error when the second update fails")
	}
	planContains(t, err.Error(), "rolled back", "2 event(s) put back as they were", "the calendar is as before")
	planSameCalendar(t, f, before)
}

// TestEveryWriteRefusesADoneSession tries every planning write on a session paired with a
// recorded activity: each is refused before any write, and the calendar is as it was.
func TestEveryWriteRefusesADoneSession(t *testing.T) {
	f, env := planningFake(t)
	done, act := pairedEvent(t, f)
	id := deref(done.Id)
	other := deref(futureWorkouts(t, f, 1)[0].Id)
	day := dayOfEvent(done)
	calls := []struct {
		tool string
		args map[string]any
	}{
		{"move_sessions", map[string]any{"ids": []any{other, id}, "days": 1}},
		{"move_sessions", map[string]any{"oldest": day, "newest": day, "days": 1}},
		{"update_session", map[string]any{"id": id, "name": "Renamed"}},
		{"update_period", map[string]any{"id": id, "name": "Renamed"}},
		{"delete_period", map[string]any{"id": id}},
	}
	before := planCalendar(f)
	for _, c := range calls {
		_, err := runPlanning(t, env, c.tool, c.args)
		if err == nil {
			t.Errorf("%s %v: want a refusal", c.tool, c.args)
			continue
		}
		if !strings.Contains(err.Error(), act) && !strings.Contains(err.Error(), "not a period") {
			t.Errorf("%s: the refusal should name the activity %s: %v", c.tool, act, err)
		}
	}
	_, err := deleteSessions(context.Background(), env, []sessionRef{sessionRef(itoa(other)), sessionRef(itoa(id))})
	if err == nil || !strings.Contains(err.Error(), "Refused, nothing was changed") {
		t.Errorf("delete of a done session: want a refusal, got %v", err)
	}
	planNoWrites(t, f)
	planSameCalendar(t, f, before)
}

func TestEveryWriteRefusesAnActivityID(t *testing.T) {
	f, env := planningFake(t)
	_, act := pairedEvent(t, f)
	calls := []struct {
		tool string
		args map[string]any
	}{
		{"move_sessions", map[string]any{"ids": []any{act}, "days": 1}},
		{"copy_sessions", map[string]any{"ids": []any{act}, "to_date": "2027-01-04"}},
		{"repeat_session", map[string]any{"id": act, "times": 2}},
		{"update_session", map[string]any{"id": act, "name": "x"}},
		{"update_period", map[string]any{"id": act, "name": "x"}},
		{"delete_period", map[string]any{"id": act}},
	}
	before := planCalendar(f)
	for _, c := range calls {
		_, err := runPlanning(t, env, c.tool, c.args)
		if err == nil || !strings.Contains(err.Error(), act+" is a recorded activity") {
			t.Errorf("%s: want the activity refused by name, got %v", c.tool, err)
		}
	}
	if _, err := deleteSessions(context.Background(), env, []sessionRef{sessionRef(act)}); err == nil || !strings.Contains(err.Error(), "recorded activit") {
		t.Errorf("delete of an activity: want a refusal, got %v", err)
	}
	planNoWrites(t, f)
	planSameCalendar(t, f, before)
}

func itoa(n int32) string { return strconv.Itoa(int(n)) }

func TestCopySessionsKeepsTheirSpacing(t *testing.T) {
	f, env := planningFake(t)
	before := planCalendar(f)
	out, err := runPlanning(t, env, "copy_sessions", map[string]any{"oldest": "2026-12-07", "newest": "2026-12-13", "to_date": "2027-01-11"})
	if err != nil {
		t.Fatal(err)
	}
	var src []api.Event
	for _, e := range before {
		if d := dayOfEvent(e); d >= "2026-12-07" && d <= "2026-12-13" && slices.Contains(sessionCategories, string(deref(e.Category))) {
			src = append(src, e)
		}
	}
	planContains(t, out, "Copied "+strconv.Itoa(len(src))+" session(s), +35 day(s) later")
	after := planCalendar(f)
	if len(after) != len(before)+len(src) {
		t.Fatalf("%d events before, %d after, %d copied", len(before), len(after), len(src))
	}
	for _, s := range src {
		found := false
		for _, e := range after {
			found = found || (dayOfEvent(e) == plusDays(dayOfEvent(s), 35) && deref(e.Name) == deref(s.Name) &&
				deref(e.Description) == deref(s.Description) && deref(e.Id) != deref(s.Id))
		}
		if !found {
			t.Errorf("no copy of %d %q on %s", deref(s.Id), deref(s.Name), plusDays(dayOfEvent(s), 35))
		}
	}
}

func TestDeleteSessionsTakesSeveralIDs(t *testing.T) {
	f, env := planningFake(t)
	ws := futureWorkouts(t, f, 3)
	out, err := deleteSessions(context.Background(), env, []sessionRef{sessionRef(itoa(deref(ws[0].Id))), sessionRef(itoa(deref(ws[2].Id)))})
	if err != nil {
		t.Fatal(err)
	}
	planContains(t, out, "Deleted 2 event(s)", deref(ws[0].Name))
	for i, w := range ws {
		if _, there := eventByID(f, deref(w.Id)); there != (i == 1) {
			t.Errorf("event %d: there=%v after deleting the first and the third", deref(w.Id), there)
		}
	}
	if n := len(f.Writes()); n != 1 {
		t.Errorf("want one bulk delete, got %d writes", n)
	}
}

// plusDays moves a YYYY-MM-DD date by n days.
func plusDays(date string, n int) string {
	t, err := time.Parse(ymd, date)
	if err != nil {
		return date
	}
	return t.AddDate(0, 0, n).Format(ymd)
}

func TestSessionAnswersKeepToTheBudget(t *testing.T) {
	_, env := planningFake(t)
	env.Budget = 400
	out, err := runPlanning(t, env, "copy_sessions", map[string]any{"oldest": "2026-12-07", "newest": "2027-01-03", "to_date": "2027-02-01"})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) > 400 || !strings.Contains(out, "more events; get_events shows them all") {
		t.Errorf("want at most 400 characters ending with what was cut, got %d:\n%s", len(out), out)
	}
}

func TestCopyRollsBackWhenACreateAnswerIsLost(t *testing.T) {
	f, env := planningFake(t)
	before := planCalendar(f)
	f.Inject(fakeicu.Fault{Kind: fakeicu.FaultBadJSON, Operation: "createMultipleEvents", Count: 1})
	_, err := runPlanning(t, env, "copy_sessions", map[string]any{"oldest": "2026-12-07", "newest": "2026-12-13", "to_date": "2027-01-11"})
	if err == nil {
		t.Fatal("want an error when the answer is lost")
	}
	planContains(t, err.Error(), "rolled back")
	planSameCalendar(t, f, before)
}
