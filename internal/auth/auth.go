package auth

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// Token prefixes: a token says what it is, and secret scanners can find a leaked one.
const (
	PrefixAccess   = "imcp_at_"
	PrefixRefresh  = "imcp_rt_"
	PrefixPersonal = "imcp_pat_"
	prefixSession  = "imcp_ses_"
	prefixClient   = "imcp_c_"
)

// Defaults of Options.
const (
	DefaultAccessTTL  = time.Hour
	DefaultRefreshTTL = 90 * 24 * time.Hour
	DefaultGrace      = 30 * time.Second
	pendingTTL        = 10 * time.Minute // from /authorize to the callback
	codeTTL           = time.Minute
	sessionTTL        = 12 * time.Hour // the account page's sign-in
)

// Options configure New.
type Options struct {
	// PublicURL is the address clients reach this server at, such as
	// https://mcp.example.com: the issuer, exactly; the resource is PublicURL + "/mcp".
	PublicURL  string
	Store      store.Store
	Sealer     *Sealer       // seals each athlete's Intervals.icu token
	Upstream   *Upstream     // Intervals.icu's OAuth (or the demo's fake)
	AccessTTL  time.Duration // 0: DefaultAccessTTL
	RefreshTTL time.Duration // 0: DefaultRefreshTTL
	Grace      time.Duration // a refresh token's reuse grace; 0: DefaultGrace
	// MetadataClient fetches client ID metadata documents and JWKS. nil is the guarded
	// client (https only, public addresses only, no redirects): tests give one that trusts
	// their TLS server; production never sets it.
	MetadataClient *http.Client
	// Limits bound registrations, authorizations and metadata document fetches per source
	// and overall, and the registered clients kept; zero values are the defaults.
	Limits Limits
	// Connection says what a connection to the resource PublicURL + "/mcp" + path gets
	// ("" for /mcp itself; "/x/coach" for a toolset chosen by path), for the consent page, or
	// that the path serves nothing. Every such path is a resource of this server, with its
	// own protected-resource metadata. nil: /mcp alone.
	Connection func(path string) (string, error)
	Logger     *slog.Logger
	Now        func() time.Time
}

// Server is the authorization server.
type Server struct {
	opts     Options
	issuer   string
	resource string
	addrs    clientAddrs
	meta     *metadataFetcher
	keys     keyCache
	verified verified  // the bearer tokens verified lately (verify.go)
	watch    hostWatch // the requests at another address than the public URL logged (publicurl.go)
	log      *slog.Logger
}

// New checks opts and builds the authorization server.
func New(opts Options) (*Server, error) {
	issuer, err := CheckPublicURL(opts.PublicURL)
	if err != nil {
		return nil, err
	}
	if opts.Store == nil || opts.Sealer == nil || opts.Upstream == nil {
		return nil, errors.New("auth: a store, a sealer and the Intervals.icu OAuth app are all needed")
	}
	if opts.AccessTTL <= 0 {
		opts.AccessTTL = DefaultAccessTTL
	}
	if opts.RefreshTTL <= 0 {
		opts.RefreshTTL = DefaultRefreshTTL
	}
	if opts.Grace <= 0 {
		opts.Grace = DefaultGrace
	}
	opts.Grace = min(opts.Grace, store.GraceMax)
	if opts.Limits, err = opts.Limits.withDefaults(); err != nil {
		return nil, err
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Server{opts: opts, issuer: issuer, resource: issuer + "/mcp", log: log,
		addrs: clientAddrs{trusted: opts.Limits.TrustedProxies, header: opts.Limits.ForwardedHeader}}
	s.meta = newMetadataFetcher(opts.MetadataClient)
	s.meta.budget, s.meta.now = s.fetchBudget, s.now
	return s, nil
}

// CheckPublicURL returns the issuer a public URL makes: an absolute http(s) URL with a host
// and no path, query or fragment (a trailing / is dropped). http is for loopback only.
func CheckPublicURL(raw string) (string, error) {
	u, err := url.Parse(strings.TrimSuffix(strings.TrimSpace(raw), "/"))
	switch {
	case err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http"):
		return "", fmt.Errorf("public URL %q: use the address clients reach this server at, such as https://mcp.example.com [--public-url, MCP_PUBLIC_URL]", raw)
	case u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil:
		return "", fmt.Errorf("public URL %q: give the scheme and host only (no path, query or user): serve the server at the root of its host [--public-url, MCP_PUBLIC_URL]", raw)
	case u.Scheme == "http" && !isLoopbackHost(u.Hostname()):
		return "", fmt.Errorf("public URL %q: http is for a loopback address only (127.0.0.1, localhost); put the server behind TLS and give its https address [--public-url, MCP_PUBLIC_URL]", raw)
	}
	return u.Scheme + "://" + u.Host, nil
}

// Issuer is the authorization server's issuer, the public URL exactly.
func (s *Server) Issuer() string { return s.issuer }

// Resource is the protected resource, the public URL + /mcp.
func (s *Server) Resource() string { return s.resource }

// connection is what a resource of this server (/mcp, or a path below it that
// Options.Connection serves) gives a connection, "" when nothing says; ok is false for a
// resource that is not ours.
func (s *Server) connection(resource string) (desc string, ok bool) {
	path, below := strings.CutPrefix(resource, s.resource)
	switch {
	case !below || path != "" && !strings.HasPrefix(path, "/"):
		return "", false
	case s.opts.Connection == nil:
		return "", path == ""
	}
	desc, err := s.opts.Connection(path)
	return desc, err == nil
}

// ResourceMetadataURL is where /mcp's protected-resource metadata is (RFC 9728).
func (s *Server) ResourceMetadataURL() string {
	return s.issuer + "/.well-known/oauth-protected-resource/mcp"
}

// callbackURL is our redirect URI at Intervals.icu: register it with the OAuth app.
func (s *Server) callbackURL() string { return s.issuer + CallbackPath }

// CallbackPath is where Intervals.icu sends the user back.
const CallbackPath = "/oauth/callback"

// Handler serves the authorization server's endpoints and the account page. Each request
// carries its source (clientaddr.go) in its context, for the rate limits.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	s.routeMetadata(mux)
	mux.HandleFunc("POST /register", s.register)
	mux.HandleFunc("GET /authorize", s.authorize)
	mux.HandleFunc("POST /consent", s.consent)
	mux.HandleFunc("GET "+CallbackPath, s.callback)
	mux.HandleFunc("POST /token", s.token)
	mux.HandleFunc("POST /revoke", s.revoke)
	s.routeAccount(mux)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mux.ServeHTTP(w, r.WithContext(withSource(r.Context(), s.addrs.sourceKey(r))))
	})
}

