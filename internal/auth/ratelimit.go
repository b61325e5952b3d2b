package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// Defaults of Limits, counts an hour. Each per-source limit is a tenth of its global one or
// less, so one source cannot spend everyone's budget. Real clients register once per
// connection (Claude Code, Cursor, VS Code; claude.ai and ChatGPT use metadata documents),
// start an authorization per sign-in or step-up, and their documents are fetched once per
// cache lifetime (5 minutes to a day).
const (
	DefaultRegisterPerSource  = 20
	DefaultRegisterGlobal     = 200
	DefaultAuthorizePerSource = 60
	DefaultAuthorizeGlobal    = 3600
	DefaultFetchPerHost       = 60
	DefaultFetchGlobal        = 600
	DefaultMaxClients         = 10000
	DefaultForwardedHeader    = "X-Forwarded-For"
)

// Limits bound what anyone can make the server do, or keep, without signing in. Rates are
// counts an hour, each with a burst of half of it (at least 1), counted in the store's
// budgets so that they hold across replicas; a source is a client address (ClientAddrs).
// Zero values are the defaults.
type Limits struct {
	RegisterPerSource, RegisterGlobal   float64 // POST /register
	AuthorizePerSource, AuthorizeGlobal float64 // GET /authorize (each stores a pending authorization)
	// FetchPerHost bounds the client ID metadata documents and JWKS fetched from one host,
	// and those one source makes the server fetch; FetchGlobal all of them.
	FetchPerHost, FetchGlobal float64
	MaxClients                int // registered clients kept at most; /register refuses past it
	// TrustedProxies are the reverse proxies whose ForwardedHeader names the client
	// (X-Forwarded-For, or Forwarded); none by default: the connecting address is the
	// client's.
	TrustedProxies  []netip.Prefix
	ForwardedHeader string
}

// withDefaults fills the zero values and checks the rest.
func (l Limits) withDefaults() (Limits, error) {
	for _, f := range []struct {
		v   *float64
		def float64
	}{{&l.RegisterPerSource, DefaultRegisterPerSource}, {&l.RegisterGlobal, DefaultRegisterGlobal},
		{&l.AuthorizePerSource, DefaultAuthorizePerSource}, {&l.AuthorizeGlobal, DefaultAuthorizeGlobal},
		{&l.FetchPerHost, DefaultFetchPerHost}, {&l.FetchGlobal, DefaultFetchGlobal}} {
		if *f.v <= 0 {
			*f.v = f.def
		}
	}
	if l.MaxClients <= 0 {
		l.MaxClients = DefaultMaxClients
	}
	if l.ForwardedHeader == "" {
		l.ForwardedHeader = DefaultForwardedHeader
	}
	l.ForwardedHeader = http.CanonicalHeaderKey(l.ForwardedHeader)
	for _, p := range []struct {
		what, source, global string
		perSource, all       float64
	}{{"registrations", "--register-rate", "--register-global-rate", l.RegisterPerSource, l.RegisterGlobal},
		{"authorizations", "--authorize-rate", "--authorize-global-rate", l.AuthorizePerSource, l.AuthorizeGlobal},
		{"metadata document fetches", "--fetch-rate", "--fetch-global-rate", l.FetchPerHost, l.FetchGlobal}} {
		if p.perSource > p.all/2 {
			return l, fmt.Errorf("%s: %v an hour per source is more than half of the %v an hour for everyone: one source could spend everyone's budget; lower %s or raise %s",
				p.what, p.perSource, p.all, p.source, p.global)
		}
	}
	for _, p := range l.TrustedProxies {
		if p.Bits() == 0 {
			return l, fmt.Errorf("trusted proxies %s: that trusts every address, so any client could choose its own; name your reverse proxies' addresses [--trusted-proxies, MCP_TRUSTED_PROXIES]", p)
		}
	}
	return l, nil
}

