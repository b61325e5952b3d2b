package auth_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
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

// TestAuthorizeBoundsWhatItKeeps: /authorize keeps what it is sent until the callback, for
// anyone, so each of it is bounded. A state over 2 KiB (the 900 KiB one that filled the
// store too), or one that is not text (a control character, not UTF-8: PostgreSQL refused
// those with a 503), goes back to the client as invalid_request, its redirect URI being
// known (RFC 6749 4.1.2.1), without the state it could not keep; so does a code_challenge
// that is not base64url. A client_id over 1 KiB gets the error page, and nothing is fetched.
func TestAuthorizeBoundsWhatItKeeps(t *testing.T) {
	onBothStores(t, func(t *testing.T, cfg envConfig) {
		long := "https://example.com/" + strings.Repeat("c", 1100)
		var fetched atomic.Int32
		_, hc := cimdServer(t, map[string]any{long[len("https://example.com"):]: map[string]any{
			"client_id": long, "client_name": "Long", "redirect_uris": []string{"https://example.com/cb"}}})
		hc.Transport = countingTransport{hc.Transport, &fetched}
		cfg.opts = func(o *auth.Options) { o.MetadataClient = hc }
		e := newEnv(t, cfg)
		redirect := "http://127.0.0.1:9/cb"
		client := e.register(redirect)
		_, challenge := pkce()
		for name, set := range map[string][]string{
			"a state of 900 KiB":          {"state", strings.Repeat("s", 900<<10)},
			"a state one byte too long":   {"state", strings.Repeat("s", 2049)},
			"a state with a NUL":          {"state", "st\x00ate"},
			"a state with a newline":      {"state", "st\nate"},
			"a state that is not UTF-8":   {"state", "st\xffate"},
			"a code_challenge with a NUL": {"code_challenge", strings.Repeat("c", 42) + "\x00"},
		} {
			resp, body := e.open(e.authorizeURL(client, redirect, challenge, "intervals:read", set...))
			loc, _ := resp.Location()
			if resp.StatusCode != http.StatusSeeOther || loc == nil {
				t.Errorf("%s: %d %.300s; want a redirect to the client with invalid_request", name, resp.StatusCode, body)
				continue
			}
			q := loc.Query()
			if q.Get("error") != "invalid_request" || !strings.Contains(q.Get("error_description"), set[0]) || q.Has("state") && set[0] == "state" || q.Get("iss") != e.url {
				t.Errorf("%s: back to the client with %.300v; want error=invalid_request naming %s, iss, and no state", name, q, set[0])
			}
		}
		if resp, body := e.open(e.authorizeURL(client, redirect, challenge, "intervals:read", "state", strings.Repeat("s", 2048))); resp.StatusCode != http.StatusOK {
			t.Errorf("a state of 2048 bytes: %d %.300s; want the consent page", resp.StatusCode, body)
		}
		resp, body := e.open(e.authorizeURL(long, "https://example.com/cb", challenge, "intervals:read"))
		if resp.StatusCode != http.StatusBadRequest || resp.Header.Get("Location") != "" || !strings.Contains(body, "1024") || fetched.Load() != 0 {
			t.Errorf("a client_id of %d bytes: %d, fetched %d times: %.300s; want the error page saying the limit, and no fetch", len(long), resp.StatusCode, fetched.Load(), body)
		}
	})
}

// countingTransport counts the requests it sends.
type countingTransport struct {
	http.RoundTripper
	n *atomic.Int32
}

func (c countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	return c.RoundTripper.RoundTrip(r)
}

// TestAuthorizeErrorPageKeepsTheFetchErrorInTheLog: a metadata document that cannot be
// fetched gets a page that says what the user can do; why (here the address guard's
// refusal, which tells any visitor where a name resolves) goes to the log only.
func TestAuthorizeErrorPageKeepsTheFetchErrorInTheLog(t *testing.T) {
	refused := errors.New("refused: 10.20.30.40 is not a public address")
	hc := &http.Client{Transport: &http.Transport{DialContext: func(context.Context, string, string) (net.Conn, error) { return nil, refused }}}
	e := newEnv(t, envConfig{opts: func(o *auth.Options) { o.MetadataClient = hc }})
	_, challenge := pkce()
	resp, body := e.open(e.authorizeURL("https://intranet.example.com/client.json", "https://intranet.example.com/cb", challenge, "intervals:read"))
	if resp.StatusCode != http.StatusBadRequest || resp.Header.Get("Location") != "" {
		t.Errorf("an unreachable document: %d Location %q, want the 400 page", resp.StatusCode, resp.Header.Get("Location"))
	}
	for _, detail := range []string{"10.20.30.40", "public address", "fetch "} {
		if strings.Contains(body, detail) {
			t.Errorf("the page shows %q:\n%s", detail, body)
		}
	}
	if !strings.Contains(body, "Try again") || !strings.Contains(body, "developer") {
		t.Errorf("the page does not say what to do:\n%s", body)
	}
	if !strings.Contains(e.logs.String(), "10.20.30.40 is not a public address") {
		t.Errorf("the log lacks why:\n%s", e.logs.String())
	}
}
