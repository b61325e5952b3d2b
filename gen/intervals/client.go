package intervals

import (
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
	"unicode"
)

// Options configures New. Only one of APIKey and AccessToken is needed; every other field
// has a default that suits Intervals.icu.
type Options struct {
	APIKey      string        // HTTP Basic auth, username literally "API_KEY", password the key
	AccessToken string        // OAuth access token, sent as Bearer (alternative to APIKey; exactly one must be set)
	BaseURL     string        // default "https://intervals.icu"; a trailing "/" or "/api/v1" is accepted and removed
	Timeout     time.Duration // per attempt, default 30s; negative means none
	UserAgent   string        // default "intervals-mcp/<Version> (+https://github.com/intervals-mcp/intervals-mcp)"
	MaxRetries  int           // default 3; negative disables retries
	RateLimit   float64       // requests per second, default 10 (Intervals.icu's documented limit); negative disables
	Burst       int           // default 5
	HTTPClient  *http.Client  // optional; its Transport (or one shared by all clients, idle connections kept) is wrapped
	// Budget, when set, decides before each attempt instead of the client's own limiter
	// (RateLimit and Burst are then unused): see Budget.
	Budget Budget
	// Observer, when set, is told of every attempt, retry and budget wait (for metrics).
	Observer Observer

	clock clock // tests only: fake time, sleep and jitter
}

// Version is the version in the default User-Agent; the binary sets it with
// -ldflags "-X github.com/intervals-mcp/intervals-mcp/gen/intervals.Version=v1.2.3".
var Version = "dev"

const (
	defaultBaseURL    = "https://intervals.icu"
	defaultTimeout    = 30 * time.Second
	defaultMaxRetries = 3
	defaultRateLimit  = 10
	defaultBurst      = 5
)

// New returns a client for the Intervals.icu API that authenticates every request, limits
// its own rate, retries what is safe to retry, and returns an *Error for every answer that is
// not 2xx. It fails only on options that cannot work (no credential, both, a bad URL).
func New(opts Options) (*ClientWithResponses, error) {
	t, err := newTransport(opts)
	if err != nil {
		return nil, err
	}
	hc := &http.Client{Transport: t}
	if opts.HTTPClient != nil {
		hc.CheckRedirect = opts.HTTPClient.CheckRedirect
		hc.Jar = opts.HTTPClient.Jar
		hc.Timeout = opts.HTTPClient.Timeout // a bound on the whole call, retries included
	}
	return NewClientWithResponses(t.origin.String(), WithHTTPClient(doer{client: hc, t: t}))
}

// newTransport validates opts and builds the transport with defaults filled in.
func newTransport(opts Options) (*transport, error) {
	origin, err := parseBaseURL(opts.BaseURL)
	if err != nil {
		return nil, err
	}
	t := &transport{
		base:       sharedTransport(),
		origin:     origin,
		userAgent:  opts.UserAgent,
		timeout:    opts.Timeout,
		maxRetries: opts.MaxRetries,
		clock:      opts.clock.withDefaults(),
	}
	apiKey, token := strings.TrimSpace(opts.APIKey), strings.TrimSpace(opts.AccessToken)
	switch {
	case apiKey == "" && token == "":
		return nil, errors.New("intervals: no credentials: set Options.APIKey (create a key at https://intervals.icu/settings, Developer Settings) or Options.AccessToken (OAuth)")
	case apiKey != "" && token != "":
		return nil, errors.New("intervals: both Options.APIKey and Options.AccessToken are set: use one (APIKey for your own account, AccessToken for an OAuth app)")
	case apiKey != "":
		if !printable(apiKey) {
			return nil, errors.New("intervals: Options.APIKey contains spaces or control characters: copy the key again from https://intervals.icu/settings")
		}
		basic := base64.StdEncoding.EncodeToString([]byte("API_KEY:" + apiKey))
		t.authHeader, t.auth = "Basic "+basic, authAPIKey
		t.secrets = []string{apiKey, basic}
	default:
		if !printable(token) {
			return nil, errors.New(`intervals: Options.AccessToken contains spaces or control characters: give the token alone, without "Bearer "`)
		}
		t.authHeader, t.auth = "Bearer "+token, authBearer
		t.secrets = []string{token}
	}
	if opts.HTTPClient != nil && opts.HTTPClient.Transport != nil {
		t.base = opts.HTTPClient.Transport
	}
	if t.userAgent == "" {
		t.userAgent = "intervals-mcp/" + Version + " (+https://github.com/intervals-mcp/intervals-mcp)"
	}
	switch {
	case t.timeout == 0:
		t.timeout = defaultTimeout
	case t.timeout < 0:
		t.timeout = 0
	}
	switch {
	case t.maxRetries == 0:
		t.maxRetries = defaultMaxRetries
	case t.maxRetries < 0:
		t.maxRetries = 0
	}
	t.budget = opts.Budget
	t.observer = opts.Observer
	if opts.RateLimit >= 0 && opts.Budget == nil {
		perSecond, burst := opts.RateLimit, opts.Burst
		if perSecond == 0 {
			perSecond = defaultRateLimit
		}
		if burst <= 0 {
			burst = defaultBurst
		}
		t.limiter = newLimiter(perSecond, burst)
	}
	return t, nil
}

