package tools

import (
	"strings"
	"testing"
)

// The answers are dated in Sydney, where it is already 1 December at samples.Now (30 November UTC).
func TestAnswersUseTheAthletesLocalDate(t *testing.T) {
	_, env := demoFake(t)
	if out := mustCallTool(t, env, "get_athlete_context", `{}`); !strings.HasPrefix(out, "Today: Tue 2026-12-01") {
		t.Errorf("context should start with Sydney's today: %q", out[:60])
	}
	if out := mustCallTool(t, env, "get_activities", `{}`); !strings.Contains(out, "..2026-12-01 ") {
		t.Errorf("the default range should end on Sydney's today: %q", strings.SplitN(out, "\n", 2)[0])
	}
	if out := mustCallTool(t, env, "get_events", `{}`); !strings.Contains(out, "2026-12-01..2026-12-07") {
		t.Errorf("events default to today..today+6 in Sydney: %q", strings.SplitN(out, "\n", 2)[0])
	}
}
