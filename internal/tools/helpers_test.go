package tools

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"regexp"
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
	"github.com/intervals-mcp/intervals-mcp/internal/goldenfile"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/schema"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
	"github.com/intervals-mcp/intervals-mcp/internal/workout"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The helpers every test of the package shares: one way to start the embedded fake, one Env
// builder, a tool by name, calls, the sample-call runner and one golden compare. Each test
// file keeps only what is its own (its clock, its stub answers).

// startFake serves a fresh embedded fake Intervals.icu with its clock fixed at now and
// returns it with a client for it (no rate limit, no retries). Its request log
// (TakeRequests) says what each call asked of it.
func startFake(t *testing.T, now time.Time) (*fakeicu.Fake, *intervals.ClientWithResponses) {
	t.Helper()
	f := fakeicu.New(fakeicu.Options{Now: func() time.Time { return now }, LogRequests: true})
	return f, serve(t, f.Handler(), fakeicu.DefaultAPIKey)
}

// demoFake starts the fake at samples.Now with an Env for its demo athlete ("0", the athlete
// behind the key).
func demoFake(t *testing.T) (*fakeicu.Fake, *toolcall.Env) {
	t.Helper()
	f, c := startFake(t, samples.Now)
	return f, newEnv(c, "0", samples.Now)
}

// newEnv is the Env of a call for athlete, with the clock fixed at now and no profile
// cache (each call fetches the profile it needs).
func newEnv(c *intervals.ClientWithResponses, athlete string, now time.Time) *toolcall.Env {
	return &toolcall.Env{Client: c, AthleteID: athlete, Now: func() time.Time { return now }}
}

// stubKey is the API key the stub servers are called with.
const stubKey = "test-key"

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

// toolNamed finds a tool of the catalog by name (not the read-only variant), as the server
// runs it: arguments checked and defaulted by its schema.
func toolNamed(t *testing.T, name string) manifest.Tool {
	t.Helper()
	return catalogTool(t, name, false)
}

// readOnlyVariant is the read-only variant of a tool, as a read-only server runs it.
func readOnlyVariant(t *testing.T, name string) manifest.Tool {
	t.Helper()
	return catalogTool(t, name, true)
}

func catalogTool(t *testing.T, name string, readOnlyVariant bool) manifest.Tool {
	t.Helper()
	for _, tool := range All() {
		if tool.Name == name && tool.ReadOnlyVariant == readOnlyVariant {
			return checked(t, tool)
		}
	}
	t.Fatalf("no tool %q (read-only variant: %v)", name, readOnlyVariant)
	return manifest.Tool{}
}

// callTool runs a tool with arguments given as JSON text or as a Go value.
func callTool(t *testing.T, env *toolcall.Env, name string, args any) (string, error) {
	t.Helper()
	raw, ok := args.(string)
	if !ok {
		b, err := json.Marshal(args)
		if err != nil {
			t.Fatal(err)
		}
		raw = string(b)
	}
	return toolNamed(t, name).Run(context.Background(), env, json.RawMessage(raw))
}

// mustCallTool runs a tool that must succeed.
func mustCallTool(t *testing.T, env *toolcall.Env, name string, args any) string {
	t.Helper()
	out, err := callTool(t, env, name, args)
	if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return out
}

// sampleRun runs the sample calls on a fake for one athlete, each with a fresh Env. The
// values of the athlete's data ({{run}}, {{session1}} ...) are read once, and again when a
// call needs one the athlete lacked (an item an earlier call created).
type sampleRun struct {
	t       *testing.T
	f       *fakeicu.Fake
	c       *intervals.ClientWithResponses
	athlete string // as the Env has it: "0" is the demo athlete
	now     time.Time
	values  map[string]string
}

func newSampleRun(t *testing.T, f *fakeicu.Fake, c *intervals.ClientWithResponses, athlete string, now time.Time) *sampleRun {
	return &sampleRun{t: t, f: f, c: c, athlete: athlete, now: now}
}

// lacks reports whether the athlete's data lack a value the call needs (the demo athlete's
// Strava activity, for another athlete).
func (r *sampleRun) lacks(call samples.Call) bool {
	r.t.Helper()
	if r.values == nil || call.Missing(r.values) != "" {
		id := r.athlete
		if id == "0" {
			id = fakeicu.DemoAthleteID
		}
		r.values = samples.Values(worldAthlete(r.t, r.f, id))
	}
	return call.Missing(r.values) != ""
}

