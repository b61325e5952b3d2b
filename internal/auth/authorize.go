package auth

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// Purposes of a pending authorization.
const (
	purposeMCP     = "mcp"
	purposeAccount = "account"
)

// maxState bounds the client's state, which /authorize keeps until the user comes back:
// real clients send under 100 bytes, the most elaborate about 1 KiB. Everything else kept is
// bounded too: the client_id and the redirect URI at maxURI, the code challenge at 128
// bytes, the scope and resource as ours.
const maxState = 2048

// authorize is the authorization endpoint. A request that cannot name a client and one of
// its redirect URIs exactly gets an error page (never a redirect to an unchecked URI); any
// other error goes back to the client with iss (RFC 9207). A good request gets the consent
// page: nothing is sent to Intervals.icu before the user approves there.
func (s *Server) authorize(w http.ResponseWriter, r *http.Request) {
	if !s.allowAuthorize(w, r) {
		return
	}
	q := r.URL.Query()
	id := q.Get("client_id")
	if id == "" || len(id) > maxURI {
		s.errorPage(w, http.StatusBadRequest, "This application could not be identified",
			fmt.Sprintf("The request needs a client_id of at most %d bytes: start again from the application. Nothing was granted.", maxURI))
		return
	}
	c, err := s.client(r.Context(), id)
	if err != nil {
		if !errors.Is(err, errUnknownClient) && !errors.Is(err, store.ErrNotFound) {
			s.log.Info("authorize: client refused", "client_id", id, "error", err)
		}
		s.errorPage(w, http.StatusBadRequest, "This application could not be identified", clientProblem(err))
		return
	}
	redirect := q.Get("redirect_uri")
	if redirect == "" && len(c.RedirectURIs) == 1 {
		redirect = c.RedirectURIs[0]
	}
	if len(redirect) > maxURI || !slices.Contains(c.RedirectURIs, redirect) {
		s.errorPage(w, http.StatusBadRequest, "This application's return address does not match",
			"The redirect_uri sent is not one the application registered (they must match exactly). Nothing was granted.")
		return
	}
	// A state that cannot be kept does not go back either (it is what is wrong, and a proxy
	// may refuse so long a Location).
	state := q.Get("state")
	badState := checkText("state", state)
	fail := func(code, desc string) { s.redirectError(w, r, redirect, state, code, desc) }
	write, ok := parseScope(q.Get("scope"))
	challenge := q.Get("code_challenge")
	resource := s.resource
	if q.Has("resource") {
		resource = q.Get("resource")
	}
	_, ourResource := s.connection(resource)
	switch {
	case len(state) > maxState:
		s.redirectError(w, r, redirect, "", "invalid_request", fmt.Sprintf("state is over %d bytes: send a shorter one", maxState))
	case badState != nil:
		s.redirectError(w, r, redirect, "", "invalid_request", badState.Error())
	case q.Get("response_type") != "code":
		fail("unsupported_response_type", "response_type must be code")
	case challenge == "":
		fail("invalid_request", "PKCE is required: send code_challenge with code_challenge_method=S256")
	case q.Get("code_challenge_method") != "S256":
		fail("invalid_request", "code_challenge_method must be S256 (plain is not accepted)")
	case len(challenge) < 43 || len(challenge) > 128 || strings.ContainsFunc(challenge, notBase64URL):
		fail("invalid_request", "code_challenge must be the base64url SHA-256 of the verifier (43 characters)")
	case !ourResource:
		fail("invalid_target", "resource must be "+s.resource+" or an endpoint below it this server serves")
	case !ok:
		fail("invalid_scope", "scope: ask for intervals:read, or intervals:read intervals:write")
	default:
		s.startConsent(w, r, c, store.Pending{
			Purpose: purposeMCP, ClientID: c.ID, RedirectURI: redirect, State: state,
			Challenge: challenge, Resource: resource, Scope: scopeOf(write),
		})
	}
}

// notBase64URL is a character outside base64url (RFC 4648 5) and its padding.
func notBase64URL(r rune) bool {
	return !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '=')
}

// clientError is what is wrong with what a client published, its registration or its
// metadata document (clientFrom's errors): it names the client's own fields only, so
// /register answers it and the error page shows it.
type clientError struct {
	redirect bool // about redirect_uris (/register's invalid_redirect_uri)
	msg      string
}

func (e *clientError) Error() string { return e.msg }

// clientProblem is the error page's text for a client that cannot be used. Only a
// clientError is shown as it is: any other error (a fetch's, which tells where a host name
// resolves; the store's) is for the log, and the page says what the user can do.
func clientProblem(err error) string {
	var ce *clientError
	switch {
	case errors.Is(err, errUnknownClient) || errors.Is(err, store.ErrNotFound):
		return "The client_id is not registered here. The application should register (or use a client ID metadata document) and try again. Nothing was granted."
	case errors.As(err, &ce):
		return "The application's client ID metadata document cannot be used: " + ce.msg + ". Tell the application's developer. Nothing was granted."
	}
	return "The application could not be identified just now: its client ID metadata document could not be fetched or does not describe it (its client_id must be its own address), or this server could not look it up. Try again in a moment; if it keeps failing, tell the application's developer (this server's log says why). Nothing was granted."
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
