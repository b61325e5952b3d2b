package auth_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
)

func TestAPersonalTokenCallsMCP(t *testing.T) {
	e := newEnv(t)
	e.signIn("intervals:read") // the athlete signs in once
	p, err := auth.NewPersonalToken(context.Background(), e.st, fakeicu.DemoAthleteID, "laptop", false, 30*24*time.Hour, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(p.Text, auth.PrefixPersonal) {
		t.Errorf("personal token %q lacks the prefix", p.Text[:12])
	}
	call := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add_or_update_event","arguments":` + writeCall + `}}`
	if status, _, _ := e.mcpStatus(p.Text, call); status != http.StatusForbidden {
		t.Errorf("a read personal token calling a write tool = %d, want 403", status)
	}
	if _, err := auth.NewPersonalToken(context.Background(), e.st, "i424242", "x", false, 0, time.Now()); err == nil {
		t.Error("a personal token for an athlete who never signed in was made")
	}
	for _, s := range []string{"30d", "90d", "365d", "never"} {
		if _, err := auth.ParseExpiry(s); err != nil {
			t.Errorf("ParseExpiry(%q): %v", s, err)
		}
	}
	if _, err := auth.ParseExpiry("7d"); err == nil {
		t.Error("ParseExpiry(7d) succeeded")
	}
}

func TestPersonalTokenExpiryAndRevocationReachASecondReplica(t *testing.T) {
	db := testDatabase(t)
	c := &clock{t: time.Now()}
	keys := [][]byte{randomKey()}
	fake := fakeicu.New(fakeicu.Options{})
	cfg := envConfig{databaseURL: db, fake: fake, keys: keys, opts: func(o *auth.Options) { o.Now = c.now }}
	a, b := newEnv(t, cfg), newEnv(t, cfg)
	a.signIn("intervals:read")
	ctx := context.Background()
	short, err := auth.NewPersonalToken(ctx, a.st, fakeicu.DemoAthleteID, "short", false, 30*24*time.Hour, c.now())
	if err != nil {
		t.Fatal(err)
	}
	forever, err := auth.NewPersonalToken(ctx, a.st, fakeicu.DemoAthleteID, "forever", true, 0, c.now())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []*auth.PersonalToken{short, forever} {
		if s, _, body := b.mcpStatus(p.Text, initialize); s != http.StatusOK {
			t.Fatalf("%s on the second replica = %d %s", p.Name, s, body)
		}
	}
	if _, err := a.st.RevokeTokenID(ctx, forever.ID, "", c.now()); err != nil {
		t.Fatal(err)
	}
	if s, challenge, _ := b.mcpStatus(forever.Text, initialize); s != http.StatusUnauthorized || !strings.Contains(challenge, "the personal token was revoked: create a new one at /account") {
		t.Errorf("a token revoked on the first replica answers %d %q on the second, want 401 saying it was revoked", s, challenge)
	}
	c.advance(31 * 24 * time.Hour)
	if s, challenge, _ := b.mcpStatus(short.Text, initialize); s != http.StatusUnauthorized || !strings.Contains(challenge, "the personal token has expired: create a new one at /account") {
		t.Errorf("a 30-day token after 31 days answers %d %q, want 401 saying it expired", s, challenge)
	}
}