// args fills the call's arguments from the athlete's data.
func (r *sampleRun) args(call samples.Call) string {
	r.t.Helper()
	r.lacks(call)
	args, err := call.Fill(r.values)
	if err != nil {
		r.t.Fatal(err)
	}
	return args
}

// run makes a sample call for the athlete with a fresh Env, first its preview when it needs
// a preview's token, and with its fault injected while it runs.
func (r *sampleRun) run(call samples.Call, budget int) (string, error) {
	r.t.Helper()
	return r.runFor(call, r.athlete, budget)
}

// runFor makes the call as run does, but for another athlete than the one whose data filled
// the arguments.
func (r *sampleRun) runFor(call samples.Call, athlete string, budget int) (string, error) {
	r.t.Helper()
	args := r.args(call)
	env := func() *toolcall.Env { // a fresh one for each call
		e := newEnv(r.c, athlete, r.now)
		e.Budget = budget
		return e
	}
	if preview, ok := samples.Preview(args); ok {
		out, err := callTool(r.t, env(), call.Tool, preview)
		if err != nil {
			return "", fmt.Errorf("preview: %w", err)
		}
		if args, err = samples.Confirm(args, out); err != nil {
			return "", err
		}
	}
	if call.Fault != "" {
		ft, err := fakeicu.ParseFault(call.Fault)
		if err != nil {
			r.t.Fatalf("%s %s: %v", call.Tool, call.Case, err)
		}
		r.f.Inject(ft)
		defer r.f.ClearFaults()
	}
	return callTool(r.t, env(), call.Tool, args)
}

var update = flag.Bool("update", false, "rewrite the golden answers under testdata and the input schemas in schemas.json (make docs does)")

// golden compares got with testdata/<tool>/<name>.golden, both passed through normalise
// when it is not nil, or rewrites the file with got under -update.
func golden(t *testing.T, tool, name, got string, normalise func(string) string) {
	t.Helper()
	path := filepath.Join("testdata", tool, name+".golden")
	w := string(goldenfile.Want(t, path, []byte(got), *update, "go test -run "+t.Name()+" -update"))
	if normalise != nil {
		w, got = normalise(w), normalise(got)
	}
	if diff := cmp.Diff(w, got); diff != "" {
		t.Errorf("the answer differs from %s (-want +got):\n%s", path, diff)
	}
}

// clientSession serves the whole catalog, resources and prompts over in-memory MCP
// transports, against env's client, and returns a connected client session.
func clientSession(t *testing.T, env *toolcall.Env) *mcp.ClientSession {
	t.Helper()
	return sessionWith(t, env, manifest.Filter{Toolsets: manifest.AllToolsets}, nil, "")
}

// sessionWith is clientSession for the tools the filter keeps, with the client's
// capabilities (nil: the SDK's defaults) and protocol version ("": the client's latest).
func sessionWith(t *testing.T, env *toolcall.Env, f manifest.Filter, caps *mcp.ClientCapabilities, version string) *mcp.ClientSession {
	t.Helper()
	srv, err := server.New(server.Options{
		Tools: All(), Resources: Resources(), Prompts: Prompts(f.Has(manifest.Coach)),
		Filter:  f,
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
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, &mcp.ClientOptions{Capabilities: caps}).Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close(); _ = ss.Wait() })
	return cs
}

// maskEventIDs masks the event ids of an answer: the fake numbers them after its synthetic
// calendar, which may grow.
func maskEventIDs(s string) string { return eventIDWords().ReplaceAllString(s, "id #") }

var eventIDWords = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\bid \d+`) })

func activityStub() *stubAPI {
	return &stubAPI{answers: map[string]string{
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

// apiRecorderEnv serves a new apiRecorder and returns it with an Env for athlete on it.
func apiRecorderEnv(t *testing.T, athlete string) (*apiRecorder, *toolcall.Env) {
	t.Helper()
	rec := &apiRecorder{}
	return rec, newEnv(serve(t, rec, stubKey), athlete, samples.Now)
}

func (r *apiRecorder) last() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.reqs) == 0 {
		return ""
	}
	return r.reqs[len(r.reqs)-1]
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
var apiToolNameRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(add|update|delete|move)_[a-z_]+\b`) })

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

var confirmTokenRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`confirm="([^"]+)"`) })

// previewDelete runs the first call of a range delete and returns its answer and token.
func previewDelete(t *testing.T, run func(string) string, args string) (string, string) {
	t.Helper()
	out := run(args)
	m := confirmTokenRe().FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no token in the preview:\n%s", out)
	}
	return out, m[1]
}

func previewDeleteToken(t *testing.T, env *toolcall.Env, args string) string {
	t.Helper()
	_, tok := previewDelete(t, func(a string) string { return mustCallTool(t, env, "delete_events_by_date_range", a) }, args)
	return tok
}

// digitRuns matches dates (kept) and signed numbers (masked).
var digitRuns = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\d{4}-\d{2}-\d{2}|-?\d+(\.\d+)?`) })

// scaleLabels matches a labelled 1-4 score once masked ("#/# Avg").
var scaleLabels = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`#/# [A-Za-z]+`) })

// maskNumbers masks the numbers (and score labels) of an answer but keeps its dates: the fake's synthetic world is
// tuned from time to time, and the goldens check layout, labels, units, dates and statuses
// (the values themselves are checked against the fake's data by the tests below, and
// against real payloads by the goldens of internal/format).
func maskNumbers(s string) string {
	s = digitRuns().ReplaceAllStringFunc(s, func(m string) string {
		if len(m) == 10 && m[4] == '-' {
			return m
		}
		return "#"
	})
	return scaleLabels().ReplaceAllString(s, "#/# label")
}

// demo returns the fake's demo athlete data.
func demoAthlete(t *testing.T, f *fakeicu.Fake) *synth.Athlete {
	t.Helper()
	return worldAthlete(t, f, fakeicu.DemoAthleteID)
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

// tableRows are the rows of the first table of an answer whose header names first as its
// first column (comma-separated lines under a header naming the columns), each a map from
// the column's name to the cell. A dates' column that says their year once ("day (2026)",
// rows "Mon 11-30") is read as first, with the dates in full ("Mon 2026-11-30").
func tableRows(s, first string) []map[string]string {
	var head []string
	var rows []map[string]string
	year := ""
	for _, l := range strings.Split(s, "\n") {
		fields, err := csv.NewReader(strings.NewReader(l)).Read()
		if head != nil && err == nil && year != "" {
			fields[0] = shortDate().ReplaceAllString(fields[0], "$1 "+year+"-$2")
		}
		switch {
		case head == nil && err == nil && (fields[0] == first || strings.HasPrefix(fields[0], first+" (")):
			head = fields
			if m := yearColumn().FindStringSubmatch(fields[0]); m != nil {
				year, head[0] = m[1], first
			}
		case head == nil:
		case err != nil || len(fields) != len(head):
			return rows // a row has as many cells as its header has names
		default:
			r := map[string]string{}
			for i, name := range head {
				r[name] = fields[i]
			}
			rows = append(rows, r)
		}
	}
	return rows
}

var (
	yearColumn = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z]+ \((\d{4})\)$`) })           // "day (2026)"
	shortDate  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([A-Z][a-z]{2}) (\d\d-\d\d)\b`) }) // "Mon 11-30"
)

// tableCell is column's cell of the row that starts with row in the table tableRows reads
// ("" when there is none).
func tableCell(t *testing.T, s, first, row, column string) string {
	t.Helper()
	for _, r := range tableRows(s, first) {
		if r[first] == row {
			return r[column]
		}
	}
	return ""
}

