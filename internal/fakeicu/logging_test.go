package fakeicu

import (
	"bytes"
	"log/slog"
	"net/http"
	"strings"
	"testing"
)

// TestLoggerWritesOneLinePerRequestAndNoCredential: Options.Logger gets one debug line per
// request, with its status, and never the key or token, whatever the credential was.
func TestLoggerWritesOneLinePerRequestAndNoCredential(t *testing.T) {
	var buf bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	f := newTestFake(t, Options{Logger: logger, BearerToken: "oauth-secret-token"})
	for _, set := range []func(*http.Request){
		func(r *http.Request) { r.SetBasicAuth("API_KEY", DefaultAPIKey) },
		func(r *http.Request) { r.SetBasicAuth("API_KEY", "wrong-secret-key") },
		func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+DefaultAPIKey) },
		func(r *http.Request) { r.Header.Set("Authorization", "Bearer oauth-secret-token") },
	} {
		send(t, f, authRequest(t, "/api/v1/athlete/0", set))
	}
	log := buf.String()
	if n := strings.Count(log, "\n"); n != 4 {
		t.Errorf("%d log lines for 4 requests, want 4:\n%s", n, log)
	}
	for _, status := range []string{"status=200", "status=401", "status=403"} {
		if !strings.Contains(log, status) {
			t.Errorf("log has no %s:\n%s", status, log)
		}
	}
	for _, secret := range []string{DefaultAPIKey, "wrong-secret-key", "oauth-secret-token"} {
		if strings.Contains(log, secret) {
			t.Errorf("log contains the credential %q:\n%s", secret, log)
		}
	}
}
