package auth_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/journal"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
	"github.com/intervals-mcp/intervals-mcp/internal/store/storetest"
)

func TestUnauthenticatedMCPNamesTheMetadataAndTheReadScope(t *testing.T) {
	e := newEnv(t)
	for _, tok := range []string{"", "imcp_at_forged", "imcp_pat_forged", "something-else"} {
		status, www, _ := e.mcpStatus(tok, initialize)
		want := fmt.Sprintf(`resource_metadata="%s/.well-known/oauth-protected-resource/mcp", scope="intervals:read"`, e.url)
		if tok == "" {
			want = "Bearer " + want // no bearer: no error= (RFC 6750 3.1)
		}
		if status != http.StatusUnauthorized || !strings.HasSuffix(www, want) || (tok == "") == strings.Contains(www, `error="invalid_token"`) {
			t.Errorf("token %q: %d %q, want 401 ending %q, error=\"invalid_token\" for a bearer sent", tok, status, www, want)
		}
	}
}

func TestReadTokenGetsInsufficientScopeOnAWriteTool(t *testing.T) {
	e := newEnv(t)
	_, tok := e.signIn("intervals:read")
	call := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add_or_update_event","arguments":` + writeCall + `}}`
	status, www, body := e.mcpStatus(tok.AccessToken, call)
	want := fmt.Sprintf(`Bearer error="insufficient_scope", scope="intervals:write", resource_metadata="%s/.well-known/oauth-protected-resource/mcp"`, e.url)
	if status != http.StatusForbidden || !strings.HasPrefix(www, want) {
		t.Errorf("a write tool with a read token = %d %q, want 403 starting %q (%s)", status, www, want, body)
	}
	if n := len(e.fake.Writes()); n != 0 {
		t.Errorf("the fake saw %d writes", n)
	}
	readCall := `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_athlete_context","arguments":{}}}`
	if status, _, body := e.mcpStatus(tok.AccessToken, readCall); status != http.StatusOK {
		t.Errorf("a read tool with the read token = %d %s", status, body)
	}
}

func TestStaticTokenStillServesEverything(t *testing.T) {
	e := newEnv(t, envConfig{staticToken: "static-token-of-the-operator"})
	call := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add_or_update_event","arguments":` + writeCall + `}}`
	if status, _, body := e.mcpStatus("static-token-of-the-operator", call); status != http.StatusOK || strings.Contains(body, `"isError":true`) {
		t.Errorf("MCP_AUTH_TOKEN calling a write tool = %d %s", status, body)
	}
}

func TestACoachWhoSignsInSeesTheirAthletes(t *testing.T) {
	e := newEnv(t, envConfig{filter: manifest.Filter{Toolsets: append(slices.Clone(manifest.DefaultToolsets), manifest.Coach)}})
	_, tok := e.signIn("intervals:read")
	status, _, body := e.mcpStatus(tok.AccessToken, toolCall("list_athletes", `{}`))
	if status != http.StatusOK || !strings.Contains(body, "i100002") || strings.Contains(body, `"isError":true`) {
		t.Fatalf("list_athletes for the signed-in coach = %d %s", status, body)
	}
	status, _, body = e.mcpStatus(tok.AccessToken, toolCall("get_athlete_context", `{"athlete":"i100002"}`))
	if status != http.StatusOK || strings.Contains(body, `"isError":true`) || !strings.Contains(body, "Camille") {
		t.Errorf("the coached athlete's context through the coach's sign-in = %d %s", status, body)
	}
}

func TestLegacySSEIsRefusedToSignedInUsers(t *testing.T) {
	e := newEnv(t)
	_, tok := e.signIn("intervals:read")
	req, _ := http.NewRequest(http.MethodGet, e.url+"/sse", nil)
	req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("/sse with a signed-in user's token = %d, want 404 (its calls would not carry the user)", resp.StatusCode)
	}
}

// JournalClient (and AthleteToken under it): a signed-in user's write interrupted mid-way
// (the process dies) is rolled back by another replica with the user's own sealed
// Intervals.icu token: the replica holds no credential of theirs otherwise.

const journalLease = time.Minute

