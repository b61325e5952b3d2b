package auth_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// authorizeFrom opens an /authorize URL on h as if from remote and returns the status and
// the Retry-After header.
func authorizeFrom(h http.Handler, rawURL, remote string, header ...string) (int, string) {
	r := httptest.NewRequest(http.MethodGet, rawURL, nil)
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Add(header[i], header[i+1])
	}
	r.RemoteAddr = remote
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Code, w.Header().Get("Retry-After")
}

// TestAuthorizeIsRateLimitedPerSource (issue 22, 1): every /authorize stores a pending
// authorization, unauthenticated; 40 of them from one address were all stored. One source
// gets its burst (30), then 429 with Retry-After; another source is not held back by it.
func TestAuthorizeIsRateLimitedPerSource(t *testing.T) {
	onBothStores(t, func(t *testing.T, cfg envConfig) { testAuthorizeIsRateLimitedPerSource(t, cfg.databaseURL) })
}

func testAuthorizeIsRateLimitedPerSource(t *testing.T, databaseURL string) {
	c := &clock{t: time.Now()}
	e := newEnv(t, envConfig{databaseURL: databaseURL, opts: func(o *auth.Options) { o.Now = c.now }})
	redirect := "http://127.0.0.1:9/callback"
	client := e.register(redirect)
	_, challenge := pkce()
	u := strings.TrimPrefix(e.authorizeURL(client, redirect, challenge, "intervals:read"), e.url)
	h := e.as.Handler()
	shown, refused, retry := 0, 0, ""
	for range 40 {
		switch s, ra := authorizeFrom(h, u, "203.0.113.9:5555"); s {
		case http.StatusOK:
			shown++
		case http.StatusTooManyRequests:
			refused, retry = refused+1, ra
		default:
			t.Fatalf("/authorize = %d", s)
		}
	}
	if shown != 30 || refused != 10 || retry == "" {
		t.Errorf("40 authorizations from one address at one instant: %d consent pages, %d refused (Retry-After %q); want 30, then 10 refused with Retry-After", shown, refused, retry)
	}
	if s, _ := authorizeFrom(h, u, "198.51.100.7:1234"); s != http.StatusOK {
		t.Errorf("another address after that = %d, want the consent page", s)
	}
	c.advance(time.Minute)
	if s, _ := authorizeFrom(h, u, "203.0.113.9:5555"); s != http.StatusOK {
		t.Errorf("the first address a minute later = %d, want the consent page (60 an hour)", s)
	}
}

// TestLimitsThatLetOneSourceSpendEveryonesAreRefused: a per-source limit above half of its
// global one, or a trusted proxy range that is every address, is a configuration error
// naming what to change.
func TestLimitsThatLetOneSourceSpendEveryonesAreRefused(t *testing.T) {
	st, err := store.Open(context.Background(), store.Config{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	sealer, _ := auth.NewSealer([][]byte{randomKey()})
	for _, c := range []struct {
		l    auth.Limits
		want string
	}{
		{auth.Limits{RegisterPerSource: 150}, "lower --register-rate or raise --register-global-rate"},
		{auth.Limits{AuthorizePerSource: 100, AuthorizeGlobal: 150}, "--authorize-rate"},
		{auth.Limits{FetchGlobal: 100}, "--fetch-rate"},
		{auth.Limits{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("0.0.0.0/0")}}, "trusts every address"},
	} {
		_, err := auth.New(auth.Options{PublicURL: "http://127.0.0.1:8765", Store: st, Sealer: sealer, Upstream: &auth.Upstream{}, Limits: c.l})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("limits %+v: %v; want an error with %q", c.l, err, c.want)
		}
	}
}
