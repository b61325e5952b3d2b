package auth

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
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
