package server

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ErrTokenRequired is returned when an HTTP server would listen beyond loopback without a
// bearer token.
var ErrTokenRequired = errors.New("listening on an address other than 127.0.0.1/localhost needs a bearer token: set MCP_AUTH_TOKEN (clients then send Authorization: Bearer <token>), or keep the default --addr 127.0.0.1:8765")

// HTTPHandler serves one MCP server over HTTP: Streamable HTTP at /mcp, and the legacy SSE
// transport at /sse (stream) and /messages/ (posts). With a token, every request must carry
// "Authorization: Bearer <token>".
//
// Without a token, a request that reached a loopback listener under a name that is not
// loopback is refused (DNS rebinding: a web page driving the browser against a local server;
// behind a tunnel such as ngrok, have it rewrite the Host header). With a token that check
// is off: a page cannot know the token, and reverse proxies keep their public host name.
func HTTPHandler(srv *mcp.Server, token string) http.Handler {
	guard := rebindingGuard
	if token != "" {
		guard = func(h http.Handler) http.Handler { return h }
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv },
		&mcp.StreamableHTTPOptions{DisableLocalhostProtection: token != ""}))
	sse := newSSEHandler(srv)
	mux.Handle("/sse", guard(http.HandlerFunc(sse.stream)))
	mux.Handle("/messages/", guard(http.HandlerFunc(sse.message)))
	mux.Handle("/messages", guard(http.HandlerFunc(sse.message))) // a POST must not be redirected
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "intervals-mcp: MCP over Streamable HTTP is at /mcp; legacy SSE at /sse", http.StatusNotFound)
	})
	if token == "" {
		return mux
	}
	return auth.RequireBearerToken(bearer(token), nil)(mux)
}

// bearer accepts exactly one static token. go-sdk refuses tokens without an expiry, so each
// accepted request gets one an hour ahead.
func bearer(token string) auth.TokenVerifier {
	return func(_ context.Context, got string, _ *http.Request) (*auth.TokenInfo, error) {
		if subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{Expiration: time.Now().Add(time.Hour)}, nil
	}
}

// Listen opens addr for Serve, refusing a non-loopback address without a token.
func Listen(addr, token string) (net.Listener, error) {
	if !isLoopback(addr) && token == "" {
		return nil, ErrTokenRequired
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w (choose another --addr or free the port)", addr, err)
	}
	return ln, nil
}

// shutdownGrace is how long Serve lets requests in flight finish once its context is done,
// before it closes the connections left (event streams never finish by themselves).
const shutdownGrace = 2 * time.Second

// Serve serves srv on ln until ctx is done, logging the URLs clients connect to. Then it
// stops accepting, lets requests in flight finish for shutdownGrace, and closes every
// connection still open (SSE and Streamable HTTP streams) before it returns.
func Serve(ctx context.Context, ln net.Listener, srv *mcp.Server, token string, logger *slog.Logger) error {
	return serve(ctx, ln, HTTPHandler(srv, token), token, logger)
}

func serve(ctx context.Context, ln net.Listener, h http.Handler, token string, logger *slog.Logger) error {
	base := "http://" + ln.Addr().String()
	logger.Info("serving MCP over HTTP", "streamable_http", base+"/mcp", "sse", base+"/sse", "auth", token != "")
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), shutdownGrace)
		defer cancel()
		if err := hs.Shutdown(shut); err != nil {
			_ = hs.Close()
		}
		return nil
	}
}
