package auth

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// tokenResponse is /token's answer (RFC 6749 5.1).
type tokenResponse struct {
	AccessToken  string `json:"access_token"`
	TokenType    string `json:"token_type"`
	ExpiresIn    int    `json:"expires_in"`
	RefreshToken string `json:"refresh_token"`
	Scope        string `json:"scope"`
}

// token is the token endpoint: authorization_code (PKCE S256, the exact redirect URI, our
// resource; a code works once, and a second redemption revokes what the first issued) and
// refresh_token (rotated on every use; see refresh).
func (s *Server) token(w http.ResponseWriter, r *http.Request) {
	if !parseForm(w, r) {
		return
	}
	f := r.PostForm
	c, ok := s.authenticate(w, r)
	if !ok {
		return
	}
	if res := f.Get("resource"); res != "" {
		if _, ok := s.connection(res); !ok {
			oauthError(w, http.StatusBadRequest, "invalid_target", "resource must be "+s.resource+" or an endpoint below it this server serves")
			return
		}
	}
	switch f.Get("grant_type") {
	case "authorization_code":
		s.redeemCode(w, r, c)
	case "refresh_token":
		s.refresh(w, r, c)
	default:
		oauthError(w, http.StatusBadRequest, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token")
	}
}

func (s *Server) redeemCode(w http.ResponseWriter, r *http.Request, c *store.Client) {
	f, ctx := r.PostForm, r.Context()
	code, err := s.opts.Store.TakeCode(ctx, f.Get("code"), s.now())
	switch {
	case errors.Is(err, store.ErrUsed):
		s.log.Warn("token: a code was redeemed twice; its grant is revoked", "client_id", c.ID)
		oauthError(w, http.StatusBadRequest, "invalid_grant", "this code was already used: the tokens it gave are revoked; sign in again")
		return
	case errors.Is(err, store.ErrNotFound):
		oauthError(w, http.StatusBadRequest, "invalid_grant", "the code is unknown or expired (codes last a minute): sign in again")
		return
	case err != nil:
		s.unavailable(w, "token", err)
		return
	}
	var why string
	switch {
	case code.ClientID != c.ID:
		why = "the code was issued to another client"
	case f.Get("redirect_uri") != code.RedirectURI:
		why = "redirect_uri must be the one of the authorization request, exactly"
	case f.Get("code_verifier") == "":
		why = "code_verifier is missing (PKCE)"
	case !pkceMatches(f.Get("code_verifier"), code.Challenge):
		why = "code_verifier does not match the code_challenge (PKCE S256)"
	}
	if why != "" {
		// The code is spent; its grant, never used, goes with it.
		if err := s.opts.Store.RevokeGrant(ctx, code.GrantID, "", s.now()); err != nil && !errors.Is(err, store.ErrNotFound) {
			s.log.Error("token: revoke", "error", err)
		}
		oauthError(w, http.StatusBadRequest, "invalid_grant", why)
		return
	}
	pair := s.newPair()
	scope, err := s.opts.Store.IssueTokens(ctx, code.GrantID, pair, s.now())
	if errors.Is(err, store.ErrNotFound) {
		oauthError(w, http.StatusBadRequest, "invalid_grant", "the authorization was revoked: sign in again")
		return
	}
	if err != nil {
		s.unavailable(w, "token", err)
		return
	}
	issued, err := s.opts.Store.VerifyToken(ctx, pair.Access, s.now(), store.KindAccess) // whose grant it is
	if err != nil {
		s.unavailable(w, "token", err)
		return
	}
	if s.signedOut(w, r, code.GrantID, issued.AthleteID, c.ID) {
		return
	}
	s.writeTokens(w, s.response(pair, scope))
}

// refresh rotates a refresh token. A concurrent second use within the grace window gets
// the same pair (sealed in the store for that window only); a use after it is theft or a
// broken client: the grant is revoked.
func (s *Server) refresh(w http.ResponseWriter, r *http.Request, c *store.Client) {
	ctx := r.Context()
	old := r.PostForm.Get("refresh_token")
	next := s.newPair()
	asked := strings.Join(strings.Fields(r.PostForm.Get("scope")), " ") // RFC 6749 6: none asked is the token's own
	next.Scope = asked
	sealed, err := s.sealPair(next, old)
	if err != nil {
		s.unavailable(w, "token", err)
		return
	}
	rot, err := s.opts.Store.RotateRefresh(ctx, old, c.ID, next, sealed, s.opts.Grace, s.now())
	switch {
	case errors.Is(err, store.ErrUsed):
		s.log.Warn("token: a rotated refresh token was used again; its grant is revoked", "client_id", c.ID)
		oauthError(w, http.StatusBadRequest, "invalid_grant", "this refresh token was already used: the authorization is revoked; sign in again")
		return
	case errors.Is(err, store.ErrNotFound):
		oauthError(w, http.StatusBadRequest, "invalid_grant", "the refresh token is unknown, expired, revoked or another client's: sign in again")
		return
	case errors.Is(err, store.ErrScope):
		oauthError(w, http.StatusBadRequest, "invalid_scope", "scope: a refresh may keep or narrow the token's scope, never widen it: sign in again for more")
		return
	case err != nil:
		s.unavailable(w, "token", err)
		return
	}
	if s.signedOut(w, r, rot.GrantID, rot.AthleteID, c.ID) {
		return
	}
	if rot.Replayed {
		var resp tokenResponse
		plain, err := s.opts.Sealer.Open(rot.SealedNext, pairAAD(old))
		if err == nil {
			err = json.Unmarshal(plain, &resp)
		}
		if err != nil {
			s.unavailable(w, "token", err)
			return
		}
		resp.Scope = rot.Scope
		if asked != "" {
			resp.Scope = asked
		}
		s.writeTokens(w, resp)
		return
	}
	s.writeTokens(w, s.response(next, rot.Scope))
}

// signedOut answers, and reports true, when the athlete of a grant has no Intervals.icu
// token that opens here: none kept, or one sealed under a key no longer among the seal keys
// (MCP_SEAL_KEYS). Every token of the grant would get 401 at /mcp, and a client that keeps
// refreshing would loop; instead the grant is revoked and the client told to sign in again
// (invalid_grant, RFC 6749 5.2), which seals a new Intervals.icu token under the current
// key. The log says why, with the athlete and the client, never a token. A store failure is
// answered too (503, retryable).
func (s *Server) signedOut(w http.ResponseWriter, r *http.Request, grantID, athleteID, clientID string) bool {
	ctx := r.Context()
	_, err := AthleteToken(ctx, s.opts.Store, s.opts.Sealer, athleteID)
	switch {
	case err == nil:
		return false
	case !errors.Is(err, caller.ErrSignedOut):
		s.unavailable(w, "token", err)
		return true
	}
	if err := s.opts.Store.RevokeGrant(ctx, grantID, "", s.now()); err != nil && !errors.Is(err, store.ErrNotFound) {
		s.log.Error("token: revoke", "error", err)
	}
	s.log.Warn("token: refused: the athlete's Intervals.icu sign-in cannot be used here, so their grant is revoked and the client told to sign in again",
		"athlete", athleteID, "client_id", clientID, "reason", err.Error())
	oauthError(w, http.StatusBadRequest, "invalid_grant", "the Intervals.icu sign-in behind this authorization can no longer be used here: sign in again")
	return true
}

// newPair is a fresh access and refresh token, expiring from now.
func (s *Server) newPair() store.TokenPair {
	now := s.now()
	return store.TokenPair{Access: newToken(PrefixAccess), Refresh: newToken(PrefixRefresh),
		AccessExpires: now.Add(s.opts.AccessTTL), RefreshExpires: now.Add(s.opts.RefreshTTL)}
}

func (s *Server) response(p store.TokenPair, scope string) tokenResponse {
	return tokenResponse{AccessToken: p.Access, TokenType: "Bearer", ExpiresIn: int(s.opts.AccessTTL.Seconds()), RefreshToken: p.Refresh, Scope: scope}
}

// sealPair seals the answer of a rotation for its grace window, bound to the refresh token
// it answers (the store keeps it with that token's row).
func (s *Server) sealPair(p store.TokenPair, refresh string) (string, error) {
	plain, err := json.Marshal(s.response(p, ""))
	if err != nil {
		return "", err
	}
	return s.opts.Sealer.Seal(plain, pairAAD(refresh))
}

func pairAAD(refresh string) []byte {
	h := sha256.Sum256([]byte("intervals-mcp refresh pair\x00" + refresh))
	return h[:]
}

func (s *Server) writeTokens(w http.ResponseWriter, t tokenResponse) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Pragma", "no-cache")
	writeJSON(w, http.StatusOK, t)
}

// pkceMatches checks an S256 verifier against its challenge (RFC 7636 4.6).
func pkceMatches(verifier, challenge string) bool {
	if len(verifier) < 43 || len(verifier) > 128 {
		return false
	}
	h := sha256.Sum256([]byte(verifier))
	got := base64.RawURLEncoding.EncodeToString(h[:])
	return subtle.ConstantTimeCompare([]byte(got), []byte(strings.TrimRight(challenge, "="))) == 1
}

// unavailable answers a store failure: the request can be retried.
func (s *Server) unavailable(w http.ResponseWriter, where string, err error) {
	s.log.Error(where+": store", "error", err)
	oauthError(w, http.StatusServiceUnavailable, "temporarily_unavailable", "the server could not complete this request: try again in a moment")
}
