package tools

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
	"github.com/intervals-mcp/intervals-mcp/internal/fixtures"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/schema"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/workout"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tiktoken-go/tokenizer"
)

func activityStub() *coachStub {
	return &coachStub{answers: map[string]string{
		"GET /api/v1/athlete/i7":      `{"id":"i7","name":"Act Ivity","timezone":"Europe/Paris"}`,
		"GET /api/v1/activity/i55":    `{"id":"i55","icu_athlete_id":"i7","type":"Run","name":"Morning Run","start_date_local":"2026-11-29T07:00:00","moving_time":3600,"distance":12000,"icu_training_load":70}`,
		"GET /api/v1/activity/i66":    `{"id":"i66","icu_athlete_id":"i8","type":"Ride"}`,
		"GET /api/v1/activity/77":     `{"id":"77","icu_athlete_id":"i7","source":"STRAVA","start_date_local":"2026-11-20T07:00:00"}`,
		"GET /api/v1/athlete/i7/gear": `[{"id":"g1","name":"Pegasus","type":"Shoes"},{"id":"g2","name":"Bike","type":"Bike"},{"id":"g3","name":"Bike","type":"Bike"}]`,
		"PUT /api/v1/activity/i55":    `{"id":"i55","icu_athlete_id":"i7","type":"Run","name":"Tempo 3x10","start_date_local":"2026-11-29T07:00:00","moving_time":3600,"distance":12000,"icu_training_load":70,"icu_rpe":7,"feel":2}`,
	}}
}

// apiRecorder is an Intervals.icu stand-in that records each request's method and path and
// answers 200 with a small text body (no JSON decoding is attempted on text).
type apiRecorder struct {
	mu     sync.Mutex
	reqs   []string
	body   string
	status int // 0 means 200
	ctype  string
	// onRequest, if set, sees each request.
	onRequest func(*http.Request)
}

func (r *apiRecorder) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	r.mu.Lock()
	r.reqs = append(r.reqs, req.Method+" "+req.URL.Path)
	r.mu.Unlock()
	if r.onRequest != nil {
		r.onRequest(req)
	}
	ctype := r.ctype
	if ctype == "" {
		ctype = "text/plain"
	}
	w.Header().Set("Content-Type", ctype)
	body := r.body
	if body == "" {
		body = "ok"
	}
	if r.status != 0 {
		w.WriteHeader(r.status)
	}
	_, _ = w.Write([]byte(body))
}

func (r *apiRecorder) last() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.reqs) == 0 {
		return ""
	}
	return r.reqs[len(r.reqs)-1]
}

func apiRecorderEnv(t *testing.T, athlete string) (*apiRecorder, *manifest.Env) {
	t.Helper()
	rec := &apiRecorder{}
	c := serve(t, rec, "test-key")
	return rec, &manifest.Env{Client: c, AthleteID: athlete}
}

func coachingTool(t *testing.T, name string) manifest.Tool {
	t.Helper()
	return toolNamed(t, toolsByName(coachingToolNames...), name)
}

// sampleArgs builds arguments for an operation: a value of the right type for every path
// parameter but the athlete's, every required query parameter, and an empty body of the
// body's shape.
func apiSampleArgs(t *testing.T, op *apiOp) map[string]any {
	params := map[string]any{}
	for i, name := range op.pathNames {
		if op.isAthleteParam(name) || op.isFormatParam(name) {
			continue
		}
		switch op.pathTypes[i].Kind() {
		case reflect.String:
			params[name] = "x1"
		case reflect.Slice:
			params[name] = []string{"x1", "x2"}
		default:
			params[name] = 7
		}
	}
	for name, d := range intervals.ParamDocs(op.op.OperationID) {
		if d.In == "query" && d.Required {
			switch d.Type {
			case "integer", "number":
				params[name] = 5
			case "boolean":
				params[name] = true
			case "array":
				params[name] = []string{"a"}
			default:
				params[name] = "watts"
			}
		}
	}
	args := map[string]any{"operation": op.op.OperationID, "params": params}
	if op.body != nil {
		if op.body.Kind() == reflect.Slice {
			args["body"] = []any{}
		} else {
			args["body"] = map[string]any{}
		}
	}
	return args
}

