package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	jose "github.com/go-jose/go-jose/v4"

	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// Limits of a client ID metadata document (and a JWKS) fetch.
const (
	maxDocument  = 64 << 10
	fetchTimeout = 5 * time.Second
	docCacheMin  = 5 * time.Minute
	docCacheMax  = 24 * time.Hour
	docCacheDef  = time.Hour
)

// errUnknownClient is a client_id that is neither registered nor a document we can use.
var errUnknownClient = errors.New("unknown client")

// failureKept is how long a URL whose fetch failed is not fetched again (per process: each
// replica fetches a bad URL once a minute at most, within the store's shared budgets);
// maxFailures bounds how many are remembered.
const (
	failureKept = time.Minute
	maxFailures = 4096
)

// metadataFetcher fetches https documents of clients: client ID metadata documents and JWKS,
// each within the fetch budgets (budget: the source's, the host's, everyone's; nil is none),
// and remembers failures for a minute.
type metadataFetcher struct {
	hc     *http.Client
	budget func(ctx context.Context, host string) error
	now    func() time.Time

	mu     sync.Mutex
	failed map[string]fetchFailure
}

type fetchFailure struct {
	err   error
	until time.Time
}

func newMetadataFetcher(hc *http.Client) *metadataFetcher {
	if hc == nil {
		hc = guardedClient()
	}
	c := *hc // whatever the client, no redirect is followed
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &metadataFetcher{hc: &c, now: time.Now, failed: map[string]fetchFailure{}}
}

// fail remembers that the document at raw could not be used (fetched or read), for
// failureKept, and returns err.
func (f *metadataFetcher) fail(raw string, err error) error {
	now := f.now()
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.failed) >= maxFailures {
		for k, v := range f.failed {
			if !now.Before(v.until) {
				delete(f.failed, k)
			}
		}
		if len(f.failed) >= maxFailures {
			clear(f.failed)
		}
	}
	f.failed[raw] = fetchFailure{err: err, until: now.Add(failureKept)}
	return err
}

// failure is the error of raw's failed fetch within the last failureKept, or nil.
func (f *metadataFetcher) failure(raw string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if v, ok := f.failed[raw]; ok && f.now().Before(v.until) {
		return v.err
	}
	return nil
}

