package auth_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
)

func TestNoSecretInLogsOrAnswersAtDebugLevel(t *testing.T) {
	e := newEnv(t)
	client, tok := e.signIn("intervals:write")
	call := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_athlete_context","arguments":{}}}`
	_, _, answer := e.mcpStatus(tok.AccessToken, call)
	bad := `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_activity","arguments":{"activity_id":"i999999999"}}}`
	_, _, badAnswer := e.mcpStatus(tok.AccessToken, bad)
	status, refreshed := e.token(url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tok.RefreshToken}, "client_id": {client}})
	if status != http.StatusOK {
		t.Fatal(status)
	}
	a, err := e.st.Athlete(context.Background(), fakeicu.DemoAthleteID)
	if err != nil {
		t.Fatal(err)
	}
	sealer, _ := auth.NewSealer(e.keys)
	upstream, err := sealer.Open(a.SealedToken, []byte(a.ID))
	if err != nil {
		t.Fatal(err)
	}
	logs := e.logs.String()
	if !strings.Contains(logs, "level=DEBUG") {
		t.Fatal("no debug line was logged: the test would prove nothing")
	}
	for name, secret := range map[string]string{
		"access token": tok.AccessToken, "refresh token": tok.RefreshToken, "rotated access token": refreshed.AccessToken,
		"Intervals.icu token": string(upstream), "client secret": fakeicu.DemoOAuthClientSecret,
	} {
		for where, text := range map[string]string{"log": logs, "answer": answer + badAnswer} {
			if strings.Contains(text, secret) {
				t.Errorf("the %s holds the %s", where, name)
			}
		}
	}
	if strings.Contains(a.SealedToken, string(upstream)) {
		t.Error("the store holds the Intervals.icu token in the clear")
	}
}
