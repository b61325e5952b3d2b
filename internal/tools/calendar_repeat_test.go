package tools

import (
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

func TestRepeatSessionThenUpdateTheFollowing(t *testing.T) {
	f, env := demoFake(t)
	src := futureWorkouts(t, f, 1)[0]
	id := deref(src.Id)
	out, err := callTool(t, env, "repeat_session", map[string]any{"id": id, "every_weeks": 2, "times": 4})
	if err != nil {
		t.Fatal(err)
	}
	containsAll(t, out, "every 2 week(s): 4 cop(ies) created")
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
	out, err = callTool(t, env, "repeat_session", map[string]any{"id": id, "every_weeks": 2, "times": 4})
	if err != nil {
		t.Fatal(err)
	}
	containsAll(t, out, "0 cop(ies) created, 4 already there")
	noWrites(t, f)

	// "This one and the following" from the second copy: the original and the first copy stay.
	second := deref(copies[1].Id)
	out, err = callTool(t, env, "update_session", map[string]any{"id": second, "scope": "following", "name": "Easy instead", "description": "- 40m Z2 HR"})
	if err != nil {
		t.Fatal(err)
	}
	containsAll(t, out, "Updated 3 session(s)", "Workout: 40:00")
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
