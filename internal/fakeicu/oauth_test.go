package fakeicu_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/fakeicutest"
)

const (
	readScopes  = "ACTIVITY:READ,WELLNESS:READ,CALENDAR:READ,LIBRARY:READ,SETTINGS:READ"
	writeScopes = "ACTIVITY:WRITE,WELLNESS:WRITE,CALENDAR:WRITE,LIBRARY:WRITE,SETTINGS:WRITE"
	callback    = "http://127.0.0.1:9999/callback"
	coached     = "i100002" // a demo athlete the primary one coaches
)

// clock is a settable Options.Now.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *clock) advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// oauthFake is a fake over the synthetic world with a settable clock, and a client that
// reaches it in-process.
type oauthFake struct {
	f     *fakeicu.Fake
	c     *http.Client
	clock *clock
}

func newOAuthFake(t *testing.T, opts fakeicu.Options) *oauthFake {
	t.Helper()
	clk := &clock{t: time.Date(2026, 3, 10, 22, 0, 0, 0, time.UTC)}
	opts.Now = clk.now
	f := fakeicu.New(opts)
	return &oauthFake{f: f, c: &http.Client{Transport: f.Transport()}, clock: clk}
}

// authorizeURL is the fake's approve page for the demo app.
func authorizeURL(scope, state string) string {
	return "http://fake/oauth/authorize?" + url.Values{
		"client_id": {fakeicu.DemoOAuthClientID}, "redirect_uri": {callback}, "scope": {scope},
		"state": {state}, "response_type": {"code"},
	}.Encode()
}

// signIn approves a sign-in as athlete ("" for the primary one) and returns the code.
func (o *oauthFake) signIn(t *testing.T, scope, athlete string) string {
	t.Helper()
	back := fakeicutest.SignIn(t, o.c, authorizeURL(scope, "st-1"), athlete, "allow")
	code := back.Query().Get("code")
	if code == "" || back.Query().Get("state") != "st-1" {
		t.Fatalf("redirect %s, want a code and state st-1", back)
	}
	return code
}

