package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/fakeicutest"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// countingBearer sends the bearer on every request and counts them.
type countingBearer struct {
	token string
	n     atomic.Int32
}

func (c *countingBearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+c.token)
	c.n.Add(1)
	return http.DefaultTransport.RoundTrip(r)
}

// TestMetricsCountASessionOfCalls runs the binary over HTTP with sign-in and --metrics-addr
// against the fake Intervals.icu (a 429 on the first listGear, a 500 on the first write),
// makes a session of calls, a sign-in on the account page and a request with a token nobody
// issued, then scrapes /metrics: each family is there with the counts of what was done. The
// metrics address serves nothing else, and the MCP address no metrics.
func TestMetricsCountASessionOfCalls(t *testing.T) {
	fake := fakeicu.New(fakeicu.Options{Faults: []fakeicu.Fault{mustFault(t, "429:count=1,op=listGear"), mustFault(t, "500:writes,count=1")}})
	up := httptest.NewServer(fake.Handler())
	t.Cleanup(up.Close)
	addr, maddr := freeAddr(t), freeAddr(t)
	key := make([]byte, 32)
	rand.Read(key)
	const static = "static-metrics-token"
	env := []string{"API_KEY=" + fakeicu.DefaultAPIKey, "MCP_AUTH_TOKEN=" + static, "MCP_SEAL_KEYS=" + base64.StdEncoding.EncodeToString(key),
		"INTERVALS_CLIENT_ID=" + fakeicu.DemoOAuthClientID, "INTERVALS_CLIENT_SECRET=" + fakeicu.DemoOAuthClientSecret}
	base, _ := startListening(t, addr, env, "serve", "--transport", "http", "--addr", addr, "--base-url", up.URL, "--public-url", "http://"+addr,
		"--data-dir", t.TempDir(), "--metrics-addr", maddr)

	bearer := &countingBearer{token: static}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(context.Background(),
		&mcp.StreamableClientTransport{Endpoint: base + "/mcp", HTTPClient: &http.Client{Transport: bearer}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if text, isErr := mcptest.Call(t, cs, "get_gear_list", map[string]any{}); isErr {
			t.Fatalf("get_gear_list: %s", text)
		}
	}
	if _, isErr := mcptest.Call(t, cs, "get_events", map[string]any{"oldest": "not a date"}); !isErr {
		t.Error("get_events with a bad date: no tool error")
	}
	day := func(d int) string { return time.Now().AddDate(0, 0, d).Format(time.DateOnly) }
	plan := fmt.Sprintf(`{"plan":"metrics","sessions":[{"date":%q,"sport":"Run","name":"Easy","duration":"45:00"},{"date":%q,"sport":"Run","name":"Long","duration":"1:30:00"}]}`, day(8), day(9))
	if text, isErr := mcptest.Call(t, cs, "plan_sessions", jsonRaw(plan)); !isErr {
		t.Errorf("plan_sessions with the first write answered 500: %s", text)
	}
	cs.Close()
	if resp, err := http.DefaultClient.Do(bearerRequest(t, base+"/mcp", "imcp_at_nobody-issued-this")); err != nil || resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("an unknown token: %v %v", resp, err)
	}
	accountSignIn(t, base)

	metrics := get(t, "http://"+maddr+"/metrics", http.StatusOK)
	for _, want := range []string{
		`intervals_mcp_tool_calls_total{tool="get_gear_list",outcome="ok"} 2`,
		`intervals_mcp_tool_calls_total{tool="get_events",outcome="error"} 1`,
		`intervals_mcp_tool_calls_total{tool="plan_sessions",outcome="error"} 1`,
		`intervals_mcp_tool_call_duration_seconds_count{tool="get_gear_list"} 2`,
		`intervals_mcp_tool_call_duration_seconds_bucket{tool="get_gear_list",le="+Inf"} 2`,
		`intervals_mcp_upstream_requests_total{operation="listGear",status="429"} 1`,
		`intervals_mcp_upstream_requests_total{operation="listGear",status="200"} 1`,
		`intervals_mcp_upstream_retries_total{operation="listGear",after="429"} 1`,
		`intervals_mcp_upstream_request_duration_seconds_count{operation="listGear"} 2`,
		`intervals_mcp_budget_waits_total{outcome="refused"} 0`,
		`intervals_mcp_journal_events_total{event="begin"} 1`,
		`intervals_mcp_journal_events_total{event="rollback"} 1`,
		`intervals_mcp_journal_events_total{event="recovered"} 0`,
		`intervals_mcp_sign_ins_total{purpose="account",outcome="ok"} 1`,
		`intervals_mcp_sign_ins_total{purpose="mcp",outcome="ok"} 0`,
		fmt.Sprintf(`intervals_mcp_token_verifications_total{kind="static",outcome="ok"} %d`, bearer.n.Load()),
		`intervals_mcp_token_verifications_total{kind="oauth",outcome="invalid"} 1`,
		`intervals_mcp_mcp_requests_in_flight 0`,
		`intervals_mcp_sse_sessions_open 0`,
		`# TYPE intervals_mcp_tool_call_duration_seconds histogram`,
		"go_goroutines ", "process_resident_memory_bytes ",
	} {
		if !strings.Contains(metrics, "\n"+want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
	if t.Failed() {
		t.Logf("/metrics:\n%s", metrics)
	}
	checkDashboard(t, metrics)
	if body := get(t, "http://"+maddr+"/mcp", http.StatusNotFound); !strings.Contains(body, "only GET /metrics") {
		t.Errorf("the metrics address answered /mcp with %q", body)
	}
	resp, err := http.DefaultClient.Do(bearerRequest(t, "http://"+maddr+"/mcp", static))
	if err != nil || resp.StatusCode != http.StatusNotFound {
		t.Errorf("an MCP request with the server's token on the metrics address: %v %v, want 404", resp, err)
	}
	if body := get(t, base+"/metrics", http.StatusNotFound); strings.Contains(body, "intervals_mcp_") {
		t.Errorf("the MCP address serves the metrics: %q", body)
	}
}

func mustFault(t *testing.T, spec string) fakeicu.Fault {
	t.Helper()
	f, err := fakeicu.ParseFault(spec)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func jsonRaw(s string) any { return json.RawMessage(s) }

// bearerRequest is an MCP initialize to u with the bearer.
func bearerRequest(t *testing.T, u, bearer string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, u, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Authorization", "Bearer "+bearer)
	return req
}

// get fetches u, checks its status and returns its body.
func get(t *testing.T, u string, status int) string {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != status {
		t.Errorf("GET %s: %d, want %d: %.200s", u, resp.StatusCode, status, b)
	}
	return string(b)
}

// accountSignIn signs in on the account page of the server at base, as a browser does: the
// sign-in button, the fake Intervals.icu's approve page, back to our callback.
func accountSignIn(t *testing.T, base string) {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	req, _ := http.NewRequest(http.MethodPost, base+"/account/signin", strings.NewReader(url.Values{}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", base)
	resp, err := browser.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	upstream, err := resp.Location()
	if err != nil {
		t.Fatalf("the sign-in button: %d, no redirect to Intervals.icu: %v", resp.StatusCode, err)
	}
	back := fakeicutest.SignIn(t, browser, upstream.String(), "", "allow")
	if resp, err = browser.Get(back.String()); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("the callback: %d, want a redirect to the account page", resp.StatusCode)
	}
}

// checkDashboard holds the Grafana dashboard beside the deploy files to the metrics served:
// every metric its queries name is one the server writes (a histogram by its _bucket), and
// every family of ours has a panel.
func checkDashboard(t *testing.T, scraped string) {
	t.Helper()
	raw, err := os.ReadFile("../../internal/release/deploy/grafana-dashboard.json")
	if err != nil {
		t.Fatal(err)
	}
	var dash struct {
		Panels []struct {
			Title   string
			Targets []struct{ Expr string }
		}
	}
	if err := json.Unmarshal(raw, &dash); err != nil {
		t.Fatalf("the dashboard: %v", err)
	}
	name := regexp.MustCompile(`\b((?:intervals_mcp|process|go)_[a-z_]+)`)
	used := map[string]bool{}
	for _, p := range dash.Panels {
		for _, tg := range p.Targets {
			for _, m := range name.FindAllString(tg.Expr, -1) {
				used[m] = true
				if !strings.Contains(scraped, "\n"+m+"{") && !strings.Contains(scraped, "\n"+m+" ") {
					t.Errorf("dashboard panel %q queries %s, which the server does not write", p.Title, m)
				}
			}
		}
	}
	for _, line := range strings.Split(scraped, "\n") {
		if fam, ok := strings.CutPrefix(line, "# TYPE intervals_mcp_"); ok {
			fam, typ, _ := strings.Cut(fam, " ")
			if typ == "histogram" {
				fam += "_bucket"
			}
			if !used["intervals_mcp_"+fam] {
				t.Errorf("no dashboard panel shows intervals_mcp_%s", fam)
			}
		}
	}
}
