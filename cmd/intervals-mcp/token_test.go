package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/fakeicutest"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// signedIn opens the store the token command will use (where) and records a sign-in of
// athlete, as the server's Intervals.icu callback does.
func signedIn(t *testing.T, where store.Config, athlete string) {
	t.Helper()
	st, err := store.Open(context.Background(), where)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.PutAthlete(context.Background(), store.Athlete{ID: athlete, Name: "Alex Demo", SealedToken: "v1.00000000.sealed", UpstreamScope: "ACTIVITY:WRITE", Updated: time.Now()}); err != nil {
		t.Fatal(err)
	}
}

// verify reports the live personal token text stands for, or the store's error.
func verify(t *testing.T, where store.Config, text string) (*store.Token, error) {
	t.Helper()
	st, err := store.Open(context.Background(), where)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	return st.VerifyToken(context.Background(), text, time.Now(), store.KindPersonal)
}

func TestTokenCreateListRevokeOnSQLite(t *testing.T) {
	dir := t.TempDir()
	testTokenLifecycle(t, store.Config{DataDir: dir}, "--data-dir", dir)
}

func TestTokenCreateListRevokeOnPostgreSQL(t *testing.T) {
	url := testDatabase(t)
	testTokenLifecycle(t, store.Config{DatabaseURL: url}, "--database-url", url)
}

// testTokenLifecycle creates a read token and a write token with the binary, lists them,
// uses one, and revokes it: the next verification fails, the other token still works.
func testTokenLifecycle(t *testing.T, where store.Config, storeFlag ...string) {
	signedIn(t, where, "i100001")
	run := func(args ...string) result {
		t.Helper()
		return runBin(t, nil, append(append([]string{"token"}, args...), storeFlag...)...)
	}
	r := run("create", "--athlete", "i100001", "--scope", "read", "--expires", "30d", "--name", "laptop")
	read := strings.TrimSpace(r.stdout)
	if r.code != 0 || !regexp.MustCompile(`^imcp_pat_\S+$`).MatchString(read) || !strings.Contains(r.stderr, "shown once") {
		t.Fatalf("create = %+v, want the token alone on stdout", r)
	}
	r = run("create", "--athlete", "i100001", "--scope", "write", "--expires", "never")
	write := strings.TrimSpace(r.stdout)
	if r.code != 0 || !strings.HasPrefix(write, "imcp_pat_") || write == read {
		t.Fatalf("second create = %+v", r)
	}
	tok, err := verify(t, where, read)
	if err != nil || tok.AthleteID != "i100001" || tok.Scope != "intervals:read" || tok.Name != "laptop" ||
		time.Until(tok.Expires) < 29*24*time.Hour || time.Until(tok.Expires) > 30*24*time.Hour {
		t.Fatalf("the read token verifies as %+v, %v", tok, err)
	}
	if w, err := verify(t, where, write); err != nil || w.Scope != "intervals:read intervals:write" || !w.Expires.IsZero() || w.Name != "operator" {
		t.Errorf("the write token verifies as %+v, %v", w, err)
	}

	r = run("list")
	if r.code != 0 || strings.Contains(r.stdout, read) || strings.Contains(r.stdout, write) || strings.Contains(r.stdout, "imcp_pat_") {
		t.Fatalf("list = %+v, want no token text", r)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != 3 || !regexp.MustCompile(`^ID\s+ATHLETE\s+SCOPE\s+NAME\s+CREATED\s+EXPIRES\s+LAST USED$`).MatchString(lines[0]) {
		t.Fatalf("list printed:\n%s", r.stdout)
	}
	row := regexp.MustCompile(`^(\S+)\s+i100001\s+read\s+laptop\s+\d{4}-\d\d-\d\d \d\d:\d\dZ\s+\d{4}-\d\d-\d\d \d\d:\d\dZ\s+\d{4}-\d\d-\d\d \d\d:\d\dZ$`)
	var id string
	for _, l := range lines[1:] {
		if m := row.FindStringSubmatch(l); m != nil {
			id = m[1]
		} else if !regexp.MustCompile(`^\S+\s+i100001\s+write\s+operator\s+.*\s+never\s+.*Z$`).MatchString(l) {
			t.Errorf("list row %q is neither token (id, athlete, scope, name, created, expires, last used)", l)
		}
	}
	if id == "" {
		t.Fatalf("no row of the read token (expiring, used once):\n%s", r.stdout)
	}

	if r = run("revoke", read); r.code != 2 || strings.Contains(r.stdout+r.stderr, read) {
		t.Errorf("revoke with the token itself = %+v, want a usage error that does not echo it", r)
	}
	if r = run("revoke", id); r.code != 0 || !strings.Contains(r.stdout, "revoked personal token "+id) {
		t.Fatalf("revoke = %+v", r)
	}
	if _, err := verify(t, where, read); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the revoked token verifies: %v", err)
	}
	if _, err := verify(t, where, write); err != nil {
		t.Errorf("the other token after a revoke: %v", err)
	}
	if r = run("revoke", id); r.code != 1 || !strings.Contains(r.stderr, "token list") {
		t.Errorf("revoke again = %+v, want an error pointing at token list", r)
	}
	if r = run("list"); strings.Contains(r.stdout, id) {
		t.Errorf("list shows the revoked token:\n%s", r.stdout)
	}
	// The athlete's last token: their sign-in is deleted (without seal keys, no disconnect).
	writeID := strings.Fields(strings.Split(strings.TrimSpace(r.stdout), "\n")[1])[0]
	if r = run("revoke", writeID); r.code != 0 || !strings.Contains(r.stdout, "last connection: their Intervals.icu token is deleted; not disconnected") {
		t.Errorf("revoke of the last token = %+v, want it to say the sign-in is deleted", r)
	}
	st, err := store.Open(context.Background(), where)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.Athlete(context.Background(), "i100001"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the athlete's sign-in after their last token was revoked: %v, want ErrNotFound", err)
	}
}