// expectedPath fills the operation's path template with the sample values.
func apiExpectedPath(op *apiOp, athlete string, params map[string]any) string {
	p := op.op.Path
	for _, name := range op.pathNames {
		var v string
		switch x := params[name].(type) {
		case string:
			v = x
		case int:
			v = "7"
		case []string:
			v = strings.Join(x, ",")
		}
		if op.isAthleteParam(name) {
			v = athlete
		}
		p = strings.Replace(p, "{"+name+"}", v, 1)
	}
	return p
}

// apiToolNameRE finds the name of a tool (get_events, update_activity ...) in a message.
var apiToolNameRE = regexp.MustCompile(`\b(add|update|delete|move)_[a-z_]+\b`)

// coachingToolTokens is what each coaching tool costs in tools/list, in o200k tokens: its
// name, title, description, input schema and annotations as a client receives them.
func coachingToolTokens(t *testing.T) map[string]int {
	t.Helper()
	codec, err := tokenizer.Get(tokenizer.O200kBase)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, tool := range toolsByName(coachingToolNames...) {
		b, err := json.Marshal(map[string]any{"name": tool.Name, "title": tool.Title, "description": tool.Description, "inputSchema": tool.Schema, "annotations": tool.Annotations()})
		if err != nil {
			t.Fatal(err)
		}
		n, err := codec.Count(string(b))
		if err != nil {
			t.Fatal(err)
		}
		out[tool.Name] = n
	}
	return out
}

func intervalsOperationIDs() []string {
	var out []string
	for _, op := range intervals.Operations {
		out = append(out, op.OperationID)
	}
	return out
}

// pairedAndFree returns a planned session the fake pairs with a recorded activity, and one of
// its unpaired sessions after today.
func pairedAndFreeSession(t *testing.T, f *fakeicu.Fake) (paired, free int32) {
	t.Helper()
	a := demoAthlete(t, f)
	for _, e := range a.Events {
		id := *e.Id
		switch {
		case a.PairedActivity[id] != "" && paired == 0:
			paired = id
		case a.PairedActivity[id] == "" && e.Category != nil && *e.Category == "WORKOUT" && *e.StartDateLocal > "2026-12-01" && free == 0:
			free = id
		}
	}
	if paired == 0 || free == 0 {
		t.Fatal("the demo calendar needs a paired session and a free future one")
	}
	return paired, free
}

func idArg(v int32) string { return strconv.Itoa(int(v)) }

var confirmTokenRe = regexp.MustCompile(`confirm="([^"]+)"`)

// previewDelete runs the first call of a range delete and returns its answer and token.
func previewDelete(t *testing.T, run func(string) string, args string) (string, string) {
	t.Helper()
	out := run(args)
	m := confirmTokenRe.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no token in the preview:\n%s", out)
	}
	return out, m[1]
}

func previewDeleteToken(t *testing.T, env *manifest.Env, args string) string {
	t.Helper()
	_, tok := previewDelete(t, func(a string) string { return mustCallTool(t, env, "delete_events_by_date_range", a) }, args)
	return tok
}

var updateToolGoldens = flag.Bool("update-tools", false, "rewrite the golden answers under testdata/tools")

// sydneyNow is 20:30 UTC on Monday 30 November 2026: already Tuesday 1 December, 07:30, in
// Sydney, the demo athlete's time zone. Every date in an answer must be Sydney's.
var sydneyNow = time.Date(2026, 11, 30, 20, 30, 0, 0, time.UTC)

// demoEnv starts the embedded fake and returns an Env for its demo athlete ("0" = the
// athlete behind the key) with the clock fixed at sydneyNow.
func demoEnv(t *testing.T) (*manifest.Env, *fakeicu.Fake) {
	t.Helper()
	f, c, _ := startFake(t, sydneyNow)
	return &manifest.Env{Client: c, AthleteID: "0", Now: func() time.Time { return sydneyNow }}, f
}

