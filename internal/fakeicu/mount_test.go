package fakeicu_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
)

// Mounted under a path, the fake's sign-in pages answer there, and its client reaches the
// fake's token endpoint through the same path.
func TestSignInAt(t *testing.T) {
	f := fakeicu.New(fakeicu.Options{})
	mux := http.NewServeMux()
	ts := httptest.NewServer(mux)
	defer ts.Close()
	base, client, pages := f.SignInAt(ts.URL+"/", "/signin")
	mux.Handle("/signin/", pages)
	if base != ts.URL+"/signin" {
		t.Errorf("base URL %q", base)
	}
	q := url.Values{"client_id": {fakeicu.DemoOAuthClientID}, "redirect_uri": {"http://127.0.0.1/cb"}, "scope": {"ACTIVITY:READ"}, "state": {"s"}, "response_type": {"code"}}
	resp, err := http.Get(base + "/oauth/authorize?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(page), "<form") {
		t.Errorf("the approve page under the path answered %d: %.200s", resp.StatusCode, page)
	}
	// The client strips the path: a wrong code is the fake's own refusal, not a 404.
	resp, err = client.PostForm(base+"/api/oauth/token", url.Values{"client_id": {fakeicu.DemoOAuthClientID}, "client_secret": {fakeicu.DemoOAuthClientSecret}, "code": {"nope"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound || resp.StatusCode < 400 {
		t.Errorf("a wrong code through the client answered %d, want the fake's refusal", resp.StatusCode)
	}
}
