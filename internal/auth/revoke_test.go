package auth_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
)

func TestRevokeEndpointStopsTheNextRequest(t *testing.T) {
	e := newEnv(t)
	client, tok := e.signIn("intervals:read")
	upstream := e.upstreamToken(fakeicu.DemoAthleteID)
	resp, err := http.PostForm(e.url+"/revoke", url.Values{"token": {tok.RefreshToken}, "client_id": {client}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("/revoke = %d", resp.StatusCode)
	}
	if s, _, _ := e.mcpStatus(tok.AccessToken, initialize); s != http.StatusUnauthorized {
		t.Errorf("after /revoke of the refresh token, the access token answers %d, want 401", s)
	}
	e.forgotten(fakeicu.DemoAthleteID, upstream) // it was their only connection
	resp, _ = http.PostForm(e.url+"/revoke", url.Values{"token": {"imcp_rt_unknown"}, "client_id": {client}})
	if resp.StatusCode != http.StatusOK {
		t.Errorf("/revoke of an unknown token = %d, want 200 (RFC 7009)", resp.StatusCode)
	}
}