// exchange posts a code to the token endpoint with the given client credentials.
func (o *oauthFake) exchange(t *testing.T, id, secret, code string) (int, map[string]any) {
	t.Helper()
	resp, err := o.c.PostForm("http://fake/api/oauth/token", url.Values{
		"client_id": {id}, "client_secret": {secret}, "code": {code},
		"grant_type": {"authorization_code"}, "redirect_uri": {callback},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body map[string]any
	b, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(b, &body); err != nil {
		t.Fatalf("token answer %d is not JSON: %s", resp.StatusCode, b)
	}
	return resp.StatusCode, body
}

// redeem exchanges a code with the demo app's credentials.
func (o *oauthFake) redeem(t *testing.T, code string) (int, map[string]any) {
	t.Helper()
	return o.exchange(t, fakeicu.DemoOAuthClientID, fakeicu.DemoOAuthClientSecret, code)
}

// token signs in and exchanges the code with the demo app's credentials.
func (o *oauthFake) token(t *testing.T, scope, athlete string) string {
	t.Helper()
	status, body := o.redeem(t, o.signIn(t, scope, athlete))
	tok, _ := body["access_token"].(string)
	if status != 200 || tok == "" {
		t.Fatalf("exchange = %d %v, want 200 with an access_token", status, body)
	}
	return tok
}

// api calls the API with a bearer token and returns the status and body.
func (o *oauthFake) api(t *testing.T, tok, method, path, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, "http://fake"+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+tok)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := o.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func TestApprovePageFormCarriesTheRequestAndOffersEachDemoAthlete(t *testing.T) {
	o := newOAuthFake(t, fakeicu.Options{})
	resp, err := o.c.Get(authorizeURL("ACTIVITY:READ,WELLNESS:WRITE", "xyz"))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	page := string(b)
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("approve page = %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	for _, want := range []string{"intervals-mcp", "Activities: read", "Wellness data: read and write"} {
		if !strings.Contains(page, want) {
			t.Errorf("page does not say %q:\n%s", want, page)
		}
	}
	if strings.Contains(page, "Calendar") {
		t.Errorf("page names an area not asked for:\n%s", page)
	}
	for _, asset := range []string{"<script", "<link", "src=", "url("} {
		if strings.Contains(page, asset) {
			t.Errorf("page loads an asset (%s):\n%s", asset, page)
		}
	}
	form, err := fakeicutest.ReadForm(resp.Request.URL, strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	if form.Method != "POST" || !strings.HasPrefix(form.Action, "http://fake/oauth/authorize") {
		t.Errorf("form %s %s, want POST to /oauth/authorize", form.Method, form.Action)
	}
	for k, v := range map[string]string{"client_id": fakeicu.DemoOAuthClientID, "redirect_uri": callback,
		"scope": "ACTIVITY:READ,WELLNESS:WRITE", "state": "xyz"} {
		if got := form.Hidden.Get(k); got != v {
			t.Errorf("hidden %s = %q, want %q", k, got, v)
		}
	}
	var ids []string
	for _, r := range form.Radios["athlete"] {
		ids = append(ids, r.Value)
		if r.Checked != (r.Value == fakeicu.DemoAthleteID) {
			t.Errorf("athlete %s checked = %v, want only the primary one checked", r.Value, r.Checked)
		}
	}
	athletes := o.f.World().Athletes
	if len(ids) != len(athletes) || len(ids) < 2 {
		t.Fatalf("athlete radios %v, want one per demo athlete (%d)", ids, len(athletes))
	}
	for i, a := range athletes {
		if ids[i] != *a.Profile.Id {
			t.Errorf("radio %d = %s, want %s", i, ids[i], *a.Profile.Id)
		}
	}
	if got := strings.Join(form.Buttons["decision"], ","); got != "allow,deny" {
		t.Errorf("decision buttons %q, want allow,deny", got)
	}
}

func TestApprovePageRefusesABadRequestSayingWhy(t *testing.T) {
	o := newOAuthFake(t, fakeicu.Options{})
	good := url.Values{"client_id": {fakeicu.DemoOAuthClientID}, "redirect_uri": {callback}, "scope": {readScopes}}
	for _, tc := range []struct {
		name, key, value, want string
	}{
		{"unknown client", "client_id", "someone-else", `unknown client_id &#34;someone-else&#34;`},
		{"unknown area", "scope", "ACTIVITY:READ,BIKES:READ", "unknown area"},
		{"area twice", "scope", "ACTIVITY:READ,ACTIVITY:WRITE", "lists ACTIVITY twice"},
		{"bad level", "scope", "ACTIVITY:ADMIN", "not AREA:READ or AREA:WRITE"},
		{"no scope", "scope", "", "scope is missing"},
		{"no redirect", "redirect_uri", "", "redirect_uri is missing"},
		{"relative redirect", "redirect_uri", "/callback", "not an absolute URL"},
		{"token response type", "response_type", "token", "use code"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := url.Values{}
			for k, v := range good {
				q[k] = v
			}
			q.Set(tc.key, tc.value)
			resp, err := o.c.Get("http://fake/oauth/authorize?" + q.Encode())
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != 400 || !strings.Contains(string(b), tc.want) || strings.Contains(string(b), "<form") {
				t.Errorf("= %d, want 400 saying %q and no form:\n%s", resp.StatusCode, tc.want, b)
			}
		})
	}
}

func TestSignInAllowRedirectsWithCodeAndStateDenyWithAccessDenied(t *testing.T) {
	o := newOAuthFake(t, fakeicu.Options{})
	back := fakeicutest.SignIn(t, o.c, authorizeURL(readScopes, "s 1&2"), "", "allow")
	if back.Scheme+"://"+back.Host+back.Path != callback || back.Query().Get("code") == "" || back.Query().Get("state") != "s 1&2" {
		t.Errorf("allow redirected to %s, want %s?code=...&state=s 1&2", back, callback)
	}
	back = fakeicutest.SignIn(t, o.c, authorizeURL(readScopes, "s-2"), "", "deny")
	if q := back.Query(); q.Get("error") != "access_denied" || q.Get("state") != "s-2" || q.Has("code") {
		t.Errorf("deny redirected to %s, want error=access_denied&state=s-2 and no code", back)
	}
}

func TestTokenAnswerIsIntervalsICUs(t *testing.T) {
	o := newOAuthFake(t, fakeicu.Options{})
	status, body := o.redeem(t, o.signIn(t, "WELLNESS:WRITE,ACTIVITY:READ", coached))
	if status != 200 {
		t.Fatalf("exchange = %d %v", status, body)
	}
	athlete, _ := body["athlete"].(map[string]any)
	if body["token_type"] != "Bearer" || body["access_token"] == "" || body["scope"] != "ACTIVITY:READ,WELLNESS:WRITE" ||
		athlete["id"] != coached || athlete["name"] != "Camille Martin" {
		t.Errorf("token answer %v", body)
	}
	for _, absent := range []string{"expires_in", "refresh_token"} {
		if _, ok := body[absent]; ok {
			t.Errorf("token answer has %s: %v", absent, body)
		}
	}
}

func TestCodeIsSingleUse(t *testing.T) {
	o := newOAuthFake(t, fakeicu.Options{})
	code := o.signIn(t, readScopes, "")
	if status, _ := o.redeem(t, code); status != 200 {
		t.Fatalf("first exchange = %d", status)
	}
	status, body := o.redeem(t, code)
	if status != 400 || !strings.Contains(body["error"].(string), "already used") {
		t.Errorf("second exchange = %d %v, want 400 saying the code is used", status, body)
	}
}

func TestCodeExpiresTwoMinutesAfterSignIn(t *testing.T) {
	o := newOAuthFake(t, fakeicu.Options{})
	onTime := o.signIn(t, readScopes, "")
	late := o.signIn(t, readScopes, "")
	o.clock.advance(2 * time.Minute)
	if status, body := o.redeem(t, onTime); status != 200 {
		t.Errorf("exchange at 2 minutes = %d %v, want 200", status, body)
	}
	o.clock.advance(time.Second)
	status, body := o.redeem(t, late)
	if status != 400 || !strings.Contains(body["error"].(string), "2 minutes") {
		t.Errorf("exchange at 2 minutes 1 second = %d %v, want 400 saying codes last 2 minutes", status, body)
	}
}

func TestWrongClientCredentialsAre404AndKeepTheCode(t *testing.T) {
	o := newOAuthFake(t, fakeicu.Options{})
	code := o.signIn(t, readScopes, "")
	for _, tc := range []struct{ id, secret string }{
		{fakeicu.DemoOAuthClientID, "wrong-secret"},
		{"other-app", fakeicu.DemoOAuthClientSecret},
		{fakeicu.DemoOAuthClientID, ""},
	} {
		status, body := o.exchange(t, tc.id, tc.secret, code)
		if status != 404 || body["access_token"] != nil {
			t.Errorf("exchange as %q/%q = %d %v, want 404", tc.id, tc.secret, status, body)
		}
		if b, _ := json.Marshal(body); strings.Contains(string(b), fakeicu.DemoOAuthClientSecret) {
			t.Errorf("the 404 quotes the secret: %s", b)
		}
	}
	if status, _ := o.redeem(t, code); status != 200 {
		t.Errorf("exchange with the right credentials after wrong ones = %d, want 200", status)
	}
}

func TestConfiguredOAuthAppReplacesTheDemoOne(t *testing.T) {
	o := newOAuthFake(t, fakeicu.Options{OAuthClientID: "my-app", OAuthClientSecret: "my-secret"})
	resp, err := o.c.Get(authorizeURL(readScopes, ""))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 400 {
		t.Errorf("approve page for the demo client with another app configured = %d, want 400", resp.StatusCode)
	}
	back := fakeicutest.SignIn(t, o.c, strings.Replace(authorizeURL(readScopes, ""), fakeicu.DemoOAuthClientID, "my-app", 1), "", "allow")
	if status, _ := o.exchange(t, "my-app", "my-secret", back.Query().Get("code")); status != 200 {
		t.Errorf("exchange with the configured app = %d, want 200", status)
	}
}

func TestReadTokenReadsButGets403OnAWrite(t *testing.T) {
	o := newOAuthFake(t, fakeicu.Options{})
	read := o.token(t, readScopes, "")
	if status, body := o.api(t, read, "GET", "/api/v1/athlete/0/wellness?oldest=2026-03-01&newest=2026-03-10", ""); status != 200 {
		t.Fatalf("read with a read token = %d %s", status, body)
	}
	status, body := o.api(t, read, "PUT", "/api/v1/athlete/0/wellness/2026-03-10", `{"weight":70}`)
	if status != 403 || body != `{"status":403,"error":"Access denied"}` {
		t.Errorf("write with a read token = %d %s, want Intervals.icu's 403", status, body)
	}
	if w := o.f.Writes(); len(w) != 0 {
		t.Errorf("a refused write reached the store: %v", w)
	}
	write := o.token(t, writeScopes, "")
	if status, body := o.api(t, write, "PUT", "/api/v1/athlete/0/wellness/2026-03-10", `{"weight":70}`); status != 200 {
		t.Errorf("write with a write token = %d %s", status, body)
	}
}

func TestScopeIsPerArea(t *testing.T) {
	o := newOAuthFake(t, fakeicu.Options{})
	tok := o.token(t, "WELLNESS:WRITE", "")
	for _, tc := range []struct {
		method, path string
		want         int
	}{
		{"GET", "/api/v1/athlete/0/wellness?oldest=2026-03-01&newest=2026-03-10", 200},
		{"GET", "/api/v1/athlete/0/events?oldest=2026-03-01&newest=2026-03-10", 403},
		{"GET", "/api/v1/athlete/0/activities?oldest=2026-03-01", 403},
		{"GET", "/api/v1/athlete/0/workouts", 403},
		{"GET", "/api/v1/athlete/0/sport-settings", 403},
	} {
		if status, body := o.api(t, tok, tc.method, tc.path, ""); status != tc.want {
			t.Errorf("%s %s with WELLNESS:WRITE = %d %s, want %d", tc.method, tc.path, status, body, tc.want)
		}
	}
}

func TestTokenActsAsItsAthleteAndACoachSeesTheirAthletes(t *testing.T) {
	o := newOAuthFake(t, fakeicu.Options{})
	own := o.token(t, readScopes, coached)
	if status, body := o.api(t, own, "GET", "/api/v1/athlete/0", ""); status != 200 || !strings.Contains(body, `"id":"`+coached+`"`) {
		t.Errorf("athlete 0 with %s's token = %d, want %s's profile: %.200s", coached, status, coached, body)
	}
	if status, _ := o.api(t, own, "GET", "/api/v1/athlete/"+fakeicu.DemoAthleteID, ""); status != 403 {
		t.Errorf("the coach's profile with the coached athlete's token = %d, want 403", status)
	}
	act := *o.f.World().Athletes[0].Activities[0].Id
	if status, _ := o.api(t, own, "GET", "/api/v1/activity/"+act, ""); status != 403 {
		t.Errorf("the coach's activity %s with the coached athlete's token = %d, want 403", act, status)
	}
	if status, body := o.api(t, own, "GET", "/api/v1/athletes", ""); status != 200 || body != "[]" {
		t.Errorf("athletes with a token of an athlete who coaches nobody = %d %s, want []", status, body)
	}
	coach := o.token(t, readScopes, "")
	if status, body := o.api(t, coach, "GET", "/api/v1/athlete/"+coached+"/events?oldest=2026-03-01&newest=2026-03-10", ""); status != 200 {
		t.Errorf("a coached athlete's events with the coach's token = %d %s", status, body)
	}
	if status, body := o.api(t, coach, "GET", "/api/v1/athletes", ""); status != 200 || !strings.Contains(body, coached) {
		t.Errorf("athletes with the coach's token = %d %.200s, want the coached athletes", status, body)
	}
}

func TestLatestSignInNarrowsEarlierTokens(t *testing.T) {
	o := newOAuthFake(t, fakeicu.Options{})
	write := o.token(t, writeScopes, "")
	put := func(tok string) int {
		status, _ := o.api(t, tok, "PUT", "/api/v1/athlete/0/wellness/2026-03-10", `{"weight":70}`)
		return status
	}
	if got := put(write); got != 200 {
		t.Fatalf("write before the read-only sign-in = %d", got)
	}
	o.token(t, readScopes, "")
	if got := put(write); got != 403 {
		t.Errorf("the write token after a read-only sign-in = %d, want 403 (the latest sign-in's scopes apply)", got)
	}
	if status, _ := o.api(t, write, "GET", "/api/v1/athlete/0", ""); status != 200 {
		t.Errorf("the narrowed token still reads: %d, want 200", status)
	}
	other := o.token(t, writeScopes, coached)
	if got := put(other); got != 200 {
		t.Errorf("another athlete's write token = %d, want 200 (narrowing is per athlete)", got)
	}
}

func TestDisconnectAppRevokesEveryTokenOfTheAthlete(t *testing.T) {
	o := newOAuthFake(t, fakeicu.Options{})
	first, second := o.token(t, readScopes, ""), o.token(t, readScopes, "")
	other := o.token(t, readScopes, coached)
	if status, body := o.api(t, first, "DELETE", "/api/v1/disconnect-app", ""); status != 200 {
		t.Fatalf("disconnect-app = %d %s", status, body)
	}
	for name, tok := range map[string]string{"the token used": first, "another token of the athlete": second} {
		if status, _ := o.api(t, tok, "GET", "/api/v1/athlete/0", ""); status != 401 {
			t.Errorf("%s after disconnect-app = %d, want 401", name, status)
		}
	}
	if status, _ := o.api(t, other, "GET", "/api/v1/athlete/0", ""); status != 200 {
		t.Errorf("another athlete's token after disconnect-app = %d, want 200", status)
	}
	req, _ := http.NewRequest("DELETE", "http://fake/api/v1/disconnect-app", nil)
	req.SetBasicAuth("API_KEY", fakeicu.DefaultAPIKey)
	resp, err := o.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 401 {
		t.Errorf("disconnect-app with the API key = %d, want 401 (it takes an OAuth token)", resp.StatusCode)
	}
}

func TestAPIKeyAsBearerStays403AndTheStaticTokenWorks(t *testing.T) {
	o := newOAuthFake(t, fakeicu.Options{BearerToken: "static-token"})
	o.token(t, readScopes, "")
	if status, _ := o.api(t, fakeicu.DefaultAPIKey, "GET", "/api/v1/athlete/0", ""); status != 403 {
		t.Errorf("API key as Bearer = %d, want 403", status)
	}
	if status, _ := o.api(t, "static-token", "PUT", "/api/v1/athlete/0/wellness/2026-03-10", `{"weight":70}`); status != 200 {
		t.Errorf("Options.BearerToken write = %d, want 200", status)
	}
}

func TestOAuthNeverLogsACodeSecretOrToken(t *testing.T) {
	var buf strings.Builder
	var mu sync.Mutex
	logger := slog.New(slog.NewTextHandler(writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return buf.Write(p)
	}), &slog.HandlerOptions{Level: slog.LevelDebug}))
	o := newOAuthFake(t, fakeicu.Options{Logger: logger})
	code := o.signIn(t, readScopes, "")
	o.exchange(t, fakeicu.DemoOAuthClientID, "wrong-"+fakeicu.DemoOAuthClientSecret, code)
	_, body := o.redeem(t, code)
	tok := body["access_token"].(string)
	o.redeem(t, code)
	o.api(t, tok, "GET", "/api/v1/athlete/0", "")
	o.api(t, tok, "PUT", "/api/v1/athlete/0/wellness/2026-03-10", `{}`)
	o.api(t, tok, "DELETE", "/api/v1/disconnect-app", "")
	o.api(t, tok, "GET", "/api/v1/athlete/0", "")
	mu.Lock()
	log := buf.String()
	mu.Unlock()
	if !strings.Contains(log, "/api/oauth/token") || !strings.Contains(log, "status=404") {
		t.Fatalf("the OAuth requests are not logged:\n%s", log)
	}
	for name, secret := range map[string]string{"code": code, "token": tok, "secret": fakeicu.DemoOAuthClientSecret} {
		if strings.Contains(log, secret) {
			t.Errorf("the log contains the %s:\n%s", name, log)
		}
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
