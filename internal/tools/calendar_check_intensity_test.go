package tools

import (
	"fmt"
	"strings"
	"testing"
)

// The plan's threshold share is warned when it is more than 10 points above both the demo's
// last 8 weeks (81/16/4%, pyramidal) and pyramidal's 20%: three rides of 1:40:00, 31 minutes
// each at 95% FTP (zone 4, between the thresholds) is 31%, warned; 30 minutes is 30%, not.
// A plan that names its model (a week "polarized") is held to that model's share instead. A
// write that leaves the share as it was says it once, as context, through an MCP session.
func TestIntensityDistributionThroughAnMCPSession(t *testing.T) {
	_, env := demoFake(t)
	cs := clientSession(t, env)
	call := func(args map[string]any) string {
		t.Helper()
		out, isErr := callText(t, cs, "plan_sessions", args)
		if isErr {
			t.Fatalf("plan_sessions %v: %s", args, out)
		}
		return out
	}
	ride := func(date string, mins int) map[string]any {
		return map[string]any{"date": date, "sport": "Ride", "name": "Threshold", "steps": []map[string]any{
			{"duration": "20:00", "target": "60% FTP"}, {"duration": fmt.Sprintf("%d:00", mins), "target": "95% FTP"},
			{"duration": fmt.Sprintf("%d:00", 80-mins), "target": "60% FTP"}}}
	}
	plan := func(mins int, dates ...string) map[string]any {
		var ss []map[string]any
		for _, d := range dates {
			ss = append(ss, ride(d, mins))
		}
		return map[string]any{"plan": "Mix", "sessions": ss}
	}
	week := []string{"2027-01-12", "2027-01-14", "2027-01-16"}
	under := plan(30, week...)
	under["check_only"] = true
	if out := call(under); strings.Contains(out, "threshold share") {
		t.Errorf("a threshold share of 30%% is warned:\n%s", out)
	}
	over := plan(31, week...)
	containsAll(t, call(over), "- Week of Mon 2027-01-11: threshold share 31% of the plan's 5:00:00 a week in zones over 1 week(s) (69/31/0%, pyramidal), against 16% in the last 8 weeks (81/16/4%, pyramidal) and 20% of pyramidal; over 10 points above both")
	// A plan that names its model is held to it: 27% is within pyramidal's 20% + 10, not
	// within polarized's 5% + 10 (the recent weeks' 16% + 10 then binds).
	mid := plan(27, "2027-01-19", "2027-01-21", "2027-01-23")
	mid["check_only"] = true
	if out := call(mid); strings.Contains(out, "threshold share") {
		t.Errorf("a threshold share of 27%% is warned of a plan that names no model:\n%s", out)
	}
	mid["weeks"] = map[string]any{"2027-01-18": "build polarized"}
	containsAll(t, call(mid), "- Week of Mon 2027-01-18: threshold share 27% of the plan's 5:00:00 a week in zones over 1 week(s) (73/27/0%, pyramidal), against 16% in the last 8 weeks (81/16/4%, pyramidal) and 5% of polarized, the plan's model; over 10 points above both")
	// A fourth ride of the same mix: the share is what it was, said once as context.
	out := call(plan(31, append(week, "2027-01-17")...))
	containsAll(t, out, "Already so without this write, not made worse by it (", "threshold share 31% (31% without this write)")
	if strings.Contains(out, "- Week of Mon 2027-01-11: threshold share") {
		t.Errorf("a threshold share the write does not change is warned:\n%s", out)
	}
}