func findTool(t *testing.T, name string) manifest.Tool {
	t.Helper()
	return toolNamed(t, All(), name)
}

// call runs a tool with JSON arguments.
func callTool(t *testing.T, env *manifest.Env, name, args string) (string, error) {
	t.Helper()
	return findTool(t, name).Run(context.Background(), env, json.RawMessage(args))
}

// mustCall runs a tool that must succeed.
func mustCallTool(t *testing.T, env *manifest.Env, name, args string) string {
	t.Helper()
	out, err := callTool(t, env, name, args)
	if err != nil {
		t.Fatalf("%s %s: %v", name, args, err)
	}
	return out
}

// digitRuns matches dates (kept) and signed numbers (masked).
var digitRuns = regexp.MustCompile(`\d{4}-\d{2}-\d{2}|-?\d+(\.\d+)?`)

// scaleLabels matches a labelled 1-4 score once masked ("#/# Avg").
var scaleLabels = regexp.MustCompile(`#/# [A-Za-z]+`)

// maskNumbers masks the numbers (and score labels) of an answer but keeps its dates: the fake's synthetic world is
// tuned from time to time, and the goldens check layout, labels, units, dates and statuses
// (the values themselves are checked against the fake's data by the tests below, and
// against real payloads by the goldens of internal/format).
func maskNumbers(s string) string {
	s = digitRuns.ReplaceAllStringFunc(s, func(m string) string {
		if len(m) == 10 && m[4] == '-' {
			return m
		}
		return "#"
	})
	return scaleLabels.ReplaceAllString(s, "#/# label")
}

// toolGolden compares an answer's shape with testdata/tools/name.golden (rewritten with
// -update-tools; the file keeps the full answer as a sample).
func toolGolden(t *testing.T, name, got string) {
	t.Helper()
	compareGolden(t, filepath.Join("testdata", "tools", name+".golden"), got+"\n", *updateToolGoldens, "update-tools", maskNumbers)
}

// demo returns the fake's demo athlete data.
func demoAthlete(t *testing.T, f *fakeicu.Fake) *synth.Athlete {
	t.Helper()
	return worldAthlete(t, f, fakeicu.DemoAthleteID)
}

// fakeNow is Mon 2026-11-30 11:00 in Sydney, the primary athlete's zone.
var fakeNow = time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)

// startFakeLogged serves the embedded fake Intervals.icu at fakeNow.
func startFakeLogged(t *testing.T) (*fakeicu.Fake, *intervals.ClientWithResponses, *pathLog) {
	t.Helper()
	return startFake(t, fakeNow)
}

func fakeEnv(c *intervals.ClientWithResponses, athlete string) *manifest.Env {
	return &manifest.Env{Client: c, AthleteID: athlete, Now: func() time.Time { return fakeNow }, Profiles: &manifest.Profiles{}}
}

// fakeToday is the fake's today in the primary athlete's zone.
func fakeToday(a *synth.Athlete) string {
	loc, err := time.LoadLocation(*a.Profile.Timezone)
	if err != nil {
		loc = time.UTC
	}
	return fakeNow.In(loc).Format(ymd)
}

