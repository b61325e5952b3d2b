package transport

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/metrics"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ErrTokenRequired is returned when an HTTP server would listen beyond loopback without a
// bearer token.
var ErrTokenRequired = errors.New("listening on an address other than 127.0.0.1/localhost needs a bearer token: set MCP_AUTH_TOKEN (clients then send Authorization: Bearer <token>), or keep the default --addr 127.0.0.1:8765")

// Defaults of HTTPOptions. The write timeout of a response outlasts the longest tool call
// (server.DefaultCallTimeout) so that no answer is cut; SSE streams, which live for hours, have a
// deadline per event instead (see sseWriter).
const (
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultReadTimeout       = 30 * time.Second
	DefaultWriteTimeout      = server.DefaultCallTimeout + 30*time.Second
	DefaultIdleTimeout       = 60 * time.Second
	DefaultShutdownTimeout   = 25 * time.Second
	DefaultSSEMaxSessions    = 1000
	DefaultSSEIdleTimeout    = 10 * time.Minute
)

// WriteTimeoutFor is the response timeout that suits a call timeout (0 means
// server.DefaultCallTimeout): 30 s longer, so that no answer is cut.
func WriteTimeoutFor(callTimeout time.Duration) time.Duration {
	if callTimeout <= 0 {
		callTimeout = server.DefaultCallTimeout
	}
	return callTimeout + 30*time.Second
}

// HTTPOptions configure HTTPHandler and Serve. Zero values mean the defaults above.
type HTTPOptions struct {
	// Servers are the servers of the selections connections make (/mcp/readonly,
	// /mcp/x/TOOLSETS, the X-MCP-Toolsets and X-MCP-Readonly headers: selection.go) and of a
	// token's scope. nil: Server serves every request and no selection is offered.
	Servers *server.Servers
	Server  *mcp.Server // the one server of every request when Servers is nil
	Token   string      // bearer token every request must carry; "" means none (loopback only)

	// OAuth turns on OAuth on /mcp and serves the authorization server (see OAuthOptions);
	// Token, if set too, is still accepted (the gate checks it first). nil: Token alone, or
	// no auth. It needs Servers: a read token gets the read-only form of its selection.
	OAuth *OAuthOptions

	// Ready reports whether the process can serve (the store answers, say): /readyz answers
	// 503 with its error. nil means always ready. It is called with the probe's context.
	Ready func(context.Context) error

	// Metrics, if set, is the listener of the Prometheus metrics (MetricsHandler), apart
	// from the MCP address; Serve serves it until it returns.
	Metrics net.Listener

	ReadHeaderTimeout time.Duration // request line and headers
	ReadTimeout       time.Duration // the whole request, body included (net/http lifts it once read)
	WriteTimeout      time.Duration // one response (see WriteTimeoutFor); SSE streams: one event
	IdleTimeout       time.Duration // a kept-alive connection between requests
	ShutdownTimeout   time.Duration // how long a shutdown waits for the calls in flight
	SSEMaxSessions    int           // legacy SSE sessions open at once; past it, 503
	SSEIdleTimeout    time.Duration // an SSE session with no message either way is closed

	Logger *slog.Logger
}

