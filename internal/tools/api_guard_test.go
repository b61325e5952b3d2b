package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func TestAPICallNeverTouchesRecordedTraining(t *testing.T) {
	rec, env := apiRecorderEnv(t, "0")
	call := toolNamed(t, "api_call_operation")
	for args, tool := range map[string]string{
		`{"operation":"deleteActivity","params":{"id":"i55"}}`:                                 "update_activity",
		`{"operation":"updateActivityStreams","params":{"id":"i55"},"body":{}}`:                "update_activity",
		`{"operation":"deleteEvent","params":{"eventId":7}}`:                                   "delete_event",
		`{"operation":"deleteEvents","params":{"oldest":"2026-01-01","category":["WORKOUT"]}}`: "delete_events_by_date_range",
		`{"operation":"updateEvent","params":{"eventId":7},"body":{"name":"x"}}`:               "update_session",
	} {
		_, err := call.Run(context.Background(), env, json.RawMessage(args))
		if err == nil || !strings.Contains(err.Error(), tool) {
			t.Errorf("%s: want a refusal naming %s, got %v", args, tool, err)
		}
	}
	if len(rec.reqs) != 0 {
		t.Errorf("refused calls sent requests: %v", rec.reqs)
	}
	// Creating a session and commenting on an activity stay reachable.
	for _, args := range []string{
		`{"operation":"createEvent","params":{"upsertOnUid":false},"body":{"category":"NOTE","start_date_local":"2026-12-03T00:00:00","name":"n"}}`,
		`{"operation":"sendActivityMessage","params":{"id":"i55"},"body":{"content":"well done"}}`,
	} {
		if _, err := call.Run(context.Background(), env, json.RawMessage(args)); err != nil {
			t.Errorf("%s: %v", args, err)
		}
	}
}
