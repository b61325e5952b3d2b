package server

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
)

// demoRuntime is a Runtime of the real catalog's tools on the demo athlete, with retries
// (as the binary has them) and the given per-try and call time limits.
func demoRuntime(t *testing.T, perTry, call time.Duration, faults ...string) (*fakeicu.Fake, Runtime) {
	t.Helper()
	fake := fakeicu.New(fakeicu.Options{Now: func() time.Time { return samples.Now }})
	for _, f := range faults {
		fake.Inject(fault(t, f))
	}
	c, err := intervals.New(intervals.Options{APIKey: fakeicu.DefaultAPIKey, HTTPClient: &http.Client{Transport: fake.Transport()}, RateLimit: -1, Timeout: perTry})
	if err != nil {
		t.Fatal(err)
	}
	return fake, Runtime{Client: c, Now: func() time.Time { return samples.Now }, Cache: &toolcall.Cache{}, Timeout: call, Secrets: []string{fakeicu.DefaultAPIKey}}
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
