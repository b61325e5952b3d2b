package tools

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestPromptsRefuseMissingArguments(t *testing.T) {
	for _, p := range Prompts(true)[:2] {
		if _, err := p.Render(map[string]string{}); err == nil {
			t.Errorf("%s without arguments: want an error that says what is missing", p.Name)
		}
	}
	text, err := Prompts(true)[0].Render(map[string]string{"goal": "marathon on 2027-03-14", "weeks": "12", "sessions_per_week": "5", "long_day": "Sunday"})
	if err != nil {
		t.Fatal(err)
	}
	containsAll(t, text, "12-week", "5 sessions a week (60 in all)", "long session on Sunday", "plan_sessions", "create_period")
	if _, err := Prompts(true)[0].Render(map[string]string{"goal": "x", "weeks": "twelve", "sessions_per_week": "5"}); err == nil {
		t.Error("weeks=twelve: want an error")
	}
	text, err = Prompts(true)[1].Render(map[string]string{"since": "2026-11-28", "athlete": "i100002"})
	if err != nil {
		t.Fatal(err)
	}
	containsAll(t, text, `pass athlete="i100002" to every tool call`, "since 2026-11-28", "How it feels now: not said")
}

func TestWeeklyReviewAndRaceReadinessPrompts(t *testing.T) {
	ps := Prompts(true)[2:]
	if len(ps) != 2 || ps[0].Name != "weekly_review" || ps[1].Name != "race_readiness" {
		t.Fatalf("prompts: %+v", ps)
	}
	text, err := ps[0].Render(map[string]string{"week": "2026-11-26", "athlete": "i100002"})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"the week Mon 2026-11-23 to Sun 2026-11-29", `athlete="i100002"`, "get_training_load with weeks=3"} {
		if !strings.Contains(text, w) {
			t.Errorf("weekly review lacks %q:\n%s", w, text)
		}
	}
	text, err = ps[1].Render(map[string]string{"race": "10 km on 2026-12-12"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "ready for 10 km on 2026-12-12") || strings.Contains(text, "athlete=") || !strings.Contains(text, "in % of fitness: A +5% to +25%, B 0% to +15%, C -10% to +10%.") {
		t.Errorf("race readiness:\n%s", text)
	}
	if _, err := ps[0].Render(map[string]string{"week": "last"}); err == nil {
		t.Error("a bad week should be refused")
	}
	if _, err := ps[1].Render(map[string]string{"athlete": "Léa Martin"}); err == nil {
		t.Error("an athlete name instead of an id should be refused")
	}
}

// toolWord finds the name of a reading tool (get_events, list_athletes ...) in a prompt.
var toolWord = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(get|list)_[a-z_]+[a-z]`) })

// TestPromptsNameRealTools keeps the prompts in step with the catalog: every tool a prompt
// tells the model to call exists.
func TestPromptsNameRealTools(t *testing.T) {
	mine := map[string]bool{}
	for _, tool := range All() {
		mine[tool.Name] = true
	}
	for _, p := range Prompts(true)[2:] {
		text, err := p.Render(map[string]string{})
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range toolWord().FindAllString(text, -1) {
			if !mine[w] {
				t.Errorf("%s names %s, which is not a tool", p.Name, w)
			}
		}
	}
}

// Outside coach mode no prompt offers an athlete, nor tells the model to pass one (the tools
// would refuse it); in coach mode every prompt offers it. As a client lists them.
func TestPromptsOfferTheAthleteInCoachModeOnly(t *testing.T) {
	_, env := demoFake(t)
	for _, coach := range []bool{false, true} {
		f := manifest.Filter{Toolsets: manifest.DefaultToolsets}
		if coach {
			f.Toolsets = append([]manifest.Toolset{manifest.Coach}, f.Toolsets...)
		}
		cs := sessionWith(t, env, f, nil, "")
		res, err := cs.ListPrompts(context.Background(), nil)
		if err != nil || len(res.Prompts) != 4 {
			t.Fatalf("prompts (coach %v): %v %+v", coach, err, res)
		}
		for _, p := range res.Prompts {
			offers := slices.ContainsFunc(p.Arguments, func(a *mcp.PromptArgument) bool { return a.Name == "athlete" })
			if offers != coach {
				t.Errorf("%s (coach mode %v) offers athlete: %v", p.Name, coach, offers)
			}
		}
	}
	for _, p := range Prompts(false) {
		args := map[string]string{"goal": "marathon on 2027-03-14", "weeks": "12", "sessions_per_week": "5", "since": "2026-11-28"}
		text, err := p.Render(args)
		if err != nil || strings.Contains(text, "athlete=") {
			t.Errorf("%s outside coach mode: %v\n%s", p.Name, err, text)
		}
		args["athlete"] = "i100002"
		if _, err := p.Render(args); err == nil || !strings.Contains(err.Error(), "athlete is for coaches") {
			t.Errorf("%s outside coach mode with an athlete: %v", p.Name, err)
		}
	}
}