func (o HTTPOptions) withDefaults() HTTPOptions {
	def := func(d *time.Duration, v time.Duration) {
		if *d == 0 {
			*d = v
		}
	}
	def(&o.ReadHeaderTimeout, DefaultReadHeaderTimeout)
	def(&o.ReadTimeout, DefaultReadTimeout)
	def(&o.WriteTimeout, DefaultWriteTimeout)
	def(&o.IdleTimeout, DefaultIdleTimeout)
	def(&o.ShutdownTimeout, DefaultShutdownTimeout)
	def(&o.SSEIdleTimeout, DefaultSSEIdleTimeout)
	if o.SSEMaxSessions == 0 {
		o.SSEMaxSessions = DefaultSSEMaxSessions
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

// HTTP serves MCP over HTTP:
//
//   - /mcp: Streamable HTTP, stateless: any replica answers any request. It serves clients
//     of 2026-07-28 (server/discover, _meta on every request) and older ones (initialize;
//     2025-11-25 down to 2024-11-05, each later request answered by a fresh session). GET
//     and DELETE answer 405 with Allow: POST. See statelessHandler for what an older
//     client's capabilities become.
//   - /sse and /messages/: the legacy HTTP+SSE transport, stateful: one replica (or sticky
//     routing) only; sessions are capped and expire when idle.
//   - /healthz: 200 "ok" while the process serves; /readyz: 200 when Ready says so, 503
//     while it does not or the server is shutting down. Neither needs the token.
//
// With a token, every MCP request must carry "Authorization: Bearer <token>". With OAuth
// (HTTPOptions.OAuth) the authorization server is served beside /mcp and the token's scope
// chooses the tools (see OAuthOptions); signed-in users get /mcp only. Without either,
// a request that reached a loopback listener under a name that is not loopback is refused
// (DNS rebinding: a web page driving the browser against a local server; behind a tunnel
// such as ngrok, have it rewrite the Host header). With a token that check is off: a page
// cannot know the token, and reverse proxies keep their public host name.
type HTTP struct {
	opts     HTTPOptions
	handler  http.Handler
	sse      *sseHandler
	calls    *inFlight
	draining atomic.Bool
	seen     sync.Map // *mcp.Server already given the in-flight middleware
}

// NewHTTP builds the HTTP side of the server.
func NewHTTP(opts HTTPOptions) *HTTP {
	h := &HTTP{opts: opts.withDefaults(), calls: newInFlight()}
	o := &h.opts
	authenticated := o.Token != "" || o.OAuth != nil
	if o.OAuth != nil && o.Servers != nil {
		oauth := *o.OAuth
		oauth.writeTool = o.Servers.WriteTool
		o.OAuth = &oauth
	}
	if o.Servers != nil {
		o.Servers.AddReceivingMiddleware(h.calls.middleware)
	}
	guard := rebindingGuard
	if authenticated {
		guard = func(h http.Handler) http.Handler { return h }
	}
	mcpMux := http.NewServeMux()
	// go-sdk's own rebinding check is off: guard makes the same one, and says what allows a tunnel.
	streamable := guard(h.selecting(statelessHandler(mcp.NewStreamableHTTPHandler(h.serverFor,
		&mcp.StreamableHTTPOptions{Stateless: true, DisableLocalhostProtection: true, Logger: o.Logger}), o.OAuth)))
	mcpMux.Handle("/mcp", streamable)
	mcpMux.Handle("/mcp/", streamable)
	h.sse = newSSEHandler(h.serverFor, o.SSEMaxSessions, o.SSEIdleTimeout, o.WriteTimeout, &h.draining)
	mcpMux.Handle("/sse", guard(oauthSSE(http.HandlerFunc(h.sse.stream))))
	mcpMux.Handle("/messages/", guard(oauthSSE(http.HandlerFunc(h.sse.message))))
	mcpMux.Handle("/messages", guard(oauthSSE(http.HandlerFunc(h.sse.message)))) // a POST must not be redirected
	mcpMux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "intervals-mcp: MCP over Streamable HTTP is at /mcp; legacy SSE at /sse; probes at /healthz and /readyz", http.StatusNotFound)
	})
	var protected http.Handler = mcpMux
	if authenticated {
		protected = gate(o.Token, o.OAuth, o.Logger)(mcpMux)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte("ok\n")) })
	mux.HandleFunc("GET /readyz", h.ready)
	if o.OAuth != nil {
		protected, routes := o.OAuth.watched(protected), o.OAuth.watched(o.OAuth.Routes)
		for _, p := range []string{"/mcp", "/mcp/", "/sse", "/messages/", "/messages"} {
			mux.Handle(p, protected)
		}
		mux.Handle("/", routes)
	} else {
		mux.Handle("/", protected)
	}
	h.handler = mux
	metrics.Gauge("mcp_requests_in_flight", func() float64 { return float64(h.calls.count()) })
	metrics.Gauge("sse_sessions_open", func() float64 { return float64(h.sse.open()) })
	return h
}

// HTTPHandler is NewHTTP(opts) as an http.Handler.
func HTTPHandler(opts HTTPOptions) http.Handler { return NewHTTP(opts) }