// TestTokenRevokeOfTheLastTokenDisconnectsAtIntervals: with the server's seal keys and
// Intervals.icu's address (here the fake's, over HTTP), revoking an athlete's last personal
// token also disconnects the server from their Intervals.icu account: their token stops
// working there.
func TestTokenRevokeOfTheLastTokenDisconnectsAtIntervals(t *testing.T) {
	fake := fakeicu.New(fakeicu.Options{})
	srv := httptest.NewServer(fake.Handler())
	t.Cleanup(srv.Close)
	browser := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	up := &auth.Upstream{ClientID: fakeicu.DemoOAuthClientID, ClientSecret: fakeicu.DemoOAuthClientSecret, BaseURL: srv.URL}
	const cb = "http://127.0.0.1:8765/oauth/callback"
	back := fakeicutest.SignIn(t, browser, up.AuthorizeURL("st", cb, false), "", "allow")
	g, err := up.Exchange(context.Background(), back.Query().Get("code"), cb)
	if err != nil {
		t.Fatal(err)
	}
	key := make([]byte, 32)
	rand.Read(key)
	sealer, _ := auth.NewSealer([][]byte{key})
	sealed, _ := sealer.Seal([]byte(g.AccessToken), []byte(g.AthleteID))
	dir := t.TempDir()
	st, err := store.Open(context.Background(), store.Config{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.PutAthlete(context.Background(), store.Athlete{ID: g.AthleteID, SealedToken: sealed, UpstreamScope: g.Scope, Updated: time.Now()}); err != nil {
		t.Fatal(err)
	}
	pt, err := auth.NewPersonalToken(context.Background(), st, g.AthleteID, "laptop", false, 0, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	env := []string{"MCP_SEAL_KEYS=" + base64.StdEncoding.EncodeToString(key), "INTERVALS_API_BASE_URL=" + srv.URL}
	r := runBin(t, env, "token", "revoke", pt.ID, "--data-dir", dir)
	if r.code != 0 || !strings.Contains(r.stdout, "disconnected from their Intervals.icu account") || strings.Contains(r.stdout+r.stderr, g.AccessToken) {
		t.Fatalf("revoke = %+v, want the disconnect said and no token shown", r)
	}
	if _, err := st.Athlete(context.Background(), g.AthleteID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the athlete's sign-in after the revoke: %v, want ErrNotFound", err)
	}
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/api/v1/athlete/0", nil)
	req.Header.Set("Authorization", "Bearer "+g.AccessToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("their Intervals.icu token after the revoke answers %d, want 401", resp.StatusCode)
	}
}

func TestTokenCreateRefusesBadInputSayingWhatToDo(t *testing.T) {
	dir := t.TempDir()
	signedIn(t, store.Config{DataDir: dir}, "i100001")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--scope", "read", "--expires", "30d"}, 2, "needs --athlete"},
		{[]string{"--athlete", "i100001", "--scope", "admin", "--expires", "30d"}, 2, "use read, or write"},
		{[]string{"--athlete", "i100001", "--scope", "read", "--expires", "7d"}, 2, "30d, 90d, 365d or never"},
		{[]string{"--athlete", "i100001", "--scope", "read"}, 2, "30d, 90d, 365d or never"},
		{[]string{"--athlete", "i999999", "--scope", "read", "--expires", "30d"}, 1, "has not signed in here"},
	} {
		r := runBin(t, nil, append([]string{"token", "create", "--data-dir", dir}, tc.args...)...)
		if r.code != tc.code || !strings.Contains(r.stderr, tc.want) || strings.Contains(r.stdout, "imcp_pat_") {
			t.Errorf("token create %v = %+v, want exit %d saying %q and no token", tc.args, r, tc.code, tc.want)
		}
	}
	if r := runBin(t, nil, "token", "rotate"); r.code != 2 || !strings.Contains(r.stderr, "use create, list or revoke") {
		t.Errorf("token rotate = %+v", r)
	}
}

// TestTokenCreateRefusesASignInItsKeysCannotOpen: with the seal keys at hand, token create
// refuses an athlete whose sealed Intervals.icu token does not open with them (its key was
// removed): the token would be refused at its first request. token --demo needs the store
// its serve --demo was given.
func TestTokenCreateRefusesASignInItsKeysCannotOpen(t *testing.T) {
	dir := t.TempDir()
	signedIn(t, store.Config{DataDir: dir}, "i100001") // sealed under no key of ours
	key := make([]byte, 32)
	rand.Read(key)
	r := runBin(t, []string{"MCP_SEAL_KEYS=" + base64.StdEncoding.EncodeToString(key)},
		"token", "create", "--data-dir", dir, "--athlete", "i100001", "--scope", "read", "--expires", "30d")
	if r.code != 1 || !strings.Contains(r.stderr, "not under these seal keys") || !strings.Contains(r.stderr, "sign in again") || strings.Contains(r.stdout, "imcp_pat_") {
		t.Errorf("token create on a sign-in the keys cannot open = %+v, want a refusal saying to sign in again", r)
	}
	r = runBin(t, []string{"INTERVALS_MCP_DATA_DIR=" + dir}, "token", "list", "--demo")
	if r.code != 2 || !strings.Contains(r.stderr, "give the same flag here") {
		t.Errorf("token --demo without --data-dir or --database-url = %+v, want a usage error", r)
	}
}

// TestTokenRevokeWithKeysThatDoNotParseRevokesNothing: the seal keys are read before
// anything is revoked, so a revoke that cannot disconnect as asked changes nothing.
func TestTokenRevokeWithKeysThatDoNotParseRevokesNothing(t *testing.T) {
	dir := t.TempDir()
	signedIn(t, store.Config{DataDir: dir}, "i100001")
	r := runBin(t, nil, "token", "create", "--data-dir", dir, "--athlete", "i100001", "--scope", "read", "--expires", "30d")
	text := strings.TrimSpace(r.stdout)
	if r.code != 0 {
		t.Fatalf("create = %+v", r)
	}
	id := strings.Fields(strings.Split(strings.TrimSpace(runBin(t, nil, "token", "list", "--data-dir", dir).stdout), "\n")[1])[0]
	r = runBin(t, []string{"MCP_SEAL_KEYS=not-a-key"}, "token", "revoke", id, "--data-dir", dir)
	if r.code != 2 || strings.Contains(r.stdout, "revoked") {
		t.Errorf("revoke with keys that do not parse = %+v, want a usage error and nothing revoked", r)
	}
	if _, err := verify(t, store.Config{DataDir: dir}, text); err != nil {
		t.Errorf("the token after a refused revoke: %v", err)
	}
}
