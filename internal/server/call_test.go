package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestArgumentsAreCheckedBeforeTheTool(t *testing.T) {
	cs := connect(t, Options{Tools: testTools(), Filter: allOn()}, nil)
	text, isErr := call(t, cs, "echo", map[string]any{"oldest": "2026-01-01", "limit": 99})
	if !isErr || !strings.Contains(text, "argument limit") || !strings.Contains(text, "from 1 to 60") {
		t.Errorf("bad limit: %v %q", isErr, text)
	}
	text, isErr = call(t, cs, "echo", map[string]any{"limit": 3})
	if !isErr || !strings.Contains(text, "missing required argument oldest") {
		t.Errorf("missing oldest: %v %q", isErr, text)
	}
	text, isErr = call(t, cs, "echo", map[string]any{"oldest": "2026-01-01"})
	if isErr || text != "athlete=0 oldest=2026-01-01 limit=10" {
		t.Errorf("defaults applied and athlete 0: %v %q", isErr, text)
	}
}

func TestFailuresBecomeErrorResults(t *testing.T) {
	cs := connect(t, Options{Tools: testTools(), Filter: allOn(), Runtime: Runtime{Timeout: 50 * time.Millisecond}}, nil)
	for _, c := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"boom", nil, "boom failed with an internal error (index out of range)"},
		{"fail", map[string]any{"kind": "user"}, "oldest must be before newest"},
		{"fail", map[string]any{"kind": "timeout"}, "did not answer in time. Try again in a moment"},
		{"fail", map[string]any{"kind": "other"}, "plain failure"},
	} {
		text, isErr := call(t, cs, c.tool, c.args)
		if !isErr || !strings.Contains(text, c.want) {
			t.Errorf("%s %v: isError=%v %q, want %q", c.tool, c.args, isErr, text, c.want)
		}
	}
	if text, _ := call(t, cs, "echo", map[string]any{"oldest": "x"}); !strings.Contains(text, "oldest=x") {
		t.Errorf("the server must keep working after a panic: %q", text)
	}
}

func TestSecretsNeverInAnswers(t *testing.T) {
	tools := mcptest.WithSchemas(manifest.New(manifest.Def{Name: "leak", Title: "Leak", Description: "Leaks.", Toolset: manifest.Context, Access: manifest.Read},
		func(context.Context, *toolcall.Env, noIn) (string, error) { return "key is s3cr3t-key", nil }))
	cs := connect(t, Options{Tools: tools, Runtime: Runtime{Secrets: []string{"s3cr3t-key"}}}, nil)
	if text, _ := call(t, cs, "leak", nil); strings.Contains(text, "s3cr3t-key") {
		t.Errorf("secret in answer: %q", text)
	}
}

func TestSecretsNeverInLogsOfAPanic(t *testing.T) {
	const secret = "s3cr3t-key-in-a-panic"
	tools := mcptest.WithSchemas(manifest.New(manifest.Def{Name: "leak", Title: "Leak", Description: "Panics with the key.", Toolset: manifest.Context, Access: manifest.Read},
		func(context.Context, *toolcall.Env, noIn) (string, error) { panic("bad request to ?key=" + secret) }))
	var logs strings.Builder
	logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	cs := connect(t, Options{Tools: tools, Runtime: Runtime{Secrets: []string{secret}, Logger: logger}}, nil)
	text, isErr := call(t, cs, "leak", nil)
	if !isErr || strings.Contains(text, secret) {
		t.Errorf("answer: isError=%v %q", isErr, text)
	}
	if !strings.Contains(logs.String(), "tool panicked") || strings.Contains(logs.String(), secret) {
		t.Errorf("the panic must be logged without the key:\n%s", logs.String())
	}
}

