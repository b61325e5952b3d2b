package transport

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/metrics"
)

// MetricsHandler serves the metrics (internal/metrics) in the Prometheus text format at GET
// /metrics, and nothing else: the MCP endpoints, the probes and the sign-in pages are on the
// server's own address, the metrics never there.
func MetricsHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /metrics", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		metrics.Write(w)
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "intervals-mcp metrics: only GET /metrics is served here; MCP is on the server's own address", http.StatusNotFound)
	})
	return mux
}

// serveMetrics serves MetricsHandler on ln until ctx is done.
func serveMetrics(ctx context.Context, ln net.Listener, logger *slog.Logger) {
	hs := &http.Server{Handler: MetricsHandler(), ReadHeaderTimeout: DefaultReadHeaderTimeout, ReadTimeout: DefaultReadTimeout,
		WriteTimeout: DefaultReadTimeout, IdleTimeout: DefaultIdleTimeout, ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelDebug)}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = hs.Shutdown(shut)
	}()
	logger.Info("serving metrics", "url", "http://"+ln.Addr().String()+"/metrics")
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		logger.Error("metrics listener stopped", "error", err)
	}
}