// LogValue names the limits, as the server logs them at start.
func (l Limits) LogValue() slog.Value {
	proxies := "none (the connecting address is the client's)"
	if len(l.TrustedProxies) > 0 {
		s := make([]string, len(l.TrustedProxies))
		for i, p := range l.TrustedProxies {
			s[i] = p.String()
		}
		proxies = strings.Join(s, ",") + " (client from " + l.ForwardedHeader + ")"
	}
	return slog.GroupValue(
		slog.String("register", fmt.Sprintf("%v/h per source, %v/h in all", l.RegisterPerSource, l.RegisterGlobal)),
		slog.String("register_newcomers", fmt.Sprintf("past the shared budget 1 per source every %v, %v/h in all",
			time.Duration(float64(time.Hour)*10/l.RegisterPerSource).Round(time.Second), l.RegisterGlobal)),
		slog.String("authorize", fmt.Sprintf("%v/h per source, %v/h in all", l.AuthorizePerSource, l.AuthorizeGlobal)),
		slog.String("metadata_fetch", fmt.Sprintf("%v/h per host and per source, %v/h in all", l.FetchPerHost, l.FetchGlobal)),
		slog.Int("max_clients", l.MaxClients),
		slog.String("source", "IPv4 address, IPv6 /64"),
		slog.String("trusted_proxies", proxies),
	)
}

// Limits are the limits the server runs with, defaults filled in.
func (s *Server) Limits() Limits { return s.opts.Limits }

// bucket is a budget of perHour an hour, with a burst of half of it.
func bucket(key string, perHour float64) store.Bucket {
	return store.Bucket{Key: key, Rate: perHour / 3600, Burst: int(max(perHour/2, 1))}
}

// errBudget is a store that could not count: the request is refused, as a moment's outage.
var errBudget = errors.New("the limits could not be counted")

// take takes one from each bucket (the source's first, so that a source over its own budget
// spends nobody else's). refused is the refusing bucket's key and when to try again.
func (s *Server) take(ctx context.Context, buckets ...store.Bucket) (refused string, retry time.Duration, err error) {
	d, err := s.opts.Store.TakeBudget(ctx, s.now(), buckets...)
	if err != nil {
		s.log.Error("rate limit: budget", "error", err)
		return "", 0, errBudget
	}
	if d.Allowed {
		return "", 0, nil
	}
	return d.Refused, d.RetryAfter, nil
}

// takeFrom takes one from the request's source's bucket and everyone's (key global, of all
// an hour). Refused, it sets Retry-After and says who is over the budget (the source, or
// everyone) and when to try again; err is a store that could not count.
func (s *Server) takeFrom(w http.ResponseWriter, r *http.Request, global string, perSource, all float64) (who, wait string, err error) {
	refused, retry, err := s.take(r.Context(), bucket(global+":"+sourceOf(r.Context()), perSource), bucket(global, all))
	if err != nil || refused == "" {
		return "", "", err
	}
	who = "from your address"
	if refused == global {
		who = "on this server"
	}
	return who, retryIn(w, retry), nil
}

// retryIn sets Retry-After to retry (whole seconds, rounded up) and says it in words.
func retryIn(w http.ResponseWriter, retry time.Duration) string {
	secs := int((retry + time.Second - 1) / time.Second)
	secs = max(secs, 1)
	if w != nil {
		w.Header().Set("Retry-After", fmt.Sprint(secs))
	}
	if secs > 90 {
		return fmt.Sprintf("%d minutes", (secs+59)/60)
	}
	return fmt.Sprintf("%d seconds", secs)
}

// Registrations have a second budget for everyone, kept for newcomers: a source whose
// registration the shared budget refuses may still take one from its own reserve (1 at a
// time, a tenth of its rate) and everyone's newcomers' budget (the size of the shared one).
// A handful of sources spend the shared burst in a moment (10 sources of 10); to spend the
// newcomers' one takes as many sources as its burst (100), each over its own reserve's
// refill, so a client registering from a new address still gets in.
const (
	registerKey         = "oauth-register"
	registerNewcomerKey = "oauth-register-newcomers"
	registerReserveKey  = "oauth-register-reserve:"
)