func TestCoachModeAddsAndInjectsAthlete(t *testing.T) {
	cs := connect(t, Options{Tools: testTools(), Filter: allOn(), Runtime: Runtime{AthleteID: "i1"}}, nil)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range res.Tools {
		props := tl.InputSchema.(map[string]any)["properties"].(map[string]any)
		if _, ok := props[AthleteArg]; !ok {
			t.Errorf("%s has no athlete argument in coach mode", tl.Name)
		}
	}
	if text, _ := call(t, cs, "echo", map[string]any{"oldest": "d", "athlete": "i42"}); !strings.HasPrefix(text, "athlete=i42 ") {
		t.Errorf("athlete not injected: %q", text)
	}
	if text, _ := call(t, cs, "echo", map[string]any{"oldest": "d"}); !strings.HasPrefix(text, "athlete=i1 ") {
		t.Errorf("configured athlete not the default: %q", text)
	}
	if text, isErr := call(t, cs, "echo", map[string]any{"oldest": "d", "athlete": "bob"}); !isErr || !strings.Contains(text, "argument athlete") {
		t.Errorf("bad athlete id: %q", text)
	}
}

func TestNoAthleteArgumentWithoutCoach(t *testing.T) {
	cs := connect(t, Options{Tools: testTools(), Filter: manifest.Filter{Toolsets: manifest.DefaultToolsets}}, nil)
	if text, isErr := call(t, cs, "echo", map[string]any{"oldest": "d", "athlete": "i42"}); !isErr || !strings.Contains(text, "unknown argument athlete") {
		t.Errorf("athlete accepted without coach: %q", text)
	}
}

func TestUpstreamWorks(t *testing.T) {
	_, rt := fakeRuntime(t, fakeicu.DefaultAPIKey)
	cs := connect(t, Options{Tools: []manifest.Tool{profileTool}, Runtime: rt}, nil)
	if text, isErr := call(t, cs, "profile", nil); isErr || !strings.HasPrefix(text, "name: ") || len(text) < 8 {
		t.Errorf("got %q", text)
	}
}

func TestUpstreamFailuresSayWhatToDo(t *testing.T) {
	for _, c := range []struct {
		name, fault string
		want        []string
	}{
		{"404", "404", []string{"404", "check the id"}},
		{"422", "422", []string{"422", "rejected"}},
		{"429", "429:retry-after=1", []string{"429", "rate limited", "wait"}},
		{"500", "500", []string{"500", "try again later"}},
		{"503", "503", []string{"503", "try again later"}},
		{"timeout", "latency:5s", []string{"did not answer in time", "time limit for a call (200ms"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, rt := fakeRuntime(t, fakeicu.DefaultAPIKey, fault(t, c.fault))
			rt.Timeout = 200 * time.Millisecond
			cs := connect(t, Options{Tools: []manifest.Tool{profileTool}, Runtime: rt}, nil)
			text, isErr := call(t, cs, "profile", nil)
			if !isErr {
				t.Fatalf("not an error result: %q", text)
			}
			t.Log(text)
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("%q lacks %q", text, w)
				}
			}
		})
	}
}

func TestWrongKeyIsA401WithoutTheKey(t *testing.T) {
	const key = "wrong-key-but-secret-123"
	_, rt := fakeRuntime(t, key)
	cs := connect(t, Options{Tools: []manifest.Tool{profileTool}, Runtime: rt}, nil)
	text, isErr := call(t, cs, "profile", nil)
	if !isErr || !strings.Contains(text, "401") || !strings.Contains(text, "API_KEY") || strings.Contains(text, key) {
		t.Errorf("got %q", text)
	}
}

func TestCoachAthleteReachesTheAPI(t *testing.T) {
	_, rt := fakeRuntime(t, fakeicu.DefaultAPIKey)
	cs := connect(t, Options{Tools: []manifest.Tool{profileTool}, Filter: allOn(), Runtime: rt}, nil)
	text, isErr := call(t, cs, "profile", map[string]any{"athlete": "i999999999"})
	if !isErr || !strings.Contains(text, "40") {
		t.Errorf("an athlete the key cannot see should be an API error, got %q", text)
	}
	if text, isErr := call(t, cs, "profile", map[string]any{"athlete": fakeicu.DemoAthleteID}); isErr {
		t.Errorf("the demo athlete by id: %q", text)
	}
}

