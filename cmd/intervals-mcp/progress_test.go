package main

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// progressLog keeps the notifications/progress a client session receives.
type progressLog struct {
	mu  sync.Mutex
	got []mcp.ProgressNotificationParams
}

func (l *progressLog) handler(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.got = append(l.got, *req.Params)
}

func (l *progressLog) take() []mcp.ProgressNotificationParams {
	l.mu.Lock()
	defer l.mu.Unlock()
	got := l.got
	l.got = nil
	return got
}

// TestPlanProgressOverStdioAndHTTP: a 60-session plan (three creates of 20) called with a
// progressToken, through go-sdk's client over stdio and over Streamable HTTP (both
// revisions), is followed by notifications/progress of that token: 0, 20, 40 and 60 of 60,
// each with its message; the same plan called again without a token (nothing left to write)
// and a read send none.
func TestPlanProgressOverStdioAndHTTP(t *testing.T) {
	_, fakeURL := startCrashFake(t)
	env := []string{"API_KEY=" + fakeicu.DefaultAPIKey}
	connect := map[string]func(t *testing.T, log *progressLog) *mcp.ClientSession{
		"stdio": func(t *testing.T, log *progressLog) *mcp.ClientSession {
			cmd := command(t, env, "serve", "--data-dir", t.TempDir(), "--base-url", fakeURL, "--toolsets", "all")
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "progress-test", Version: "1"}, &mcp.ClientOptions{ProgressNotificationHandler: log.handler}).Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = cs.Close() })
			return cs
		},
	}
	for _, version := range []string{"2026-07-28", "2025-11-25"} {
		connect["http "+version] = func(t *testing.T, log *progressLog) *mcp.ClientSession {
			addr := freeAddr(t)
			base, _ := startListening(t, addr, env, "serve", "--transport", "http", "--addr", addr, "--data-dir", t.TempDir(), "--base-url", fakeURL, "--toolsets", "all")
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "progress-test", Version: "1"}, &mcp.ClientOptions{ProgressNotificationHandler: log.handler}).Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: base + "/mcp"}, &mcp.ClientSessionOptions{ProtocolVersion: version})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = cs.Close() })
			return cs
		}
	}
	for name, dial := range connect {
		t.Run(name, func(t *testing.T) {
			log := &progressLog{}
			cs := dial(t, log)
			plan := "progress " + strings.ReplaceAll(name, " ", "-")
			args := planSessionsArgs(plan, plan, 60)
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			params := &mcp.CallToolParams{Name: "plan_sessions", Arguments: args}
			params.SetProgressToken("plan-1")
			res, err := cs.CallTool(ctx, params)
			if err != nil || res.IsError {
				t.Fatalf("plan_sessions: %v %s", err, mcptest.Text(res))
			}
			want := []float64{0, 20, 40, 60}
			var got []mcp.ProgressNotificationParams
			waitFor(t, 5*time.Second, "four progress notifications", func() bool {
				got = append(got, log.take()...)
				return len(got) >= len(want)
			})
			time.Sleep(100 * time.Millisecond)
			if got = append(got, log.take()...); len(got) != len(want) {
				t.Fatalf("%d notifications, want %d: %+v", len(got), len(want), got)
			}
			for i, p := range got {
				if p.ProgressToken != "plan-1" || p.Progress != want[i] || p.Total != 60 || p.Message == "" {
					t.Errorf("notification %d: %+v; want token plan-1, %v of 60, a message", i, p, want[i])
				}
			}
			if !strings.Contains(got[1].Message, "20 of 60") {
				t.Errorf("message %q does not count the writes", got[1].Message)
			}
			// Without a token: nothing, for a write or a read.
			if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "plan_sessions", Arguments: planSessionsArgs(plan+" again", plan+" again", 30)}); err != nil {
				t.Fatal(err)
			}
			if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_gear_list", Arguments: map[string]any{}}); err != nil {
				t.Fatal(err)
			}
			time.Sleep(200 * time.Millisecond)
			if extra := log.take(); len(extra) > 0 {
				t.Errorf("notifications without a progressToken: %+v", extra)
			}
		})
	}
}

// TestLongReadsProgress: the long reads tell a client that asked how far they have come: the
// coach's review of every athlete (get_training_volume for athlete "all"), one notification
// per athlete and one when all are read; a chart, its reading, drawing and end. Over stdio,
// through go-sdk's client (both transports carry them alike: TestPlanProgressOverStdioAndHTTP).
func TestLongReadsProgress(t *testing.T) {
	_, fakeURL := startCrashFake(t)
	env := []string{"API_KEY=" + fakeicu.DefaultAPIKey}
	log := &progressLog{}
	cmd := command(t, env, "serve", "--data-dir", t.TempDir(), "--base-url", fakeURL, "--toolsets", "all")
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "progress-test", Version: "1"}, &mcp.ClientOptions{ProgressNotificationHandler: log.handler}).Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	call := func(name string, args map[string]any, token string, want int) []mcp.ProgressNotificationParams {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		params := &mcp.CallToolParams{Name: name, Arguments: args}
		params.SetProgressToken(token)
		res, err := cs.CallTool(ctx, params)
		if err != nil || res.IsError {
			t.Fatalf("%s: %v %s", name, err, mcptest.Text(res))
		}
		var got []mcp.ProgressNotificationParams
		waitFor(t, 5*time.Second, "the progress notifications of "+name, func() bool {
			got = append(got, log.take()...)
			return len(got) >= want
		})
		time.Sleep(100 * time.Millisecond)
		return append(got, log.take()...)
	}
	athletes, _ := mcptest.Call(t, cs, "list_athletes", map[string]any{})
	n := strings.Count(athletes, "\n- ")
	if n < 2 {
		t.Fatalf("list_athletes = %q; want the demo's coached athletes", athletes)
	}
	got := call("get_training_volume", map[string]any{"athlete": "all", "weeks": 1}, "review", n+1)
	if len(got) != n+1 {
		t.Fatalf("the review of %d athletes: %d notifications, want %d: %+v", n, len(got), n+1, got)
	}
	for i, p := range got {
		if p.ProgressToken != "review" || p.Progress != float64(i) || p.Total != float64(n) || p.Message == "" {
			t.Errorf("review notification %d: %+v; want %d of %d with a message", i, p, i, n)
		}
	}
	if !strings.Contains(got[0].Message, "1 of") || !strings.Contains(got[n].Message, "read") {
		t.Errorf("review messages %q ... %q; want each athlete counted, then the end", got[0].Message, got[n].Message)
	}
	got = call("chart_fitness", map[string]any{}, "chart", 3)
	if len(got) != 3 || got[0].Progress != 0 || got[1].Progress != 1 || got[2].Progress != 2 || got[2].Total != 2 {
		t.Errorf("chart_fitness notifications %+v; want 0, 1 and 2 of 2", got)
	}
}