// coachCalls gives each coaching tool arguments that work for the coached athlete a.
func coachCalls(t *testing.T, f *fakeicu.Fake, athlete string) map[string]string {
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

// lineWith returns the first line of s containing sub, or "".
func lineWith(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}

// The helpers every test of the package shares: a client for a test server, the embedded
// fake Intervals.icu at a fixed clock, a tool by name and golden files. Each test file keeps
// only what is its own (its clock, its stub answers, its golden directory).

// serve serves h for the test and returns a client for it, without rate limit or retries.
func serve(t *testing.T, h http.Handler, apiKey string) *intervals.ClientWithResponses {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	c, err := intervals.New(intervals.Options{APIKey: apiKey, BaseURL: srv.URL, RateLimit: -1, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// pathLog records the method and path of the requests that reach the fake.
type pathLog struct {
	mu    sync.Mutex
	paths []string
}

// take returns the paths logged since the last take.
func (l *pathLog) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	p := l.paths
	l.paths = nil
	return p
}

// startFake serves the embedded fake with its clock fixed at now and returns it, a client
// for it and the log of the requests it saw.
func startFake(t *testing.T, now time.Time) (*fakeicu.Fake, *intervals.ClientWithResponses, *pathLog) {
	t.Helper()
	f := fakeicu.New(fakeicu.Options{Now: func() time.Time { return now }})
	log := &pathLog{}
	h := f.Handler()
	c := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.mu.Lock()
		log.paths = append(log.paths, r.Method+" "+r.URL.Path)
		log.mu.Unlock()
		h.ServeHTTP(w, r)
	}), fakeicu.DefaultAPIKey)
	return f, c, log
}

// toolNamed finds a tool by name among tools, and returns it as the server runs it (checked).
func toolNamed(t *testing.T, tools []manifest.Tool, name string) manifest.Tool {
	t.Helper()
	for _, tool := range tools {
		if tool.Name == name {
			return checked(t, tool)
		}
	}
	t.Fatalf("no tool %q", name)
	return manifest.Tool{}
}

// checked is tool as the server runs it: its arguments checked against its schema and the
// schema's defaults filled in (schema.Input.Check, as in server.Catalog.Call) before the
// handler, which relies on both.
func checked(t testing.TB, tool manifest.Tool) manifest.Tool {
	t.Helper()
	in, err := schema.CompileJSON(tool.Schema)
	if err != nil {
		t.Fatalf("%s: %v", tool.Name, err)
	}
	run := tool.Run
	tool.Run = func(ctx context.Context, env *manifest.Env, args json.RawMessage) (string, error) {
		args, err := in.Check(args)
		if err != nil {
			return "", manifest.Errorf("%v", err)
		}
		return run(ctx, env, args)
	}
	return tool
}

// compareGolden compares got with the golden file at path, both passed through normalise
// when it is not nil, or rewrites the file with got when update is set (flag names the
// flag that does it).
func compareGolden(t *testing.T, path, got string, update bool, flag string, normalise func(string) string) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -%s to create it)", err, t.Name(), flag)
	}
	w := string(want)
	if normalise != nil {
		w, got = normalise(w), normalise(got)
	}
	if diff := cmp.Diff(w, got); diff != "" {
		t.Errorf("the answer differs from %s (-want +got):\n%s", path, diff)
	}
}

// worldAthlete returns the fake's current data of athlete id (a copy: f.World copies).
func worldAthlete(t *testing.T, f *fakeicu.Fake, id string) *synth.Athlete {
	t.Helper()
	for _, a := range f.World().Athletes {
		if a.Profile.Id != nil && *a.Profile.Id == id {
			return a
		}
	}
	t.Fatalf("no athlete %s in the demo world", id)
	return nil
}

// toolsByName returns the catalog's tools of these names, in catalog order, as a server
// that is not read-only lists them (without the read-only variant of api_call_operation).
func toolsByName(names ...string) []manifest.Tool {
	var out []manifest.Tool
	for _, t := range All() {
		if slices.Contains(names, t.Name) && !t.ReadOnlyVariant {
			out = append(out, t)
		}
	}
	return out
}

// The tool groups some sweeps cover: the coaching tools (load, records, capacities, metrics,
// zones, update_activity, library, coach, api) and the calendar's planning tools.
var (
	coachingToolNames = []string{"get_training_load", "get_training_volume", "get_records", "get_capacities", "log_metrics", "update_training_zone", "update_activity", "list_workout_templates", "list_athletes", "api_list_operations", "api_describe_operation", "api_call_operation"}
	planningToolNames = []string{"plan_sessions", "move_sessions", "copy_sessions", "repeat_session", "update_session", "create_period", "update_period", "delete_period"}
)