// wantRow fails t for each cell of want (column: cell) that the row starting with row of the
// table tableRows reads does not have.
func wantRow(t *testing.T, s, first, row string, want map[string]string) {
	t.Helper()
	for col, v := range want {
		if got := tableCell(t, s, first, row, col); got != v {
			t.Errorf("%s: %s %q, want %q in:\n%s", row, col, got, v, s)
		}
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

func libraryStub(t *testing.T) *stubAPI {
	plan := `{"id":9,"type":"PLAN","name":"Base","children":[{"id":21,"name":"Easy run","type":"Run","moving_time":2700,"icu_training_load":35,"description":"- 45m Z2 HR"}]}`
	folders := strings.TrimSpace(fixtureText(t, "folders.json"))
	folders = folders[:len(folders)-1] + "," + plan + "]"
	return &stubAPI{answers: map[string]string{
		"GET /api/v1/athlete/i7":         `{"id":"i7","name":"Lib Rary","timezone":"Europe/Paris"}`,
		"GET /api/v1/athlete/i7/folders": folders,
	}}
}

// stubAPI is an Intervals.icu stand-in that serves fixed JSON answers by "METHOD path" and records every request.
type stubAPI struct {
	answers map[string]string
	reqs    []string
	bodies  map[string]string // request bodies by "METHOD path"
	queries map[string]string // raw queries by "METHOD path"
}

func (s *stubAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
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
func handModel() *stubAPI {
	var rows []string
	for i := 0; i < 7; i++ {
		d := time.Date(2026, 11, 23+i, 0, 0, 0, 0, time.UTC).Format(ymd)
		ctl := 50 * math.Exp(float64(6-i)/42)
		atl := 60 * math.Exp(float64(6-i)/7)
		rows = append(rows, `{"id":"`+d+`","ctl":`+strconv.FormatFloat(ctl, 'f', 4, 64)+`,"atl":`+strconv.FormatFloat(atl, 'f', 4, 64)+`,"ctlLoad":0,"atlLoad":0,"rampRate":-6.5}`)
	}
	return &stubAPI{answers: map[string]string{
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

func metricsStub(t *testing.T) *stubAPI {
	profile := `{"id":"i7","name":"Me Trics","timezone":"Australia/Sydney","sportSettings":` + fixtureText(t, "sport-settings.json") + `}`
	return &stubAPI{answers: map[string]string{
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
	for _, e := range demoCalendar(f) {
		if strings.HasPrefix(deref(e.ExternalId), prefix) {
			out = append(out, e)
		}
	}
	return out
}

// plainOf turns the steps of a test plan into workout.Step values, as Plain reads them back.
func plainOf(t *testing.T, steps any) []workout.Step {
	t.Helper()
	var in []step
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

// calendar is the fake's calendar, compared without the server's update time stamps (a
// restored event gets a new "updated").
func demoCalendar(f *fakeicu.Fake) []api.Event { return f.Events("0") }

var ignoreUpdated = cmpopts.IgnoreFields(api.Event{}, "Updated")

// planSameCalendar fails the test when the calendar differs from before.
func sameCalendar(t *testing.T, f *fakeicu.Fake, before []api.Event) {
	t.Helper()
	if d := cmp.Diff(before, demoCalendar(f), ignoreUpdated); d != "" {
		t.Errorf("the calendar changed (-before +after):\n%s", d)
	}
}

// planNoWrites fails the test when the fake saw any write.
func noWrites(t *testing.T, f *fakeicu.Fake) {
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

func containsAll(t *testing.T, got string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q in:\n%s", w, got)
		}
	}
}

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
func recordsStub(t *testing.T) *stubAPI {
	pace := `{"list":[
		{"id":"r.2026-09-01.2026-11-30","distance":[400,1000,1600,5000,10000],"values":[80,215,330,1230,2580],"activity_id":["i1","i1","i1","i2","i3"]},
		{"id":"all","distance":[400,1000,5000,10000,21097.5],"values":[75,200,1150,2400,5400],"activity_id":["i1","i4","i4","i4","i5"],
		 "paceModels":[{"type":"CS","criticalSpeed":4.2}]}],
		"activities":{"i1":{"id":"i1","start_date_local":"2026-10-03T07:00:00"},"i4":{"id":"i4","start_date_local":"2025-04-06T08:00:00"}}}`
	profile := `{"id":"i7","name":"Rec Ords","timezone":"Europe/Paris","sportSettings":` + fixtureText(t, "sport-settings.json") + `}`
	return &stubAPI{answers: map[string]string{
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
	for _, e := range demoCalendar(f) {
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
	for _, e := range demoCalendar(f) {
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
	for _, e := range demoCalendar(f) {
		if deref(e.Name) == name {
			out = append(out, e)
		}
	}
	return out
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
	tool.Run = func(ctx context.Context, env *toolcall.Env, args json.RawMessage) (string, error) {
		args, err := in.Check(args)
		if err != nil {
			return "", manifest.Errorf("%v", err)
		}
		return run(ctx, env, args)
	}
	return tool
}
