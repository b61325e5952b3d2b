package auth_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
)

// clientApp is an MCP client's redirect URI on loopback: it shows the state and whether a
// code came back, for the browser test to read (#got).
func clientApp(t *testing.T) string {
	t.Helper()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>client</title><p id="got">state=%s code=%t error=%s</p>`,
			html.EscapeString(q.Get("state")), q.Get("code") != "", html.EscapeString(q.Get("error")))
	}))
	t.Cleanup(ts.Close)
	return ts.URL + "/cb"
}

// TestConsentInChromium, in headless Chromium: the consent page of a client registered as
// "Claude" says it is an unverified application that calls itself Claude, never "Connect
// Claude"; that of a metadata document client names its host, claude.ai. The two
// authorizations are open in two tabs at once, and both finish (the older one first: with
// one binding cookie it was the one that failed). A hostile page of another origin posting
// to /account/signin gets our refusal, not Intervals.icu's sign-in.
func TestConsentInChromium(t *testing.T) {
	b := newBrowser(t, "the consent page is not tried in a browser")
	const cimd = "https://claude.ai/oauth/mcp-oauth-client-metadata"
	callback := clientApp(t)
	_, hc := cimdServer(t, map[string]any{"/oauth/mcp-oauth-client-metadata": map[string]any{
		"client_id": cimd, "client_name": "Claude", "redirect_uris": []string{callback}}})
	_, public := accountServer(t, func(o *auth.Options) { o.MetadataClient = hc })

	body, _ := json.Marshal(map[string]any{"redirect_uris": []string{callback}, "client_name": "Claude"})
	resp, err := http.Post(public+"/register", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var reg struct {
		ClientID string `json:"client_id"`
	}
	json.NewDecoder(resp.Body).Decode(&reg)
	resp.Body.Close()
	authorize := func(client, state string) string {
		_, challenge := pkce()
		return public + "/authorize?" + url.Values{"response_type": {"code"}, "client_id": {client}, "redirect_uri": {callback},
			"state": {state}, "code_challenge": {challenge}, "code_challenge_method": {"S256"}, "scope": {"intervals:read"}}.Encode()
	}
	continueButton := chromedp.CSS(`form[action="/consent"] button[value=allow]`)

	registered, verified := b.tab, b.newTab()
	b.step(registered, "1-registered-client", chromedp.Navigate(authorize(reg.ClientID, "tab-1")), chromedp.WaitVisible(continueButton))
	if h1, page := b.text(registered, "h1"), b.text(registered, "main"); strings.Contains(h1, "Claude") || !strings.Contains(h1, "unverified") ||
		!strings.Contains(page, "calls itself “Claude”") || !strings.Contains(page, "Its name is unverified") {
		t.Errorf("a registered client named Claude: headed %q, showing:\n%s", h1, page)
	}
	if title := b.read(registered, chromedp.Title()); strings.Contains(title, "Claude") {
		t.Errorf("a registered client named Claude has the title %q", title)
	}
	b.step(verified, "2-metadata-document-client", chromedp.Navigate(authorize(cimd, "tab-2")), chromedp.WaitVisible(continueButton))
	if h1 := b.text(verified, "h1"); h1 != "Connect claude.ai to your Intervals.icu data?" {
		t.Errorf("the metadata document client is headed %q, want its host", h1)
	}

	// Both tabs are open; the first one opened answers first.
	for i, tab := range []context.Context{registered, verified} {
		n := fmt.Sprint(i + 1)
		b.step(tab, n+"-intervals-approve", chromedp.Click(continueButton), chromedp.WaitVisible(chromedp.CSS(`input[name=athlete], p[role=alert]`)))
		if where := b.read(tab, chromedp.Location()); !strings.Contains(where, demoPath+"/oauth/authorize?") {
			t.Fatalf("tab %s: the consent went to %s, showing:\n%s", n, where, b.text(tab, "main"))
		}
		b.step(tab, n+"-back-at-the-client", chromedp.Click(chromedp.CSS(`button[name=decision][value=allow]`)), chromedp.WaitVisible(chromedp.CSS(`#got`)))
		if got := b.text(tab, "#got"); got != "state=tab-"+n+" code=true error=" {
			t.Errorf("tab %s: the client got %q, want a code and its state", n, got)
		}
	}

	hostile := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `<!doctype html><title>prize</title><form method="post" action="%s/account/signin"><button id="win">Claim your prize</button></form>`, public)
	}))
	defer hostile.Close()
	b.step(b.tab, "5-hostile-page", chromedp.Navigate(hostile.URL), chromedp.Click(chromedp.CSS(`#win`)),
		chromedp.WaitVisible(chromedp.CSS(`p[role=alert], input[name=athlete]`)))
	if where, h1 := b.read(b.tab, chromedp.Location()), b.text(b.tab, "h1"); where != public+"/account/signin" || h1 != "This form was sent from another site" {
		t.Errorf("a hostile page's sign-in went to %s, headed %q; want our refusal", where, h1)
	}
}