// crashedPlan signs a user in with write access on a replica whose store dies in the middle
// of their 30-session plan, and returns that env, the user's tokens and the clock of the
// journals. The 30 sessions are upstream, the journal unfinished.
func crashedPlan(t *testing.T) (*env, tokens, string, *clock) {
	t.Helper()
	dir, c := t.TempDir(), &clock{t: time.Now()}
	e := newEnv(t, envConfig{dataDir: dir, journals: &journalConfig{now: c.now, lease: journalLease,
		wrap: func(st store.Store) store.Store { return &storetest.Crashing{Store: st, CrashAt: 4} }}})
	client, tok := e.signIn("intervals:write")
	var ss []string
	for i := range 30 {
		ss = append(ss, fmt.Sprintf(`{"date":%q,"sport":"Run","name":"crash %d","duration":"45:00"}`, time.Now().AddDate(0, 0, 2+i).Format("2006-01-02"), i+1))
	}
	status, _, body := e.mcpStatus(tok.AccessToken, toolCall("plan_sessions", `{"plan":"crash","sessions":[`+strings.Join(ss, ",")+`]}`))
	if status != http.StatusOK || !strings.Contains(body, "internal error") {
		t.Fatalf("the crashing plan = %d %s", status, body)
	}
	if n := planned(e.fake, "crash"); n != 30 {
		t.Fatalf("%d sessions upstream after the crash, want 30", n)
	}
	c.advance(journalLease + time.Second) // the writer is gone
	return e, tok, client, c
}

// planned counts the sessions of plan upstream.
func planned(fake *fakeicu.Fake, plan string) int {
	n := 0
	for _, ev := range fake.Events(fakeicu.DemoAthleteID) {
		if ev.Name != nil && strings.HasPrefix(*ev.Name, plan+" ") {
			n++
		}
	}
	return n
}

// replica is another server process on e's database, with the server's own API key (no
// credential of the user's) and the seal keys: the journal recovery of serve --public-url.
func replica(t *testing.T, e *env, c *clock) (*journal.Keeper, store.Store, *syncBuffer) {
	t.Helper()
	sealer, _ := auth.NewSealer(e.keys)
	hc := &http.Client{Transport: e.fake.Transport()}
	base, _ := intervals.New(intervals.Options{APIKey: fakeicu.DefaultAPIKey, HTTPClient: hc, RateLimit: -1})
	logs := &syncBuffer{}
	p := journal.New(journal.Options{Credential: fakeicu.DefaultAPIKey, Client: base, Now: c.now, Logger: slog.New(slog.NewTextHandler(logs, nil)), InFlight: 50 * time.Millisecond,
		ClientFor: auth.JournalClient(sealer, func(token string) (*intervals.ClientWithResponses, error) {
			return intervals.New(intervals.Options{AccessToken: token, HTTPClient: hc, RateLimit: -1})
		})})
	st, err := store.Open(context.Background(), store.Config{DataDir: e.dir, JournalLease: journalLease})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return p, st, logs
}

func TestASignedInUsersInterruptedWriteIsRolledBackByAnotherReplica(t *testing.T) {
	e, tok, _, c := crashedPlan(t)
	p, st, logs := replica(t, e, c)
	p.Recover(context.Background(), st)
	if n := planned(e.fake, "crash"); n != 0 {
		t.Fatalf("%d sessions left after the recovery, want 0; the recovery logged:\n%s", n, logs)
	}
	// Its last create may have been in flight: the notice comes once it is looked at again,
	// and the answer that brings it says nothing more of that journal ("still being written").
	var status int
	var body string
	for end := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		status, _, body = e.mcpStatus(tok.AccessToken, toolCall("get_gear_list", `{}`))
		if strings.Contains(body, "Your plan_sessions of") || !strings.Contains(body, "Note: your plan_sessions") || time.Now().After(end) {
			break
		}
	}
	if status != http.StatusOK || !strings.Contains(body, "Your plan_sessions of") || !strings.Contains(body, "rolled back: 30 session(s) removed") {
		t.Errorf("the user's next call = %d %s, want the notice of the rollback first", status, body)
	}
	if strings.Contains(body, "Note: your plan_sessions") {
		t.Errorf("the answer with the rollback's notice = %s, want no line saying the journal is not settled", body)
	}
}

