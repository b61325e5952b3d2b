package tools

import (
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

func TestUpdateFollowingBySameNameAndWeekday(t *testing.T) {
	f, env := demoFake(t)
	var sessions []map[string]any
	for w := 0; w < 4; w++ {
		d := plusDays("2026-12-08", 7*w)
		sessions = append(sessions,
			map[string]any{"date": d, "sport": "Run", "name": "Tuesday tempo", "duration": "0:50:00"},
			map[string]any{"date": plusDays(d, 1), "sport": "Run", "name": "Tuesday tempo", "duration": "0:30:00"})
	}
	if _, err := callTool(t, env, "plan_sessions", map[string]any{"plan": "tempo", "sessions": sessions}); err != nil {
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
	if _, err := callTool(t, env, "update_session", map[string]any{"id": deref(tuesdays[1].Id), "scope": "following", "date": "2026-12-16", "duration": "1:00:00"}); err != nil {
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
	f, env := demoFake(t)
	id := deref(futureWorkouts(t, f, 1)[0].Id)
	before := demoCalendar(f)
	_, err := callTool(t, env, "update_session", map[string]any{"id": id, "description": "- 10m Z2 HR\n- 400m 90% pace"})
	if err == nil {
		t.Fatal("want the trap named")
	}
	containsAll(t, err.Error(), "Nothing was changed", "400mtr")
	noWrites(t, f)
	sameCalendar(t, f, before)
}
