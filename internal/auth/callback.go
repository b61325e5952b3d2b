package auth

import (
	"errors"
	"net/http"
	"net/url"

	"github.com/intervals-mcp/intervals-mcp/internal/metrics"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// callback is where Intervals.icu sends the user back. The state is taken once and must come
// with the browser's binding cookie of its authorization (which is then deleted); the code
// is exchanged at once (Intervals.icu's expire in 2 minutes); the athlete's token is sealed
// into the store. Then a client's authorization gets its grant and code and goes back to the
// client with code, state and iss; the account page's sign-in gets a session.
func (s *Server) callback(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	ctx := r.Context()
	p, err := s.opts.Store.TakePending(ctx, q.Get("state"), s.now())
	cookie, ok := s.boundTo(r, p)
	if err != nil || !ok {
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			s.log.Error("callback: store", "error", err)
		}
		s.errorPage(w, http.StatusBadRequest, "This sign-in has expired or was already used",
			"The sign-in must finish in the browser that started it, within 10 minutes, once. Start again. Nothing was granted.")
		return
	}
	s.deleteCookie(w, cookie)
	fail := func(code, desc string) {
		outcome := "error"
		if code == "access_denied" {
			outcome = "denied"
		}
		metrics.SignIn(p.Purpose, outcome)
		if p.Purpose == purposeAccount {
			s.errorPage(w, http.StatusBadRequest, "Sign-in failed", desc)
			return
		}
		s.redirectError(w, r, p.RedirectURI, p.State, code, desc)
	}
	if e := q.Get("error"); e != "" || q.Get("code") == "" {
		fail("access_denied", "Intervals.icu sign-in was not completed")
		return
	}
	g, err := s.opts.Upstream.Exchange(ctx, q.Get("code"), s.callbackURL())
	if err != nil {
		s.log.Warn("callback: Intervals.icu code exchange failed", "error", err)
		if errors.Is(err, ErrUpstreamRejected) {
			fail("access_denied", "Intervals.icu refused the sign-in: try again")
		} else {
			fail("temporarily_unavailable", "Intervals.icu could not be reached: try again in a moment")
		}
		return
	}
	sealed, err := s.opts.Sealer.Seal([]byte(g.AccessToken), []byte(g.AthleteID))
	if err != nil {
		s.log.Error("callback: seal", "error", err)
		fail("server_error", "the sign-in could not be stored: try again")
		return
	}
	now := s.now()
	if err := s.opts.Store.PutAthlete(ctx, store.Athlete{ID: g.AthleteID, Name: g.AthleteName, SealedToken: sealed, UpstreamScope: g.Scope, Updated: now}); err != nil {
		s.log.Error("callback: store", "error", err)
		fail("server_error", "the sign-in could not be stored: try again")
		return
	}
	if p.Purpose == purposeAccount {
		metrics.SignIn(p.Purpose, metrics.OK)
		s.startSession(w, r, g.AthleteID)
		return
	}
	// Our scope never exceeds what Intervals.icu granted this sign-in.
	scope := scopeOf(CanWrite(p.Scope) && GrantAllowsWrite(g.Scope))
	grant := store.Grant{ID: newID(), ClientID: p.ClientID, AthleteID: g.AthleteID, Scope: scope, Created: now}
	code := newToken("")
	err = s.opts.Store.PutGrant(ctx, grant)
	if err == nil {
		err = s.opts.Store.PutCode(ctx, code, store.Code{GrantID: grant.ID, ClientID: p.ClientID, RedirectURI: p.RedirectURI,
			Challenge: p.Challenge, Resource: p.Resource, Expires: now.Add(codeTTL)})
	}
	if err != nil {
		s.log.Error("callback: store", "error", err)
		fail("server_error", "the authorization could not be stored: try again")
		return
	}
	metrics.SignIn(p.Purpose, metrics.OK)
	s.log.Info("authorized", "client_id", p.ClientID, "athlete", g.AthleteID, "scope", scope, "grant", grant.ID)
	v := url.Values{"code": {code}, "iss": {s.issuer}}
	if p.State != "" {
		v.Set("state", p.State)
	}
	http.Redirect(w, r, withQuery(p.RedirectURI, v), http.StatusSeeOther)
}
