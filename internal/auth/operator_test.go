package auth_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// openStore opens a store for a test: SQLite in a temporary folder, or where says.
func openStore(t *testing.T, where store.Config) *store.DB {
	t.Helper()
	if where.DataDir == "" && where.DatabaseURL == "" {
		where.DataDir = t.TempDir()
	}
	st, err := store.Open(context.Background(), where)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// list is ListPersonalTokens' output at now.
func list(t *testing.T, st store.Store, now time.Time) string {
	t.Helper()
	var b bytes.Buffer
	if err := auth.ListPersonalTokens(context.Background(), st, &b, now); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestParseAccessTakesReadOrWrite(t *testing.T) {
	for word, want := range map[string]struct{ write, ok bool }{
		"read": {false, true}, "write": {true, true}, "admin": {false, false}, "": {false, false}, "Write": {false, false},
	} {
		if write, ok := auth.ParseAccess(word); write != want.write || ok != want.ok {
			t.Errorf("ParseAccess(%q) = %v, %v; want %v, %v", word, write, ok, want.write, want.ok)
		}
	}
}

// TestListPersonalTokensShowsEachColumn: one row per live token, newest first: its id,
// athlete, access word, name, when made, when it expires (never, a time, or expired) and
// when last used (never, or a time), in UTC to the minute; never the token itself.
func TestListPersonalTokensShowsEachColumn(t *testing.T) {
	st := openStore(t, store.Config{})
	if got := list(t, st, time.Now()); got != "no personal tokens (intervals-mcp token create makes one)\n" {
		t.Errorf("an empty store lists %q", got)
	}
	ctx := context.Background()
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	for i, tok := range []store.Token{
		{ID: "old", AthleteID: "i1", Scope: "intervals:read", Name: "laptop", Created: now.Add(-72 * time.Hour), Expires: now.Add(-time.Hour)},
		{ID: "mid", AthleteID: "i2", Scope: "intervals:read intervals:write", Name: "claude-code", Created: now.Add(-48 * time.Hour)},
		{ID: "new", AthleteID: "i1", Scope: "intervals:read", Name: "phone", Created: now.Add(-24 * time.Hour), Expires: now.Add(30 * 24 * time.Hour)},
	} {
		tok.Kind = store.KindPersonal
		if err := st.PutToken(ctx, fmt.Sprintf("imcp_pat_column%d", i), tok); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := st.VerifyToken(ctx, "imcp_pat_column1", now.Add(-time.Hour), store.KindPersonal); err != nil {
		t.Fatal(err)
	}
	want := "ID   ATHLETE  SCOPE  NAME         CREATED            EXPIRES                      LAST USED\n" +
		"new  i1       read   phone        2026-03-09 12:00Z  2026-04-09 12:00Z            never\n" +
		"mid  i2       write  claude-code  2026-03-08 12:00Z  never                        2026-03-10 11:00Z\n" +
		"old  i1       read   laptop       2026-03-07 12:00Z  2026-03-10 11:00Z (expired)  never\n"
	if got := list(t, st, now); got != want {
		t.Errorf("ListPersonalTokens wrote:\n%s\nwant:\n%s", got, want)
	}
}

func TestTokenListEscapesControlAndBidiCharactersOnSQLite(t *testing.T) {
	testTokenListEscapes(t, store.Config{DataDir: t.TempDir()}, true)
}

func TestTokenListEscapesControlAndBidiCharactersOnPostgreSQL(t *testing.T) {
	testTokenListEscapes(t, store.Config{DatabaseURL: testDatabase(t)}, false)
}

// testTokenListEscapes: token names stored before names were checked (or by an older
// version) with a terminal escape, a newline that would forge a row, a tab that would
// shift the columns, and bidi controls that would reorder the row, are listed escaped, one
// row per token, each as it is written. SQLite keeps text that is not UTF-8 too
// (brokenUTF8), PostgreSQL refuses it.
func testTokenListEscapes(t *testing.T, where store.Config, brokenUTF8 bool) {
	st := openStore(t, where)
	names := map[string]string{
		"esc\x1b[2J\x1b]0;owned\x07":                            `esc\x1b[2J\x1b]0;owned\a`,
		"line\nimcp_forged  i100001  write  root":               `line\nimcp_forged  i100001  write  root`,
		"tab\tcolumn\r\u0085":                                   `tab\tcolumn\r\u0085`,
		"bidi\u202egnp.exe\u2066\u2069\u200e\u200f\u061c\u202a": `bidi\u202egnp.exe\u2066\u2069\u200e\u200f\u061c\u202a`,
		"café ✓ Ünïcode":                                        "café ✓ Ünïcode",
	}
	if brokenUTF8 {
		names["broken\xff"] = `broken\xff`
	}
	now := time.Now()
	i := 0
	for name := range names {
		i++
		tok := store.Token{Kind: store.KindPersonal, ID: fmt.Sprintf("tok%d", i), AthleteID: "i100001", Scope: "intervals:read", Name: name, Created: now}
		if err := st.PutToken(context.Background(), fmt.Sprintf("imcp_pat_test%d", i), tok); err != nil {
			t.Fatal(err)
		}
	}
	out := list(t, st, now)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 1+len(names) {
		t.Errorf("the list has %d lines for %d tokens, want one row each:\n%s", len(lines), len(names), out)
	}
	for _, l := range lines {
		for _, c := range l {
			if c < 0x20 || c >= 0x7f && c < 0xa0 || c >= 0x202a && c <= 0x202e || c >= 0x2066 && c <= 0x2069 || c == 0x200e || c == 0x200f || c == 0x061c || c == utf8.RuneError {
				t.Errorf("the list has %U raw in %q", c, l)
			}
		}
	}
	for _, shown := range names {
		found := false
		for _, l := range lines[1:] {
			found = found || strings.Contains(l, "  "+shown+"  ")
		}
		if !found {
			t.Errorf("no row shows the name as %s:\n%s", shown, out)
		}
	}
}

func TestNoticeSaysWhatTheTokenIsNeverItsText(t *testing.T) {
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	p := &auth.PersonalToken{Text: "imcp_pat_secret", Token: store.Token{ID: "abc", AthleteID: "i7", Scope: "intervals:read intervals:write", Expires: now.Add(90 * 24 * time.Hour)}}
	want := "personal token abc for athlete i7, write, expires 2026-06-08 12:00Z: shown once, copy it now; revoke it with intervals-mcp token revoke abc"
	if got := p.Notice(now); got != want {
		t.Errorf("Notice = %q, want %q", got, want)
	}
	p.Scope, p.Expires = "intervals:read", time.Time{}
	if got := p.Notice(now); !strings.Contains(got, ", read, expires never:") || strings.Contains(got, p.Text) {
		t.Errorf("Notice of a read token that never expires = %q", got)
	}
}

// TestCheckSignInRefusesASignInTheKeysCannotOpen: a personal token on a sign-in sealed
// under other keys would be refused at its first request, so it is refused at once; with
// no keys, or no sign-in (NewPersonalToken says that), there is nothing to refuse.
func TestCheckSignInRefusesASignInTheKeysCannotOpen(t *testing.T) {
	st := openStore(t, store.Config{})
	ctx := context.Background()
	mine, _ := auth.NewSealer([][]byte{randomKey()})
	other, _ := auth.NewSealer([][]byte{randomKey()})
	for athlete, sealer := range map[string]*auth.Sealer{"i1": mine, "i2": other} {
		sealed, err := sealer.Seal([]byte("upstream-token"), []byte(athlete))
		if err != nil {
			t.Fatal(err)
		}
		if err := st.PutAthlete(ctx, store.Athlete{ID: athlete, SealedToken: sealed, Updated: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		athlete string
		sealer  *auth.Sealer
		refused bool
	}{{"i1", mine, false}, {"i2", mine, true}, {"i2", nil, false}, {"i9", mine, false}} {
		err := auth.CheckSignIn(ctx, st, c.sealer, c.athlete)
		if refused := err != nil; refused != c.refused || refused && (!strings.Contains(err.Error(), "not under these seal keys") || !strings.Contains(err.Error(), "sign in again")) {
			t.Errorf("CheckSignIn(%s, keys %v) = %v, want refused %v saying to sign in again", c.athlete, c.sealer != nil, err, c.refused)
		}
	}
}

// TestRevokePersonalTokenForgetsTheLastConnection: a token revoked by id stops verifying;
// the same id again is no such token; and the athlete's last token revoked, with the keys,
// deletes their sign-in here and disconnects intervals-mcp at Intervals.icu (the fake).
func TestRevokePersonalTokenForgetsTheLastConnection(t *testing.T) {
	e := newEnv(t)
	e.signInToAccount("") // a sign-in with no connection of its own
	ctx, athlete := context.Background(), fakeicu.DemoAthleteID
	first, err := auth.NewPersonalToken(ctx, e.st, athlete, "first", false, 0, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	last, err := auth.NewPersonalToken(ctx, e.st, athlete, "last", true, 0, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	sealer, _ := auth.NewSealer(e.keys)
	up, _ := demoSignIn(e.fake, e.url)
	r, err := auth.RevokePersonalToken(ctx, e.st, sealer, up, first.ID, time.Now())
	if err != nil || *r != (auth.Revocation{ID: first.ID, AthleteID: athlete}) {
		t.Fatalf("RevokePersonalToken(first) = %+v, %v; want revoked, nothing forgotten", r, err)
	}
	if _, err := e.st.VerifyToken(ctx, first.Text, time.Now(), store.KindPersonal); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the revoked token verifies: %v", err)
	}
	if r, err := auth.RevokePersonalToken(ctx, e.st, sealer, up, first.ID, time.Now()); r != nil || !errors.Is(err, auth.ErrNoSuchToken) || !strings.Contains(err.Error(), "token list") {
		t.Errorf("revoking it again = %+v, %v; want ErrNoSuchToken pointing at token list", r, err)
	}
	upstream := e.upstreamToken(athlete)
	r, err = auth.RevokePersonalToken(ctx, e.st, sealer, up, last.ID, time.Now())
	if err != nil || !r.Forgotten || !r.Disconnected || r.Unkeyed {
		t.Fatalf("RevokePersonalToken(last) = %+v, %v; want forgotten and disconnected", r, err)
	}
	e.forgotten(athlete, upstream)
}

func TestRevocationReportSaysWhatWasDone(t *testing.T) {
	const revoked = "revoked personal token t1: its next request is refused\n"
	const last = "it was athlete i7's last connection: their Intervals.icu token is deleted"
	for _, c := range []struct {
		r    auth.Revocation
		demo bool
		want string
	}{
		{auth.Revocation{}, false, revoked},
		{auth.Revocation{Forgotten: true}, true, revoked + last + " (the demo's Intervals.icu is its built-in fake: nothing to disconnect)\n"},
		{auth.Revocation{Forgotten: true, Disconnected: true}, false, revoked + last + " and the server disconnected from their Intervals.icu account\n"},
		{auth.Revocation{Forgotten: true, Unkeyed: true}, false, revoked + last + "; not disconnected at Intervals.icu (no seal key: give MCP_SEAL_KEYS or --seal-key-file, as to serve, for that)\n"},
		{auth.Revocation{Forgotten: true}, false, revoked + last + "; disconnecting at Intervals.icu failed (they can remove the app in their Intervals.icu settings)\n"},
	} {
		c.r.ID, c.r.AthleteID = "t1", "i7"
		if got := c.r.Report(c.demo); got != c.want {
			t.Errorf("Report(%+v, demo %v) =\n%s\nwant\n%s", c.r, c.demo, got, c.want)
		}
	}
}
