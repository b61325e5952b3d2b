package tools

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
)

// In coach mode, an activity read by id for one athlete that is another's is said to be that
// athlete's, with its times in that athlete's time zone (Alex Demo in Sydney, read while
// Camille Martin in Paris is selected); writes on it are refused; an event of another athlete
// is not taken for the selected one's.
func TestCoachModeSaysWhoseAnActivityIs(t *testing.T) {
	f, env := demoFake(t)
	coach := sessionWith(t, env, manifest.Filter{Toolsets: append([]manifest.Toolset{manifest.Coach}, manifest.DefaultToolsets...)}, nil, "")
	alex := worldAthlete(t, f, fakeicu.DemoAthleteID)
	v := samples.Values(alex)
	run := v["run"]
	if out, isErr := callText(t, coach, "add_activity_message", json.RawMessage(`{"activity_id":"`+run+`","content":"Well paced"}`)); isErr {
		t.Fatal(out)
	}
	sydney, _ := time.LoadLocation(*alex.Profile.Timezone)
	posted := samples.Now.In(sydney).Format("Mon 2006-01-02 15:04")
	note := "Activity " + run + " is Alex Demo's (i100001), not Camille Martin's: shown as Alex Demo's, times in Alex Demo's time zone (" + *alex.Profile.Timezone + ")."
	for _, tool := range []string{"get_activity_details", "get_activity_intervals", "get_activity_streams", "get_activity_messages"} {
		out, isErr := callText(t, coach, tool, json.RawMessage(`{"activity_id":"`+run+`","athlete":"i100002"}`))
		if isErr || !strings.HasPrefix(out, note) {
			t.Errorf("%s of Alex's run for Camille: want it said to be Alex's, got (error %v):\n%.400s", tool, isErr, out)
		}
		if tool == "get_activity_messages" && !strings.Contains(out, posted) {
			t.Errorf("the comment's time should be Sydney's (%s):\n%s", posted, out)
		}
	}
	if out, isErr := callText(t, coach, "get_activity_details", json.RawMessage(`{"activity_id":"`+run+`"}`)); isErr || strings.Contains(out, "not Alex Demo's") || strings.HasPrefix(out, "Activity ") {
		t.Errorf("Alex's run for Alex: (error %v) %.200s", isErr, out)
	}
	before := len(f.Writes())
	for tool, args := range map[string]string{
		"add_activity_message": `{"activity_id":"` + run + `","athlete":"i100002","content":"Hi"}`,
		"update_activity":      `{"activity_id":"` + run + `","athlete":"i100002","rpe":5}`,
	} {
		out, isErr := callText(t, coach, tool, json.RawMessage(args))
		if !isErr || !strings.Contains(out, "activity "+run+" belongs to athlete i100001, not to Camille Martin (i100002): nothing was changed; pass athlete i100001") {
			t.Errorf("%s on Alex's run for Camille: want a refusal, got (error %v) %s", tool, isErr, out)
		}
	}
	if n := len(f.Writes()) - before; n != 0 {
		t.Errorf("%d write(s) on another athlete's activity", n)
	}
	out, isErr := callText(t, coach, "get_event_by_id", json.RawMessage(`{"event_id":`+v["session1"]+`,"athlete":"i100002"}`))
	if !isErr || !strings.Contains(out, "is not on the calendar of Camille Martin (i100002)") {
		t.Errorf("Alex's event read for Camille: (error %v) %s", isErr, out)
	}
}

// An event answered for one athlete's path but saying it is another's is not shown or changed
// as the first one's (the fake scopes events by path, so a stub answers as a server might).
func TestAnEventOfAnotherAthleteIsNotTakenForThisOnes(t *testing.T) {
	stub := &stubAPI{answers: map[string]string{
		"GET /api/v1/athlete/i7":          `{"id":"i7","name":"Act Ivity","timezone":"Europe/Paris"}`,
		"GET /api/v1/athlete/i7/events/5": `{"id":5,"athlete_id":"i8","category":"WORKOUT","start_date_local":"2026-12-03T00:00:00","name":"Tempo"}`,
	}}
	env := newEnv(serve(t, stub, stubKey), "i7", samples.Now)
	for _, c := range []struct{ tool, args string }{
		{"get_event_by_id", `{"event_id":5}`},
		{"add_or_update_event", `{"event_id":5,"name":"Renamed"}`},
		{"delete_event", `{"event_id":5}`},
	} {
		_, err := callTool(t, env, c.tool, c.args)
		if err == nil || !strings.Contains(err.Error(), "event 5 is athlete i8's, not Act Ivity's (i7): pass athlete i8") {
			t.Errorf("%s: %v", c.tool, err)
		}
	}
	for _, r := range stub.reqs {
		if !strings.HasPrefix(r, "GET ") {
			t.Errorf("a write was sent: %s", r)
		}
	}
}