func libraryStub(t *testing.T) *coachStub {
	plan := `{"id":9,"type":"PLAN","name":"Base","children":[{"id":21,"name":"Easy run","type":"Run","moving_time":2700,"icu_training_load":35,"description":"- 45m Z2 HR"}]}`
	folders := strings.TrimSpace(fixtureText(t, "folders.json"))
	folders = folders[:len(folders)-1] + "," + plan + "]"
	return &coachStub{answers: map[string]string{
		"GET /api/v1/athlete/i7":         `{"id":"i7","name":"Lib Rary","timezone":"Europe/Paris"}`,
		"GET /api/v1/athlete/i7/folders": folders,
	}}
}

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

func metricsStub(t *testing.T) *coachStub {
	profile := `{"id":"i7","name":"Me Trics","timezone":"Australia/Sydney","sportSettings":` + fixtureText(t, "sport-settings.json") + `}`
	return &coachStub{answers: map[string]string{
		"GET /api/v1/athlete/i7":                      profile,
		"PUT /api/v1/athlete/i7/wellness/2026-11-30":  `{"id":"2026-11-30","ctl":50.2,"atl":55.1,"weight":71.5,"restingHR":48,"sleepSecs":27000,"soreness":3,"mood":2,"comments":"legs heavy"}`,
		"PUT /api/v1/athlete/i7/wellness/2026-11-28":  `{"id":"2026-11-28","hrv":61}`,
		"PUT /api/v1/athlete/i7/sport-settings/10006": `{"id":10006,"types":["Ride"],"ftp":265,"lthr":184,"max_hr":203,"power_zones":[55,75,90,105,120,150,999],"hr_zones":[148,164,171,183,188,194,203]}`,
		"PUT /api/v1/athlete/i7/sport-settings/10007": `{"id":10007,"types":["Run"],"lthr":176,"max_hr":203,"threshold_pace":4.0,"pace_zones":[77.5,87.7,94.3,100,103.4,111.5,999],"hr_zones":[150,160,168,176,181,190,203]}`,
	}}
}

// metricsNow is Mon 2026-11-30 07:00 in Sydney (still Sunday in UTC).
var metricsNow = time.Date(2026, 11, 29, 20, 0, 0, 0, time.UTC)

func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// marathonBlock is a 12-week plan of 60 sessions from Monday 2026-12-07: threshold on
// Tuesdays (steps with a repeat block), easy runs on Wednesdays (workout text), hills on
// Thursdays (steps), a note on Saturdays, long runs on Sundays (distance steps at a pace),
// and a race on the last Sunday.
func marathonBlock(name string) map[string]any {
	start := time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC)
	var sessions []map[string]any
	for w := 0; w < 12; w++ {
		day := func(d int) string { return start.AddDate(0, 0, 7*w+d).Format(ymd) }
		reps := 3 + w%4
		sessions = append(sessions,
			map[string]any{"date": day(1), "sport": "Run", "name": fmt.Sprintf("Threshold %dx8", reps), "steps": []map[string]any{
				{"duration": "15:00", "target": "Z2 HR", "label": "Warm up"},
				{"repeat": reps, "steps": []map[string]any{{"duration": "8:00", "target": "95% LTHR"}, {"duration": "2:00", "target": "Z1 HR"}}},
				{"duration": "10:00", "target": "Z1 HR"},
			}},
			map[string]any{"date": day(2), "sport": "Run", "name": "Easy", "description": "Relaxed, flat route.\n\n- 45m Z2 HR"},
			map[string]any{"date": day(3), "sport": "Run", "name": "Hills", "steps": []map[string]any{
				{"duration": "900", "target": "Z2 HR"},
				{"repeat": 8, "steps": []map[string]any{{"duration": "60", "target": "Z5 HR"}, {"duration": "90", "target": "Z1 HR"}}},
				{"duration": "600", "target": "Z1 HR"},
			}},
			map[string]any{"date": day(5), "category": "NOTE", "name": "Rest or cross-train", "description": "Mobility, 20 minutes."},
		)
		if w == 11 {
			sessions = append(sessions, map[string]any{"date": day(6), "category": "RACE_A", "sport": "Run", "name": "City Marathon", "distance_km": 42.195})
			continue
		}
		sessions = append(sessions, map[string]any{"date": day(6), "sport": "Run", "name": "Long run", "steps": []map[string]any{
			{"distance": fmt.Sprintf("%dkm", 14+w), "target": "5:30/km"},
			{"distance": "2km", "target": "4:50/km"},
		}})
	}
	return map[string]any{"plan": name, "sessions": sessions}
}

