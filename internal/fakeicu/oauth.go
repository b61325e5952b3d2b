package fakeicu

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"net/http"
	"sync"
	"time"
)

// The OAuth app the fake knows when Options name none. Neither is a secret: they work
// against the fake only, and `intervals-mcp fake` prints them.
const (
	DemoOAuthClientID     = "intervals-mcp-demo"
	DemoOAuthClientSecret = "demo-only-secret-for-the-fake"
)

// codeLifetime is how long an authorization code can be exchanged, as on Intervals.icu.
const codeLifetime = 2 * time.Minute

// oauthAppName is the name the approve page gives the app.
const oauthAppName = "intervals-mcp"

// serveOAuth answers Intervals.icu's OAuth endpoints, which sit outside the API and take
// no API credential: the approve page (/oauth/authorize) and the code exchange
// (/api/oauth/token). It reports false for any other path.
func (f *Fake) serveOAuth(w http.ResponseWriter, r *http.Request) bool {
	switch r.URL.Path {
	case "/oauth/authorize":
		f.approvePage(w, r)
	case "/api/oauth/token":
		f.exchangeCode(w, r)
	default:
		return false
	}
	return true
}

// grantKey is one athlete's grant to one app.
type grantKey struct{ clientID, athleteID string }

// oauthCode is an authorization code waiting to be exchanged.
type oauthCode struct {
	grantKey
	scopes scopes
	issued time.Time
}

// oauthStore holds the fake's OAuth state: codes, the tokens issued and, per athlete and
// app, the scopes of the latest sign-in. Like Intervals.icu (as integrators report it),
// those scopes apply to every token of the athlete for the app: a read-only sign-in
// narrows a write token issued before it.
type oauthStore struct {
	mu     sync.Mutex
	codes  map[string]oauthCode
	tokens map[string]grantKey
	grants map[grantKey]scopes
}

func newOAuthStore() *oauthStore {
	return &oauthStore{codes: map[string]oauthCode{}, tokens: map[string]grantKey{}, grants: map[grantKey]scopes{}}
}

// approve records a sign-in and returns its code.
func (o *oauthStore) approve(key grantKey, s scopes, now time.Time) string {
	code := randomHex()
	o.mu.Lock()
	defer o.mu.Unlock()
	o.grants[key] = s
	o.codes[code] = oauthCode{grantKey: key, scopes: s, issued: now}
	return code
}

// errBadCode is an unknown, used, expired or other app's code.
var errBadCode = errors.New("the code is unknown, already used or expired (a code must be exchanged within 2 minutes of the sign-in)")

// redeem exchanges a code, once, for a new access token.
func (o *oauthStore) redeem(code, clientID string, now time.Time) (string, oauthCode, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	c, ok := o.codes[code]
	delete(o.codes, code)
	if !ok || c.clientID != clientID || now.Sub(c.issued) > codeLifetime {
		return "", oauthCode{}, errBadCode
	}
	tok := randomHex()
	o.tokens[tok] = c.grantKey
	return tok, c, nil
}

// caller returns who an access token the fake issued belongs to, with the scopes of the
// athlete's latest sign-in.
func (o *oauthStore) caller(tok string) (caller, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	key, ok := o.tokens[tok]
	if !ok {
		return caller{}, false
	}
	return caller{athleteID: key.athleteID, grant: key, oauth: true, scopes: o.grants[key]}, true
}

// disconnect revokes every token of an athlete for an app, and the grant.
func (o *oauthStore) disconnect(key grantKey) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for tok, k := range o.tokens {
		if k == key {
			delete(o.tokens, tok)
		}
	}
	delete(o.grants, key)
}

// randomHex is 128 random bits in hex, the form of Intervals.icu's codes and tokens.
func randomHex() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// caller is who a request's credential belongs to.
type caller struct {
	athleteID string   // "" for the API key and Options.BearerToken: the primary athlete
	oauth     bool     // an access token the fake issued
	grant     grantKey // its app and athlete
	scopes    scopes   // the grant's scopes (latest sign-in)
}

type callerKey struct{}

// withCaller is ctx carrying the request's caller.
func withCaller(ctx context.Context, c caller) context.Context {
	return context.WithValue(ctx, callerKey{}, c)
}

// callerOf is the request's caller; the zero caller (the API key's owner) if none was set.
func callerOf(r *http.Request) caller {
	c, _ := r.Context().Value(callerKey{}).(caller)
	return c
}

// knowsClient reports whether id and secret are the OAuth app's credentials.
func (f *Fake) knowsClient(id, secret string) bool {
	return id == f.opts.OAuthClientID &&
		subtle.ConstantTimeCompare([]byte(secret), []byte(f.opts.OAuthClientSecret)) == 1
}

// tokenAnswer is Intervals.icu's answer to a code exchange: no expires_in, no refresh_token.
type tokenAnswer struct {
	TokenType   string       `json:"token_type"`
	AccessToken string       `json:"access_token"`
	Scope       string       `json:"scope"`
	Athlete     tokenAthlete `json:"athlete"`
}

type tokenAthlete struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// exchangeCode answers POST /api/oauth/token: form fields client_id, client_secret and
// code (grant_type=authorization_code and redirect_uri are accepted and not needed). Wrong
// client credentials are 404, as on Intervals.icu; a bad code is 400.
func (f *Fake) exchangeCode(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		writeSpringError(w, r, f.opts.Now(), http.StatusMethodNotAllowed, "Method Not Allowed")
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		writeErrorf(w, http.StatusBadRequest, "send the token request as form data (application/x-www-form-urlencoded): %v", err)
		return
	}
	form := r.PostForm
	if !f.knowsClient(form.Get("client_id"), form.Get("client_secret")) {
		writeSpringError(w, r, f.opts.Now(), http.StatusNotFound, "Not Found")
		return
	}
	if gt := form.Get("grant_type"); gt != "" && gt != "authorization_code" {
		writeErrorf(w, http.StatusBadRequest, "grant_type %q is not supported: Intervals.icu issues tokens for authorization codes only (no refresh tokens)", gt)
		return
	}
	if form.Get("code") == "" {
		writeError(w, http.StatusBadRequest, "code is missing: send the code the sign-in redirected with")
		return
	}
	tok, c, err := f.oauth.redeem(form.Get("code"), form.Get("client_id"), f.opts.Now())
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	name := ""
	st := f.store()
	st.mu.RLock()
	if a := st.athlete(c.athleteID); a != nil {
		name = deref(a.Profile.Name)
	}
	st.mu.RUnlock()
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, tokenAnswer{
		TokenType: "Bearer", AccessToken: tok, Scope: c.scopes.String(),
		Athlete: tokenAthlete{ID: c.athleteID, Name: name},
	})
}

// DisconnectApp answers DELETE /disconnect-app: the app of the bearer token loses its
// access to the token's athlete; every token of theirs for the app stops working (401).
// Only a token the fake issued can do it.
func (s *server) DisconnectApp(w http.ResponseWriter, r *http.Request) {
	c := callerOf(r)
	if !c.oauth {
		writeError(w, http.StatusUnauthorized, "Missing or invalid access token: disconnect-app takes the OAuth access token of the app, not an API key")
		return
	}
	s.f.oauth.disconnect(c.grant)
	w.WriteHeader(http.StatusOK)
}
