package auth

import (
	"bytes"
	"embed"
	"errors"
	"html/template"
	"net/http"
	"sync"

	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

//go:embed page.html consent.html account.html
var pageFiles embed.FS

// pages are parsed on the first page served, not when the package is loaded: every process
// (a stdio server too, which never serves one) would pay for it at start.
var pages = sync.OnceValue(func() *template.Template {
	return template.Must(template.ParseFS(pageFiles, "*.html"))
})

// consentCookie binds a pending authorization to the browser that saw the consent page:
// the form's handle (a CSRF token: unguessable, only ever shown to that browser) must come
// back with the cookie whose hash the store keeps, at the consent and at the callback.
const consentCookie = "consent"

// pageHeaders forbid framing (clickjacking the Allow button) and caching, and keep pages
// to their own inline style: no script, no external asset.
func pageHeaders(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' https: http://127.0.0.1:* http://localhost:*; frame-ancestors 'none'; base-uri 'none'")
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-store")
}

// render writes one of pages, whole or not at all.
func (s *Server) render(w http.ResponseWriter, status int, name string, data any) {
	var buf bytes.Buffer
	if err := pages().ExecuteTemplate(&buf, name, data); err != nil {
		s.log.Error("render page", "page", name, "error", err)
		http.Error(w, "the page could not be shown", http.StatusInternalServerError)
		return
	}
	pageHeaders(w)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

func (s *Server) errorPage(w http.ResponseWriter, status int, title, msg string) {
	s.render(w, status, "error", map[string]string{"Title": title, "Message": msg})
}

// startConsent keeps the authorization pending and shows the consent page.
func (s *Server) startConsent(w http.ResponseWriter, r *http.Request, c *store.Client, p store.Pending) {
	handle, binding := newToken(""), newToken("")
	p.Binding, p.Expires = binding, s.now().Add(pendingTTL)
	if err := s.opts.Store.PutPending(r.Context(), handle, p); err != nil {
		s.log.Error("authorize: store", "error", err)
		s.errorPage(w, http.StatusServiceUnavailable, "Try again in a moment", "The server could not record this request. Nothing was granted.")
		return
	}
	s.setCookie(w, consentCookie, binding, pendingTTL)
	name := c.Name
	if name == "" {
		name = redirectHost(p.RedirectURI)
	}
	s.render(w, http.StatusOK, "consent", map[string]any{
		"Title": "Connect " + name, "ClientName": name, "RedirectHost": redirectHost(p.RedirectURI),
		"Handle": handle, "Write": CanWrite(p.Scope),
	})
}

// consent takes the consent form. Allow: the choice is recorded, the pending authorization
// can no longer be approved again, and the browser goes to Intervals.icu's sign-in with a
// fresh single-use state. Deny: back to the client with access_denied.
func (s *Server) consent(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxForm)
	if err := r.ParseForm(); err != nil {
		s.errorPage(w, http.StatusBadRequest, "This form could not be read", "Start again from the application.")
		return
	}
	handle := r.PostForm.Get("handle")
	p, err := s.opts.Store.Pending(r.Context(), handle, s.now())
	if err != nil || !p.BindingMatches(s.cookie(r, consentCookie)) {
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			s.log.Error("consent: store", "error", err)
		}
		s.errorPage(w, http.StatusBadRequest, "This request has expired or was already answered",
			"Consent must come from the browser that opened it, within 10 minutes, once. Start again from the application. Nothing was granted.")
		return
	}
	write := false
	switch r.PostForm.Get("scope") {
	case caller.ScopeRead:
	case caller.ScopeWrite:
		write = true
	default:
		s.errorPage(w, http.StatusBadRequest, "Choose what the application may do", "Pick read, or read and write, and submit again.")
		return
	}
	state := newToken("")
	if err := s.opts.Store.ApprovePending(r.Context(), handle, scopeOf(write), state, s.now()); err != nil {
		s.errorPage(w, http.StatusBadRequest, "This request was already answered", "Start again from the application.")
		return
	}
	if r.PostForm.Get("decision") != "allow" {
		s.redirectError(w, r, p.RedirectURI, p.State, "access_denied", "the user denied the request")
		return
	}
	http.Redirect(w, r, s.opts.Upstream.AuthorizeURL(state, s.callbackURL(), write), http.StatusSeeOther)
}