// guardedClient reaches public addresses only. The check is on the address actually dialled
// (after DNS), so a name that resolves to 127.0.0.1 or 169.254.169.254 is refused too, and
// a name that changes its answer between two lookups cannot slip through. No proxy from the
// environment, no redirects.
func guardedClient() *http.Client {
	d := &net.Dialer{Timeout: fetchTimeout, Control: func(network, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil {
			return fmt.Errorf("refused address %s", address)
		}
		if !publicAddr(ap.Addr()) {
			return fmt.Errorf("refused: %s is not a public address", ap.Addr())
		}
		return nil
	}}
	return &http.Client{
		Timeout: fetchTimeout,
		Transport: &http.Transport{
			DialContext:           d.DialContext,
			TLSHandshakeTimeout:   fetchTimeout,
			ResponseHeaderTimeout: fetchTimeout,
			MaxIdleConns:          16,
			IdleConnTimeout:       time.Minute,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// publicAddr refuses loopback, private (RFC 1918, ULA), link-local (cloud metadata),
// unspecified, multicast, shared (100.64/10) and documentation addresses.
func publicAddr(a netip.Addr) bool {
	a = a.Unmap()
	if a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() ||
		a.IsInterfaceLocalMulticast() || a.IsMulticast() || a.IsUnspecified() || !a.IsValid() {
		return false
	}
	for _, p := range refusedPrefixes {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

var refusedPrefixes = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("192.0.2.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("198.51.100.0/24"),
	netip.MustParsePrefix("203.0.113.0/24"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("64:ff9b::/96"),
	netip.MustParsePrefix("2001:db8::/32"),
}

// checkDocumentURL refuses a client_id URL that cannot be a metadata document: https, a
// host, a path, no credentials or fragment, and no literal address that is not public.
func checkDocumentURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	switch {
	case err != nil || u.Scheme != "https" || u.Host == "":
		return nil, errors.New("a client ID metadata document must be an https URL")
	case u.User != nil || u.Fragment != "" || u.Path == "" || u.Path == "/":
		return nil, errors.New("a client ID metadata document URL has a path and no user or fragment")
	}
	host := u.Hostname()
	if a, err := netip.ParseAddr(host); err == nil && !publicAddr(a) {
		return nil, fmt.Errorf("the client ID metadata document's host %s is not a public address", host)
	}
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return nil, errors.New("the client ID metadata document's host is localhost")
	}
	return u, nil
}

// get fetches an https document of at most maxDocument bytes; it refuses redirects and
// answers other than 200 (the guarded client does not follow them either). A URL that
// failed in the last minute is not fetched again (its error is returned), nor one over the
// fetch budgets.
func (f *metadataFetcher) get(ctx context.Context, raw string) ([]byte, time.Duration, error) {
	u, err := checkDocumentURL(raw)
	if err != nil {
		return nil, 0, err
	}
	if err := f.failure(raw); err != nil {
		return nil, 0, err
	}
	if f.budget != nil {
		if err := f.budget(ctx, u.Hostname()); err != nil {
			return nil, 0, err
		}
	}
	body, ttl, err := f.fetch(ctx, raw)
	if err != nil {
		return nil, 0, f.fail(raw, err)
	}
	return body, ttl, nil
}

func (f *metadataFetcher) fetch(ctx context.Context, raw string) ([]byte, time.Duration, error) {
	ctx, cancel := context.WithTimeout(ctx, fetchTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, raw, nil)
	if err != nil {
		return nil, 0, err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := f.hc.Do(req)
	if err != nil {
		return nil, 0, fmt.Errorf("fetch %s: %w", raw, errors.Unwrap(err))
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, 0, fmt.Errorf("fetch %s: answered %d (redirects are not followed)", raw, resp.StatusCode)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxDocument+1))
	if err != nil {
		return nil, 0, fmt.Errorf("fetch %s: %w", raw, err)
	}
	if len(body) > maxDocument {
		return nil, 0, fmt.Errorf("fetch %s: over %d bytes", raw, maxDocument)
	}
	return body, cacheFor(resp.Header.Get("Cache-Control")), nil
}

// cacheFor is how long a document is kept: its max-age, within 5 minutes and a day (no-store
// and no-cache are the 5 minutes; a document that says nothing is kept an hour).
func cacheFor(cc string) time.Duration {
	for _, d := range strings.Split(cc, ",") {
		d = strings.ToLower(strings.TrimSpace(d))
		if d == "no-store" || d == "no-cache" {
			return docCacheMin
		}
		if v, ok := strings.CutPrefix(d, "max-age="); ok {
			if n, err := strconv.Atoi(v); err == nil {
				return min(max(time.Duration(n)*time.Second, docCacheMin), docCacheMax)
			}
		}
	}
	return docCacheDef
}

// clientDocument is the part of a client ID metadata document (and of a registration
// request, RFC 7591) that we read.
type clientDocument struct {
	ClientID                string          `json:"client_id,omitempty"`
	ClientName              string          `json:"client_name,omitempty"`
	ClientURI               string          `json:"client_uri,omitempty"`
	RedirectURIs            []string        `json:"redirect_uris"`
	TokenEndpointAuthMethod string          `json:"token_endpoint_auth_method,omitempty"`
	GrantTypes              []string        `json:"grant_types,omitempty"`
	ResponseTypes           []string        `json:"response_types,omitempty"`
	Scope                   string          `json:"scope,omitempty"`
	JWKSURI                 string          `json:"jwks_uri,omitempty"`
	JWKS                    json.RawMessage `json:"jwks,omitempty"`
}

// client returns the client of id: registered, cached, or fetched now as a metadata
// document (when id is an https URL). Its error says what is wrong with the client.
func (s *Server) client(ctx context.Context, id string) (*store.Client, error) {
	if id == "" {
		return nil, errors.New("client_id is missing")
	}
	c, err := s.opts.Store.Client(ctx, id, s.now())
	if err == nil {
		return c, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	if !strings.HasPrefix(id, "https://") {
		return nil, errUnknownClient
	}
	body, ttl, err := s.meta.get(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("the client ID metadata document could not be used: %w", err)
	}
	// A document that cannot be used is not fetched again for a minute either.
	var doc clientDocument
	if err := json.Unmarshal(body, &doc); err != nil {
		return nil, s.meta.fail(id, errors.New("the client ID metadata document is not JSON"))
	}
	if doc.ClientID != id {
		return nil, s.meta.fail(id, fmt.Errorf("the client ID metadata document's client_id %q is not its URL %q", doc.ClientID, id))
	}
	c, err = clientFrom(doc, true)
	if err != nil {
		return nil, s.meta.fail(id, fmt.Errorf("the client ID metadata document: %w", err))
	}
	now := s.now()
	c.ID, c.Created, c.Expires = id, now, now.Add(ttl)
	if err := s.opts.Store.PutClient(ctx, *c); err != nil {
		return nil, err
	}
	return c, nil
}

// Limits of what a client keeps in the store, registered (/register) or from its metadata
// document: real clients register a handful of redirect URIs of under 200 bytes, one or two
// keys, and names of under 40 characters.
const (
	maxRedirectURIs = 10
	maxURI          = 1024 // bytes: a redirect URI, a jwks_uri, a client_id
	maxJWKS         = 8 << 10
	maxJWKSKeys     = 5
	maxClientName   = 100 // characters: a longer name is cut
)

// clientFrom checks a document's (or a registration's) redirect URIs, name and
// authentication; its errors are *clientError. A registration asking for another method than
// private_key_jwt is registered as public ("none"): we issue no secrets. A registration's
// name with a control or bidirectional formatting character is refused; a metadata
// document's is kept with them escaped: refusing it would lock the document's users out
// over what only its host can fix, and the consent page names that client by its host.
func clientFrom(doc clientDocument, metadataDoc bool) (*store.Client, error) {
	if len(doc.RedirectURIs) == 0 || len(doc.RedirectURIs) > maxRedirectURIs {
		return nil, &clientError{redirect: true, msg: fmt.Sprintf("redirect_uris must list 1 to %d URIs", maxRedirectURIs)}
	}
	for _, u := range doc.RedirectURIs {
		if err := checkRedirectURI(u); err != nil {
			return nil, &clientError{redirect: true, msg: err.Error()}
		}
	}
	name := strings.TrimSpace(doc.ClientName)
	if !metadataDoc {
		if err := checkText("client_name", name); err != nil {
			return nil, &clientError{msg: err.Error()}
		}
	}
	name = escapeText(cutText(name, maxClientName))
	c := &store.Client{Name: name, RedirectURIs: doc.RedirectURIs, AuthMethod: "none", MetadataDoc: metadataDoc}
	if string(doc.JWKS) == "null" {
		doc.JWKS = nil
	}
	switch doc.TokenEndpointAuthMethod {
	case "private_key_jwt":
		var set jose.JSONWebKeySet
		switch {
		case doc.JWKSURI == "" && len(doc.JWKS) == 0:
			return nil, &clientError{msg: "token_endpoint_auth_method private_key_jwt needs jwks_uri or jwks"}
		case len(doc.JWKSURI) > maxURI:
			return nil, &clientError{msg: fmt.Sprintf("jwks_uri: at most %d bytes", maxURI)}
		case len(doc.JWKS) > maxJWKS:
			return nil, &clientError{msg: fmt.Sprintf("jwks: at most %d KiB; publish a larger key set at jwks_uri", maxJWKS>>10)}
		case len(doc.JWKS) > 0 && (json.Unmarshal(doc.JWKS, &set) != nil || len(set.Keys) == 0): // set read here
			return nil, &clientError{msg: "jwks: not a JWK set (RFC 7517) of keys this server can use"}
		case len(set.Keys) > maxJWKSKeys:
			return nil, &clientError{msg: fmt.Sprintf("jwks: at most %d keys; publish more at jwks_uri", maxJWKSKeys)}
		}
		if doc.JWKSURI != "" {
			if _, err := checkDocumentURL(doc.JWKSURI); err != nil {
				return nil, &clientError{msg: "jwks_uri: " + err.Error()}
			}
		}
		c.AuthMethod, c.JWKSURI, c.JWKS = "private_key_jwt", doc.JWKSURI, string(doc.JWKS)
	case "", "none":
	default:
		if metadataDoc {
			return nil, &clientError{msg: fmt.Sprintf("token_endpoint_auth_method %q is not supported: use none or private_key_jwt", doc.TokenEndpointAuthMethod)}
		}
	}
	return c, nil
}

// checkRedirectURI takes https URIs and http loopback ones (127.0.0.1, [::1], localhost; any
// port, for CLI clients), without a fragment, of at most maxURI bytes of printable ASCII (a
// URI is ASCII, RFC 3986: the rest is percent-encoded; so the host the consent page names is
// what the browser goes to).
func checkRedirectURI(raw string) error {
	if len(raw) > maxURI {
		return fmt.Errorf("redirect URI %q...: at most %d bytes", cutText(raw, 40), maxURI)
	}
	if strings.ContainsFunc(raw, func(r rune) bool { return r <= ' ' || r >= 0x7f }) {
		return fmt.Errorf("redirect URI %q: printable ASCII only (percent-encode the rest, RFC 3986)", raw)
	}
	u, err := url.Parse(raw)
	switch {
	case err != nil || u.Host == "" || u.Fragment != "" || u.User != nil:
		return fmt.Errorf("redirect URI %q: use an absolute URI without a fragment", raw)
	case u.Scheme == "https":
		return nil
	case u.Scheme == "http" && isLoopbackHost(u.Hostname()):
		return nil
	}
	return fmt.Errorf("redirect URI %q: use https, or http on 127.0.0.1, [::1] or localhost", raw)
}

func isLoopbackHost(h string) bool {
	if strings.EqualFold(h, "localhost") {
		return true
	}
	a, err := netip.ParseAddr(h)
	return err == nil && a.IsLoopback()
}

// redirectHost is what the consent page names: where the code is sent (hostText: escaped).
func redirectHost(raw string) string {
	if u, err := url.Parse(raw); err == nil {
		return hostText(u.Host)
	}
	return hostText(raw)
}
