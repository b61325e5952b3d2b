package auth

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// sessionCookie holds the account page's session token (a store token of KindSession).
const sessionCookie = "session"

// routeAccount serves the account page. Its forms are taken from our own pages only
// (sameOrigin): the sign-in's too, which has no session to carry a CSRF token but asks
// Intervals.icu for write access; the others carry the session's CSRF token as well.
func (s *Server) routeAccount(mux *http.ServeMux) {
	post := func(h http.HandlerFunc) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if s.sameOrigin(w, r, "Open /account on this server and use its buttons.") {
				h(w, r)
			}
		}
	}
	mux.HandleFunc("GET /account", s.account)
	mux.HandleFunc("POST /account/signin", post(s.accountSignIn))
	mux.HandleFunc("POST /account/signout", post(s.withSession(s.accountSignOut)))
	mux.HandleFunc("POST /account/tokens", post(s.withSession(s.accountCreateToken)))
	mux.HandleFunc("POST /account/tokens/revoke", post(s.withSession(s.accountRevokeToken)))
	mux.HandleFunc("POST /account/clients/revoke", post(s.withSession(s.accountRevokeClient)))
}

// session is the signed-in athlete of a request, or nil.
func (s *Server) session(r *http.Request) (*store.Token, string) {
	text := s.cookie(r, sessionCookie)
	if text == "" {
		return nil, ""
	}
	t, err := s.opts.Store.VerifyToken(r.Context(), text, s.now(), store.KindSession)
	if err != nil {
		return nil, ""
	}
	return t, text
}

// csrfFor is the CSRF token of a session's forms: derived from the session token, which the
// page's HttpOnly cookie holds and no other site can read.
func csrfFor(session string) string {
	h := sha256.Sum256([]byte("intervals-mcp account csrf\x00" + session))
	return hex.EncodeToString(h[:16])
}

// withSession runs h for a signed-in athlete whose form carries the session's CSRF token.
func (s *Server) withSession(h func(http.ResponseWriter, *http.Request, *store.Token, string)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, maxForm)
		if err := r.ParseForm(); err != nil {
			s.errorPage(w, http.StatusBadRequest, "This form could not be read", "Go back to /account and try again.")
			return
		}
		t, text := s.session(r)
		if t == nil {
			http.Redirect(w, r, "/account", http.StatusSeeOther)
			return
		}
		if subtle.ConstantTimeCompare([]byte(r.PostForm.Get("csrf")), []byte(csrfFor(text))) != 1 {
			s.errorPage(w, http.StatusForbidden, "This form has expired", "Reload /account and try again.")
			return
		}
		h(w, r, t, text)
	}
}

// account shows the sign-in button, or the signed-in athlete's clients and tokens.
func (s *Server) account(w http.ResponseWriter, r *http.Request) {
	t, text := s.session(r)
	if t == nil {
		s.render(w, http.StatusOK, "signin", signInDoc(""))
		return
	}
	s.renderAccount(w, r, t, text, "", "")
}

type accountRow struct {
	ID, Name, Access, Created, Expires, LastUsed string
}

func (s *Server) renderAccount(w http.ResponseWriter, r *http.Request, t *store.Token, text, created, notice string) {
	ctx := r.Context()
	grants, err := s.opts.Store.Grants(ctx, t.AthleteID, s.now())
	var tokens []store.Token
	if err == nil {
		tokens, err = s.opts.Store.PersonalTokens(ctx, t.AthleteID)
	}
	if err != nil {
		s.log.Error("account: store", "error", err)
		s.errorPage(w, http.StatusServiceUnavailable, "Try again in a moment", "The account could not be read.")
		return
	}
	athlete := t.AthleteID
	if a, err := s.opts.Store.Athlete(ctx, t.AthleteID); err == nil && a.Name != "" {
		athlete = escapeText(a.Name) + " (" + a.ID + ")"
	}
	var gs, ts []accountRow
	for _, g := range grants {
		name := labelOf(g.ClientID, g.ClientName, strings.HasPrefix(g.ClientID, "https://")).String()
		gs = append(gs, accountRow{ID: g.ID, Name: name, Access: access(g.Scope), Created: day(g.Created), LastUsed: day(g.LastUsed)})
	}
	now := s.now()
	for _, p := range tokens {
		exp := "never"
		if !p.Expires.IsZero() {
			exp = day(p.Expires)
			if !p.Expires.After(now) {
				exp += " (expired)"
			}
		}
		ts = append(ts, accountRow{ID: p.ID, Name: escapeText(p.Name), Access: access(p.Scope), Created: day(p.Created), Expires: exp, LastUsed: day(p.LastUsed)})
	}
	s.render(w, http.StatusOK, "account", accountDoc(accountView{
		athlete: athlete, grants: gs, tokens: ts, csrf: csrfFor(text), created: created, notice: notice,
	}))
}

func access(scope string) string {
	if CanWrite(scope) {
		return "read and change"
	}
	return "read"
}

func day(t time.Time) string {
	if t.IsZero() || t.Unix() == 0 {
		return "never"
	}
	return t.UTC().Format("2 Jan 2006 15:04 UTC")
}