// planEvents returns the calendar's events whose external id starts with prefix, by date.
func planEvents(f *fakeicu.Fake, prefix string) []api.Event {
	var out []api.Event
	for _, e := range planCalendar(f) {
		if strings.HasPrefix(deref(e.ExternalId), prefix) {
			out = append(out, e)
		}
	}
	return out
}

// plainOf turns the steps of a test plan into workout.Step values, as Plain reads them back.
func plainOf(t *testing.T, steps any) []workout.Step {
	t.Helper()
	var in []stepIn
	b, _ := json.Marshal(steps)
	if err := json.Unmarshal(b, &in); err != nil {
		t.Fatal(err)
	}
	text, err := workout.Build(workout.Run, toSteps(in), workout.Thresholds{})
	if err != nil {
		t.Fatal(err)
	}
	w, err := workout.Parse(workout.Run, text)
	if err != nil {
		t.Fatal(err)
	}
	return w.Plain()
}

// planningSession serves the planning tools, resources and prompts over in-memory MCP
// transports, against the fake, and returns a connected client session.
func planningSession(t *testing.T, env *manifest.Env) *mcp.ClientSession {
	t.Helper()
	srv, err := server.New(server.Options{
		Tools: toolsByName(planningToolNames...), Resources: Resources(), Prompts: Prompts()[:2],
		Filter:  manifest.Filter{Toolsets: manifest.DefaultToolsets},
		Runtime: server.Runtime{Client: env.Client, AthleteID: env.AthleteID, Now: env.Now},
	})
	if err != nil {
		t.Fatal(err)
	}
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close(); _ = ss.Wait() })
	return cs
}

func callText(t *testing.T, cs *mcp.ClientSession, name string, args any) (string, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error %v (failures must be tool errors)", name, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res.IsError
}

var goldenEventIDs = regexp.MustCompile(`\bid \d+`)

var updatePlanning = flag.Bool("update-planning", false, "rewrite the golden files under testdata/planning")

// planningNow is 2026-11-30 14:30 UTC: already Tuesday 2026-12-01 01:30 in Sydney, the fake
// athlete's time zone, so a tool that took "today" from UTC would be a day early.
var planningNow = time.Date(2026, 11, 30, 14, 30, 0, 0, time.UTC)

// planningFake serves a fresh fake Intervals.icu and returns it with an Env for its primary
// athlete (id "0").
func planningFake(t *testing.T) (*fakeicu.Fake, *manifest.Env) {
	t.Helper()
	f, c, _ := startFake(t, planningNow)
	return f, &manifest.Env{Client: c, AthleteID: "0", Now: func() time.Time { return planningNow }}
}

// planningTool finds a planning tool by name.
func planningTool(t *testing.T, name string) manifest.Tool {
	t.Helper()
	return toolNamed(t, toolsByName(planningToolNames...), name)
}

// run calls a planning tool with arguments given as a Go value.
func runPlanning(t *testing.T, env *manifest.Env, name string, args any) (string, error) {
	t.Helper()
	b, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	return planningTool(t, name).Run(context.Background(), env, b)
}

// calendar is the fake's calendar, compared without the server's update time stamps (a
// restored event gets a new "updated").
func planCalendar(f *fakeicu.Fake) []api.Event { return f.Events("0") }

var ignorePlanUpdated = cmpopts.IgnoreFields(api.Event{}, "Updated")

// planSameCalendar fails the test when the calendar differs from before.
func planSameCalendar(t *testing.T, f *fakeicu.Fake, before []api.Event) {
	t.Helper()
	if d := cmp.Diff(before, planCalendar(f), ignorePlanUpdated); d != "" {
		t.Errorf("the calendar changed (-before +after):\n%s", d)
	}
}

