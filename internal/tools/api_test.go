package tools

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

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
	return toolNamed(t, coachingTools(), name)
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

func TestAPICallReachesEveryOperation(t *testing.T) {
	rec, env := apiRecorderEnv(t, "i100002")
	call := coachingTool(t, "api_call_operation")
	uploads, guarded := 0, 0
	for _, o := range intervals.Operations {
		op, err := lookupAPIOp(o.OperationID)
		if err != nil {
			t.Errorf("%s: %v", o.OperationID, err)
			continue
		}
		args := apiSampleArgs(t, op)
		raw, _ := json.Marshal(args)
		before := len(rec.reqs)
		out, err := call.Run(context.Background(), env, raw)
		if op.upload {
			uploads++
			if err == nil || !strings.Contains(err.Error(), "uploads a file") || len(rec.reqs) != before {
				t.Errorf("%s: an upload should be refused without a request, got %q, %v", o.OperationID, out, err)
			}
			continue
		}
		if apiRefuseRecordedTraining(op) != nil {
			guarded++
			if err == nil || !strings.Contains(err.Error(), "never done through MCP") || !apiToolNameRE.MatchString(err.Error()) || len(rec.reqs) != before {
				t.Errorf("%s: a write that could touch recorded training should be refused without a request, naming the tool to use; got %q, %v", o.OperationID, out, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", o.OperationID, err)
			continue
		}
		want := o.Method + " " + apiExpectedPath(op, env.AthleteID, args["params"].(map[string]any))
		if got := rec.last(); got != want {
			t.Errorf("%s: request %q, want %q", o.OperationID, got, want)
		}
		if !strings.HasPrefix(out, want+": 200 OK\nok") {
			t.Errorf("%s: answer %q", o.OperationID, out)
		}
	}
	if uploads != 5 {
		t.Errorf("%d uploads refused, want the 5 multipart/CSV uploads", uploads)
	}
	// The 6 in-place event writes, and the writes on /activity/{id} but the comment.
	if guarded < 6 || guarded > 20 {
		t.Errorf("%d operations refused as touching recorded training: the guard is off its mark", guarded)
	}
	t.Logf("%d operations called, %d uploads and %d recorded-training writes refused", len(intervals.Operations)-uploads-guarded, uploads, guarded)
}

func TestAPICallRefusesWritesWhenReadOnly(t *testing.T) {
	rec, env := apiRecorderEnv(t, "0")
	call := coachingTool(t, "api_call_operation")
	ctx := WithReadOnly(context.Background())
	gets := 0
	for _, o := range intervals.Operations {
		op, err := lookupAPIOp(o.OperationID)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := json.Marshal(apiSampleArgs(t, op))
		before := len(rec.reqs)
		_, err = call.Run(ctx, env, raw)
		if o.Method == http.MethodGet {
			gets++
			if err != nil {
				t.Errorf("%s: a GET should pass when read-only: %v", o.OperationID, err)
			}
			continue
		}
		var me *manifest.Error
		if !errors.As(err, &me) || !strings.Contains(me.Msg, "read-only") {
			t.Errorf("%s (%s): want a read-only refusal, got %v", o.OperationID, o.Method, err)
		}
		if len(rec.reqs) != before {
			t.Errorf("%s: a refused write still sent a request", o.OperationID)
		}
	}
	if gets == 0 || gets == len(intervals.Operations) {
		t.Fatalf("%d GETs of %d: the walk should see both kinds", gets, len(intervals.Operations))
	}
}

func TestAPICallValidatesArguments(t *testing.T) {
	rec, env := apiRecorderEnv(t, "i100002")
	call := coachingTool(t, "api_call_operation")
	cases := []struct{ name, args, want string }{
		{"unknown operation", `{"operation":"listEventz"}`, "api_list_operations"},
		{"case typo", `{"operation":"listevents"}`, "did you mean listEvents"},
		{"unknown param", `{"operation":"listEvents","params":{"oldset":"2026-01-01"}}`, `no parameter "oldset"`},
		{"param type", `{"operation":"listEvents","params":{"limit":"ten"}}`, "limit"},
		{"missing path param", `{"operation":"showEvent"}`, `path parameter "eventId"`},
		{"path param type", `{"operation":"showEvent","params":{"eventId":"abc"}}`, "integer id"},
		{"missing required query", `{"operation":"findBestEfforts","params":{"id":"i5"}}`, "stream"},
		{"another athlete", `{"operation":"getAthlete","params":{"id":"i100003"}}`, "filled in"},
		{"missing body", `{"operation":"updateWellness","params":{"date":"2026-11-30"}}`, "takes a JSON body"},
		{"body field typo", `{"operation":"updateWellness","params":{"date":"2026-11-30"},"body":{"wieght":70}}`, "wieght"},
		{"body type", `{"operation":"updateWellness","params":{"date":"2026-11-30"},"body":{"weight":"heavy"}}`, "weight"},
		{"body not taken", `{"operation":"getAthlete","body":{"a":1}}`, "takes no body"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := call.Run(context.Background(), env, json.RawMessage(c.args))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("want an error containing %q, got %v", c.want, err)
			}
		})
	}
	if len(rec.reqs) != 0 {
		t.Errorf("invalid calls sent requests: %v", rec.reqs)
	}
	// The athlete's own id is accepted where it is the athlete.
	if _, err := call.Run(context.Background(), env, json.RawMessage(`{"operation":"getAthlete","params":{"id":"i100002"}}`)); err != nil {
		t.Fatal(err)
	}
	if rec.last() != "GET /api/v1/athlete/i100002" {
		t.Fatalf("request %q", rec.last())
	}
}

