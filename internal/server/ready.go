package server

import (
	"context"
	"log/slog"
	"net"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ServeReady is Serve with a readiness probe: GET /readyz answers 200 "ready" while ready
// returns nil (the store answers), else 503 with its error; it needs no token, as a load
// balancer's probe has none. (A stand-in until the HTTP transport's own Ready hook lands.)
func ServeReady(ctx context.Context, ln net.Listener, srv *mcp.Server, token string, logger *slog.Logger, ready func(context.Context) error) error {
	return serve(ctx, ln, readyz(HTTPHandler(srv, token), ready), token, logger)
}

func readyz(next http.Handler, ready func(context.Context) error) http.Handler {
	if ready == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/readyz" {
			next.ServeHTTP(w, r)
			return
		}
		if err := ready(r.Context()); err != nil {
			http.Error(w, "not ready: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte("ready\n"))
	})
}