// planNoWrites fails the test when the fake saw any write.
func planNoWrites(t *testing.T, f *fakeicu.Fake) {
	t.Helper()
	if w := f.Writes(); len(w) > 0 {
		t.Errorf("want no write, got %d: first %s %s", len(w), w[0].Method, w[0].Path)
	}
}

// pairedEvent returns a session of the fake athlete that a recorded activity did.
func pairedEvent(t *testing.T, f *fakeicu.Fake) (api.Event, string) {
	t.Helper()
	w := f.World()
	a := w.Athletes[0]
	for _, e := range a.Events {
		if act, ok := a.PairedActivity[deref(e.Id)]; ok {
			return e, act
		}
	}
	t.Fatal("the fake athlete has no paired session")
	return api.Event{}, ""
}

// planningGolden compares an answer with testdata/planning/<name>.golden, event ids
// masked (the fake numbers them after its synthetic calendar, which may grow).
func planningGolden(t *testing.T, name, got string) {
	t.Helper()
	got = goldenEventIDs.ReplaceAllString(got, "id #")
	compareGolden(t, filepath.Join("testdata", "planning", name+".golden"), got, *updatePlanning, "update-planning", nil)
}

func planContains(t *testing.T, got string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q in:\n%s", w, got)
		}
	}
}

// TestPromptsNameRealTools keeps the prompts in step with the catalog: every tool a prompt
// tells the model to call exists, in this package's tools or C's.
var toolWord = regexp.MustCompile(`\b(get|list)_[a-z_]+[a-z]`)

func fixtureText(t *testing.T, name string) string {
	t.Helper()
	b, err := fixtures.Read(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// recordsStub answers the curve endpoints with recorded payloads (power, HR) and a small
// hand-made pace curve set whose values are easy to check.
func recordsStub(t *testing.T) *coachStub {
	pace := `{"list":[
		{"id":"r.2026-09-01.2026-11-30","distance":[400,1000,1600,5000,10000],"values":[80,215,330,1230,2580],"activity_id":["i1","i1","i1","i2","i3"]},
		{"id":"all","distance":[400,1000,5000,10000,21097.5],"values":[75,200,1150,2400,5400],"activity_id":["i1","i4","i4","i4","i5"],
		 "paceModels":[{"type":"CS","criticalSpeed":4.2}]}],
		"activities":{"i1":{"id":"i1","start_date_local":"2026-10-03T07:00:00"},"i4":{"id":"i4","start_date_local":"2025-04-06T08:00:00"}}}`
	profile := `{"id":"i7","name":"Rec Ords","timezone":"Europe/Paris","sportSettings":` + fixtureText(t, "sport-settings.json") + `}`
	return &coachStub{answers: map[string]string{
		"GET /api/v1/athlete/i7":              profile,
		"GET /api/v1/athlete/i7/power-curves": fixtureText(t, "power-curves.json"),
		"GET /api/v1/athlete/i7/hr-curves":    fixtureText(t, "hr-curves.json"),
		"GET /api/v1/athlete/i7/pace-curves":  pace,
		"GET /api/v1/athlete/i7/wellness": `[{"id":"2026-11-20","vo2max":53.5},
			{"id":"2026-11-29","sportInfo":[{"type":"Ride","eftp":243.6,"wPrime":17100,"pMax":772}]}]`,
	}}
}

var recordsNow = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

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

func daysBetween(a, b string) int {
	for n := 0; n < 400; n++ {
		if plusDays(a, n) == b {
			return n
		}
	}
	return -1
}

func itoa(n int32) string { return strconv.Itoa(int(n)) }

// plusDays moves a YYYY-MM-DD date by n days.
func plusDays(date string, n int) string {
	t, err := time.Parse(ymd, date)
	if err != nil {
		return date
	}
	return t.AddDate(0, 0, n).Format(ymd)
}

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
