package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sync"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// assertionType is the client_assertion_type of private_key_jwt (RFC 7523).
const assertionType = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"

// maxAssertionLife bounds how far in the future a client assertion may expire;
// assertionLeeway is the clock skew its times are checked with.
const (
	maxAssertionLife = 10 * time.Minute
	assertionLeeway  = 30 * time.Second
	maxJTI           = 256
)

// authenticate identifies the client of a /token or /revoke request: a public client by
// its client_id; a private_key_jwt client by a client assertion signed with one of the keys
// of its JWKS (its document's jwks_uri, fetched with the same guards, or jwks). On failure
// it has answered invalid_client.
func (s *Server) authenticate(w http.ResponseWriter, r *http.Request) (*store.Client, bool) {
	f := r.PostForm
	id := f.Get("client_id")
	assertion := f.Get("client_assertion")
	var claims jwt.Claims
	var tok *jwt.JSONWebToken
	if assertion != "" {
		if f.Get("client_assertion_type") != assertionType {
			oauthError(w, http.StatusUnauthorized, "invalid_client", "client_assertion_type must be "+assertionType)
			return nil, false
		}
		var err error
		tok, err = jwt.ParseSigned(assertion, signatureAlgs())
		if err == nil {
			err = tok.UnsafeClaimsWithoutVerification(&claims)
		}
		if err != nil {
			oauthError(w, http.StatusUnauthorized, "invalid_client", "client_assertion is not a signed JWT of "+fmt.Sprint(assertionAlgs))
			return nil, false
		}
		if id == "" {
			id = claims.Subject
		}
	}
	c, err := s.client(r.Context(), id)
	if err != nil {
		if !errors.Is(err, errUnknownClient) && !errors.Is(err, store.ErrNotFound) {
			s.log.Info("token: client refused", "client_id", id, "error", err)
		}
		oauthError(w, http.StatusUnauthorized, "invalid_client", clientProblem(err))
		return nil, false
	}
	if c.AuthMethod != "private_key_jwt" {
		return c, true
	}
	if tok == nil {
		oauthError(w, http.StatusUnauthorized, "invalid_client", "this client authenticates with private_key_jwt: send client_assertion")
		return nil, false
	}
	verified, err := s.verifyAssertion(r.Context(), c, tok)
	if err != nil {
		s.log.Info("token: client assertion refused", "client_id", c.ID, "error", err)
		oauthError(w, http.StatusUnauthorized, "invalid_client", "client_assertion: "+err.Error())
		return nil, false
	}
	switch err := s.opts.Store.UseAssertion(r.Context(), c.ID, verified.ID, verified.Expiry.Time().Add(assertionLeeway), s.now()); {
	case errors.Is(err, store.ErrUsed):
		s.log.Warn("token: a client assertion was replayed", "client_id", c.ID)
		oauthError(w, http.StatusUnauthorized, "invalid_client", "client_assertion: this assertion was used before (its jti is spent until it expires): sign a new one, with a new jti, for each request")
		return nil, false
	case err != nil:
		s.unavailable(w, "token", err)
		return nil, false
	}
	return c, true
}

func signatureAlgs() []jose.SignatureAlgorithm {
	out := make([]jose.SignatureAlgorithm, len(assertionAlgs))
	for i, a := range assertionAlgs {
		out[i] = jose.SignatureAlgorithm(a)
	}
	return out
}

// verifyAssertion checks the signature against the client's keys and the claims: iss and
// sub the client id, aud our issuer or one of our endpoints, not expired, not long-lived, a
// jti; it returns the verified claims.
func (s *Server) verifyAssertion(ctx context.Context, c *store.Client, tok *jwt.JSONWebToken) (*jwt.Claims, error) {
	keys, err := s.clientKeys(ctx, c)
	if err != nil {
		return nil, err
	}
	var claims jwt.Claims
	verified := false
	for _, k := range keys.Keys {
		if len(tok.Headers) > 0 && tok.Headers[0].KeyID != "" && k.KeyID != "" && k.KeyID != tok.Headers[0].KeyID {
			continue
		}
		if tok.Claims(k.Public().Key, &claims) == nil {
			verified = true
			break
		}
	}
	if !verified {
		return nil, errors.New("the signature matches none of the client's keys")
	}
	now := s.now()
	if err := claims.ValidateWithLeeway(jwt.Expected{Issuer: c.ID, Subject: c.ID, Time: now}, assertionLeeway); err != nil {
		return nil, err
	}
	if claims.Expiry == nil || claims.Expiry.Time().After(now.Add(maxAssertionLife)) {
		return nil, fmt.Errorf("exp is required, at most %s ahead", maxAssertionLife)
	}
	if !slices.ContainsFunc([]string{s.issuer, s.issuer + "/token", s.issuer + "/revoke"}, claims.Audience.Contains) {
		return nil, fmt.Errorf("aud must be %s or its token endpoint", s.issuer)
	}
	if claims.ID == "" || len(claims.ID) > maxJTI {
		return nil, fmt.Errorf("jti is required (at most %d characters): a new unique id in each assertion, which works once", maxJTI)
	}
	return &claims, nil
}

// keyCache keeps fetched key sets for a few minutes: a client's keys are fetched once per
// replica and window, not once per token request.
type keyCache struct {
	mu sync.Mutex
	m  map[string]cachedKeys
}

type cachedKeys struct {
	keys jose.JSONWebKeySet
	at   time.Time
}

const jwksTTL = 5 * time.Minute

func (s *Server) clientKeys(ctx context.Context, c *store.Client) (*jose.JSONWebKeySet, error) {
	var set jose.JSONWebKeySet
	if c.JWKS != "" {
		if err := json.Unmarshal([]byte(c.JWKS), &set); err != nil {
			return nil, errors.New("the client's jwks is not a JWK set")
		}
		return &set, nil
	}
	s.keys.mu.Lock()
	k, ok := s.keys.m[c.JWKSURI]
	s.keys.mu.Unlock()
	if ok && time.Since(k.at) < jwksTTL {
		return &k.keys, nil
	}
	body, _, err := s.meta.get(ctx, c.JWKSURI)
	if err != nil { // the log has why (a network error names addresses): the answer says what to do
		s.log.Info("token: the client's jwks_uri could not be fetched", "client_id", c.ID, "jwks_uri", c.JWKSURI, "error", err)
		return nil, errors.New("the client's jwks_uri could not be fetched just now: try again in a moment; if it keeps failing, check that it serves the key set over https (this server's log says why)")
	}
	if err := json.Unmarshal(body, &set); err != nil || len(set.Keys) == 0 {
		return nil, errors.New("the client's jwks_uri holds no JWK set")
	}
	s.keys.mu.Lock()
	if s.keys.m == nil || len(s.keys.m) > 1000 {
		s.keys.m = map[string]cachedKeys{}
	}
	s.keys.m[c.JWKSURI] = cachedKeys{keys: set, at: time.Now()}
	s.keys.mu.Unlock()
	return &set, nil
}