// idleConnsPerHost is how many idle connections to one host (Intervals.icu) the clients keep.
// net/http's default of 2 closes every connection beyond it after its request: a server with
// more calls in flight would open (and, over TLS, shake hands on) a connection per request.
const idleConnsPerHost = 64

// sharedTransport is what every client of New sends through unless Options.HTTPClient names
// a transport: http.DefaultTransport's settings with idleConnsPerHost idle connections kept,
// one pool for all clients (a server makes a client per signed-in caller).
var sharedTransport = sync.OnceValue(func() http.RoundTripper {
	t, ok := http.DefaultTransport.(*http.Transport)
	if !ok { // replaced by the program: use it as it is
		return http.DefaultTransport
	}
	t = t.Clone()
	t.MaxIdleConnsPerHost = idleConnsPerHost
	return t
})

// parseBaseURL checks BaseURL and strips what the generated paths already carry.
func parseBaseURL(s string) (*url.URL, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		s = defaultBaseURL
	}
	u, err := url.Parse(s)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // url.Error repeats the whole URL, which may hold a secret
		}
		return nil, fmt.Errorf("intervals: Options.BaseURL is not a URL (%v): use a URL such as %s", err, defaultBaseURL)
	}
	if u.User != nil {
		return nil, fmt.Errorf("intervals: Options.BaseURL %s carries user information: put the key in Options.APIKey instead", u.Redacted())
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("intervals: Options.BaseURL %q is not an absolute http(s) URL: use a URL such as %s", s, defaultBaseURL)
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("intervals: Options.BaseURL %q has a query or fragment: give the scheme, host and (optional) path only", s)
	}
	p := strings.TrimRight(u.Path, "/")
	p = strings.TrimSuffix(p, "/api/v1")
	u.Path, u.RawPath = strings.TrimRight(p, "/"), ""
	return u, nil
}

// printable reports whether s has no white space and no control characters.
func printable(s string) bool {
	return !strings.ContainsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) })
}

// doer is the generated client's HttpRequestDoer: an http.Client over the transport. It
// returns the transport's *Error as is, not inside the *url.Error that http.Client adds, so
// err.Error() reads "listEvents: 404 Not Found: …"; and it turns a redirect that was not
// followed into an *Error too, so only 2xx answers come back without an error.
type doer struct {
	client *http.Client
	t      *transport
}

func (d doer) Do(req *http.Request) (*http.Response, error) {
	resp, err := d.client.Do(req)
	if err != nil {
		var apiErr *Error
		if errors.As(err, &apiErr) {
			return nil, apiErr
		}
		var over *OverBudgetError
		if errors.As(err, &over) {
			return nil, over
		}
		return nil, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		data, _ := io.ReadAll(resp.Body) // already in memory: the transport read it
		_ = resp.Body.Close()
		return nil, d.t.errorFor(resp.Request, resp, data)
	}
	return resp, nil
}
