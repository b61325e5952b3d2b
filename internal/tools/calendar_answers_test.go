package tools

import (
	"strings"
	"testing"
)

func TestSessionAnswersKeepToTheBudget(t *testing.T) {
	_, env := demoFake(t)
	env.Budget = 400
	out, err := callTool(t, env, "copy_sessions", map[string]any{"oldest": "2026-12-07", "newest": "2027-01-03", "to_date": "2027-02-01"})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) > 400 || !strings.Contains(out, "more events; get_events shows them all") {
		t.Errorf("want at most 400 characters ending with what was cut, got %d:\n%s", len(out), out)
	}
}
