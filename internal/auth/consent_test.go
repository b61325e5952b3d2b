package auth_test

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/fakeicutest"
)

func TestConsentPageHeadersAndDeny(t *testing.T) {
	e := newEnv(t)
	redirect := "http://127.0.0.1:9/cb"
	client := e.register(redirect)
	_, challenge := pkce()
	resp, err := e.browser.Get(e.authorizeURL(client, redirect, challenge, "intervals:read"))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	h := resp.Header
	if !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") || h.Get("X-Frame-Options") != "DENY" || h.Get("Cache-Control") != "no-store" {
		t.Errorf("consent headers: CSP %q, X-Frame-Options %q, Cache-Control %q", h.Get("Content-Security-Policy"), h.Get("X-Frame-Options"), h.Get("Cache-Control"))
	}
	if c := h.Get("Set-Cookie"); !strings.Contains(c, "HttpOnly") || !strings.Contains(c, "SameSite=Lax") || !strings.HasPrefix(c, "imcp-consent-") {
		t.Errorf("consent cookie %q: want imcp-consent-<id> (the http demo's name for __Host-imcp-consent-<id>), HttpOnly, SameSite=Lax", c)
	}
	for _, want := range []string{"Test client", "127.0.0.1:9", `name="scope" value="intervals:read"`, `name="scope" value="intervals:write"`, `name="decision" value="allow"`, `value="deny"`} {
		if !bytes.Contains(body, []byte(want)) {
			t.Errorf("the consent page lacks %q", want)
		}
	}
	form := mustForm(t, resp.Request.URL, body)
	v := form.Hidden
	v.Set("scope", "intervals:read")
	v.Set("decision", "deny")
	q := e.post(form.Action, v, http.StatusSeeOther).Query()
	if q.Get("error") != "access_denied" || q.Get("iss") != e.url || q.Get("state") != "st-1" {
		t.Errorf("deny: back with %v", q)
	}
	v.Set("decision", "allow")
	if resp, _ := e.browser.PostForm(form.Action, v); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("the same consent again (after deny) = %d, want 400: the handle is single use", resp.StatusCode)
	}
	// Another browser (no cookie) cannot answer someone's consent.
	resp2, err := e.browser.Get(e.authorizeURL(client, redirect, challenge, "intervals:read"))
	if err != nil {
		t.Fatal(err)
	}
	body2, _ := io.ReadAll(resp2.Body)
	resp2.Body.Close()
	f2 := mustForm(t, resp2.Request.URL, body2)
	f2.Hidden.Set("scope", "intervals:write")
	f2.Hidden.Set("decision", "allow")
	if resp, _ := http.PostForm(f2.Action, f2.Hidden); resp.StatusCode != http.StatusBadRequest {
		t.Errorf("consent from a browser without the cookie = %d, want 400 (CSRF)", resp.StatusCode)
	}
}

// consentForm opens an authorization in the browser and returns its consent form, with the
// scope already chosen and the decision allow.
func (e *env) consentForm(authorizeURL, scope string) *fakeicutest.Form {
	e.t.Helper()
	resp, body := e.open(authorizeURL)
	if resp.StatusCode != http.StatusOK {
		e.t.Fatalf("authorize = %d, want the consent page:\n%s", resp.StatusCode, body)
	}
	f := mustForm(e.t, resp.Request.URL, []byte(body))
	f.Hidden.Set("scope", scope)
	f.Hidden.Set("decision", "allow")
	return f
}

// TestTwoAuthorizationsInOneBrowserBothFinish: two authorizations open in one browser (two
// tabs, two clients connecting at once) each keep their own binding cookie: both consents
// and both callbacks succeed, in any order. With one cookie name the first one always failed.
func TestTwoAuthorizationsInOneBrowserBothFinish(t *testing.T) {
	e := newEnv(t)
	redirect := "http://127.0.0.1:9/cb"
	client := e.register(redirect)
	_, c1 := pkce()
	_, c2 := pkce()
	f1 := e.consentForm(e.authorizeURL(client, redirect, c1, "intervals:read", "state", "tab-1"), "intervals:read")
	f2 := e.consentForm(e.authorizeURL(client, redirect, c2, "intervals:read", "state", "tab-2"), "intervals:write")
	up1 := e.post(f1.Action, f1.Hidden, http.StatusSeeOther)
	up2 := e.post(f2.Action, f2.Hidden, http.StatusSeeOther)
	for _, c := range []struct {
		up    string
		state string
	}{{up2.String(), "tab-2"}, {up1.String(), "tab-1"}} {
		back := e.follow(fakeicutest.SignIn(t, e.browser, c.up, "", "allow").String())
		if q := back.Query(); q.Get("code") == "" || q.Get("state") != c.state {
			t.Errorf("%s: back to the client with %v; want a code and state %s", c.state, q, c.state)
		}
	}
}

