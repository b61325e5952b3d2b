package auth

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

func TestPublicAddrRefusesInternalTargets(t *testing.T) {
	for _, a := range []string{"127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0",
		"::1", "fd00::1", "fe80::1", "::ffff:127.0.0.1", "::ffff:169.254.169.254", "224.0.0.1", "192.0.2.1"} {
		if publicAddr(netip.MustParseAddr(a)) {
			t.Errorf("%s counts as public", a)
		}
	}
	for _, a := range []string{"1.1.1.1", "140.82.112.3", "2606:4700::1111"} {
		if !publicAddr(netip.MustParseAddr(a)) {
			t.Errorf("%s counts as internal", a)
		}
	}
}

func TestMetadataDocumentURLsRefused(t *testing.T) {
	for _, u := range []string{"http://example.com/client.json", "https://127.0.0.1/c", "https://[::1]/c", "https://10.0.0.1/c",
		"https://169.254.169.254/latest/meta-data", "https://localhost/c", "https://app.localhost/c", "https://example.com", "https://example.com/",
		"https://user:pw@example.com/c", "https://example.com/c#frag", "ftp://example.com/c"} {
		if _, err := checkDocumentURL(u); err == nil {
			t.Errorf("%s was accepted as a metadata document URL", u)
		}
	}
	if _, err := checkDocumentURL("https://claude.ai/oauth/mcp-oauth-client-metadata"); err != nil {
		t.Errorf("claude.ai's document refused: %v", err)
	}
}

// The guarded client checks the address it dials (after any DNS lookup), so a name that
// resolves to an internal address is refused too: here the dial to a loopback server.
func TestGuardedClientRefusesToDialAnInternalAddress(t *testing.T) {
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(`{}`)) }))
	defer ts.Close()
	_, err := guardedClient().Get(ts.URL + "/client.json")
	if err == nil || !strings.Contains(err.Error(), "not a public address") {
		t.Errorf("a loopback target: %v; want the dial refused", err)
	}
}

func TestDocumentFetchRefusesRedirectsAndBigDocuments(t *testing.T) {
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/redirect":
			http.Redirect(w, r, "https://169.254.169.254/latest", http.StatusFound)
		case "/big":
			w.Write([]byte(`{"client_id":"` + strings.Repeat("x", maxDocument) + `"}`))
		default:
			w.Header().Set("Cache-Control", "max-age=60")
			w.Write([]byte(`{}`))
		}
	}))
	defer ts.Close()
	// The test's client trusts the test certificate and dials the loopback test server for
	// any name (the address guard is the test above's); redirects and size are refused by
	// get itself, whatever the client.
	tr := ts.Client().Transport.(*http.Transport).Clone()
	addr := ts.Listener.Addr().String()
	tr.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, addr)
	}
	tr.TLSClientConfig.ServerName = "example.com"
	f := newMetadataFetcher(&http.Client{Transport: tr})
	for path, want := range map[string]string{"/redirect": "answered 302", "/big": "over 65536 bytes"} {
		if _, _, err := f.get(context.Background(), "https://example.com"+path); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error with %q", path, err, want)
		}
	}
	if _, ttl, err := f.get(context.Background(), "https://example.com/ok"); err != nil || ttl != docCacheMin {
		t.Errorf("a document of max-age=60 is kept %s (%v), want the 5 minute floor", ttl, err)
	}
}

// countingDocs serves documents over TLS under any host name, counting the requests: docs
// maps a path to a body (a path not in it answers 404). It returns the client that reaches
// it and the count.
func countingDocs(t *testing.T, docs map[string]string) (*http.Client, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	ts := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		body, ok := docs[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Write([]byte(body))
	}))
	t.Cleanup(ts.Close)
	tr := ts.Client().Transport.(*http.Transport).Clone()
	addr := ts.Listener.Addr().String()
	tr.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, addr)
	}
	tr.TLSClientConfig.ServerName = "example.com"
	return &http.Client{Transport: tr}, &hits
}

