package auth

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	g "maragu.dev/gomponents"

	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// bindingCookie names the cookies that bind a pending authorization to the browser that saw
// the consent page: the form's handle (a CSRF token: unguessable, only ever shown to that
// browser) must come back with a cookie whose hash the store keeps, at the consent and at
// the callback. Each authorization in flight has a cookie of its own, named bindingCookie-
// <time>-<random>, so several tabs (or two clients connecting at once) each finish; a browser
// keeps at most maxBindings of them, the oldest dropped first, so its Cookie header stays
// well under what proxies take (about 100 bytes each).
const (
	bindingCookie = "consent"
	maxBindings   = 10
)

// bind gives the browser a binding cookie of value, dropping its oldest beyond maxBindings.
func (s *Server) bind(w http.ResponseWriter, r *http.Request, value string) {
	held := s.bindings(r)
	for _, c := range held[:max(0, len(held)-maxBindings+1)] {
		s.deleteCookie(w, c.name)
	}
	s.setCookie(w, fmt.Sprintf("%s-%011x-%s", bindingCookie, s.now().UnixMilli(), strings.ToLower(rand.Text()[:6])), value, pendingTTL)
}

// deleteCookie ends the browser's cookie name (setCookie's maxAge must be negative in whole
// seconds: a Max-Age of 0 would leave an empty session cookie instead).
func (s *Server) deleteCookie(w http.ResponseWriter, name string) {
	s.setCookie(w, name, "", -time.Second)
}

type binding struct{ name, value string }

// bindings are the binding cookies r carries, oldest first (names without cookieName's
// prefix; the one fixed name of earlier versions, "consent", sorts first).
func (s *Server) bindings(r *http.Request) []binding {
	var out []binding
	for _, c := range r.Cookies() {
		if name, ok := strings.CutPrefix(c.Name, s.cookieName("")); ok && strings.HasPrefix(name, bindingCookie) && c.Value != "" {
			out = append(out, binding{name, c.Value})
		}
	}
	slices.SortFunc(out, func(a, b binding) int { return strings.Compare(a.name, b.name) })
	return out
}

// boundTo is the name of r's binding cookie of p; ok is false when r has none (or p is nil).
func (s *Server) boundTo(r *http.Request, p *store.Pending) (name string, ok bool) {
	if p == nil {
		return "", false
	}
	for _, b := range s.bindings(r) {
		if p.BindingMatches(b.value) {
			return b.name, true
		}
	}
	return "", false
}

// sameOrigin refuses a form posted from another origin (a hostile page's):
// http.CrossOriginProtection reads Sec-Fetch-Site, or Origin from a browser that sends no
// Sec-Fetch-Site; our public URL counts as ours behind a proxy that rewrites Host. A request
// with neither header is no browser's, and passes. again says what to do instead.
func (s *Server) sameOrigin(w http.ResponseWriter, r *http.Request, again string) bool {
	cop := http.NewCrossOriginProtection()
	if err := cop.AddTrustedOrigin(s.issuer); err != nil {
		s.log.Error("cross-origin check", "error", err)
	}
	if err := cop.Check(r); err != nil {
		s.log.Info("refused a form from another site", "path", r.URL.Path,
			"origin", cutText(r.Header.Get("Origin"), 200), "sec_fetch_site", cutText(r.Header.Get("Sec-Fetch-Site"), 40))
		s.errorPage(w, http.StatusForbidden, "This form was sent from another site", again+" Nothing was changed.")
		return false
	}
	return true
}

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

// render writes the page doc (pages.go), named name in the log, whole or not at all: it is
// rendered into a buffer first, and the headers and status are written only if that worked.
func (s *Server) render(w http.ResponseWriter, status int, name string, doc g.Node) {
	var buf bytes.Buffer
	if err := doc.Render(&buf); err != nil {
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
	s.render(w, status, "error", errorDoc(title, msg))
}

// clientLabel is how our pages name a client: what we know apart from what it claims.
type clientLabel struct {
	Host    string // a metadata document client's: the host we fetched the document from
	Claimed string // the name it gives itself (escaped when stored)
}

// labelOf is the label of client id, named name; a metadata document's id is its URL.
func labelOf(id, name string, metadataDoc bool) clientLabel {
	l := clientLabel{Claimed: escapeText(name)}
	if u, err := url.Parse(id); err == nil && metadataDoc {
		l.Host = hostText(u.Host)
	}
	return l
}

// String is the label in one line, for the account page's list.
func (l clientLabel) String() string {
	switch {
	case l.Host == "":
		return "“" + l.Claimed + "” (unverified name)"
	case l.Claimed == "":
		return l.Host
	}
	return l.Host + " (“" + l.Claimed + "”)"
}

// startConsent keeps the authorization pending and shows the consent page. A metadata
// document's client is named by its host, which is verified (the document was fetched
// there); a registered client only by what it calls itself, marked unverified: anyone can
// register as "Claude".
func (s *Server) startConsent(w http.ResponseWriter, r *http.Request, c *store.Client, p store.Pending) {
	handle, binding := newToken(""), newToken("")
	p.Binding, p.Expires = binding, s.now().Add(pendingTTL)
	if err := s.opts.Store.PutPending(r.Context(), handle, p); err != nil {
		s.log.Error("authorize: store", "error", err)
		s.errorPage(w, http.StatusServiceUnavailable, "Try again in a moment", "The server could not record this request. Nothing was granted.")
		return
	}
	s.bind(w, r, binding)
	label := labelOf(c.ID, c.Name, c.MetadataDoc)
	title := "Connect an unverified application"
	if label.Host != "" {
		title = "Connect " + label.Host
	}
	back, _ := url.Parse(p.RedirectURI)
	gets, _ := s.connection(p.Resource)
	s.render(w, http.StatusOK, "consent", consentDoc(consentView{
		title: title, client: label, redirectHost: redirectHost(p.RedirectURI),
		loopback: back != nil && isLoopbackHost(back.Hostname()), handle: handle, write: CanWrite(p.Scope),
		endpoint: p.Resource, gets: gets,
	}))
}

// consent takes the consent form. Allow: the choice is recorded, the pending authorization
// can no longer be approved again, and the browser goes to Intervals.icu's sign-in with a
// fresh single-use state. Deny: back to the client with access_denied.
func (s *Server) consent(w http.ResponseWriter, r *http.Request) {
	if !s.sameOrigin(w, r, "Start again from the application.") {
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxForm)
	if err := r.ParseForm(); err != nil {
		s.errorPage(w, http.StatusBadRequest, "This form could not be read", "Start again from the application.")
		return
	}
	handle := r.PostForm.Get("handle")
	p, err := s.opts.Store.Pending(r.Context(), handle, s.now())
	cookie, ok := s.boundTo(r, p)
	if err != nil || !ok {
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
		s.deleteCookie(w, cookie)
		s.redirectError(w, r, p.RedirectURI, p.State, "access_denied", "the user denied the request")
		return
	}
	http.Redirect(w, r, s.opts.Upstream.AuthorizeURL(state, s.callbackURL(), write), http.StatusSeeOther)
}
