package tools

import (
	"strings"
	"testing"
)

// An id goes into the path of a request: one that is not of Intervals.icu's form is refused
// before any request, so that nothing the model sends can change the path (".." once sent
// GET /api/v1/, "." POST /api/v1/activity/messages).
func TestIDsThatCouldChangeThePathAreRefusedBeforeAnyRequest(t *testing.T) {
	f, env := demoFake(t)
	bad := []string{"..", ".", "../../athlete/0", "i1/../2", "%2e%2e", "i12?x=1", "i12#f", " ", "i", "i-1", "1e5", "i１２"}
	tools := map[string]string{
		"get_activity_details":   `{"activity_id":%s}`,
		"get_activity_intervals": `{"activity_id":%s}`,
		"get_activity_streams":   `{"activity_id":%s}`,
		"get_activity_messages":  `{"activity_id":%s}`,
		"add_activity_message":   `{"activity_id":%s,"content":"hi"}`,
		"update_activity":        `{"activity_id":%s,"rpe":5}`,
		"api_call_operation":     `{"operation":"getActivity","params":{"id":%s}}`,
	}
	for tool, form := range tools {
		for i, id := range bad {
			if tool == "api_call_operation" && i >= 8 {
				break // the generic tool checks only what could change the path
			}
			f.TakeRequests()
			args := strings.Replace(form, "%s", jsonText(id), 1)
			_, err := callTool(t, env, tool, args)
			if err == nil {
				t.Errorf("%s %s: no error", tool, args)
			}
			for _, r := range f.TakeRequests() {
				if r.Operation != "getAthlete" {
					t.Errorf("%s %s: sent %s %s", tool, args, r.Method, r.Path)
				}
			}
		}
	}
}
