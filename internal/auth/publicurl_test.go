package auth_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestAWrongPublicURLIsLoggedOnce (issue 38): behind a proxy, a wrong --public-url logged
// nothing, and sign-in failed in words the user could not read. A request whose host or
// scheme differ from the public URL is logged, naming the header that differs, once for
// each value seen; the requests at the public URL log nothing.
func TestAWrongPublicURLIsLoggedOnce(t *testing.T) {
	e := newEnv(t)
	get := func(path string, header ...string) {
		req, _ := http.NewRequest(http.MethodGet, e.url+path, nil)
		for i := 0; i+1 < len(header); i += 2 {
			if header[i] == "Host" {
				req.Host = header[i+1]
			}
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	const warning = "a request reached this server at another address than --public-url"
	get("/.well-known/oauth-authorization-server")
	get("/mcp")
	if strings.Contains(e.logs.String(), warning) {
		t.Fatalf("requests at the public URL were logged as at another address:\n%s", e.logs.String())
	}
	for range 3 {
		get("/.well-known/oauth-authorization-server", "X-Forwarded-Host", "mcp.example.com, inner.example", "X-Forwarded-For", "203.0.113.9")
		get("/mcp", "X-Forwarded-Host", "mcp.example.com")
	}
	get("/account", "X-Forwarded-Proto", "https", "X-Forwarded-Host", strings.TrimPrefix(e.url, "http://"))
	get("/account", "Host", "192.168.1.5:8765")
	get("/account", "X-Forwarded-Host", "user:secret@mcp.example.com")
	logs := e.logs.String()
	for _, want := range []string{`header=X-Forwarded-Host seen=mcp.example.com public_url_has=` + strings.TrimPrefix(e.url, "http://"),
		`header=X-Forwarded-Proto seen=https public_url_has=http`, `header=Host seen=192.168.1.5:8765`} {
		if n := strings.Count(logs, want); n != 1 {
			t.Errorf("the log has %d lines with %s, want 1:\n%s", n, want, logs)
		}
	}
	if n := strings.Count(logs, warning); n != 3 {
		t.Errorf("%d warnings for 8 requests at 3 wrong addresses, want 3 (once each)", n)
	}
	if strings.Contains(logs, "secret") {
		t.Error("the log holds a user part of a Host header")
	}
}