// A hung upstream once held a read for 4 tries of 30 s, past the clients' 60 s. The call's
// own limit stops it, and the error says so: what happened, and that it was our limit.
func TestHungUpstreamAnswersWithinTheCallLimitSayingWhy(t *testing.T) {
	for _, f := range []string{"latency:1h", "latency:1h,method=GET,skip=1"} {
		_, rt := demoRuntime(t, time.Minute, 2*time.Second, f)
		cat, err := NewCatalog(tools.All(), allOn())
		if err != nil {
			t.Fatal(err)
		}
		res := cat.Call(context.Background(), &rt, "get_events", json.RawMessage(`{"oldest":"2026-11-24","newest":"2026-12-07"}`), nil)
		if !res.IsError {
			t.Fatalf("%s: no error: %s", f, res.Text)
		}
		for _, want := range []string{"time limit for a call (2s", "INTERVALS_CALL_TIMEOUT"} {
			if !strings.Contains(res.Text, want) {
				t.Errorf("%s: error lacks %q:\n%s", f, want, res.Text)
			}
		}
	}
}

// Each try has its own limit too: a hung upstream costs a few short tries, well inside the
// call's limit, and the error says Intervals.icu did not answer.
func TestHungUpstreamCostsShortTries(t *testing.T) {
	_, rt := demoRuntime(t, 200*time.Millisecond, 20*time.Second, "latency:1h,method=GET,skip=1")
	cat, _ := NewCatalog(tools.All(), allOn())
	res := cat.Call(context.Background(), &rt, "get_events", json.RawMessage(`{"oldest":"2026-11-24","newest":"2026-12-07"}`), nil)
	if !res.IsError || !strings.Contains(res.Text, "answer") || strings.Contains(res.Text, "time limit for a call") {
		t.Fatalf("got %v:\n%s", res.IsError, res.Text)
	}
}

// A write stopped by the limit still reports its rollback.
func TestWriteStoppedByTheCallLimitSaysWhatWasUndone(t *testing.T) {
	fake, rt := demoRuntime(t, time.Minute, 2*time.Second, "latency:1h,op=createMultipleEvents,skip=1")
	before := len(fake.Events("0"))
	cat, _ := NewCatalog(tools.All(), allOn())
	var sessions []string
	for d := 10; d < 35; d++ {
		sessions = append(sessions, `{"date":"2026-12-`+itoa2(d%28+1)+`","sport":"Run","name":"Easy `+itoa2(d)+`","duration":"30:00"}`)
	}
	res := cat.Call(context.Background(), &rt, "plan_sessions", json.RawMessage(`{"plan":"slow","sessions":[`+strings.Join(sessions, ",")+`]}`), nil)
	if !res.IsError || !strings.Contains(res.Text, "time limit for a call") || !strings.Contains(res.Text, "rolled back") {
		t.Fatalf("got %v:\n%s", res.IsError, res.Text)
	}
	if n := len(fake.Events("0")); n != before {
		t.Errorf("%d events after, %d before", n, before)
	}
}

func itoa2(n int) string { return string(rune('0'+n/10)) + string(rune('0'+n%10)) }

