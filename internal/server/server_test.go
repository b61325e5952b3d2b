package server

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestListToolsCarriesSchemaAndAnnotations(t *testing.T) {
	cs := connect(t, Options{Tools: testTools(), Filter: allOn()}, nil)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Tools) != len(testTools()) {
		t.Fatalf("got %d tools", len(res.Tools))
	}
	for _, tl := range res.Tools {
		a := tl.Annotations
		if a == nil || (a.DestructiveHint == nil) != a.ReadOnlyHint || a.OpenWorldHint != nil && !*a.OpenWorldHint || tl.Title == "" {
			t.Errorf("%s: annotations or title missing: %+v", tl.Name, a)
		}
		s, _ := tl.InputSchema.(map[string]any)
		if s["type"] != "object" {
			t.Errorf("%s: schema %v", tl.Name, tl.InputSchema)
		}
	}
	wipe := res.Tools[slices.IndexFunc(res.Tools, func(t *mcp.Tool) bool { return t.Name == "wipe" })]
	if !*wipe.Annotations.DestructiveHint || wipe.Annotations.ReadOnlyHint {
		t.Errorf("destructive tool annotated %+v", wipe.Annotations)
	}
}

func TestInstructionsSayCallContextFirst(t *testing.T) {
	cs := connect(t, Options{Tools: testTools()}, nil)
	got := cs.InitializeResult().Instructions
	if !strings.Contains(got, "get_athlete_context first") || strings.Contains(got, "Coach mode") {
		t.Errorf("instructions: %q", got)
	}
	cs = connect(t, Options{Tools: testTools(), Filter: allOn()}, nil)
	if got := cs.InitializeResult().Instructions; !strings.Contains(got, "Coach mode: every tool takes athlete") {
		t.Errorf("coach instructions: %q", got)
	}
}

func TestReadOnlyHidesWriteAndDestructiveTools(t *testing.T) {
	cs := connect(t, Options{Tools: testTools(), Filter: manifest.Filter{Toolsets: manifest.AllToolsets, ReadOnly: true}}, nil)
	names := listNames(t, cs)
	if slices.Contains(names, "plan") || slices.Contains(names, "wipe") || !slices.Contains(names, "echo") {
		t.Errorf("read-only lists %v", names)
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "wipe", Arguments: map[string]any{}})
	if err == nil && !res.IsError {
		t.Error("a hidden write tool must not be callable")
	}
}

func TestToolsetsFilter(t *testing.T) {
	cs := connect(t, Options{Tools: testTools(), Filter: manifest.Filter{Toolsets: []manifest.Toolset{manifest.Wellness}}}, nil)
	if got := listNames(t, cs); !slices.Equal(got, []string{"boom", "fail"}) {
		t.Errorf("wellness only: %v", got)
	}
}

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

// TestConfirmAsksThroughElicitation covers both ways go-sdk asks: an input-required result
// the client answers (2026-07-28), and an elicitation/create request (2025-11-25, which the
// TypeScript SDK and today's desktop clients speak).
func TestConfirmAsksThroughElicitation(t *testing.T) {
	for _, c := range []struct{ version, answer string }{{"", "accept"}, {"", "decline"}, {"2025-11-25", "accept"}, {"2025-06-18", "decline"}} {
		answer := c.answer
		var asked []string
		cs := connectVersion(t, Options{Tools: testTools(), Filter: allOn()}, &mcp.ClientOptions{
			ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
				asked = append(asked, req.Params.Message)
				return &mcp.ElicitResult{Action: answer, Content: map[string]any{"confirm": answer == "accept"}}, nil
			},
		}, c.version)
		text, isErr := call(t, cs, "wipe", nil)
		want := map[string]string{"accept": "ok=true asked=true", "decline": "ok=false asked=true"}[answer]
		if isErr || text != want || !slices.Equal(asked, []string{"Delete 3 sessions?"}) {
			t.Errorf("%s %s: %q (isError %v), asked %q", c.version, answer, text, isErr, asked)
		}
	}
}

func TestConfirmWithoutElicitationDoesNotAsk(t *testing.T) {
	cs := connect(t, Options{Tools: testTools(), Filter: allOn()}, nil)
	if text, isErr := call(t, cs, "wipe", nil); isErr || text != "ok=false asked=false" {
		t.Errorf("got %q", text)
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
