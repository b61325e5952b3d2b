package tools

import (
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

// apiRefuseRecordedTraining keeps, for api_call_operation, the rule every tool keeps:
// recorded training (an activity, or a session paired with one) is never changed or deleted
// through MCP. Every other operation, creating events included, stays reachable.
func apiRefuseRecordedTraining(op *apiOp) error {
	id := op.op.OperationID
	if tool, ok := apiSessionWrites[id]; ok {
		return manifest.Errorf("%s is not called through this tool: it could change or delete a session paired with a recorded activity, which is never done through MCP; use %s, which keeps done sessions safe", id, tool)
	}
	if op.op.Method != http.MethodGet && strings.HasPrefix(op.op.Path, "/api/v1/activity/") && id != "sendActivityMessage" {
		return manifest.Errorf("%s changes a recorded activity, which is never done through MCP: update_activity changes its name, description, RPE, feel and gear, add_activity_message adds a comment; anything else, do it in Intervals.icu", id)
	}
	return nil
}
