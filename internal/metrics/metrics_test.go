package metrics

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestWriteHasEveryKnownSeriesFromTheStart: before anything is counted, the counters of
// every known outcome and the budget's wait histogram are written at 0, with their types;
// a tool call then shows in its counter and histogram.
func TestWriteHasEveryKnownSeriesFromTheStart(t *testing.T) {
	var b bytes.Buffer
	Write(&b)
	for _, want := range []string{
		`intervals_mcp_journal_events_total{event="recovered"} 0`,
		`intervals_mcp_sign_ins_total{purpose="mcp",outcome="denied"} 0`,
		`intervals_mcp_token_verifications_total{kind="oauth",outcome="error"} 0`,
		`intervals_mcp_budget_waits_total{outcome="refused"} 0`,
		`intervals_mcp_budget_wait_seconds_bucket{le="+Inf"} 0`,
		`# TYPE intervals_mcp_budget_wait_seconds histogram`,
	} {
		if !strings.Contains(b.String(), "\n"+want) {
			t.Errorf("no %s in:\n%s", want, b.String())
		}
	}
	ToolCall(`a"tool`, OK, 30*time.Millisecond)
	b.Reset()
	Write(&b)
	for _, want := range []string{`intervals_mcp_tool_calls_total{tool="a\"tool",outcome="ok"} 1`, `intervals_mcp_tool_call_duration_seconds_bucket{tool="a\"tool",le="0.05"} 1`} {
		if !strings.Contains(b.String(), "\n"+want) {
			t.Errorf("no %s", want)
		}
	}
}
