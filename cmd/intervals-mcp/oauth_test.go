package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
)

// TestOAuthLimitsAreWiredAndLogged: the limits of sign-in given to serve reach the
// authorization server (behind the trusted proxy, each forwarded client has its own
// registration budget of --register-rate) and the start's log line names them. A loopback
// --public-url at another port than the loopback --addr is a wrong one, said at start
// (issue 38).
func TestOAuthLimitsAreWiredAndLogged(t *testing.T) {
	cfg, err := loadFlagsOnly(newFlagSet("serve", io.Discard), []string{"--transport", "http", "--demo", "--public-url", "http://127.0.0.1:8765",
		"--addr", "127.0.0.1:9000", "--data-dir", t.TempDir(), "--register-rate", "2", "--fetch-global-rate", "900", "--trusted-proxies", "10.0.0.1"})
	if err != nil {
		t.Fatal(err)
	}
	seal, err := sealingFor(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var logs bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logs, nil))
	rt, fake, err := newRuntime(cfg, logger, seal)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rt.Journals.Close() })
	servers, err := server.NewServers(cfg.Filter(), nil, func(f manifest.Filter) server.Options { return serverOptionsFor(rt, f) })
	if err != nil {
		t.Fatal(err)
	}
	o, err := oauthOptions(context.Background(), cfg, rt, seal, fake, logger, servers)
	if err != nil {
		t.Fatal(err)
	}
	register := func(client string) int {
		r := httptest.NewRequest(http.MethodPost, "/register", strings.NewReader(`{"redirect_uris":["http://127.0.0.1:9/cb"]}`))
		r.RemoteAddr, r.Header["X-Forwarded-For"] = "10.0.0.1:443", []string{client}
		w := httptest.NewRecorder()
		o.Routes.ServeHTTP(w, r)
		return w.Code
	}
	if got := []int{register("203.0.113.1"), register("203.0.113.1"), register("203.0.113.2")}; got[0] != 201 || got[1] != 429 || got[2] != 201 {
		t.Errorf("registrations of two clients behind the proxy with --register-rate 2 (a burst of 1) = %v, want 201, 429, 201", got)
	}
	line := logs.String()
	for _, want := range []string{"OAuth sign-in on", `limits.register="2/h per source, 200/h in all"`, `limits.register_newcomers="past the shared budget 1 per source every 5h0m0s, 200/h in all"`, `limits.metadata_fetch="60/h per host and per source, 900/h in all"`,
		"limits.max_clients=10000", `limits.trusted_proxies="10.0.0.1/32 (client from X-Forwarded-For)"`,
		"level=WARN msg=\"--public-url http://127.0.0.1:8765 is on this machine at port 8765, but the server listens on 127.0.0.1:9000"} {
		if !strings.Contains(line, want) {
			t.Errorf("the start's log lacks %s:\n%s", want, line)
		}
	}
}
