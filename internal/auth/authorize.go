package auth

import (
	"errors"
	"net/http"
	"net/url"
	"slices"

	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// Purposes of a pending authorization.
const (
	purposeMCP     = "mcp"
	purposeAccount = "account"
)

// authorize is the authorization endpoint. A request that cannot name a client and one of
// its redirect URIs exactly gets an error page (never a redirect to an unchecked URI); any
// other error goes back to the client with iss (RFC 9207). A good request gets the consent
// page: nothing is sent to Intervals.icu before the user approves there.
func (s *Server) authorize(w http.ResponseWriter, r *http.Request) {
	if !s.allowAuthorize(w, r) {
		return
	}
	q := r.URL.Query()
	c, err := s.client(r.Context(), q.Get("client_id"))
	if err != nil {
		if !errors.Is(err, errUnknownClient) && !errors.Is(err, store.ErrNotFound) {
			s.log.Info("authorize: client refused", "client_id", q.Get("client_id"), "error", err)
		}
		s.errorPage(w, http.StatusBadRequest, "This application could not be identified", clientProblem(err))
		return
	}
	redirect := q.Get("redirect_uri")
	if redirect == "" && len(c.RedirectURIs) == 1 {
		redirect = c.RedirectURIs[0]
	}
	if !slices.Contains(c.RedirectURIs, redirect) {
		s.errorPage(w, http.StatusBadRequest, "This application's return address does not match",
			"The redirect_uri sent is not one the application registered (they must match exactly). Nothing was granted.")
		return
	}
	fail := func(code, desc string) { s.redirectError(w, r, redirect, q.Get("state"), code, desc) }
	write, ok := parseScope(q.Get("scope"))
	switch {
	case q.Get("response_type") != "code":
		fail("unsupported_response_type", "response_type must be code")
	case q.Get("code_challenge") == "":
		fail("invalid_request", "PKCE is required: send code_challenge with code_challenge_method=S256")
	case q.Get("code_challenge_method") != "S256":
		fail("invalid_request", "code_challenge_method must be S256 (plain is not accepted)")
	case len(q.Get("code_challenge")) < 43 || len(q.Get("code_challenge")) > 128:
		fail("invalid_request", "code_challenge must be the base64url SHA-256 of the verifier (43 characters)")
	case q.Has("resource") && q.Get("resource") != s.resource:
		fail("invalid_target", "resource must be "+s.resource)
	case !ok:
		fail("invalid_scope", "scope: ask for intervals:read, or intervals:read intervals:write")
	default:
		s.startConsent(w, r, c, store.Pending{
			Purpose: purposeMCP, ClientID: c.ID, RedirectURI: redirect, State: q.Get("state"),
			Challenge: q.Get("code_challenge"), Resource: s.resource, Scope: scopeOf(write),
		})
	}
}

// clientProblem is the error page's text for a client that cannot be used.
func clientProblem(err error) string {
	if errors.Is(err, errUnknownClient) || errors.Is(err, store.ErrNotFound) {
		return "The client_id is not registered here. The application should register (or use a client ID metadata document) and try again. Nothing was granted."
	}
	return "Nothing was granted: " + err.Error()
}

// redirectError sends an OAuth error back to the client's (checked) redirect URI, with the
// client's state and our issuer.
func (s *Server) redirectError(w http.ResponseWriter, r *http.Request, redirect, state, code, desc string) {
	v := url.Values{"error": {code}, "error_description": {desc}, "iss": {s.issuer}}
	if state != "" {
		v.Set("state", state)
	}
	http.Redirect(w, r, withQuery(redirect, v), http.StatusSeeOther)
}

// withQuery adds v to the query of a redirect URI (which may already have one).
func withQuery(raw string, v url.Values) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	q := u.Query()
	for k, vs := range v {
		q[k] = vs
	}
	u.RawQuery = q.Encode()
	return u.String()
}
