package tools

import (
	"context"
	"encoding/json"
	"flag"
	"io"
	"math"
	"net/http"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

var updateCoaching = flag.Bool("update-coaching", false, "rewrite the golden files under testdata/coaching")

// golden compares got with testdata/coaching/name.golden (rewritten with -update-coaching).
func coachingGolden(t *testing.T, name, got string) {
	t.Helper()
	compareGolden(t, filepath.Join("testdata", "coaching", name+".golden"), got, *updateCoaching, "update-coaching", nil)
}

// coachStub serves fixed JSON answers by "METHOD path" and records every request.
type coachStub struct {
	answers map[string]string
	reqs    []string
	bodies  map[string]string // request bodies by "METHOD path"
	queries map[string]string // raw queries by "METHOD path"
}

func (s *coachStub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	key := r.Method + " " + r.URL.Path
	s.reqs = append(s.reqs, key)
	if s.bodies == nil {
		s.bodies, s.queries = map[string]string{}, map[string]string{}
	}
	b, _ := io.ReadAll(r.Body)
	s.bodies[key], s.queries[key] = string(b), r.URL.RawQuery
	body, ok := s.answers[key]
	if !ok {
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"error":"Not Found"}`))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write([]byte(body))
}

func coachStubEnv(t *testing.T, s *coachStub, now time.Time) *manifest.Env {
	t.Helper()
	return &manifest.Env{Client: serve(t, s, "test-key"), AthleteID: "i7", Now: func() time.Time { return now }}
}

// handModel is the example worked by hand: at the end of Sun 2026-11-29 fitness is 50 and
// fatigue 60 after a week without load; 100 is planned on Monday (today, not yet done), 50
// on Tuesday, a SET_FITNESS to 40/30 on Wednesday, 80 on Thursday. With k = 1-exp(-1/42)
// for fitness and 1-exp(-1/7) for fatigue:
//
//	Mon: fitness 50 + (100-50)k = 51.18, fatigue 60 + (100-60)k' = 65.32, form -14.15
//	Tue: 51.15, 63.28, form -12.14
//	Wed: set to 40 and 30, form 10.00
//	Thu: 40 + (80-40)k = 40.94, 30 + (80-30)k' = 36.66, form 4.29
//	Fri: 39.98, 31.78, form 8.20
//
// Monday's ramp rate is its fitness minus fitness seven days earlier, which the model
// rebuilds from Sunday's 50 over a week of zero load: 50*exp(6/42) = 57.68, so -6.50.
func handModel() *coachStub {
	var rows []string
	for i := 0; i < 7; i++ {
		d := time.Date(2026, 11, 23+i, 0, 0, 0, 0, time.UTC).Format(ymd)
		ctl := 50 * math.Exp(float64(6-i)/42)
		atl := 60 * math.Exp(float64(6-i)/7)
		rows = append(rows, `{"id":"`+d+`","ctl":`+strconv.FormatFloat(ctl, 'f', 4, 64)+`,"atl":`+strconv.FormatFloat(atl, 'f', 4, 64)+`,"ctlLoad":0,"atlLoad":0,"rampRate":-6.5}`)
	}
	return &coachStub{answers: map[string]string{
		"GET /api/v1/athlete/i7":            `{"id":"i7","name":"Hand Model","timezone":"Australia/Sydney"}`,
		"GET /api/v1/athlete/i7/wellness":   "[" + strings.Join(rows, ",") + "]",
		"GET /api/v1/athlete/i7/activities": `[]`,
		"GET /api/v1/athlete/i7/events": `[
			{"id":1,"category":"WORKOUT","start_date_local":"2026-11-30T00:00:00","name":"Threshold","type":"Ride","icu_training_load":100},
			{"id":2,"category":"WORKOUT","start_date_local":"2026-12-01T00:00:00","name":"Easy","type":"Run","load_target":50},
			{"id":3,"category":"SET_FITNESS","start_date_local":"2026-12-02T00:00:00","ctl":40,"atl":30},
			{"id":4,"category":"NOTE","start_date_local":"2026-12-02T00:00:00","name":"a note"},
			{"id":5,"category":"RACE_B","start_date_local":"2026-12-03T00:00:00","name":"Crit","type":"Ride","icu_training_load":80}]`,
		"GET /api/v1/athlete/i7/fitness-model-events": `[{"id":3,"category":"SET_FITNESS","start_date_local":"2026-12-02T00:00:00","ctl":40,"atl":30}]`,
	}}
}

// monday 2026-11-30 09:00 in Sydney.
var handNow = time.Date(2026, 11, 29, 22, 0, 0, 0, time.UTC)

func TestTrainingLoadMatchesHandComputedExample(t *testing.T) {
	env := coachStubEnv(t, handModel(), handNow)
	out, err := coachingTool(t, "get_training_load").Run(context.Background(), env, json.RawMessage(`{"weeks":2,"days":4}`))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][3]float64{ // fitness, fatigue, form
		"Mon 2026-11-30": {51.18, 65.32, -14.15},
		"Tue 2026-12-01": {51.15, 63.28, -12.14},
		"Wed 2026-12-02": {40, 30, 10},
		"Thu 2026-12-03": {40.94, 36.66, 4.29},
		"Fri 2026-12-04": {39.98, 31.78, 8.20},
	}
	line := regexp.MustCompile(`(?m)^(\w{3} \d{4}-\d\d-\d\d) load \d+: fitness ([\d.-]+), fatigue ([\d.-]+), form ([\d.-]+)`)
	seen := 0
	for _, m := range line.FindAllStringSubmatch(out, -1) {
		w, ok := want[m[1]]
		if !ok {
			t.Errorf("unexpected projected day %s", m[1])
			continue
		}
		seen++
		for i := 0; i < 3; i++ {
			got, _ := strconv.ParseFloat(m[i+2], 64)
			if math.Abs(got-w[i]) > 0.1 {
				t.Errorf("%s value %d: got %.2f, hand-computed %.2f", m[1], i, got, w[i])
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d of %d projected days found in:\n%s", seen, len(want), out)
	}
	if !strings.Contains(out, "form -14.1 (optimal, -28%), ramp -6.5") || !strings.Contains(out, "[fitness set to 40.0, fatigue set to 30.0]") || !strings.Contains(out, "ramp -12.8 [race B: Crit]") {
		t.Errorf("ramp rate, reset or race not shown:\n%s", out)
	}
	coachingGolden(t, "get_training_load.hand", out)
}

func TestTrainingLoadWhatIfAddsSessions(t *testing.T) {
	s := handModel()
	env := coachStubEnv(t, s, handNow)
	// An hour at intensity 0.9 is 81; Friday then starts from Thursday's 40.94 / 36.66.
	out, err := coachingTool(t, "get_training_load").Run(context.Background(), env, json.RawMessage(`{"days":4,"sessions":[{"date":"2026-12-04","duration":"1:00","intensity":90}]}`))
	if err != nil {
		t.Fatal(err)
	}
	k, k2 := 1-math.Exp(-1.0/42), 1-math.Exp(-1.0/7)
	fit := 40.9411 + (81-40.9411)*k
	fat := 36.6561 + (81-36.6561)*k2
	want := "Fri 2026-12-04 load 81: fitness " + strconv.FormatFloat(fit, 'f', 1, 64) + ", fatigue " + strconv.FormatFloat(fat, 'f', 1, 64)
	if !strings.Contains(out, want) || !strings.Contains(out, "[what-if +81]") || !strings.Contains(out, "nothing was saved") {
		t.Fatalf("want %q in:\n%s", want, out)
	}
	for _, r := range s.reqs {
		if !strings.HasPrefix(r, "GET ") {
			t.Errorf("what-if sent %s", r)
		}
	}
}

func TestTrainingLoadRejectsBadSessions(t *testing.T) {
	env := coachStubEnv(t, handModel(), handNow)
	for _, args := range []string{
		`{"sessions":[{"date":"2026-11-20","load":50}]}`,
		`{"sessions":[{"date":"2027-03-01","load":50}]}`,
		`{"sessions":[{"date":"2026-12-01"}]}`,
		`{"sessions":[{"date":"2026-12-01","duration":"1:00"}]}`,
		`{"sessions":[{"date":"2026-12-01","duration":"long","intensity":0.7}]}`,
		`{"weeks":40}`,
	} {
		if _, err := coachingTool(t, "get_training_load").Run(context.Background(), env, json.RawMessage(args)); err == nil {
			t.Errorf("%s: want an error", args)
		}
	}
}

// TestTrainingLoadHonoursFitnessDays changes the time constants to 21 and 5 days from Tuesday
// (a FITNESS_DAYS event). By hand, from Monday's 51.176 / 65.325:
//
//	Tue (load 50): 51.176 + (50-51.176)(1-exp(-1/21)) = 51.12, 65.325 + (50-65.325)(1-exp(-1/5)) = 62.55
//	Wed (load 0):  48.74, 51.21
func TestTrainingLoadHonoursFitnessDays(t *testing.T) {
	s := handModel()
	days := `[{"id":6,"category":"FITNESS_DAYS","start_date_local":"2026-12-01T00:00:00","ctl_days":21,"atl_days":5}]`
	s.answers["GET /api/v1/athlete/i7/fitness-model-events"] = days
	s.answers["GET /api/v1/athlete/i7/events"] = `[
		{"id":1,"category":"WORKOUT","start_date_local":"2026-11-30T00:00:00","icu_training_load":100},
		{"id":2,"category":"WORKOUT","start_date_local":"2026-12-01T00:00:00","icu_training_load":50}]`
	env := coachStubEnv(t, s, handNow)
	out, err := coachingTool(t, "get_training_load").Run(context.Background(), env, json.RawMessage(`{"days":2}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Tue 2026-12-01 load 50: fitness 51.1, fatigue 62.5",
		"[fitness days 21, fatigue days 5]",
		"Wed 2026-12-02 load 0: fitness 48.7, fatigue 51.2",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("want %q in:\n%s", want, out)
		}
	}
}