// bindingCookies are the browser's consent binding cookies for the server.
func (e *env) bindingCookies() []*http.Cookie {
	var out []*http.Cookie
	for _, c := range e.browser.Jar.Cookies(mustParse(e.t, e.url)) {
		if strings.HasPrefix(c.Name, "imcp-consent") {
			out = append(out, c)
		}
	}
	return out
}

// TestBindingCookiesAreBounded: a browser keeps at most 10 binding cookies (a hostile page
// opening authorizations in a loop cannot grow its Cookie header past what a proxy takes):
// an 11th authorization drops the oldest one, whose consent then fails with the page that
// says to start again; the other ten work.
func TestBindingCookiesAreBounded(t *testing.T) {
	c := &clock{t: time.Now()}
	e := newEnv(t, envConfig{opts: func(o *auth.Options) { o.Now = c.now }})
	redirect := "http://127.0.0.1:9/cb"
	client := e.register(redirect)
	var forms []*fakeicutest.Form
	for i := range 12 {
		_, ch := pkce()
		forms = append(forms, e.consentForm(e.authorizeURL(client, redirect, ch, "intervals:read", "state", fmt.Sprint("s", i)), "intervals:read"))
		c.advance(time.Millisecond)
	}
	if n := len(e.bindingCookies()); n != 10 {
		t.Errorf("the browser holds %d binding cookies, want 10", n)
	}
	for i, f := range forms {
		resp, err := e.browser.PostForm(f.Action, f.Hidden)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		switch want := http.StatusSeeOther; {
		case i < 2 && (resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), "Start again")):
			t.Errorf("the consent of authorization %d (dropped) = %d, want 400 saying to start again", i, resp.StatusCode)
		case i >= 2 && resp.StatusCode != want:
			t.Errorf("the consent of authorization %d = %d, want %d:\n%s", i, resp.StatusCode, want, b)
		}
	}
}