func (h *HTTP) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.handler.ServeHTTP(w, r) }

// serverFor is the per-request choice given to go-sdk's handlers: the server selecting
// chose for a request to /mcp, the selection of the headers and the token's scope for an SSE
// session (nil if they name none this server offers). Each server counts its calls in flight.
func (h *HTTP) serverFor(r *http.Request) *mcp.Server {
	if srv, ok := r.Context().Value(chosenKey{}).(*mcp.Server); ok {
		return srv
	}
	if h.opts.Servers == nil {
		srv := h.opts.Server
		if _, loaded := h.seen.LoadOrStore(srv, true); srv != nil && !loaded {
			srv.AddReceivingMiddleware(h.calls.middleware)
		}
		return srv
	}
	srv, _, _ := h.choose(r)
	return srv
}

func (h *HTTP) ready(w http.ResponseWriter, r *http.Request) {
	if h.draining.Load() {
		http.Error(w, "shutting down", http.StatusServiceUnavailable)
		return
	}
	if h.opts.Ready != nil {
		if err := h.opts.Ready(r.Context()); err != nil {
			http.Error(w, "not ready: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
	}
	_, _ = w.Write([]byte("ready\n"))
}

// Listen opens addr for Serve, refusing a non-loopback address unless every request is
// authenticated (a bearer token, or OAuth).
func Listen(addr string, authenticated bool) (net.Listener, error) {
	if !isLoopback(addr) && !authenticated {
		return nil, ErrTokenRequired
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w (choose another --addr or free the port)", addr, err)
	}
	return ln, nil
}

// sseLog is what the start log says of /sse: its URL, and with OAuth who it serves (the
// server's own token only: a signed-in user's calls would run with the server's credential,
// see oauthSSE).
func sseLog(base string, o HTTPOptions) string {
	switch {
	case o.OAuth == nil:
		return base + "/sse"
	case o.Token != "":
		return base + "/sse (MCP_AUTH_TOKEN only: signed-in users get 404 there and use /mcp)"
	default:
		return "none (legacy SSE is for clients that do not sign in, with MCP_AUTH_TOKEN or none: signed-in users use /mcp)"
	}
}

// Serve serves opts on ln until ctx is done, logging the URLs clients connect to. Slow and
// idle connections are closed by the timeouts of opts, authenticated or not.
//
// When ctx is done it drains: /readyz answers 503 and new SSE sessions are refused, the
// listener closes, the tool calls in flight finish (for ShutdownTimeout at most), then the
// SSE streams still open are closed and Serve returns.
func Serve(ctx context.Context, ln net.Listener, opts HTTPOptions) error {
	h := NewHTTP(opts)
	o := h.opts
	base := "http://" + ln.Addr().String()
	o.Logger.Info("serving MCP over HTTP", "streamable_http", base+"/mcp", "sse", sseLog(base, o), "auth", o.Token != "", "oauth", o.OAuth != nil)
	hs := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: o.ReadHeaderTimeout,
		ReadTimeout:       o.ReadTimeout,
		WriteTimeout:      o.WriteTimeout,
		IdleTimeout:       o.IdleTimeout,
		ErrorLog:          slog.NewLogLogger(o.Logger.Handler(), slog.LevelDebug),
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	if o.Metrics != nil {
		mctx, stop := context.WithCancel(ctx)
		defer stop()
		go serveMetrics(mctx, o.Metrics, o.Logger)
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	h.draining.Store(true)
	shut, cancel := context.WithTimeout(context.Background(), o.ShutdownTimeout)
	defer cancel()
	shutdown := make(chan error, 1)
	go func() { shutdown <- hs.Shutdown(shut) }() // stops accepting; waits for the POSTs in flight
	if n := h.calls.wait(shut); n > 0 {
		o.Logger.Warn("shutdown: calls still running after the shutdown timeout", "calls", n, "timeout", o.ShutdownTimeout)
	}
	h.sse.closeAll() // event streams never end by themselves
	if err := <-shutdown; err != nil {
		_ = hs.Close()
	}
	return nil
}
