package tools

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// TestEveryReadAnswerKeepsToTheBudget calls every read tool on the fake's athlete, over
// wide ranges, at small budgets: no answer may be longer than the budget.
func TestEveryReadAnswerKeepsToTheBudget(t *testing.T) {
	f, c, _ := startFake(t, ciFakeNow)
	a := f.World().Athletes[0]
	act := ""
	for _, x := range a.Activities {
		if x.Source == nil || *x.Source != "STRAVA" {
			act = *x.Id
		}
	}
	if act == "" || len(a.Events) == 0 || len(a.CustomItems) == 0 {
		t.Fatal("the fake athlete lacks an activity, an event or a custom item")
	}
	calls := map[string]string{
		"get_activities":         `{"oldest":"2026-01-01","newest":"2026-11-30"}`,
		"get_activity_details":   `{"activity_id":"` + act + `"}`,
		"get_activity_intervals": `{"activity_id":"` + act + `"}`,
		"get_activity_streams":   `{"activity_id":"` + act + `"}`,
		"get_activity_messages":  `{"activity_id":"` + act + `"}`,
		"get_events":             `{"oldest":"2026-10-01","newest":"2026-12-30"}`,
		"get_event_by_id":        `{"event_id":` + strconv.Itoa(int(*a.Events[0].Id)) + `}`,
		"get_custom_item_by_id":  `{"item_id":` + strconv.Itoa(int(*a.CustomItems[0].Id)) + `}`,
		"get_wellness_data":      `{"oldest":"2026-06-01","newest":"2026-11-30"}`,
		"get_training_load":      `{"weeks":12,"days":60}`,
		"get_training_volume":    `{"weeks":20}`,
		"api_describe_operation": `{"operation":"updateSettings"}`,
		"api_call_operation":     `{"operation":"listActivities","params":{"oldest":"2026-01-01"}}`,
	}
	for _, budget := range []int{300, 800} {
		for _, tool := range All() {
			if tool.Access != manifest.Read {
				continue
			}
			args, ok := calls[tool.Name]
			if !ok {
				args = `{}`
			}
			env := ciFakeEnv(c, "0")
			env.Budget = budget
			out, err := tool.Run(context.Background(), env, json.RawMessage(args))
			if err != nil {
				t.Errorf("%s %s: %v", tool.Name, args, err)
				continue
			}
			if n := len([]rune(out)); n > budget {
				t.Errorf("%s at a budget of %d: %d characters:\n%s", tool.Name, budget, n, out)
			}
		}
	}
}
