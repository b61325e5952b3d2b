package tools

import (
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
)

func TestActivityCommentIsAdded(t *testing.T) {
	f, env := demoFake(t)
	a := demoAthlete(t, f)
	id := *a.Activities[len(a.Activities)-1].Id
	if out := mustCallTool(t, env, "add_activity_message", `{"activity_id":"`+id+`","content":"Nice negative split"}`); !strings.HasPrefix(out, "Comment added to activity "+id) {
		t.Errorf("answer: %s", out)
	}
	if out := mustCallTool(t, env, "get_activity_messages", `{"activity_id":"`+id+`"}`); !strings.Contains(out, "Nice negative split") {
		t.Errorf("the comment should be listed:\n%s", out)
	}
	// A comment Intervals.icu accepted (2xx) is added even when its answer cannot be read:
	// saying "try again" would post it twice.
	f.Inject(fakeicu.Fault{Kind: fakeicu.FaultBadJSON, Operation: "sendActivityMessage", Count: 1})
	if out, err := callTool(t, env, "add_activity_message", `{"activity_id":"`+id+`","content":"Second comment"}`); err != nil || !strings.HasPrefix(out, "Comment added to activity "+id) {
		t.Errorf("with an unreadable answer: %v %s", err, out)
	}
}
