package auth_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
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

// TestRevocationReachesAnotherReplicaAtItsNextRequest: replica b keeps the tokens it has
// verified, and serves a known token's next request with one store read (the revocation
// signal) and no write; a token revoked on replica a, through /revoke or the account page,
// is refused at b's next request all the same.
func TestRevocationReachesAnotherReplicaAtItsNextRequest(t *testing.T) {
	db := testDatabase(t)
	fake, keys := fakeicu.New(fakeicu.Options{}), [][]byte{randomKey()}
	a, b := newEnv(t, envConfig{databaseURL: db, fake: fake, keys: keys}), newEnv(t, envConfig{databaseURL: db, fake: fake, keys: keys})
	statements := b.st.(interface{ Statements() store.Statements }).Statements
	client, first := a.signIn("intervals:read")
	_, second := a.signIn("intervals:read")
	for _, tok := range []tokens{first, second} {
		if s, _, body := b.mcpStatus(tok.AccessToken, initialize); s != http.StatusOK {
			t.Fatalf("a token on the other replica = %d %s", s, body)
		}
	}
	before := statements()
	if s, _, body := b.mcpStatus(first.AccessToken, initialize); s != http.StatusOK {
		t.Fatalf("a token's second request = %d %s", s, body)
	}
	if got := statements(); got.Reads-before.Reads != 1 || got.Writes != before.Writes {
		t.Errorf("a verified token's next request made %d reads and %d writes, want 1 read (the signal) and none",
			got.Reads-before.Reads, got.Writes-before.Writes)
	}
	resp, err := http.PostForm(a.url+"/revoke", url.Values{"token": {first.RefreshToken}, "client_id": {client}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if s, _, _ := b.mcpStatus(first.AccessToken, initialize); s != http.StatusUnauthorized {
		t.Errorf("a token revoked through /revoke on one replica answers %d on the other, want 401", s)
	}
	grants, err := a.st.Grants(context.Background(), fakeicu.DemoAthleteID, time.Now())
	if err != nil || len(grants) != 1 {
		t.Fatalf("the connections left: %+v %v", grants, err)
	}
	if err := a.st.RevokeGrant(context.Background(), grants[0].ID, fakeicu.DemoAthleteID, time.Now()); err != nil {
		t.Fatal(err)
	}
	if s, _, _ := b.mcpStatus(second.AccessToken, initialize); s != http.StatusUnauthorized {
		t.Errorf("a connection revoked on the account page of one replica answers %d on the other, want 401", s)
	}
}

// TestRefusedBearerSaysRevokedOrExpired (issue 38): a revoked token and an expired one both
// answered "expired, revoked or not from this server", so a client could not tell whether
// to refresh or to ask its user to sign in again. The holder of a token the server knows is
// told which, in the 401's error_description and in the log (never the token); a guessed
// token still learns nothing.
func TestRefusedBearerSaysRevokedOrExpired(t *testing.T) {
	c := &clock{t: time.Now()}
	e := newEnv(t, envConfig{opts: func(o *auth.Options) { o.Now = c.now }})
	_, expiring := e.signIn("intervals:read")
	client, revoked := e.signIn("intervals:read")
	resp, err := http.PostForm(e.url+"/revoke", url.Values{"token": {revoked.RefreshToken}, "client_id": {client}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	c.advance(2 * time.Hour) // past the access token's lifetime (an hour)
	for _, k := range []struct{ name, token, want string }{
		{"expired", expiring.AccessToken, `error_description="the access token has expired: refresh it with the refresh token at /token"`},
		{"revoked", revoked.AccessToken, `error_description="the access token was revoked (its connection was ended): connect again and sign in"`},
		{"unknown", "imcp_at_" + strings.Repeat("A", 43), "expired, revoked or not from this server"},
	} {
		s, challenge, _ := e.mcpStatus(k.token, initialize)
		if s != http.StatusUnauthorized || !strings.Contains(challenge, `Bearer error="invalid_token"`) || !strings.Contains(challenge, k.want) {
			t.Errorf("%s token: %d %q; want 401 invalid_token with %s", k.name, s, challenge, k.want)
		}
	}
	logs := e.logs.String()
	for _, want := range []string{`said="the access token has expired`, `said="the access token was revoked`} {
		if !strings.Contains(logs, want) {
			t.Errorf("the log lacks %s:\n%s", want, logs)
		}
	}
	for _, secret := range []string{expiring.AccessToken, revoked.AccessToken} {
		if strings.Contains(logs, secret) {
			t.Error("the log holds a refused token")
		}
	}
}
