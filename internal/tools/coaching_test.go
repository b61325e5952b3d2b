package tools

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// ciFakeNow is Mon 2026-11-30 11:00 in Sydney, the primary athlete's zone.
var ciFakeNow = time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)

// ciPathLog records the paths of the requests that reach the fake.
type ciPathLog struct {
	mu    sync.Mutex
	paths []string
}

func (l *ciPathLog) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	p := l.paths
	l.paths = nil
	return p
}

// startFake serves the embedded fake Intervals.icu and returns a client for it.
func ciStartFake(t *testing.T) (*fakeicu.Fake, *intervals.ClientWithResponses, *ciPathLog) {
	t.Helper()
	f := fakeicu.New(fakeicu.Options{Now: func() time.Time { return ciFakeNow }})
	log := &ciPathLog{}
	h := f.Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.mu.Lock()
		log.paths = append(log.paths, r.Method+" "+r.URL.Path)
		log.mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	c, err := intervals.New(intervals.Options{APIKey: fakeicu.DefaultAPIKey, BaseURL: srv.URL, RateLimit: -1, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	return f, c, log
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

func TestLoadToolsAgainstTheFake(t *testing.T) {
	_, c, _ := ciStartFake(t)
	for name, args := range map[string]string{"get_training_load": `{}`, "get_training_volume": `{"weeks":6}`} {
		out, err := coachingTool(t, name).Run(context.Background(), ciFakeEnv(c, "0"), json.RawMessage(args))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if strings.Contains(out, "no values") || strings.Contains(out, "no activities") && name == "get_training_volume" {
			t.Errorf("%s: the fake athlete's data are missing:\n%s", name, out)
		}
		coachingGolden(t, name+".fake", out)
	}
}

// coachCalls gives each coaching tool arguments that work for the coached athlete a.
func ciCoachCalls(t *testing.T, f *fakeicu.Fake, athlete string) map[string]string {
	t.Helper()
	var a = f.World().Athletes[0]
	for _, x := range f.World().Athletes {
		if x.Profile.Id != nil && *x.Profile.Id == athlete {
			a = x
		}
	}
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
