package tools

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
)

// TestPairingSentAsANumberStillRefuses: a paired_activity_id that is not a string (a
// number) must still mark the session as done, in a single read and in a list, so that no
// write ever takes a done session for a free one.
func TestPairingSentAsANumberStillRefuses(t *testing.T) {
	s := &stubAPI{answers: map[string]string{
		"GET /api/v1/athlete/i7":             `{"id":"i7","name":"A","timezone":"Europe/Paris"}`,
		"GET /api/v1/athlete/i7/events/5":    `{"id":5,"category":"WORKOUT","name":"Tempo","start_date_local":"2026-11-28T00:00:00","paired_activity_id":123456}`,
		"GET /api/v1/athlete/i7/events":      `[{"id":5,"category":"WORKOUT","name":"Tempo","start_date_local":"2026-11-28T00:00:00","paired_activity_id":123456}]`,
		"PUT /api/v1/athlete/i7/events/5":    `{"id":5}`,
		"DELETE /api/v1/athlete/i7/events/5": `{}`,
	}}
	env := newEnv(serve(t, s, stubKey), "i7", recordsNow)
	for _, c := range []struct{ tool, args string }{
		{"delete_event", `{"event_id":5}`},
		{"add_or_update_event", `{"event_id":5,"name":"x"}`},
		{"move_sessions", `{"ids":[5],"days":1}`},
		{"move_sessions", `{"oldest":"2026-11-28","days":1}`},
	} {
		_, err := callTool(t, env, c.tool, c.args)
		if err == nil || !strings.Contains(err.Error(), "123456") {
			t.Errorf("%s %s: want a refusal naming activity 123456, got %v", c.tool, c.args, err)
		}
	}
	for _, r := range s.reqs {
		if !strings.HasPrefix(r, "GET ") {
			t.Errorf("a refused call wrote: %s", r)
		}
	}
}

func TestGetEventsShowsDoneMissedAndToDo(t *testing.T) {
	_, env := demoFake(t)
	mustCallTool(t, env, "add_or_update_event", `{"date":"2026-11-27","type":"Run","name":"Skipped strides","description":"- 20m Z2 HR","allow_past":true}`)
	out := mustCallTool(t, env, "get_events", `{"oldest":"2026-11-26","newest":"2026-12-02","category":["WORKOUT"]}`)
	for _, want := range []string{`"Skipped strides"`, "- missed", "- done (activity i", "- to do", "today is Tue 2026-12-01"} {
		if !strings.Contains(out, want) {
			t.Errorf("get_events should show %q:\n%s", want, out)
		}
	}
	if !strings.Contains(out, `Fri 2026-11-27 WORKOUT Run "Skipped strides"`) {
		t.Errorf("the missed session should be dated Fri 2026-11-27:\n%s", out)
	}
}

func TestGetEventByIDShowsTheWorkoutText(t *testing.T) {
	f, env := demoFake(t)
	_, free := pairedAndFreeSession(t, f)
	out := mustCallTool(t, env, "get_event_by_id", `{"event_id":`+idArg(free)+`}`)
	if !strings.Contains(out, "Steps, as Intervals.icu read them (what the watch gets):\n") {
		t.Errorf("answer:\n%s", out)
	}
	_, err := callTool(t, env, "get_event_by_id", `{"event_id":999999}`)
	if err == nil || !strings.Contains(err.Error(), "event 999999 is not on the calendar of Alex Demo (i100001): take the id from get_events") {
		t.Errorf("an unknown id should be said so: %v", err)
	}
}

func TestEventsStatusFollowsPairingAndTheLocalToday(t *testing.T) {
	f, env := demoFake(t)
	a := demoAthlete(t, f)
	out := mustCallTool(t, env, "get_events", `{"oldest":"2026-11-16","newest":"2026-12-13"}`)
	for _, e := range a.Events {
		d := (*e.StartDateLocal)[:10]
		if d < "2026-11-16" || d > "2026-12-13" {
			continue
		}
		line := lineWith(out, fmt.Sprintf("[id %d]", *e.Id))
		if line == "" {
			t.Errorf("event %d of %s is missing", *e.Id, d)
			continue
		}
		var want string
		switch {
		case e.Category == nil || *e.Category != "WORKOUT":
			continue
		case a.PairedActivity[*e.Id] != "":
			want = "- done (activity " + a.PairedActivity[*e.Id] + ")"
		case d < "2026-12-01":
			want = "- missed"
		default:
			want = "- to do"
		}
		if !strings.HasSuffix(line, want) {
			t.Errorf("event %d of %s: want %q, got %s", *e.Id, d, want, line)
		}
	}
}

// TestDoneSessionsSayHowCloseTheyCame: under each done session get_events shows the time and
// load of the activity that did it, from the fake's own activities.
func TestDoneSessionsSayHowCloseTheyCame(t *testing.T) {
	f, env := demoFake(t)
	a := demoAthlete(t, f)
	out := mustCallTool(t, env, "get_events", `{"oldest":"2026-11-16","newest":"2026-11-30"}`)
	lines := strings.Split(out, "\n")
	checked := 0
	for _, e := range a.Events {
		act := a.PairedActivity[*e.Id]
		if act == "" || (*e.StartDateLocal)[:10] < "2026-11-16" || (*e.StartDateLocal)[:10] > "2026-11-30" {
			continue
		}
		var done *api.Activity
		for i := range a.Activities {
			if *a.Activities[i].Id == act {
				done = &a.Activities[i]
			}
		}
		if done == nil || done.MovingTime == nil || done.IcuTrainingLoad == nil {
			continue
		}
		i := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, fmt.Sprintf("[id %d]", *e.Id)) })
		if i < 0 || i+1 >= len(lines) {
			t.Errorf("event %d is missing", *e.Id)
			continue
		}
		did := lines[i+1]
		want := "  did " + format.Duration(float64(*done.MovingTime))
		if !strings.HasPrefix(did, want) || !strings.Contains(did, fmt.Sprintf("load %d of ", *done.IcuTrainingLoad)) {
			t.Errorf("event %d done by %s: want %q… load %d, got %q", *e.Id, act, want, *done.IcuTrainingLoad, did)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no done session with time and load in the range")
	}
}

// TestEveryWriteRefusesADoneSession tries every calendar write on a session paired with a
// recorded activity: each is refused before any write, and the calendar is as it was.
func TestEveryWriteRefusesADoneSession(t *testing.T) {
	f, env := demoFake(t)
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
	before := demoCalendar(f)
	for _, c := range calls {
		_, err := callTool(t, env, c.tool, c.args)
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
	noWrites(t, f)
	sameCalendar(t, f, before)
}

func TestEveryWriteRefusesAnActivityID(t *testing.T) {
	f, env := demoFake(t)
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
	before := demoCalendar(f)
	for _, c := range calls {
		_, err := callTool(t, env, c.tool, c.args)
		if err == nil || !strings.Contains(err.Error(), act+" is a recorded activity") {
			t.Errorf("%s: want the activity refused by name, got %v", c.tool, err)
		}
	}
	if _, err := deleteSessions(context.Background(), env, []sessionRef{sessionRef(act)}); err == nil || !strings.Contains(err.Error(), "recorded activit") {
		t.Errorf("delete of an activity: want a refusal, got %v", err)
	}
	noWrites(t, f)
	sameCalendar(t, f, before)
}