// registerReserve is a source's reserve: one registration, refilled at a tenth of the
// source's rate.
func registerReserve(source string, perSource float64) store.Bucket {
	return store.Bucket{Key: registerReserveKey + source, Rate: perSource / 10 / 3600, Burst: 1}
}

// takeRegister takes a registration from the source's budget and everyone's or, refused
// by everyone's, from the source's reserve, its budget and the newcomers'. It says who
// refused and when to try again (the sooner of the two), as takeFrom.
func (s *Server) takeRegister(w http.ResponseWriter, r *http.Request) (who, wait string, err error) {
	l, source := s.opts.Limits, sourceOf(r.Context())
	perSource := bucket(registerKey+":"+source, l.RegisterPerSource)
	refused, retry, err := s.take(r.Context(), perSource, bucket(registerKey, l.RegisterGlobal))
	if err != nil || refused == "" {
		return "", "", err
	}
	if refused == registerKey {
		refused2, retry2, err := s.take(r.Context(), registerReserve(source, l.RegisterPerSource), perSource, bucket(registerNewcomerKey, l.RegisterGlobal))
		if err != nil || refused2 == "" {
			if err == nil {
				s.log.Info("register: the shared budget is spent; a newcomer's registration taken from its reserve", "source", source)
			}
			return "", "", err
		}
		retry = min(retry, retry2)
		if refused2 != registerNewcomerKey {
			return "from your address", retryIn(w, retry), nil
		}
	}
	who = "from your address"
	if refused == registerKey {
		who = "on this server"
	}
	return who, retryIn(w, retry), nil
}

// allowRegister takes a registration from the request's source and everyone's budget
// (takeRegister), or answers 429 (503 when the store cannot count).
func (s *Server) allowRegister(w http.ResponseWriter, r *http.Request) bool {
	who, wait, err := s.takeRegister(w, r)
	switch {
	case err != nil:
		oauthError(w, http.StatusServiceUnavailable, "temporarily_unavailable", "registration is unavailable for a moment: try again")
	case who != "":
		oauthError(w, http.StatusTooManyRequests, "too_many_requests", fmt.Sprintf("too many registrations %s just now: try again in %s", who, wait))
	}
	return err == nil && who == ""
}

// allowAuthorize takes an authorization from the request's source and everyone's budget, or
// shows a page saying when to try again: /authorize stores a pending authorization for
// anyone who asks.
func (s *Server) allowAuthorize(w http.ResponseWriter, r *http.Request) bool {
	who, wait, err := s.takeFrom(w, r, "oauth-authorize", s.opts.Limits.AuthorizePerSource, s.opts.Limits.AuthorizeGlobal)
	switch {
	case err != nil:
		s.errorPage(w, http.StatusServiceUnavailable, "Try again in a moment", "The server could not take this request just now. Nothing was granted.")
	case who != "":
		s.errorPage(w, http.StatusTooManyRequests, "Too many sign-ins just now",
			fmt.Sprintf("Too many sign-ins were started %s just now. Try again from the application in %s. Nothing was granted.", who, wait))
	}
	return err == nil && who == ""
}

// fetchBudget takes one metadata document (or JWKS) fetch from host out of the budgets: the
// asking source's (when there is one: not outside a request), the host's, everyone's.
func (s *Server) fetchBudget(ctx context.Context, host string) error {
	l := s.opts.Limits
	const global = "oauth-fetch"
	var b []store.Bucket
	source := sourceOf(ctx)
	if source != "" {
		b = append(b, bucket(global+"-source:"+source, l.FetchPerHost))
	}
	hostKey := global + "-host:" + strings.ToLower(host)
	b = append(b, bucket(hostKey, l.FetchPerHost), bucket(global, l.FetchGlobal))
	refused, retry, err := s.take(ctx, b...)
	if err != nil {
		return errors.New("metadata documents cannot be fetched for a moment: try again")
	}
	if refused == "" {
		return nil
	}
	who := "for your address"
	switch refused {
	case global:
		who = "on this server"
	case hostKey:
		who = "from " + host
	}
	return fmt.Errorf("too many client metadata documents fetched %s just now: try again in %s", who, retryIn(nil, retry))
}
