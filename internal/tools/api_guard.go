package tools

import (
	"cmp"
	"net/http"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// apiSessionWrites are the operations that change or delete calendar events in place, in
// bulk or by range, with no way to see first whether a session is paired with a recorded
// activity. The calendar tools do each of these jobs under the rule (they read the sessions
// first and refuse the paired ones), so api_call_operation sends the model to them.
var apiSessionWrites = map[string]string{
	"deleteEvent":      "delete_event",
	"deleteEventsBulk": "delete_event (with event_ids)",
	"deleteEvents":     "delete_events_by_date_range",
	"updateEvent":      "add_or_update_event or update_session",
	"updateEvents":     "move_sessions or update_session",
	"markEventAsDone":  "add_or_update_event",
}

// apiGuard refuses, for api_call_operation, what the api tools never do: a write or delete
// outside training data (apiClasses), naming the tool that does it where one exists, and an
// operation the table does not class; then, for training data, what the rule every tool
// keeps refuses: recorded training (an activity, or a session paired with one) is never
// changed or deleted through MCP. Every other operation, creating events included, stays
// reachable.
func apiGuard(op *apiOp) error {
	id := op.op.OperationID
	c, ok := apiClasses()[id]
	if !ok {
		return manifest.Errorf("%s is not called through this tool: the api tools reach training data only, and this operation is not classed yet; do it in Intervals.icu", id)
	}
	if c.write && c.domain != apiTraining {
		hint := "do it in Intervals.icu"
		if tool := cmp.Or(apiAccountTools[id], apiAccountTools[c.domain]); tool != "" {
			hint += "; " + tool
		}
		return manifest.Errorf("%s is refused: it changes %s, and the api tools change training data only (activities, calendar, wellness): %s", id, apiDomainNames[c.domain], hint)
	}
	if tool, ok := apiSessionWrites[id]; ok {
		return manifest.Errorf("%s is not called through this tool: it could change or delete a session paired with a recorded activity, which is never done through MCP; use %s, which keeps done sessions safe", id, tool)
	}
	if op.op.Method != http.MethodGet && strings.HasPrefix(op.op.Path, "/api/v1/activity/") && id != "sendActivityMessage" {
		return manifest.Errorf("%s changes a recorded activity, which is never done through MCP: update_activity changes its name, description, RPE, feel and gear, add_activity_message adds a comment; anything else, do it in Intervals.icu", id)
	}
	return nil
}
