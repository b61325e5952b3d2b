package tools

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
)

// TestCoachModeEveryToolUsesTheCallsAthlete makes every sample call for a coached athlete:
// each call sends its requests for that athlete only, every write tool writes, and its
// writes land in that athlete's data (or on that athlete's activity), never the coach's (a
// known bug of other servers: some tools ignore the athlete).
func TestCoachModeEveryToolUsesTheCallsAthlete(t *testing.T) {
	const who = "i100002"
	f, c := startFake(t, samples.Now)
	coach := worldAthlete(t, f, fakeicu.DemoAthleteID)
	run := newSampleRun(t, f, c, who, samples.Now)
	ran, wrote := map[string]bool{}, map[string]bool{}
	for _, call := range samples.Calls {
		if call.Fault != "" || run.lacks(call) {
			continue
		}
		ran[call.Tool] = true
		f.TakeRequests()
		before := len(f.Writes())
		if _, err := run.run(call, 0); err != nil {
			t.Errorf("%s %s for %s: %v", call.Tool, call.Case, who, err)
		}
		for _, r := range f.TakeRequests() {
			if strings.Contains(r.Path, "/athlete/") && !strings.Contains(r.Path, "/athlete/"+who) {
				t.Errorf("%s %s for %s sent %s %s", call.Tool, call.Case, who, r.Method, r.Path)
			}
		}
		wrote[call.Tool] = wrote[call.Tool] || len(f.Writes()) > before
	}
	for _, tool := range All() {
		if !ran[tool.Name] {
			t.Errorf("%s: no sample call could be made for %s (it lacks the data)", tool.Name, who)
		}
		if tool.Access != manifest.Read && !wrote[tool.Name] {
			t.Errorf("%s (%s) wrote nothing for %s", tool.Name, tool.Access, who)
		}
	}
	for _, w := range f.Writes() {
		switch {
		case strings.Contains(w.Path, "/athlete/") && !strings.Contains(w.Path, "/athlete/"+who+"/"):
			t.Errorf("write to another athlete: %s %s", w.Method, w.Path)
		case strings.HasPrefix(w.Path, "/api/v1/activity/") && !strings.HasPrefix(w.Path, "/api/v1/activity/"+run.values["run"]+"/") && w.Path != "/api/v1/activity/"+run.values["run"]:
			t.Errorf("write to an activity that is not %s's: %s %s", who, w.Method, w.Path)
		}
	}
	if d := cmp.Diff(coach, worldAthlete(t, f, fakeicu.DemoAthleteID)); d != "" {
		t.Errorf("the coach's own data changed (-before +after):\n%s", d)
	}
	// What log_metrics sent is in the coached athlete's wellness on the athlete's own today.
	loc, err := time.LoadLocation(*worldAthlete(t, f, who).Profile.Timezone)
	if err != nil {
		t.Fatal(err)
	}
	today := samples.Now.In(loc).Format("2006-01-02")
	resp, err := c.ListWellnessRecordsWithResponse(context.Background(), who, "", &intervals.ListWellnessRecordsParams{Oldest: &today, Newest: &today})
	if err != nil || resp.JSON200 == nil || len(*resp.JSON200) != 1 {
		t.Fatalf("%s's wellness on %s: %v", who, today, err)
	}
	if w := (*resp.JSON200)[0]; w.Weight == nil || *w.Weight != 71.4 {
		t.Errorf("%s's weight on %s is %v, want the 71.4 log_metrics sent", who, today, w.Weight)
	}
}

// TestCoachModeRefusesAnAthleteNotCoached makes every sample call for an athlete the
// account does not coach: each call that asks for that athlete's data is refused, naming the
// athlete and list_athletes, and writes nothing. (The others are account-wide or offline, or
// a comment, which goes to the activity of its id.)
func TestCoachModeRefusesAnAthleteNotCoached(t *testing.T) {
	const who = "i999999"
	f, c := startFake(t, samples.Now)
	run := newSampleRun(t, f, c, "0", samples.Now) // the demo athlete's ids, called for who
	refused := map[string]bool{}
	for _, call := range samples.Calls {
		if call.Fault != "" {
			continue
		}
		f.TakeRequests()
		before := len(f.Writes())
		_, err := run.runFor(call, who, 0)
		asked := false
		for _, r := range f.TakeRequests() {
			asked = asked || strings.Contains(r.Path, "/athlete/"+who)
		}
		if !asked {
			continue
		}
		refused[call.Tool] = true
		if err == nil || !strings.Contains(err.Error(), "athlete "+who+" is not available to this account") || !strings.Contains(err.Error(), "list_athletes") {
			t.Errorf("%s %s for %s: want a refusal naming the athlete, got %v", call.Tool, call.Case, who, err)
		}
		if w := f.Writes()[before:]; len(w) != 0 {
			t.Errorf("%s %s for %s: a refused call wrote %+v", call.Tool, call.Case, who, w)
		}
	}
	for _, tool := range All() {
		for _, op := range tool.Operations {
			if o, ok := operationNamed(op); ok && strings.HasPrefix(o.Path, "/api/v1/athlete/{") && !refused[tool.Name] {
				t.Errorf("%s declares %s, on an athlete's data, but none of its calls asked for %s's", tool.Name, op, who)
				break
			}
		}
	}
}

// operationNamed finds an operation of the API by its id.
func operationNamed(id string) (intervals.Operation, bool) {
	for _, op := range intervals.Operations {
		if op.OperationID == id {
			return op, true
		}
	}
	return intervals.Operation{}, false
}

func TestListAthletes(t *testing.T) {
	s := &stubAPI{answers: map[string]string{
		"GET /api/v1/athletes": `[{"id":"i2","name":"Léa","timezone":"Europe/Paris","city":"Lyon","country":"France","tags":["marathon"]},{"id":"i3","name":"Marc"}]`,
	}}
	env := newEnv(serve(t, s, stubKey), "i7", recordsNow)
	out, err := toolNamed(t, "list_athletes").Run(context.Background(), env, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "- i2; Léa; Europe/Paris; Lyon, France; tags marathon\n- i3; Marc") {
		t.Errorf("answer:\n%s", out)
	}
	golden(t, "list_athletes", "two_athletes", out, nil)
}
