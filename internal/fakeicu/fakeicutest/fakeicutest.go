package fakeicutest

import (
	"net/http/httptest"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
)

// Start serves a new fake on a local port until the test ends. baseURL has no /api/v1
// (e.g. "http://127.0.0.1:PORT"), the form intervals.Options.BaseURL takes; the key is
// opts.APIKey, or fakeicu.DefaultAPIKey.
func Start(t testing.TB, opts fakeicu.Options) (f *fakeicu.Fake, baseURL string) {
	t.Helper()
	f = fakeicu.New(opts)
	srv := httptest.NewServer(f.Handler())
	t.Cleanup(srv.Close)
	return f, srv.URL
}