// Every answer and every error fits the budget, whatever the input: a 1 MB note, a plan of
// 100,000 sessions, a 1 MB argument of each tool; the bad value is quoted as an excerpt.
func TestHugeArgumentsGetShortErrorsBeforeAnyRequest(t *testing.T) {
	fake, rt := demoRuntime(t, time.Second, 10*time.Second)
	var logs bytes.Buffer
	rt.Logger = slog.New(CutLogs(slog.NewTextHandler(&logs, nil)))
	cat, _ := NewCatalog(tools.All(), allOn())
	// Under MaxArgsBytes, so that each argument's own bound refuses it.
	huge := strings.Repeat("x", 100000)
	many := func(n int) string {
		return "[" + strings.Repeat(`{"date":"2026-12-10","sport":"Run","name":"a","steps":[{"duration":"bad"}]},`, n) + `{}]`
	}
	cases := map[string]string{
		"log_metrics":          `{"notes":"` + strings.Repeat("x", 1<<20) + `"}`,
		"log_metrics.notes":    `{"notes":"` + huge + `"}`,
		"plan_sessions":        `{"plan":"big","sessions":` + many(100000) + `}`,
		"plan_sessions.steps":  `{"plan":"big","sessions":` + many(1000) + `}`,
		"delete_event.ids":     `{"event_ids":[` + strings.Repeat("1,", 20000) + `1]}`,
		"get_training_load.xs": `{"sessions":[` + strings.Repeat(`{"date":"2026-12-03","load":1},`, 2000) + `{"date":"2026-12-03","load":1}]}`,
	}
	for _, tool := range tools.All() {
		for _, sc := range samples.Of(tool.Name) {
			var m map[string]any
			_ = json.Unmarshal([]byte(sc.Args), &m)
			for k, v := range m {
				if _, ok := v.(string); ok {
					m[k] = huge
					b, _ := json.Marshal(m)
					cases[tool.Name+"."+k] = string(b)
					m[k] = v
				}
			}
		}
	}
	fake.TakeRequests()
	for name, args := range cases {
		tool, _, _ := strings.Cut(name, ".")
		res := cat.Call(context.Background(), &rt, tool, json.RawMessage(args), nil)
		if !res.IsError {
			t.Errorf("%s: no error", name)
		}
		if len(res.Text) > 2000 {
			t.Errorf("%s: %d-character error", name, len(res.Text))
		}
	}
	for _, r := range fake.TakeRequests() {
		if r.Operation != "getAthlete" {
			t.Errorf("a request was sent for a huge argument: %s %s", r.Method, r.Path)
		}
	}
	for _, line := range strings.Split(logs.String(), "\n") {
		if len(line) > 2000 {
			t.Errorf("a %d-byte log line: %.200s", len(line), line)
		}
	}
}

func TestAnswersAreCutToTheBudget(t *testing.T) {
	rt := Runtime{Budget: 1000}
	res := rt.finish("", manifest.Errorf("%s", strings.Repeat("é", 5000)))
	if n := len([]rune(res.Text)); n > 1000 || !strings.Contains(res.Text, "cut") {
		t.Errorf("%d characters: %.100s", n, res.Text)
	}
}

// The standing adversarial suite: every sample call of every tool (package samples), with
// each of its arguments mutated in turn into something no tool may accept (a wrong type, a
// value over its bound, out of its range, a path trick for an id, an impossible or
// out-of-range date, a huge array, an unknown argument), sent through an MCP client session
// to the demo athlete. Each must come back as a clear tool error (isError, short, not an
// internal error), and none may write. It prints its counts.

// mutation is one bad value for an argument, and which arguments it applies to.
type mutation struct {
	name  string
	value any
	fits  func(arg string, v any) bool
}

var (
	isString = func(_ string, v any) bool { _, ok := v.(string); return ok }
	isNumber = func(_ string, v any) bool { _, ok := v.(float64); return ok }
	isArray  = func(_ string, v any) bool { _, ok := v.([]any); return ok }
	isObject = func(_ string, v any) bool { _, ok := v.(map[string]any); return ok }
	isBool   = func(_ string, v any) bool { _, ok := v.(bool); return ok }
	isID     = func(arg string, _ any) bool {
		return arg == "id" || arg == "ids" || strings.HasSuffix(arg, "_id") || strings.HasSuffix(arg, "_ids")
	}
	isDate = func(arg string, v any) bool {
		_, ok := v.(string)
		return ok && (arg == "date" || arg == "oldest" || arg == "newest" || arg == "start" || arg == "end" || strings.HasSuffix(arg, "_date"))
	}
	always = func(string, any) bool { return true }
)