// accountSignIn sends the browser to Intervals.icu's sign-in, with read and write scopes (a
// sign-in applies to every token of the app: asking for less would narrow the athlete's
// other connections). No consent page: the account page is our own.
func (s *Server) accountSignIn(w http.ResponseWriter, r *http.Request) {
	if !s.allowAuthorize(w, r) { // it keeps a pending sign-in, as /authorize does
		return
	}
	handle, binding, state := newToken(""), newToken(""), newToken("")
	now := s.now()
	err := s.opts.Store.PutPending(r.Context(), handle, store.Pending{Purpose: purposeAccount, Binding: binding, Scope: scopeOf(true), Expires: now.Add(pendingTTL)})
	if err == nil {
		err = s.opts.Store.ApprovePending(r.Context(), handle, scopeOf(true), state, now)
	}
	if err != nil {
		s.log.Error("account: store", "error", err)
		s.errorPage(w, http.StatusServiceUnavailable, "Try again in a moment", "The sign-in could not be started.")
		return
	}
	s.bind(w, r, binding)
	http.Redirect(w, r, s.opts.Upstream.AuthorizeURL(state, s.callbackURL(), true), http.StatusSeeOther)
}

// startSession signs an athlete in to the account page (from the callback).
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, athleteID string) {
	text, now := newToken(prefixSession), s.now()
	if err := s.opts.Store.PutToken(r.Context(), text, store.Token{Kind: store.KindSession, ID: newID(), AthleteID: athleteID, Created: now, Expires: now.Add(sessionTTL)}); err != nil {
		s.log.Error("account: store", "error", err)
		s.errorPage(w, http.StatusServiceUnavailable, "Try again in a moment", "The sign-in could not be stored.")
		return
	}
	s.setCookie(w, sessionCookie, text, sessionTTL)
	http.Redirect(w, r, "/account", http.StatusSeeOther)
}

func (s *Server) accountSignOut(w http.ResponseWriter, r *http.Request, _ *store.Token, text string) {
	if _, err := s.opts.Store.RevokeToken(r.Context(), text, "", s.now()); err != nil {
		s.log.Error("account: store", "error", err)
	}
	s.deleteCookie(w, sessionCookie)
	http.Redirect(w, r, "/account", http.StatusSeeOther)
}

func (s *Server) accountCreateToken(w http.ResponseWriter, r *http.Request, t *store.Token, text string) {
	f := r.PostForm
	ttl, err := ParseExpiry(f.Get("expires"))
	if err != nil {
		s.renderAccount(w, r, t, text, "", err.Error())
		return
	}
	name, err := tokenName(f.Get("name"))
	if err != nil {
		s.renderAccount(w, r, t, text, "", "The token was not created: "+err.Error()+".")
		return
	}
	p, err := NewPersonalToken(r.Context(), s.opts.Store, t.AthleteID, name, f.Get("scope") == "write", ttl, s.now())
	if err != nil {
		s.log.Error("account: create a personal token", "athlete", t.AthleteID, "error", err)
		s.renderAccount(w, r, t, text, "", "The token was not created: the server could not store it. Try again in a moment.")
		return
	}
	s.log.Info("personal token created", "athlete", t.AthleteID, "id", p.ID, "scope", p.Scope)
	s.renderAccount(w, r, t, text, p.Text, "")
}

func (s *Server) accountRevokeToken(w http.ResponseWriter, r *http.Request, t *store.Token, text string) {
	_, err := s.opts.Store.RevokeTokenID(r.Context(), r.PostForm.Get("id"), t.AthleteID, s.now())
	s.accountRevoked(w, r, t, text, err, "The token is revoked.")
}

func (s *Server) accountRevokeClient(w http.ResponseWriter, r *http.Request, t *store.Token, text string) {
	s.accountRevoked(w, r, t, text, s.opts.Store.RevokeGrant(r.Context(), r.PostForm.Get("id"), t.AthleteID, s.now()), "The application is disconnected.")
}

// accountRevoked answers a revocation. After the athlete's last connection or personal
// token they are forgotten (Forget): signed out, with a page that says so.
func (s *Server) accountRevoked(w http.ResponseWriter, r *http.Request, t *store.Token, text string, err error, done string) {
	switch {
	case errors.Is(err, store.ErrNotFound):
		s.renderAccount(w, r, t, text, "", "Nothing to revoke: it was already revoked.")
		return
	case err != nil:
		s.log.Error("account: store", "error", err)
		s.errorPage(w, http.StatusServiceUnavailable, "Try again in a moment", "Nothing was revoked.")
		return
	}
	forgotten, disconnected := s.forget(r.Context(), t.AthleteID)
	if !forgotten {
		s.renderAccount(w, r, t, text, "", done)
		return
	}
	what := "intervals-mcp has deleted your Intervals.icu token and disconnected itself from your Intervals.icu account"
	if !disconnected {
		what = "intervals-mcp has deleted your Intervals.icu token; it could not reach Intervals.icu to disconnect itself there, so remove it in your Intervals.icu settings"
	}
	s.deleteCookie(w, sessionCookie)
	s.render(w, http.StatusOK, "signin",
		signInDoc(done+" It was your last connection: "+what+". Nothing of yours is kept here, and you are signed out; signing in again starts anew."))
}
