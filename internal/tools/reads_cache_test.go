package tools

import (
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
)

// TestReadsAreKeptAcrossCallsAndOurWritesDropThem: through one client session, what was read a
// moment ago (profile, gear, an activity) is not read again, and every write leaves no
// cached value it changed: the next answer shows the new FTP, weight and RPE.
func TestReadsAreKeptAcrossCallsAndOurWritesDropThem(t *testing.T) {
	f, env := demoFake(t)
	cs := clientSession(t, env)
	ask := func(tool string, args map[string]any) string {
		t.Helper()
		out, isErr := callText(t, cs, tool, args)
		if isErr {
			t.Fatalf("%s: %s", tool, out)
		}
		return out
	}
	count := func(op string) int {
		n := 0
		for _, r := range f.TakeRequests() {
			if r.Operation == op {
				n++
			}
		}
		return n
	}
	ask("get_gear_list", nil)
	f.TakeRequests()
	ask("get_gear_list", nil)
	ask("get_capacities", nil)
	if reqs := f.TakeRequests(); len(reqs) != 3 { // the capacities' wellness and two curves
		t.Errorf("gear and profile read again: %v", reqs)
	}

	if !strings.Contains(ask("get_capacities", nil), "FTP 250 W") {
		t.Fatal("the demo athlete's FTP is not 250 W")
	}
	ask("update_training_zone", map[string]any{"sport": "Ride", "ftp": 265})
	if out := ask("get_capacities", nil); !strings.Contains(out, "FTP 265 W") {
		t.Errorf("after update_training_zone to 265 W, get_capacities says:\n%s", out)
	}

	ask("get_wellness_data", nil)
	ask("log_metrics", map[string]any{"weight": 69.9})
	if out := ask("get_wellness_data", nil); !strings.Contains(out, "69.9") {
		t.Errorf("after log_metrics weight 69.9, get_wellness_data says:\n%s", out)
	}

	run := samples.Values(demoAthlete(t, f))["run"]
	ask("get_activity_details", map[string]any{"activity_id": run})
	f.TakeRequests()
	ask("get_activity_details", map[string]any{"activity_id": run})
	if n := count("getActivity"); n != 0 {
		t.Errorf("the activity read a moment ago was read %d more times", n)
	}
	ask("update_activity", map[string]any{"activity_id": run, "rpe": 9})
	if out := ask("get_activity_details", map[string]any{"activity_id": run}); !strings.Contains(out, "RPE 9/10") {
		t.Errorf("after update_activity rpe 9, get_activity_details says:\n%s", out)
	}
}