func mutations() []mutation {
	long := strings.Repeat("x", 5000)
	huge := make([]any, 1000)
	for i := range huge {
		huge[i] = 1
	}
	return []mutation{
		{"string as number", 12345, isString},
		{"string as object", map[string]any{"a": 1}, isString},
		{"string too long", long, isString},
		{"number as string", "seven", isNumber},
		{"number as array", []any{1}, isNumber},
		{"number fractional", 1.5, func(a string, v any) bool { f, ok := v.(float64); return ok && f == float64(int64(f)) }},
		{"number too large", 1e15, isNumber},
		{"number too small", -1e15, isNumber},
		{"bool as string", "yes", isBool},
		{"array as string", "x", isArray},
		{"array too long", huge, isArray},
		{"array of nulls", []any{nil}, isArray},
		{"object as array", []any{1}, isObject},
		{"null", nil, always},
		{"id ..", "..", isID},
		{"id .", ".", isID},
		{"id path", "../../athlete/0/events", isID},
		{"id escaped", "%2e%2e", isID},
		{"id query", "1?x=1", isID},
		{"id negative", -1, isID},
		{"id zero", 0, isID},
		{"id empty", "", isID},
		{"date year 1", "0001-01-01", isDate},
		{"date year 9999", "9999-12-31", isDate},
		{"date 30 February", "2026-02-30", isDate},
		{"date month 13", "2026-13-01", isDate},
		{"date words", "next tuesday", isDate},
		{"date with time", "2026-12-10T25:00:00", isDate},
	}
}

func TestBadInputsThroughAClientSession(t *testing.T) {
	fake, rt := demoRuntime(t, 10*time.Second, 20*time.Second)
	rt.Writes = &toolcall.Writes{}
	cs := connect(t, Options{Tools: tools.All(), Filter: allOn(), Runtime: rt}, nil)
	values := samples.Values(fake.World().Athletes[0])
	ctx := context.Background()

	var tried, clear, crashes, writes, passed int
	seen := map[string]bool{}
	for _, tool := range tools.All() {
		for _, sc := range samples.Of(tool.Name) {
			if sc.Fault != "" || strings.Contains(sc.Args, "{{confirm}}") {
				continue
			}
			filled, err := sc.Fill(values)
			if err != nil {
				continue
			}
			var base map[string]any
			if err := json.Unmarshal([]byte(filled), &base); err != nil {
				t.Fatalf("%s %s: %v", tool.Name, sc.Case, err)
			}
			names := make([]string, 0, len(base)+1)
			for k := range base {
				names = append(names, k)
			}
			sort.Strings(names)
			type input struct {
				what string
				args map[string]any
			}
			var inputs []input
			unknown := clone(base)
			unknown["no_such_argument"] = 1
			inputs = append(inputs, input{"unknown argument", unknown})
			for _, arg := range names {
				for _, m := range mutations() {
					if !m.fits(arg, base[arg]) {
						continue
					}
					if m.name == "null" && !required(tool, arg) {
						continue // null is the argument left out
					}
					if (m.name == "id zero" || m.name == "id empty") && !required(tool, arg) && arg != "ids" && arg != "event_ids" {
						continue // an optional id left empty: create rather than update
					}
					a := clone(base)
					a[arg] = m.value
					inputs = append(inputs, input{arg + ": " + m.name, a})
				}
			}
			for _, in := range inputs {
				key := tool.Name + " " + in.what
				if seen[key] {
					continue
				}
				seen[key] = true
				tried++
				before := len(fake.Writes())
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool.Name, Arguments: in.args})
				switch {
				case err != nil:
					crashes++
					t.Errorf("%s: protocol error %v", key, err)
				case !res.IsError:
					passed++
					t.Errorf("%s: accepted: %.200s", key, text(res))
				case strings.Contains(text(res), "internal error") || len(text(res)) > 2000 || text(res) == "":
					crashes++
					t.Errorf("%s: unclear error (%d characters): %.300s", key, len(text(res)), text(res))
				default:
					clear++
				}
				if n := len(fake.Writes()); n != before {
					writes += n - before
					t.Errorf("%s: %d write(s)", key, n-before)
				}
			}
		}
	}
	t.Logf("bad tool calls: %d inputs tried, %d clear errors, %d accepted, %d crashes, %d writes", tried, clear, passed, crashes, writes)
	fmt.Printf("adversarial suite: %d bad tool calls tried over MCP, %d clear errors, crashes: %d, writes: %d\n", tried, clear, crashes, writes)
}

