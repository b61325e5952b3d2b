package tools

import (
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

// seriesOf returns the events of the calendar named name, by date.
func seriesOf(f *fakeicu.Fake, name string) []api.Event {
	var out []api.Event
	for _, e := range planCalendar(f) {
		if deref(e.Name) == name {
			out = append(out, e)
		}
	}
	return out
}

func TestRepeatSessionThenUpdateTheFollowing(t *testing.T) {
	f, env := planningFake(t)
	src := futureWorkouts(t, f, 1)[0]
	id := deref(src.Id)
	out, err := runPlanning(t, env, "repeat_session", map[string]any{"id": id, "every_weeks": 2, "times": 4})
	if err != nil {
		t.Fatal(err)
	}
	planContains(t, out, "every 2 week(s): 4 cop(ies) created")
	series := seriesOf(f, deref(src.Name))
	var copies []api.Event
	for _, e := range series {
		if strings.HasPrefix(deref(e.ExternalId), seriesPrefix(id)) {
			copies = append(copies, e)
		}
	}
	if len(copies) != 4 {
		t.Fatalf("want 4 copies with the series id, got %d", len(copies))
	}
	for k, c := range copies {
		if want := plusDays(dayOfEvent(src), 14*(k+1)); dayOfEvent(c) != want || deref(c.Description) != deref(src.Description) {
			t.Errorf("copy %d on %s, want %s with the same workout", k+1, dayOfEvent(c), want)
		}
	}

	// Repeating again adds nothing: the copies are already there.
	f.ResetWrites()
	out, err = runPlanning(t, env, "repeat_session", map[string]any{"id": id, "every_weeks": 2, "times": 4})
	if err != nil {
		t.Fatal(err)
	}
	planContains(t, out, "0 cop(ies) created, 4 already there")
	planNoWrites(t, f)

	// "This one and the following" from the second copy: the original and the first copy stay.
	second := deref(copies[1].Id)
	out, err = runPlanning(t, env, "update_session", map[string]any{"id": second, "scope": "following", "name": "Easy instead", "description": "- 40m Z2 HR"})
	if err != nil {
		t.Fatal(err)
	}
	planContains(t, out, "Updated 3 session(s)", "Workout: 40:00")
	for _, e := range []api.Event{src, copies[0]} {
		now, _ := eventByID(f, deref(e.Id))
		if deref(now.Name) != deref(src.Name) {
			t.Errorf("event %d before the one updated was renamed %q", deref(e.Id), deref(now.Name))
		}
	}
	for _, e := range copies[1:] {
		now, _ := eventByID(f, deref(e.Id))
		if deref(now.Name) != "Easy instead" || deref(now.Description) != "- 40m Z2 HR" || deref(now.MovingTime) != 2400 {
			t.Errorf("event %d: %q %q %d, want the update", deref(e.Id), deref(now.Name), deref(now.Description), deref(now.MovingTime))
		}
	}
}

func TestUpdateFollowingBySameNameAndWeekday(t *testing.T) {
	f, env := planningFake(t)
	var sessions []map[string]any
	for w := 0; w < 4; w++ {
		d := plusDays("2026-12-08", 7*w)
		sessions = append(sessions,
			map[string]any{"date": d, "sport": "Run", "name": "Tuesday tempo", "duration": "0:50:00"},
			map[string]any{"date": plusDays(d, 1), "sport": "Run", "name": "Tuesday tempo", "duration": "0:30:00"})
	}
	if _, err := runPlanning(t, env, "plan_sessions", map[string]any{"plan": "tempo", "sessions": sessions}); err != nil {
		t.Fatal(err)
	}
	var tuesdays, wednesdays []api.Event
	for _, e := range seriesOf(f, "Tuesday tempo") {
		if deref(e.MovingTime) == 3000 {
			tuesdays = append(tuesdays, e)
		} else {
			wednesdays = append(wednesdays, e)
		}
	}
	if _, err := runPlanning(t, env, "update_session", map[string]any{"id": deref(tuesdays[1].Id), "scope": "following", "date": "2026-12-16", "duration": "1:00:00"}); err != nil {
		t.Fatal(err)
	}
	for k, e := range tuesdays {
		now, _ := eventByID(f, deref(e.Id))
		wantDay, wantTime := dayOfEvent(e), int32(3000)
		if k >= 1 {
			wantDay, wantTime = plusDays(dayOfEvent(e), 1), 3600
		}
		if dayOfEvent(now) != wantDay || deref(now.MovingTime) != wantTime {
			t.Errorf("tuesday %d: %s %d, want %s %d", k+1, dayOfEvent(now), deref(now.MovingTime), wantDay, wantTime)
		}
	}
	for _, e := range wednesdays { // same name, another weekday: not the series
		now, _ := eventByID(f, deref(e.Id))
		if dayOfEvent(now) != dayOfEvent(e) || deref(now.MovingTime) != 1800 {
			t.Errorf("wednesday %d changed: %s %d", deref(e.Id), dayOfEvent(now), deref(now.MovingTime))
		}
	}
}

func TestUpdateSessionNamesATrapAndWritesNothing(t *testing.T) {
	f, env := planningFake(t)
	id := deref(futureWorkouts(t, f, 1)[0].Id)
	before := planCalendar(f)
	_, err := runPlanning(t, env, "update_session", map[string]any{"id": id, "description": "- 10m Z2 HR\n- 400m 90% pace"})
	if err == nil {
		t.Fatal("want the trap named")
	}
	planContains(t, err.Error(), "Nothing was changed", "400mtr")
	planNoWrites(t, f)
	planSameCalendar(t, f, before)
}