// testServer is a Server on an SQLite store of its own, fetching with hc, on clock now,
// its options changed by set.
func testServer(t *testing.T, hc *http.Client, now func() time.Time, set ...func(*Options)) *Server {
	t.Helper()
	st, err := store.Open(context.Background(), store.Config{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	sealer, err := NewSealer([][]byte{make([]byte, 32)})
	if err != nil {
		t.Fatal(err)
	}
	o := Options{PublicURL: "http://127.0.0.1:8765", Store: st, Sealer: sealer, Upstream: &Upstream{}, MetadataClient: hc, Now: now}
	for _, f := range set {
		f(&o)
	}
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestMetadataFetchFailuresAreCached (issue 22, 6): a URL whose fetch failed (404, or a
// document that is not one) is not fetched again for a minute, however often it is asked for.
func TestMetadataFetchFailuresAreCached(t *testing.T) {
	hc, hits := countingDocs(t, map[string]string{"/broken.json": `not json`})
	now := time.Now()
	s := testServer(t, hc, func() time.Time { return now })
	ctx := context.Background()
	for _, path := range []string{"/missing.json", "/broken.json"} {
		hits.Store(0)
		for range 5 {
			if _, err := s.client(ctx, "https://example.com"+path); err == nil {
				t.Fatalf("%s: a client from a failing document", path)
			}
		}
		if n := hits.Load(); n != 1 {
			t.Errorf("%s asked for 5 times at once: fetched %d times, want once (the failure kept a minute)", path, n)
		}
	}
	now = now.Add(61 * time.Second)
	if _, err := s.client(ctx, "https://example.com/missing.json"); err == nil || hits.Load() != 2 {
		t.Errorf("a minute later: %v, %d fetches in all; want it fetched again (and failing)", err, hits.Load())
	}
}

// TestMetadataFetchesAreBoundedPerHost (issue 22, 6): the server could be made to send any
// number of requests to any public https host. Per host, it sends at most the burst (30) at
// once, however many different URLs it is given there.
func TestMetadataFetchesAreBoundedPerHost(t *testing.T) {
	hc, hits := countingDocs(t, nil)
	now := time.Now()
	s := testServer(t, hc, func() time.Time { return now })
	for i := range 100 {
		s.client(context.Background(), fmt.Sprintf("https://victim.example/doc-%d.json", i))
	}
	if n := hits.Load(); n != 30 {
		t.Errorf("100 documents on one host at one instant: %d fetched, want the per-host burst, 30", n)
	}
}

// TestDocumentLifetimeHonoursNoStore: a document's cache lifetime is its max-age within 5
// minutes and a day; no-store and no-cache are the floor, not the hour of a document that
// says nothing.
func TestDocumentLifetimeHonoursNoStore(t *testing.T) {
	for cc, want := range map[string]time.Duration{"": docCacheDef, "max-age=60": docCacheMin, "max-age=86400000": docCacheMax,
		"no-store": docCacheMin, "private, no-cache": docCacheMin, "public, max-age=7200": 2 * time.Hour} {
		if got := cacheFor(cc); got != want {
			t.Errorf("Cache-Control %q: kept %s, want %s", cc, got, want)
		}
	}
}

// TestMetadataFetchesAreBoundedPerSourceAndOverall: one source cannot make the server fetch
// more than its own budget however many hosts it names, nor spend the global one; many
// sources together stop at the global budget.
func TestMetadataFetchesAreBoundedPerSourceAndOverall(t *testing.T) {
	hc, hits := countingDocs(t, nil)
	now := time.Now()
	s := testServer(t, hc, func() time.Time { return now }, func(o *Options) { o.Limits.FetchPerHost, o.Limits.FetchGlobal = 10, 40 })
	one := withSource(context.Background(), "ip4:203.0.113.9")
	for i := range 30 {
		s.client(one, fmt.Sprintf("https://h%d.example/c.json", i))
	}
	if n := hits.Load(); n != 5 {
		t.Errorf("one source naming 30 hosts: %d fetched, want its burst, 5", n)
	}
	_, err := s.client(one, "https://other.example/c.json")
	if err == nil || !strings.Contains(err.Error(), "too many client metadata documents fetched for your address just now: try again in") {
		t.Errorf("that source once more: %v; want the refusal saying whose budget and when", err)
	}
	hits.Store(0)
	for i := range 30 {
		s.client(withSource(context.Background(), fmt.Sprintf("ip4:198.51.100.%d", i)), fmt.Sprintf("https://g%d.example/c.json", i))
	}
	if n := hits.Load(); n != 20-5 {
		t.Errorf("30 sources, 30 hosts: %d fetched, want what is left of the global burst of 20, 15", n)
	}
}