func clone(m map[string]any) map[string]any {
	b, _ := json.Marshal(m)
	var out map[string]any
	_ = json.Unmarshal(b, &out)
	return out
}

func required(tool manifest.Tool, arg string) bool {
	var s struct {
		Required []string `json:"required"`
	}
	_ = json.Unmarshal(tool.Schema, &s)
	for _, r := range s.Required {
		if r == arg {
			return true
		}
	}
	return false
}

func text(res *mcp.CallToolResult) string {
	if len(res.Content) == 0 {
		return ""
	}
	if tc, ok := res.Content[0].(*mcp.TextContent); ok {
		return tc.Text
	}
	return ""
}

// hugeEvents answers every listEvents with a JSON array one byte longer than the client
// reads, made as it is sent; the rest goes to the fake.
type hugeEvents struct{ fake http.RoundTripper }

func (h hugeEvents) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Method != http.MethodGet || !strings.HasSuffix(r.URL.Path, "/events") {
		return h.fake.RoundTrip(r)
	}
	body := io.MultiReader(strings.NewReader("["), io.LimitReader(spaces{}, intervals.MaxAnswer-1), strings.NewReader("]"))
	return &http.Response{StatusCode: http.StatusOK, Header: http.Header{"Content-Type": {"application/json"}}, Body: io.NopCloser(body), ContentLength: -1, Request: r}, nil
}

// spaces reads as spaces without end, copied a block at a time (a loop over each byte takes
// longer than the call's time limit under the race detector).
type spaces struct{}

var spaceBlock = bytes.Repeat([]byte{' '}, 64<<10)

func (spaces) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		n += copy(p[n:], spaceBlock)
	}
	return n, nil
}

// An answer larger than the client reads is an error that says so and what to do, after
// one request, behind what the tool was doing: not that Intervals.icu could not be reached,
// though net/http reports it as its own error.
func TestAnAnswerTooLargeToReadSaysToAskForLess(t *testing.T) {
	fake, rt := demoRuntime(t, time.Minute, 2*time.Minute) // 64 MiB read under the race detector: some 20 s on a busy host
	var requests atomic.Int32
	c, err := intervals.New(intervals.Options{APIKey: fakeicu.DefaultAPIKey, RateLimit: -1, Observer: countAttempts{&requests},
		HTTPClient: &http.Client{Transport: hugeEvents{fake.Transport()}}})
	if err != nil {
		t.Fatal(err)
	}
	rt.Client = c
	cat, _ := NewCatalog(tools.All(), allOn())
	res := cat.Call(context.Background(), &rt, "get_events", json.RawMessage(`{"oldest":"2026-11-24","newest":"2026-12-07"}`), nil)
	if !res.IsError || !strings.HasPrefix(res.Text, "list events 2026-11-24..2026-12-07: ") || !strings.Contains(res.Text, "larger than 64 MiB") ||
		!strings.Contains(res.Text, "ask for less") || strings.Contains(res.Text, "could not") {
		t.Errorf("got %v:\n%s", res.IsError, res.Text)
	}
	if n := requests.Load(); n != 1 {
		t.Errorf("listEvents asked %d times, want once", n)
	}
}

func TestAnAnswerTooLargeIsNotANetworkError(t *testing.T) {
	err := &url.Error{Op: "Get", URL: "https://intervals.icu/api/v1/athlete/0/activities", Err: fmt.Errorf("reading the answer: %w", intervals.ErrAnswerTooLarge)}
	if got := errorText(err); got != intervals.ErrAnswerTooLarge.Error() {
		t.Errorf("errorText = %q", got)
	}
}

// countAttempts counts the client's attempts of listEvents (an intervals.Observer).
type countAttempts struct{ n *atomic.Int32 }

func (c countAttempts) Attempt(op string, _ int, _ time.Duration) {
	if op == "listEvents" {
		c.n.Add(1)
	}
}
func (countAttempts) Retry(string, int)              {}
func (countAttempts) BudgetWait(time.Duration, bool) {}
