package tools

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// TestAPICallNeverShowsASecret: the athlete profile carries the API key and an invite token;
// api_call_operation shows every other field but never their values.
func TestAPICallNeverShowsASecret(t *testing.T) {
	rec, env := apiRecorderEnv(t, "0")
	rec.ctype, rec.body = "application/json", `{"id":"i7","icu_api_key":"s3cr3t-key","icu_friend_invite_token":"inv-t0ken","has_password":true,"name":"A \"quoted\" name"}`
	out, err := toolNamed(t, "api_call_operation").Run(context.Background(), env, json.RawMessage(`{"operation":"getAthlete"}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{"s3cr3t-key", "inv-t0ken"} {
		if strings.Contains(out, secret) {
			t.Errorf("the answer shows %q:\n%s", secret, out)
		}
	}
	for _, want := range []string{`"icu_api_key":"(hidden)"`, `"has_password":true`, `"name":"A \"quoted\" name"`} {
		if !strings.Contains(out, want) {
			t.Errorf("want %s in:\n%s", want, out)
		}
	}
}

func TestAPICallReachesEveryOperation(t *testing.T) {
	rec, env := apiRecorderEnv(t, "i100002")
	call := toolNamed(t, "api_call_operation")
	uploads, guarded, account := 0, 0, 0
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
		if c := apiClasses()[o.OperationID]; c.write && c.domain != apiTraining {
			account++
			if err == nil || !strings.Contains(err.Error(), "is refused: it changes the ") || !strings.Contains(err.Error(), "do it in Intervals.icu") || len(rec.reqs) != before {
				t.Errorf("%s: a write outside training data should be refused without a request, saying where to do it; got %q, %v", o.OperationID, out, err)
			}
			continue
		}
		if apiGuard(op) != nil {
			guarded++
			if err == nil || !strings.Contains(err.Error(), "never done through MCP") || !apiToolNameRE().MatchString(err.Error()) || len(rec.reqs) != before {
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
	if account < 35 { // 37 of the spec's 39 such writes; the other 2 are uploads
		t.Errorf("%d writes outside training data refused: the guard is off its mark", account)
	}
	t.Logf("%d operations called, %d uploads, %d recorded-training writes and %d account-level writes refused", len(intervals.Operations)-uploads-guarded-account, uploads, guarded, account)
}

func TestAPICallRefusesWritesWhenReadOnly(t *testing.T) {
	rec, env := apiRecorderEnv(t, "0")
	call := readOnlyVariant(t, "api_call_operation")
	ctx := context.Background()
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
	call := toolNamed(t, "api_call_operation")
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
	out, err := toolNamed(t, "api_call_operation").Run(context.Background(), env, json.RawMessage(`{"operation":"listWellnessRecords"}`))
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
	out, err := toolNamed(t, "api_call_operation").Run(context.Background(), env, json.RawMessage(`{"operation":"downloadWorkouts","params":{"ext":"zwo","oldest":"2026-01-01","newest":"2026-02-01"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "binary content") || strings.Contains(out, "PK") {
		t.Fatalf("binary shown: %q", out)
	}
}

func TestReadOnlyAPICallIsReadAndRefusesWrites(t *testing.T) {
	rec, env := apiRecorderEnv(t, "0")
	tool := apiCallGetOperationTool()
	if tool.Name != "api_call_operation" || tool.Access != manifest.Read || !tool.Annotations().ReadOnlyHint {
		t.Fatalf("read-only variant: %s %v", tool.Name, tool.Access)
	}
	write := json.RawMessage(`{"operation":"updateWellness","params":{"date":"2026-11-30"},"body":{"weight":70}}`)
	_, err := tool.Run(context.Background(), env, write)
	if err == nil || !strings.Contains(err.Error(), "this server is read-only") || len(rec.reqs) != 0 {
		t.Fatalf("a write through the read-only variant: %v, requests %v", err, rec.reqs)
	}
	// A read token's caller is offered the same variant: the token, not the server, is why.
	env.Caller.Scopes = []string{"intervals:read"}
	if _, err := tool.Run(context.Background(), env, write); err == nil || !strings.Contains(err.Error(), "this token is read-only") || len(rec.reqs) != 0 {
		t.Fatalf("a write through the read-only variant with a read token: %v, requests %v", err, rec.reqs)
	}
	env.Caller.Scopes = nil
	if _, err := tool.Run(context.Background(), env, json.RawMessage(`{"operation":"getAthlete"}`)); err != nil {
		t.Fatal(err)
	}
	for _, readOnly := range []bool{false, true} {
		got := (manifest.Filter{ReadOnly: readOnly, Toolsets: []manifest.Toolset{manifest.API}}).Select(All())
		var calls []manifest.Access
		for _, t := range got {
			if t.Name == "api_call_operation" {
				calls = append(calls, t.Access)
			}
		}
		want := manifest.Destructive
		if readOnly {
			want = manifest.Read
		}
		if len(calls) != 1 || calls[0] != want {
			t.Errorf("read-only %v: api_call_operation listed as %v, want once, %v", readOnly, calls, want)
		}
	}
}

func TestAPICallShowsWhatTheGeneratedModelCannotDecode(t *testing.T) {
	rec, env := apiRecorderEnv(t, "0")
	rec.ctype, rec.body = "application/json", `{"id": 5, "ftp": 249.75}` // id is a string, ftp an int32 in the spec
	out, err := toolNamed(t, "api_call_operation").Run(context.Background(), env, json.RawMessage(`{"operation":"getAthlete"}`))
	if err != nil || !strings.HasSuffix(out, `{"id":5,"ftp":249.75}`) {
		t.Fatalf("got %q, %v", out, err)
	}
	golden(t, "api_call_operation", "undecodable", out, nil)
}

func TestAPICallReportsAPIErrors(t *testing.T) {
	rec, env := apiRecorderEnv(t, "i100009")
	rec.status, rec.ctype, rec.body = http.StatusForbidden, "application/json", `{"status":403,"error":"Access denied"}`
	_, err := toolNamed(t, "api_call_operation").Run(context.Background(), env, json.RawMessage(`{"operation":"listGear"}`))
	if err == nil || !strings.Contains(err.Error(), "athlete i100009 is not available to this account") {
		t.Fatalf("403 on the athlete's path: %v", err)
	}
	rec.status = http.StatusNotFound
	_, err = toolNamed(t, "api_call_operation").Run(context.Background(), env, json.RawMessage(`{"operation":"showEvent","params":{"eventId":12}}`))
	if err == nil || !strings.Contains(err.Error(), "showEvent") || !strings.Contains(err.Error(), "404") {
		t.Fatalf("404: %v", err)
	}
}

func TestAPICallTakesQueryValuesWrittenAsStrings(t *testing.T) {
	rec, env := apiRecorderEnv(t, "0")
	srvQuery := ""
	rec.onRequest = func(r *http.Request) { srvQuery = r.URL.RawQuery }
	_, err := toolNamed(t, "api_call_operation").Run(context.Background(), env, json.RawMessage(`{"operation":"listEvents","params":{"limit":"10","category":"WORKOUT,RACE_A","resolve":"true"}}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"limit=10", "category=WORKOUT&category=RACE_A", "resolve=true"} {
		if !strings.Contains(srvQuery, w) {
			t.Errorf("query %q lacks %s", srvQuery, w)
		}
	}
}
