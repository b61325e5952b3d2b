package auth_test

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/fakeicutest"
)

// page opens u in the browser and returns the page.
func (e *env) page(u string) string {
	e.t.Helper()
	resp, err := e.browser.Get(u)
	return e.ok("GET "+u, resp, err)
}

// submit posts a form of the account page and returns the page it answers (200).
func (e *env) submit(path string, v url.Values) string {
	e.t.Helper()
	resp, err := e.browser.PostForm(e.url+path, v)
	return e.ok("POST "+path, resp, err)
}

// ok is the body of a 200 answer to what; anything else ends the test.
func (e *env) ok(what string, resp *http.Response, err error) string {
	e.t.Helper()
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		e.t.Fatalf("%s = %d:\n%s", what, resp.StatusCode, b)
	}
	return string(b)
}

// csrfField finds a form's CSRF token in a page; compiled on first use.
var csrfField = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`name="csrf" value="([0-9a-f]+)"`) })

// signInToAccount signs the browser in to the account page (the fake's approve page, athlete
// "" the primary one) and returns the page and its CSRF token.
func (e *env) signInToAccount(athlete string) (page, csrf string) {
	e.t.Helper()
	up := e.post(e.url+"/account/signin", nil, http.StatusSeeOther)
	back := fakeicutest.SignIn(e.t, e.browser, up.String(), athlete, "allow")
	if loc := e.follow(back.String()); loc.Path != "/account" {
		e.t.Fatalf("after the sign-in, sent to %s", loc)
	}
	page = e.page(e.url + "/account")
	m := csrfField().FindStringSubmatch(page)
	if m == nil {
		e.t.Fatalf("the signed-in page has no CSRF field:\n%s", page)
	}
	return page, m[1]
}

func TestAccountPageSignsInCreatesListsAndRevokes(t *testing.T) {
	e := newEnv(t)
	e.signIn("intervals:read") // a connected client to list
	if p := e.page(e.url + "/account"); !strings.Contains(p, "Sign in with Intervals.icu") {
		t.Fatalf("signed out, /account shows:\n%s", p)
	}
	p, csrf := e.signInToAccount("")
	if !strings.Contains(p, "Test client") || !strings.Contains(p, "No personal token") {
		t.Fatalf("the signed-in page lacks the connected client or the empty token list:\n%s", p)
	}
	created := e.submit("/account/tokens", url.Values{"csrf": {csrf}, "name": {"laptop"}, "scope": {"write"}, "expires": {"30d"}})
	tok := regexp.MustCompile(`imcp_pat_[A-Z2-7]+`).FindString(created)
	if tok == "" || !strings.Contains(created, "laptop") || !strings.Contains(created, "read and change") {
		t.Fatalf("after creating a token the page shows:\n%s", created)
	}
	if s, _, _ := e.mcpStatus(tok, initialize); s != http.StatusOK {
		t.Fatalf("the new personal token on /mcp: %d", s)
	}
	if again := e.page(e.url + "/account"); strings.Contains(again, tok) {
		t.Error("the token is shown again: it must be shown once")
	}
	// A form without the session's CSRF token changes nothing.
	resp, _ := e.browser.PostForm(e.url+"/account/tokens", url.Values{"name": {"evil"}, "scope": {"write"}, "expires": {"never"}})
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("a token form without CSRF = %d, want 403", resp.StatusCode)
	}
	id := regexp.MustCompile(`action="/account/tokens/revoke"><input type="hidden" name="csrf" value="[0-9a-f]+"><input type="hidden" name="id" value="([a-z0-9]+)"`).FindStringSubmatch(created)
	if id == nil {
		t.Fatalf("no revoke form for the token:\n%s", created)
	}
	if p := e.submit("/account/tokens/revoke", url.Values{"csrf": {csrf}, "id": {id[1]}}); !strings.Contains(p, "The token is revoked") {
		t.Errorf("after revoking:\n%s", p)
	}
	if s, _, _ := e.mcpStatus(tok, initialize); s != http.StatusUnauthorized {
		t.Errorf("the revoked personal token on /mcp: %d, want 401", s)
	}
	if loc := e.post(e.url+"/account/signout", url.Values{"csrf": {csrf}}, http.StatusSeeOther); loc.Path != "/account" {
		t.Errorf("sign out sent to %s", loc)
	}
	if p := e.page(e.url + "/account"); !strings.Contains(p, "Sign in with Intervals.icu") {
		t.Error("still signed in after signing out")
	}
	// Revoking the last connection forgets the athlete: their Intervals.icu token deleted
	// here and disconnected there, their session ended.
	p, csrf = e.signInToAccount("")
	grant := regexp.MustCompile(`action="/account/clients/revoke"><input type="hidden" name="csrf" value="[0-9a-f]+"><input type="hidden" name="id" value="([a-z0-9]+)"`).FindStringSubmatch(p)
	if grant == nil {
		t.Fatalf("no revoke form for the client:\n%s", p)
	}
	upstream := e.upstreamToken(fakeicu.DemoAthleteID)
	p = e.submit("/account/clients/revoke", url.Values{"csrf": {csrf}, "id": {grant[1]}})
	if !strings.Contains(p, "It was your last connection") || !strings.Contains(p, "disconnected itself from your Intervals.icu account") || !strings.Contains(p, "Sign in with Intervals.icu") {
		t.Errorf("after disconnecting the last client:\n%s", p)
	}
	e.forgotten(fakeicu.DemoAthleteID, upstream)
	if p := e.page(e.url + "/account"); !strings.Contains(p, "Sign in with Intervals.icu") {
		t.Error("still signed in once forgotten")
	}
}

