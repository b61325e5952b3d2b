package intervals

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fixtures"
)

// BenchmarkTransport measures what New's transport adds per request (credentials, body
// read into memory, retry bookkeeping), against the bare generated client, for a real
// 23 KB events payload served by httptest. The rate limiter is off: it would measure 10/s.
func BenchmarkTransport(b *testing.B) {
	body, err := fixtures.Read("events-list.json")
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	}))
	defer srv.Close()
	bare, err := NewClientWithResponses(srv.URL)
	if err != nil {
		b.Fatal(err)
	}
	wrapped, err := New(Options{APIKey: testKey, BaseURL: srv.URL, RateLimit: -1})
	if err != nil {
		b.Fatal(err)
	}
	for name, c := range map[string]*ClientWithResponses{"generated client alone": bare, "New": wrapped} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			ctx := context.Background()
			for b.Loop() {
				resp, err := c.ListEvents(ctx, "0", "", nil)
				if err != nil {
					b.Fatal(err)
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				_ = resp.Body.Close()
			}
		})
	}
}

func BenchmarkOperationFor(b *testing.B) {
	for b.Loop() {
		if _, ok := OperationFor("GET", "/api/v1/athlete/i1/events/42"); !ok {
			b.Fatal("no operation")
		}
	}
}