// TestConsentNamesWhatItKnowsApartFromWhatClientsClaim: the consent page names a metadata
// document's client by the host we fetched the document from, its own name only as what it
// calls itself; a registered client as unverified, its name only as a claim, never as "Connect
// <name>": anyone can register as "Claude". Control and bidirectional formatting characters
// in a document's name (which we cannot refuse for its host) are shown escaped; a name of
// markup, as the text it is (TestPagesShowEveryValueAsText tries every value of every page).
func TestConsentNamesWhatItKnowsApartFromWhatClientsClaim(t *testing.T) {
	const cimd = "https://claude.ai/oauth/mcp-oauth-client-metadata"
	const tricky = "https://tools.example.net/client.json"
	_, hc := cimdServer(t, map[string]any{
		"/oauth/mcp-oauth-client-metadata": map[string]any{"client_id": cimd, "client_name": "Claude", "redirect_uris": []string{"https://claude.ai/api/mcp/auth_callback"}},
		"/client.json":                     map[string]any{"client_id": tricky, "client_name": "Tools\u202Etxt.exe\u0007", "redirect_uris": []string{"https://tools.example.net/cb"}},
	})
	e := newEnv(t, envConfig{opts: func(o *auth.Options) { o.MetadataClient = hc }})
	_, challenge := pkce()
	s, m := e.registerDoc(map[string]any{"redirect_uris": []string{"http://127.0.0.1:9/cb"}, "client_name": "Claude"})
	if s != http.StatusCreated {
		t.Fatalf("register = %d %v", s, m)
	}
	h1 := regexp.MustCompile(`(?s)<h1>(.*?)</h1>`)
	title := regexp.MustCompile(`(?s)<title>(.*?)</title>`)
	_, registered := e.open(e.authorizeURL(m["client_id"].(string), "http://127.0.0.1:9/cb", challenge, "intervals:read"))
	if head := h1.FindStringSubmatch(registered); head == nil || strings.Contains(head[1], "Claude") || !strings.Contains(head[1], "unverified") {
		t.Errorf("a registered client named Claude is headed %q; want an unverified application, not Claude", head)
	}
	if tt := title.FindStringSubmatch(registered); tt == nil || strings.Contains(tt[1], "Claude") {
		t.Errorf("a registered client named Claude has the title %q", tt)
	}
	if !strings.Contains(registered, "calls itself “Claude”") || !strings.Contains(registered, "127.0.0.1:9") || strings.Contains(registered, "Connect Claude") {
		t.Errorf("the registered client's page does not give its name as a claim, or not where the code goes:\n%s", registered)
	}
	_, verified := e.open(e.authorizeURL(cimd, "https://claude.ai/api/mcp/auth_callback", challenge, "intervals:read"))
	if head := h1.FindStringSubmatch(verified); head == nil || !strings.Contains(head[1], "claude.ai") || strings.Contains(head[1], "unverified") {
		t.Errorf("the metadata document client is headed %q; want its host, claude.ai", head)
	}
	if !strings.Contains(verified, "calls itself “Claude”") {
		t.Errorf("the metadata document client's page lacks what it calls itself:\n%s", verified)
	}
	_, escaped := e.open(e.authorizeURL(tricky, "https://tools.example.net/cb", challenge, "intervals:read"))
	if strings.ContainsAny(escaped, "\u202E\a") || !strings.Contains(escaped, `Tools\u202Etxt.exe\u0007`) {
		t.Errorf("the document's name with U+202E and BEL is not shown escaped:\n%s", escaped)
	}
	const markup = `"><script>alert(1)</script> a" onmouseover="x & 1+1`
	s, m = e.registerDoc(map[string]any{"redirect_uris": []string{"http://127.0.0.1:9/cb"}, "client_name": markup})
	if s != http.StatusCreated {
		t.Fatalf("register = %d %v", s, m)
	}
	_, marked := e.open(e.authorizeURL(m["client_id"].(string), "http://127.0.0.1:9/cb", challenge, "intervals:read"))
	if strings.Contains(marked, "<script") || strings.Contains(marked, `" onmouseover`) || !strings.Contains(html.UnescapeString(marked), "calls itself “"+markup+"”") {
		t.Errorf("a name of markup is not shown as its text:\n%s", marked)
	}
}

// TestConsentRefusesACrossOriginPost: the consent form is taken from our own pages only
// (Sec-Fetch-Site, or Origin for browsers without it), on top of its handle and cookie; a
// refused post spends nothing, and the same form from our page still works.
func TestConsentRefusesACrossOriginPost(t *testing.T) {
	e := newEnv(t)
	redirect := "http://127.0.0.1:9/cb"
	client := e.register(redirect)
	_, challenge := pkce()
	f := e.consentForm(e.authorizeURL(client, redirect, challenge, "intervals:read"), "intervals:write")
	for name, h := range map[string]http.Header{
		"a cross-site form":                    {"Sec-Fetch-Site": {"cross-site"}, "Origin": {"https://evil.example"}},
		"a same-site form of another origin":   {"Sec-Fetch-Site": {"same-site"}, "Origin": {"http://127.0.0.1:1"}},
		"an older browser's cross-origin form": {"Origin": {"https://evil.example"}},
	} {
		if resp := e.postWith(f.Action, f.Hidden, h); resp.StatusCode != http.StatusForbidden || resp.Header.Get("Location") != "" {
			t.Errorf("%s: %d Location %q; want 403 and no redirect", name, resp.StatusCode, resp.Header.Get("Location"))
		}
	}
	if resp := e.postWith(f.Action, f.Hidden, http.Header{"Sec-Fetch-Site": {"same-origin"}, "Origin": {e.url}}); resp.StatusCode != http.StatusSeeOther {
		t.Errorf("the same form from our page = %d, want 303 to Intervals.icu", resp.StatusCode)
	}
}

// postWith posts a form in the browser with headers h and returns the answer (body read).
func (e *env) postWith(action string, v url.Values, h http.Header) *http.Response {
	e.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, action, strings.NewReader(v.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for k, vs := range h {
		req.Header[k] = vs
	}
	resp, err := e.browser.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}
