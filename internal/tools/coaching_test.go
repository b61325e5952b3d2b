package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// ciFakeNow is Mon 2026-11-30 11:00 in Sydney, the primary athlete's zone.
var ciFakeNow = time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)

// ciStartFake serves the embedded fake Intervals.icu at ciFakeNow.
func ciStartFake(t *testing.T) (*fakeicu.Fake, *intervals.ClientWithResponses, *ciPathLog) {
	t.Helper()
	return startFake(t, ciFakeNow)
}

func ciFakeEnv(c *intervals.ClientWithResponses, athlete string) *manifest.Env {
	return &manifest.Env{Client: c, AthleteID: athlete, Now: func() time.Time { return ciFakeNow }, Profiles: &manifest.Profiles{}}
}

func TestWhatIfWritesNothing(t *testing.T) {
	f, c, _ := ciStartFake(t)
	out, err := coachingTool(t, "get_training_load").Run(context.Background(), ciFakeEnv(c, "0"), json.RawMessage(`{"sessions":[{"date":"2026-12-02","load":120},{"date":"2026-12-05","duration":"2:00","intensity":0.8}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "What-if: 2 sessions added") || !strings.Contains(out, "[what-if +120]") || !strings.Contains(out, "[what-if +128]") {
		t.Fatalf("what-if sessions not projected:\n%s", out)
	}
	if w := f.Writes(); len(w) != 0 {
		t.Fatalf("what-if wrote to Intervals.icu: %+v", w)
	}
}

// TestLoadToolsAgreeWithTheFakesData checks the load tools against the fake athlete's own
// data (not a golden: the synthetic world may change): today's fitness and fatigue are the
// wellness row's, and the volume totals are the sums of the activities of the weeks shown.
func TestLoadToolsAgreeWithTheFakesData(t *testing.T) {
	f, c, _ := ciStartFake(t)
	a := f.World().Athletes[0]
	today := ciFakeToday(a)
	var row *api.Wellness
	for i := range a.Wellness {
		if a.Wellness[i].Id != nil && *a.Wellness[i].Id == today {
			row = &a.Wellness[i]
		}
	}
	if row == nil || row.Ctl == nil || row.Atl == nil {
		t.Fatalf("the fake has no wellness row for %s", today)
	}
	out, err := coachingTool(t, "get_training_load").Run(context.Background(), ciFakeEnv(c, "0"), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("Today: fitness %.1f, fatigue %.1f, form %.1f", *row.Ctl, *row.Atl, *row.Ctl-*row.Atl)
	if !strings.Contains(out, want) {
		t.Errorf("want %q in:\n%s", want, out)
	}
	// Today's projected line starts from yesterday's values and today's load: when no
	// session of today is still to do, it lands on the fake's own values for today.
	todayLine := regexp.MustCompile(`(?m)^` + ciDay(today) + ` load \d+: fitness [\d.]+, fatigue [\d.]+`).FindString(out)
	if !strings.Contains(out, "today counts") && !strings.HasSuffix(todayLine, fmt.Sprintf("fitness %.1f, fatigue %.1f", *row.Ctl, *row.Atl)) {
		t.Errorf("today's projected line %q differs from the wellness row (fitness %.1f, fatigue %.1f)", todayLine, *row.Ctl, *row.Atl)
	}

	out, err = coachingTool(t, "get_training_volume").Run(context.Background(), ciFakeEnv(c, "0"), json.RawMessage(`{"weeks":6}`))
	if err != nil {
		t.Fatal(err)
	}
	first := ciAddDays(ciMonday(today), -35)
	n, load := 0, 0
	for _, act := range a.Activities {
		d := ""
		if act.StartDateLocal != nil && len(*act.StartDateLocal) >= 10 {
			d = (*act.StartDateLocal)[:10]
		}
		if d < first || d > today || (act.Source != nil && *act.Source == "STRAVA") {
			continue
		}
		n++
		if act.IcuTrainingLoad != nil {
			load += int(*act.IcuTrainingLoad)
		}
	}
	if n == 0 {
		t.Fatal("the fake athlete has no activities in the last 6 weeks")
	}
	totals := strings.Split(out, "\n")[1]
	if !strings.Contains(totals, fmt.Sprintf("| all %d× ", n)) || !strings.HasSuffix(totals, fmt.Sprintf(" load %d", load)) {
		t.Errorf("totals: want %d activities and load %d in:\n%s", n, load, out)
	}
}

// ciFakeToday is the fake's today in the primary athlete's zone.
func ciFakeToday(a *synth.Athlete) string {
	loc, err := time.LoadLocation(*a.Profile.Timezone)
	if err != nil {
		loc = time.UTC
	}
	return ciFakeNow.In(loc).Format(ymd)
}

// ciCoachCalls gives each coaching tool arguments that work for the coached athlete a.
func ciCoachCalls(t *testing.T, f *fakeicu.Fake, athlete string) map[string]string {
	t.Helper()
	a := worldAthlete(t, f, athlete)
	activity := ""
	for i := len(a.Activities) - 1; i >= 0; i-- {
		if s := a.Activities[i].Source; a.Activities[i].Id != nil && (s == nil || *s != "STRAVA") {
			activity = *a.Activities[i].Id
			break
		}
	}
	sport := "Ride"
	if len(a.SportSettings) > 0 && a.SportSettings[0].Types != nil && len(*a.SportSettings[0].Types) > 0 {
		sport = string((*a.SportSettings[0].Types)[0])
	}
	if activity == "" {
		t.Fatalf("athlete %s has no activity to update", athlete)
	}
	return map[string]string{
		"get_training_load":      `{"sessions":[{"date":"2026-12-03","load":90}]}`,
		"get_training_volume":    `{}`,
		"get_records":            `{}`,
		"get_capacities":         `{}`,
		"log_metrics":            `{"weight":64.2,"soreness":2}`,
		"update_training_zone":   `{"sport":"` + sport + `","lthr":171}`,
		"update_activity":        `{"activity_id":"` + activity + `","rpe":6}`,
		"list_workout_templates": `{}`,
		"list_athletes":          `{}`,
		"api_list_operations":    `{"tag":"Wellness"}`,
		"api_describe_operation": `{"operation":"getRecord"}`,
		"api_call_operation":     `{"operation":"getRecord","params":{"date":"2026-11-29"}}`,
	}
}

func TestCoachModeEveryToolUsesTheCallsAthlete(t *testing.T) {
	f, c, log := ciStartFake(t)
	calls := ciCoachCalls(t, f, "i100002")
	if len(calls) != len(coachingTools()) {
		t.Fatalf("%d calls for %d tools: give every tool a call", len(calls), len(coachingTools()))
	}
	for _, tool := range coachingTools() {
		args, ok := calls[tool.Name]
		if !ok {
			t.Fatalf("no call for %s", tool.Name)
		}
		log.take()
		if _, err := tool.Run(context.Background(), ciFakeEnv(c, "i100002"), json.RawMessage(args)); err != nil {
			t.Errorf("%s for i100002: %v", tool.Name, err)
			continue
		}
		for _, p := range log.take() {
			if strings.Contains(p, "/athlete/") && !strings.Contains(p, "/athlete/i100002") {
				t.Errorf("%s for i100002 sent %s", tool.Name, p)
			}
		}
	}
	// The writes landed on the coached athlete's data.
	writes := map[string]bool{}
	for _, w := range f.Writes() {
		writes[w.Operation] = true
		if strings.Contains(w.Path, "/athlete/") && !strings.Contains(w.Path, "/athlete/i100002/") {
			t.Errorf("write to another athlete: %s %s", w.Method, w.Path)
		}
	}
	for _, op := range []string{"updateWellness", "updateSettings", "updateActivity"} {
		if !writes[op] {
			t.Errorf("no %s write for i100002 (writes: %v)", op, f.Writes())
		}
	}
	w := f.World()
	for _, a := range w.Athletes {
		if *a.Profile.Id != "i100002" {
			continue
		}
		row := a.Wellness[len(a.Wellness)-1]
		if row.Weight == nil || *row.Weight != 64.2 {
			t.Errorf("i100002's wellness today does not carry the logged weight: %+v", row.Id)
		}
	}
}

func TestCoachModeRefusesAnAthleteNotCoached(t *testing.T) {
	f, c, _ := ciStartFake(t)
	calls := ciCoachCalls(t, f, "i100002")
	for _, tool := range coachingTools() {
		switch tool.Name {
		case "list_athletes", "api_list_operations", "api_describe_operation":
			continue // account-wide or offline: no athlete to refuse
		}
		_, err := tool.Run(context.Background(), ciFakeEnv(c, "i999999"), json.RawMessage(calls[tool.Name]))
		if err == nil {
			t.Errorf("%s for i999999: want a refusal", tool.Name)
			continue
		}
		if !strings.Contains(err.Error(), "athlete i999999 is not available to this account") || !strings.Contains(err.Error(), "list_athletes") {
			t.Errorf("%s for i999999: unclear refusal: %v", tool.Name, err)
		}
	}
	if w := f.Writes(); len(w) != 0 {
		t.Errorf("refused calls wrote: %+v", w)
	}
}

// TestEveryToolRefusesAnAthleteNotCoachedByName extends the refusal to the reference and
// planning tools: each reads the athlete first and names the refusal, writing nothing.
func TestEveryToolRefusesAnAthleteNotCoachedByName(t *testing.T) {
	f, c, _ := ciStartFake(t)
	args := map[string]string{
		"get_activity_details":        `{"activity_id":"i1"}`,
		"get_activity_intervals":      `{"activity_id":"i1"}`,
		"get_activity_streams":        `{"activity_id":"i1"}`,
		"get_activity_messages":       `{"activity_id":"i1"}`,
		"get_event_by_id":             `{"event_id":1}`,
		"add_or_update_event":         `{"date":"2026-12-03","type":"Run","name":"Easy"}`,
		"delete_event":                `{"event_id":1}`,
		"delete_events_by_date_range": `{"oldest":"2026-12-01","newest":"2026-12-02"}`,
		"get_custom_item_by_id":       `{"item_id":1}`,
		"create_custom_item":          `{"name":"x","type":"FITNESS_CHART","content":{}}`,
		"update_custom_item":          `{"item_id":1,"name":"x"}`,
		"delete_custom_item":          `{"item_id":1}`,
		"plan_sessions":               `{"plan":"p","sessions":[{"date":"2026-12-03","sport":"Run","name":"Easy","duration":"30:00"}]}`,
		"move_sessions":               `{"ids":[1],"days":1}`,
		"copy_sessions":               `{"ids":[1],"to_date":"2026-12-10"}`,
		"repeat_session":              `{"id":1,"times":2}`,
		"update_session":              `{"id":1,"name":"x"}`,
		"create_period":               `{"kind":"SICK","start":"2026-12-01","end":"2026-12-02"}`,
		"update_period":               `{"id":1,"name":"x"}`,
		"delete_period":               `{"id":1}`,
	}
	coaching := map[string]bool{}
	for _, tool := range coachingTools() {
		coaching[tool.Name] = true
	}
	for _, tool := range All() {
		if coaching[tool.Name] || tool.Name == "add_activity_message" {
			// coaching tools: TestCoachModeRefusesAnAthleteNotCoached; a comment goes to the
			// activity named by its id, whoever's it is
			continue
		}
		a, ok := args[tool.Name]
		if !ok {
			a = `{}`
		}
		_, err := tool.Run(context.Background(), ciFakeEnv(c, "i999999"), json.RawMessage(a))
		if err == nil || !strings.Contains(err.Error(), "athlete i999999 is not available to this account") || !strings.Contains(err.Error(), "list_athletes") {
			t.Errorf("%s %s for i999999: want a refusal naming the athlete, got %v", tool.Name, a, err)
		}
	}
	if w := f.Writes(); len(w) != 0 {
		t.Errorf("refused calls wrote: %+v", w)
	}
}