func TestAPICallTrimsLongArrays(t *testing.T) {
	rec, env := apiRecorderEnv(t, "0")
	env.Budget = 400
	items := make([]string, 50)
	for i := range items {
		items[i] = `{"id":"2026-01-01","weight":70.5}`
	}
	rec.body = "[" + strings.Join(items, ",") + "]"
	out, err := coachingTool(t, "api_call_operation").Run(context.Background(), env, json.RawMessage(`{"operation":"listWellnessRecords"}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(out) > 450 || !strings.Contains(out, "of 50 items; narrow the request") {
		t.Fatalf("answer of %d characters: %s", len(out), out)
	}
	var kept []any
	body := out[strings.Index(out, "\n")+1 : strings.Index(out, "\n…")]
	if err := json.Unmarshal([]byte(body), &kept); err != nil {
		t.Fatalf("the kept part is not a JSON array: %v", err)
	}
}

func TestAPICallDescribesBinary(t *testing.T) {
	rec, env := apiRecorderEnv(t, "0")
	rec.body = "PK\x03\x04\x00\x00binary"
	out, err := coachingTool(t, "api_call_operation").Run(context.Background(), env, json.RawMessage(`{"operation":"downloadWorkouts","params":{"ext":"zwo","oldest":"2026-01-01","newest":"2026-02-01"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "binary content") || strings.Contains(out, "PK") {
		t.Fatalf("binary shown: %q", out)
	}
}

func TestReadOnlyAPICallIsReadAndRefusesWrites(t *testing.T) {
	rec, env := apiRecorderEnv(t, "0")
	tool := ReadOnlyAPICall()
	if tool.Name != "api_call_operation" || tool.Access != manifest.Read || !tool.Annotations().ReadOnlyHint {
		t.Fatalf("read-only variant: %s %v", tool.Name, tool.Access)
	}
	_, err := tool.Run(context.Background(), env, json.RawMessage(`{"operation":"updateWellness","params":{"date":"2026-11-30"},"body":{"weight":70}}`))
	if err == nil || !strings.Contains(err.Error(), "read-only") || len(rec.reqs) != 0 {
		t.Fatalf("a write through the read-only variant: %v, requests %v", err, rec.reqs)
	}
	if _, err := tool.Run(context.Background(), env, json.RawMessage(`{"operation":"getAthlete"}`)); err != nil {
		t.Fatal(err)
	}
	if got := (manifest.Filter{ReadOnly: true, Toolsets: []manifest.Toolset{manifest.API}}).Select([]manifest.Tool{tool}); len(got) != 1 {
		t.Fatal("a read-only filter should keep the read-only variant")
	}
}

func TestAPICallShowsWhatTheGeneratedModelCannotDecode(t *testing.T) {
	rec, env := apiRecorderEnv(t, "0")
	rec.ctype, rec.body = "application/json", `{"id": 5, "ftp": 249.75}` // id is a string, ftp an int32 in the spec
	out, err := coachingTool(t, "api_call_operation").Run(context.Background(), env, json.RawMessage(`{"operation":"getAthlete"}`))
	if err != nil || !strings.HasSuffix(out, `{"id":5,"ftp":249.75}`) {
		t.Fatalf("got %q, %v", out, err)
	}
	coachingGolden(t, "api_call_operation", out)
}

func TestAPICallReportsAPIErrors(t *testing.T) {
	rec, env := apiRecorderEnv(t, "i100009")
	rec.status, rec.ctype, rec.body = http.StatusForbidden, "application/json", `{"status":403,"error":"Access denied"}`
	_, err := coachingTool(t, "api_call_operation").Run(context.Background(), env, json.RawMessage(`{"operation":"listGear"}`))
	if err == nil || !strings.Contains(err.Error(), "athlete i100009 is not available to this account") {
		t.Fatalf("403 on the athlete's path: %v", err)
	}
	rec.status = http.StatusNotFound
	_, err = coachingTool(t, "api_call_operation").Run(context.Background(), env, json.RawMessage(`{"operation":"showEvent","params":{"eventId":12}}`))
	if err == nil || !strings.Contains(err.Error(), "showEvent") || !strings.Contains(err.Error(), "404") {
		t.Fatalf("404: %v", err)
	}
}

func TestAPIListAndDescribe(t *testing.T) {
	_, env := apiRecorderEnv(t, "0")
	out, err := coachingTool(t, "api_list_operations").Run(context.Background(), env, json.RawMessage(`{"tag":"wellness"}`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "updateWellness PUT /api/v1/athlete/{id}/wellness/{date}:") || strings.Contains(out, "listEvents") {
		t.Errorf("tag filter:\n%s", out)
	}
	coachingGolden(t, "api_list_operations.wellness", out)
	out, err = coachingTool(t, "api_list_operations").Run(context.Background(), env, json.RawMessage(`{"word":"curve"}`))
	if err != nil || !strings.Contains(out, "listAthletePowerCurves") || strings.Contains(out, "updateWellness") {
		t.Errorf("word filter: %v\n%s", err, out)
	}
	if _, err := coachingTool(t, "api_list_operations").Run(context.Background(), env, json.RawMessage(`{"tag":"Nope"}`)); err == nil || !strings.Contains(err.Error(), "Wellness") {
		t.Errorf("an unknown tag should list the tags: %v", err)
	}
	env.Budget = 1500
	out, err = coachingTool(t, "api_list_operations").Run(context.Background(), env, nil)
	if err != nil || len(out) > 1500 || !strings.Contains(out, "more operations not shown; filter by tag or word") {
		t.Errorf("budget: %d characters, %v\n%s", len(out), err, out)
	}
	env.Budget = 0

	out, err = coachingTool(t, "api_describe_operation").Run(context.Background(), env, json.RawMessage(`{"operation":"updateSettings"}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"updateSettings: PUT /api/v1/athlete/{athleteId}/sport-settings/{id}",
		"- athleteId (path): the athlete, filled in",
		"- id (path, string, required)",
		"- recalcHrZones (query, boolean, required)",
		"body (JSON): a SportSettings object",
		"- elevation_correction string one of NO|AUTO|YES",
		"Writes: refused when the server is read-only.",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("describe lacks %q:\n%s", w, out)
		}
	}
	coachingGolden(t, "api_describe_operation.updateSettings", out)
	out, err = coachingTool(t, "api_describe_operation").Run(context.Background(), env, json.RawMessage(`{"operation":"uploadActivity"}`))
	if err != nil || !strings.Contains(out, "Not callable here: it uploads a file") {
		t.Errorf("upload: %v\n%s", err, out)
	}
	out, err = coachingTool(t, "api_describe_operation").Run(context.Background(), env, json.RawMessage(`{"schema":"SportInfo"}`))
	if err != nil || !strings.Contains(out, "- eftp number") {
		t.Errorf("schema: %v\n%s", err, out)
	}
	for _, args := range []string{`{}`, `{"operation":"getAthlete","schema":"Wellness"}`, `{"schema":"Nope"}`} {
		if _, err := coachingTool(t, "api_describe_operation").Run(context.Background(), env, json.RawMessage(args)); err == nil {
			t.Errorf("%s: want an error", args)
		}
	}
}

func TestAPICallTakesQueryValuesWrittenAsStrings(t *testing.T) {
	rec, env := apiRecorderEnv(t, "0")
	srvQuery := ""
	rec.onRequest = func(r *http.Request) { srvQuery = r.URL.RawQuery }
	_, err := coachingTool(t, "api_call_operation").Run(context.Background(), env, json.RawMessage(`{"operation":"listEvents","params":{"limit":"10","category":"WORKOUT,RACE_A","resolve":"true"}}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"limit=10", "category=WORKOUT&category=RACE_A", "resolve=true"} {
		if !strings.Contains(srvQuery, w) {
			t.Errorf("query %q lacks %s", srvQuery, w)
		}
	}
}

// apiToolNameRE finds the name of a tool (get_events, update_activity ...) in a message.
var apiToolNameRE = regexp.MustCompile(`\b(add|update|delete|move)_[a-z_]+\b`)

func TestAPICallNeverTouchesRecordedTraining(t *testing.T) {
	rec, env := apiRecorderEnv(t, "0")
	call := coachingTool(t, "api_call_operation")
	for args, tool := range map[string]string{
		`{"operation":"deleteActivity","params":{"id":"i55"}}`:                                 "update_activity",
		`{"operation":"updateActivityStreams","params":{"id":"i55"},"body":{}}`:                "update_activity",
		`{"operation":"deleteEvent","params":{"eventId":7}}`:                                   "delete_event",
		`{"operation":"deleteEvents","params":{"oldest":"2026-01-01","category":["WORKOUT"]}}`: "delete_events_by_date_range",
		`{"operation":"updateEvent","params":{"eventId":7},"body":{"name":"x"}}`:               "update_session",
	} {
		_, err := call.Run(context.Background(), env, json.RawMessage(args))
		if err == nil || !strings.Contains(err.Error(), tool) {
			t.Errorf("%s: want a refusal naming %s, got %v", args, tool, err)
		}
	}
	if len(rec.reqs) != 0 {
		t.Errorf("refused calls sent requests: %v", rec.reqs)
	}
	// Creating a session and commenting on an activity stay reachable.
	for _, args := range []string{
		`{"operation":"createEvent","params":{"upsertOnUid":false},"body":{"category":"NOTE","start_date_local":"2026-12-03T00:00:00","name":"n"}}`,
		`{"operation":"sendActivityMessage","params":{"id":"i55"},"body":{"content":"well done"}}`,
	} {
		if _, err := call.Run(context.Background(), env, json.RawMessage(args)); err != nil {
			t.Errorf("%s: %v", args, err)
		}
	}
}