func (s *Server) now() time.Time { return s.opts.Now() }

// secure says whether cookies can be Secure (and so __Host-): the public URL is https.
func (s *Server) secure() bool { return strings.HasPrefix(s.issuer, "https://") }

// cookieName is name with the __Host- prefix on https. Browsers refuse __Host- cookies that
// are not Secure, and an http loopback demo cannot set Secure ones: there the name is
// "imcp-" + name, host-only and without Domain all the same.
func (s *Server) cookieName(name string) string {
	if s.secure() {
		return "__Host-imcp-" + name
	}
	return "imcp-" + name
}

func (s *Server) setCookie(w http.ResponseWriter, name, value string, maxAge time.Duration) {
	http.SetCookie(w, &http.Cookie{Name: s.cookieName(name), Value: value, Path: "/", MaxAge: int(maxAge.Seconds()),
		Secure: s.secure(), HttpOnly: true, SameSite: http.SameSiteLaxMode})
}

func (s *Server) cookie(r *http.Request, name string) string {
	c, err := r.Cookie(s.cookieName(name))
	if err != nil {
		return ""
	}
	return c.Value
}

// newToken is a random token with a prefix: 256 bits, base32.
func newToken(prefix string) string { return prefix + rand.Text() + rand.Text() }

// newID is a short random id (a grant's, a personal token's public name).
func newID() string { return strings.ToLower(rand.Text()[:16]) }

// scopeOf is the stored scope of a grant that may write or not.
func scopeOf(write bool) string {
	if write {
		return caller.ScopeRead + " " + caller.ScopeWrite
	}
	return caller.ScopeRead
}

// Scopes lists a stored scope's scopes.
func Scopes(scope string) []string { return strings.Fields(scope) }

// CanWrite says whether a stored scope allows writes.
func CanWrite(scope string) bool { return slices.Contains(Scopes(scope), caller.ScopeWrite) }

// parseScope reads a requested scope: ours (write implies read), offline_access ignored
// (refresh tokens are always issued); "" is read. ok is false for any other scope.
func parseScope(raw string) (write, ok bool) {
	for _, sc := range strings.Fields(raw) {
		switch sc {
		case caller.ScopeRead, "offline_access":
		case caller.ScopeWrite:
			write = true
		default:
			return false, false
		}
	}
	return write, true
}

// oauthError is an OAuth error answer (RFC 6749 5.2) as JSON.
func oauthError(w http.ResponseWriter, status int, code, description string) {
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, status, map[string]string{"error": code, "error_description": description})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// maxForm bounds a form or JSON body of the endpoints.
const maxForm = 64 << 10

func parseForm(w http.ResponseWriter, r *http.Request) bool {
	r.Body = http.MaxBytesReader(w, r.Body, maxForm)
	if err := r.ParseForm(); err != nil {
		oauthError(w, http.StatusBadRequest, "invalid_request", "the body could not be read as a form (application/x-www-form-urlencoded, at most 64 KiB)")
		return false
	}
	return true
}
