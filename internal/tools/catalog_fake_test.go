package tools

import (
	"context"
	"encoding/json"
	"flag"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

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

func TestToolsAnswerOnTheDemoAthlete(t *testing.T) {
	env, f := demoEnv(t)
	a := demoAthlete(t, f)
	var lastRun, stub string
	for _, act := range a.Activities {
		if act.Type != nil && strings.Contains(*act.Type, "Run") {
			lastRun = *act.Id
		}
	}
	if len(a.StravaStubs) > 0 {
		stub = a.StravaStubs[len(a.StravaStubs)-1]
	}
	cases := []struct{ golden, tool, args string }{
		{"context", "get_athlete_context", `{}`},
		{"activities", "get_activities", `{}`},
		{"activity", "get_activity_details", `{"activity_id":"` + lastRun + `"}`},
		{"activity_strava", "get_activity_details", `{"activity_id":"` + stub + `"}`},
		{"intervals", "get_activity_intervals", `{"activity_id":"` + lastRun + `"}`},
		{"streams", "get_activity_streams", `{"activity_id":"` + lastRun + `","points":30}`},
		{"messages", "get_activity_messages", `{"activity_id":"` + lastRun + `"}`},
		{"power_curves", "get_athlete_power_curves", `{}`},
		{"pace_curves", "get_athlete_power_curves", `{"kind":"pace","period":"1y"}`},
		{"hr_curves", "get_athlete_power_curves", `{"kind":"hr","sport":"Run","oldest":"2026-09-01","newest":"2026-11-30"}`},
		{"wellness", "get_wellness_data", `{}`},
		{"events", "get_events", `{"oldest":"2026-11-24","newest":"2026-12-07"}`},
		{"gear", "get_gear_list", `{}`},
		{"custom_items", "get_custom_items", `{}`},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) {
			toolGolden(t, c.golden, mustCallTool(t, env, c.tool, c.args))
		})
	}
	if w := f.Writes(); len(w) != 0 {
		t.Errorf("read tools wrote to the calendar: %+v", w)
	}
}
