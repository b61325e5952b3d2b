package auth_test

import (
	"net/http"
	"net/url"
	"testing"
)

// redirectOf opens u in the browser and returns the 303's Location (an error going back).
func (e *env) redirectOf(u string) url.Values {
	e.t.Helper()
	return e.follow(u).Query()
}

func TestAuthorizeRefusesPlainOrMissingPKCEAndOtherResources(t *testing.T) {
	e := newEnv(t)
	redirect := "http://127.0.0.1:9/cb"
	client := e.register(redirect)
	_, challenge := pkce()
	cases := []struct {
		name, code string
		set        []string
	}{
		{"plain PKCE", "invalid_request", []string{"code_challenge_method", "plain"}},
		{"no challenge", "invalid_request", []string{"code_challenge", "", "code_challenge_method", ""}},
		{"no method", "invalid_request", []string{"code_challenge_method", ""}},
		{"another resource", "invalid_target", []string{"resource", "https://other.example/mcp"}},
		{"a token response type", "unsupported_response_type", []string{"response_type", "token"}},
		{"an unknown scope", "invalid_scope", []string{"scope", "admin"}},
	}
	for _, c := range cases {
		q := e.redirectOf(e.authorizeURL(client, redirect, challenge, "intervals:read", c.set...))
		if q.Get("error") != c.code || q.Get("iss") != e.url || q.Get("state") != "st-1" || q.Get("code") != "" {
			t.Errorf("%s: back to the client with %v; want error=%s, iss, state and no code", c.name, q, c.code)
		}
	}
}

func TestAuthorizeAnswersAPageForAnUnknownClientOrRedirect(t *testing.T) {
	e := newEnv(t)
	client := e.register("http://127.0.0.1:9/cb")
	_, challenge := pkce()
	for name, u := range map[string]string{
		"unknown client":   e.authorizeURL("imcp_c_nobody", "http://127.0.0.1:9/cb", challenge, ""),
		"another redirect": e.authorizeURL(client, "http://127.0.0.1:9/cb/other", challenge, ""),
		"a port changed":   e.authorizeURL(client, "http://127.0.0.1:10/cb", challenge, ""),
	} {
		resp, err := e.browser.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || resp.Header.Get("Location") != "" {
			t.Errorf("%s: %d Location %q; want a 400 page and no redirect", name, resp.StatusCode, resp.Header.Get("Location"))
		}
	}
}
