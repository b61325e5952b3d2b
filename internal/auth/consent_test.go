package auth_test

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"
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
	if c := h.Get("Set-Cookie"); !strings.Contains(c, "HttpOnly") || !strings.Contains(c, "SameSite=Lax") || !strings.HasPrefix(c, "imcp-consent=") {
		t.Errorf("consent cookie %q: want imcp-consent (the http demo's name for __Host-imcp-consent), HttpOnly, SameSite=Lax", c)
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