// TestAccountPageListsOnlyConnectionsThatGotTokens: an authorization whose code the client
// never redeems (it crashed, the user closed the tab) is no connection: the account page
// does not list it.
func TestAccountPageListsOnlyConnectionsThatGotTokens(t *testing.T) {
	e := newEnv(t)
	redirect := "http://127.0.0.1:9/callback"
	_, challenge := pkce()
	e.code(e.register(redirect), redirect, challenge, "intervals:read") // never redeemed
	if p, _ := e.signInToAccount(""); !strings.Contains(p, "No application is connected") || strings.Contains(p, "Test client") {
		t.Errorf("an authorization never redeemed is listed:\n%s", p)
	}
	e.signIn("intervals:read")
	if p := e.page(e.url + "/account"); !strings.Contains(p, "Test client") {
		t.Errorf("a redeemed authorization is not listed:\n%s", p)
	}
}

// TestAccountSignInRefusesACrossOriginPost: a hostile page cannot start a sign-in (which asks
// Intervals.icu for read and write) by posting to /account/signin: a cross-origin post is
// refused (Sec-Fetch-Site, or Origin for browsers without it) and sets nothing; so is one to
// any other form of the account page, even with the right CSRF token.
func TestAccountSignInRefusesACrossOriginPost(t *testing.T) {
	e := newEnv(t)
	hostile := http.Header{"Sec-Fetch-Site": {"cross-site"}, "Origin": {"https://evil.example"}}
	for name, h := range map[string]http.Header{
		"a cross-site form":                    hostile,
		"an older browser's cross-origin form": {"Origin": {"https://evil.example"}},
	} {
		resp := e.postWith(e.url+"/account/signin", nil, h)
		if resp.StatusCode != http.StatusForbidden || resp.Header.Get("Location") != "" || len(resp.Cookies()) != 0 {
			t.Errorf("%s to /account/signin: %d Location %q cookies %v; want 403, no redirect, no cookie", name, resp.StatusCode, resp.Header.Get("Location"), resp.Cookies())
		}
	}
	if resp := e.postWith(e.url+"/account/signin", nil, http.Header{"Sec-Fetch-Site": {"same-origin"}, "Origin": {e.url}}); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("the sign-in from our page = %d, want 303 to Intervals.icu", resp.StatusCode)
	}
	_, csrf := e.signInToAccount("")
	for _, path := range []string{"/account/tokens", "/account/tokens/revoke", "/account/clients/revoke", "/account/signout"} {
		v := url.Values{"csrf": {csrf}, "name": {"evil"}, "scope": {"write"}, "expires": {"never"}}
		if resp := e.postWith(e.url+path, v, hostile); resp.StatusCode != http.StatusForbidden {
			t.Errorf("a cross-site post to %s with the CSRF token = %d, want 403", path, resp.StatusCode)
		}
	}
	if p := e.page(e.url + "/account"); !strings.Contains(p, "No personal token") {
		t.Errorf("a refused cross-site post created a token:\n%s", p)
	}
}

// TestPersonalTokenNamesAreCharactersAndText: a personal token's name is 1 to 60 characters
// (not bytes: 40 Cyrillic letters are 80 bytes), of text: a control or bidirectional
// formatting character, or bytes that are not UTF-8 (which PostgreSQL refused, its error
// shown on the page), are refused with a notice that says what to do.
func TestPersonalTokenNamesAreCharactersAndText(t *testing.T) {
	onBothStores(t, func(t *testing.T, cfg envConfig) {
		e := newEnv(t, cfg)
		_, csrf := e.signInToAccount("")
		create := func(name string) string {
			return e.submit("/account/tokens", url.Values{"csrf": {csrf}, "name": {name}, "scope": {"read"}, "expires": {"30d"}})
		}
		if p := create(strings.Repeat("ж", 40)); !strings.Contains(p, "imcp_pat_") {
			t.Errorf("a name of 40 Cyrillic letters was refused:\n%s", p)
		}
		for _, name := range []string{"laptop\u202Epot", "two\nlines", "not\xffutf-8", strings.Repeat("ж", 61)} {
			p := create(name)
			if strings.Contains(p, "imcp_pat_") || !strings.Contains(p, "The token was not created") || strings.Contains(p, "store:") {
				t.Errorf("the name %q: the page shows:\n%s", name, p)
			}
		}
		if _, err := auth.NewPersonalToken(context.Background(), e.st, fakeicu.DemoAthleteID, "cli\u2067name", false, 0, time.Now()); err == nil {
			t.Error("NewPersonalToken took a name with U+2067")
		}
	})
}