// TestASignedOutUsersInterruptedWriteEndsWithANotice: when the user's sign-in is gone (their
// only connection revoked here) or revoked at Intervals.icu, the journal ends at once,
// incomplete, with a notice; it is not tried again.
func TestASignedOutUsersInterruptedWriteEndsWithANotice(t *testing.T) {
	for name, signOut := range map[string]func(t *testing.T, e *env, tok tokens, client string){
		"revoked here": func(t *testing.T, e *env, tok tokens, client string) {
			resp, err := http.PostForm(e.url+"/revoke", url.Values{"token": {tok.RefreshToken}, "client_id": {client}})
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close() // their only connection: their Intervals.icu token is deleted
		},
		"revoked at Intervals.icu": func(t *testing.T, e *env, _ tokens, _ string) {
			up, _ := demoSignIn(e.fake, e.url)
			if err := up.Disconnect(context.Background(), e.upstreamToken(fakeicu.DemoAthleteID)); err != nil {
				t.Fatal(err)
			}
		},
	} {
		t.Run(name, func(t *testing.T) {
			e, tok, client, c := crashedPlan(t)
			signOut(t, e, tok, client)
			p, st, logs := replica(t, e, c)
			p.Recover(context.Background(), st)
			if !strings.Contains(logs.String(), "recovered a journal") || !strings.Contains(logs.String(), "incomplete") {
				t.Errorf("the recovery logged:\n%s\nwant the journal finished incomplete at once", logs)
			}
			c.advance(2 * journalLease)
			if j, err := st.ClaimJournal(context.Background(), c.now()); j != nil || err != nil {
				t.Errorf("the journal is left to retry: %+v, %v", j, err)
			}
		})
	}
}

// TestAReadCallReadsTheStoreOnceAndWritesNothing: with the store, journals and upstream budget
// wired as serve wires them, a signed-in caller's read calls (after their first, which
// verifies the token, fills the read cache and leases budget) each read the store once at
// most (the signals, shared by the token's check and the journals' look) and write nothing,
// on either database. The writes' statements are logged.
func TestAReadCallReadsTheStoreOnceAndWritesNothing(t *testing.T) {
	onBothStores(t, func(t *testing.T, cfg envConfig) {
		c := &clock{t: time.Now()}
		cfg.served = c.now // the budget's leases held: counted, not timed
		e := newEnv(t, cfg)
		_, tok := e.signIn("intervals:write")
		counts := e.st.(interface{ Statements() store.Statements }).Statements
		call := func(tool, args string) {
			t.Helper()
			if s, _, body := e.mcpStatus(tok.AccessToken, toolCall(tool, args)); s != http.StatusOK || strings.Contains(body, `"isError":true`) {
				t.Fatalf("%s = %d %s", tool, s, body)
			}
		}
		const n = 5
		for _, tool := range []string{"get_events", "get_gear_list", "get_athlete_context", "get_wellness_data"} {
			call(tool, `{}`)
			before := counts()
			for range n {
				call(tool, `{}`)
			}
			got := counts()
			r, w := got.Reads-before.Reads, got.Writes-before.Writes
			if r > n || w != 0 {
				t.Errorf("%d calls of %s: %d store reads and %d writes; a read call makes one read at most and no write", n, tool, r, w)
			}
			t.Logf("%d calls of %s: %d store reads, %d writes", n, tool, r, w)
		}
		for _, w := range []struct{ tool, args string }{{"add_or_update_event", writeCall}, {"plan_sessions", planCall}} {
			before := counts()
			call(w.tool, w.args)
			got := counts()
			t.Logf("%s: %d store reads, %d writes", w.tool, got.Reads-before.Reads, got.Writes-before.Writes)
		}
	})
}

// planCall plans two sessions a fortnight from now: a write with a journal.
var planCall = `{"plan":"counted","sessions":[{"date":"` + time.Now().AddDate(0, 0, 14).Format(time.DateOnly) + `","sport":"Run","name":"counted 1","duration":"40:00"},` +
	`{"date":"` + time.Now().AddDate(0, 0, 15).Format(time.DateOnly) + `","sport":"Run","name":"counted 2","duration":"40:00"}]}`