func TestTrainingLoadKeepsToTheBudget(t *testing.T) {
	env := coachStubEnv(t, handModel(), handNow)
	env.Budget = 1200
	out, err := coachingTool(t, "get_training_load").Run(context.Background(), env, json.RawMessage(`{"days":120}`))
	if err != nil {
		t.Fatal(err)
	}
	if len([]rune(out)) > 1200 || !strings.Contains(out, "more lines; ask for fewer weeks or days") {
		t.Fatalf("%d characters, cut not said:\n%s", len([]rune(out)), out)
	}
}

func TestTrainingVolumeByWeekAndSport(t *testing.T) {
	s := &coachStub{answers: map[string]string{
		"GET /api/v1/athlete/i7": `{"id":"i7","name":"Vol Ume","timezone":"Australia/Sydney"}`,
		"GET /api/v1/athlete/i7/activities": `[
			{"id":"i1","type":"Ride","start_date_local":"2026-11-22T08:00:00","moving_time":7200,"distance":60000,"icu_training_load":110},
			{"id":"i2","type":"Run","start_date_local":"2026-11-24T06:00:00","moving_time":3000,"distance":10000,"icu_training_load":55},
			{"id":"i3","type":"Run","start_date_local":"2026-11-26T06:00:00","moving_time":2400,"distance":8000,"icu_training_load":40},
			{"id":"i4","type":"Swim","start_date_local":"2026-11-30T06:00:00","moving_time":1800,"distance":1500,"icu_training_load":25},
			{"id":"5","source":"STRAVA","start_date_local":"2026-11-25T06:00:00"}]`,
	}}
	env := coachStubEnv(t, s, handNow)
	out, err := coachingTool(t, "get_training_volume").Run(context.Background(), env, json.RawMessage(`{"weeks":3}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"Totals: Ride 1× 2:00:00 60.00 km load 110; Run 2× 1:30:00 18.00 km load 95; Swim 1× 30:00 1500 m load 25 | all 4× 4:00:00 load 230",
		"- Mon 2026-11-30: Swim 1× 30:00 1500 m load 25",
		"- Mon 2026-11-23: Run 2× 1:30:00 18.00 km load 95",
		"- Mon 2026-11-16: Ride 1× 2:00:00 60.00 km load 110",
		"1 Strava-sourced activities are not readable",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("missing %q in:\n%s", w, out)
		}
	}
	if q := s.queries["GET /api/v1/athlete/i7/activities"]; q != "oldest=2026-11-16&newest=2026-11-30" {
		t.Errorf("activities asked for %s: want the 3 Monday-based weeks in Sydney", q)
	}
	coachingGolden(t, "get_training_volume", out)
}
