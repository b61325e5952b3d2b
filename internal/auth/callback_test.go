package auth_test

import (
	"net/http"
	"strings"
	"testing"
)

func TestALaterReadOnlySignInNarrowingAWriteGrantIsExplained(t *testing.T) {
	e := newEnv(t)
	_, write := e.signIn("intervals:write")
	e.signIn("intervals:read") // Intervals.icu applies this sign-in's scopes to every token of the app
	status, _, body := e.mcpStatus(write.AccessToken, toolCall("add_or_update_event", writeCall))
	if status != http.StatusOK || !strings.Contains(body, `"isError":true`) || !strings.Contains(body, "latest Intervals.icu sign-in") || !strings.Contains(body, "Reconnect") {
		t.Errorf("a write refused by Intervals.icu after a read-only sign-in = %d %s; want the reason and what to do", status, body)
	}
}
