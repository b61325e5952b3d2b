package transport

import (
	"context"
	"crypto/rand"
	"fmt"
	"mime"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// sseHandler serves the legacy HTTP+SSE transport (protocol 2024-11-05) the way the Python
// reference server (FastMCP) does, so that its clients keep working: GET /sse opens the event
// stream, whose first event names the endpoint /messages/?session_id=ID, and the client
// POSTs its messages there (answered 202 Accepted; replies come on the stream). go-sdk's own
// SSEHandler posts back to the stream's URL with ?sessionid=, which such clients do not
// expect if they build the URL themselves; both query names are accepted here.
//
// Its sessions live in this process's memory: one replica, or sticky routing. At most max
// are open at once (one more is refused with 503), and a session with no message either way
// for idle is closed.
type sseHandler struct {
	serverFor    func(*http.Request) *mcp.Server
	max          int
	idle         time.Duration
	writeTimeout time.Duration // one event
	draining     *atomic.Bool
	mu           sync.Mutex
	sessions     map[string]*sseSession
}

type sseSession struct {
	t     *mcp.SSEServerTransport
	timer *time.Timer // cancels the session when it fires; reset by every message
	end   context.CancelFunc
}

func newSSEHandler(serverFor func(*http.Request) *mcp.Server, max int, idle, writeTimeout time.Duration, draining *atomic.Bool) *sseHandler {
	return &sseHandler{serverFor: serverFor, max: max, idle: idle, writeTimeout: writeTimeout, draining: draining, sessions: map[string]*sseSession{}}
}

func (s *sseSession) touch(idle time.Duration) { s.timer.Reset(idle) }

// open is the number of sessions open.
func (h *sseHandler) open() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.sessions)
}

// stream handles GET /sse.
func (h *sseHandler) stream(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", http.MethodGet)
		http.Error(w, "open the event stream with GET; send messages to /messages/", http.StatusMethodNotAllowed)
		return
	}
	if h.draining.Load() {
		http.Error(w, "shutting down: reconnect in a moment", http.StatusServiceUnavailable)
		return
	}
	srv := h.serverFor(r)
	if srv == nil {
		http.Error(w, "no server for this request", http.StatusBadRequest)
		return
	}
	id := rand.Text()
	ctx, end := context.WithCancel(r.Context())
	defer end()
	sess := &sseSession{end: end, timer: time.AfterFunc(h.idle, end)}
	defer sess.timer.Stop()
	// The stream lives as long as the session: a write deadline per event instead of the
	// server's one for the whole response. (The read deadline is lifted by net/http itself
	// once the request is read.)
	rc := http.NewResponseController(w)
	sw := &sseWriter{ResponseWriter: w, rc: rc, timeout: h.writeTimeout, touch: func() { sess.touch(h.idle) }}
	sess.t = &mcp.SSEServerTransport{Endpoint: "/messages/?session_id=" + id, Response: sw}
	h.mu.Lock()
	if len(h.sessions) >= h.max {
		h.mu.Unlock()
		w.Header().Set("Retry-After", "60")
		http.Error(w, fmt.Sprintf("too many SSE sessions open (%d, the most this server keeps): close one, wait for idle ones to expire, or use Streamable HTTP at /mcp", h.max), http.StatusServiceUnavailable)
		return
	}
	h.sessions[id] = sess
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		delete(h.sessions, id)
		h.mu.Unlock()
	}()
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Connection", "keep-alive")
	ss, err := srv.Connect(ctx, sess.t, nil)
	if err != nil {
		http.Error(w, "could not start the session", http.StatusInternalServerError)
		return
	}
	defer ss.Close()
	done := make(chan struct{})
	go func() { _ = ss.Wait(); close(done) }()
	select {
	case <-ctx.Done():
	case <-done:
	}
}

// closeAll ends every SSE session (at shutdown).
func (h *sseHandler) closeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, s := range h.sessions {
		s.end()
	}
}

// sseWriter is the hanging response of one SSE stream: every event must be written within
// timeout (a client that stops reading is cut off), and counts as activity of the session.
type sseWriter struct {
	http.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
	touch   func()
}

func (w *sseWriter) Write(p []byte) (int, error) {
	w.touch()
	_ = w.rc.SetWriteDeadline(time.Now().Add(w.timeout))
	return w.ResponseWriter.Write(p)
}

func (w *sseWriter) Flush() { _ = w.rc.Flush() }

func (w *sseWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// message handles POST /messages/?session_id=ID.
func (h *sseHandler) message(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "POST messages here; open the event stream with GET /sse", http.StatusMethodNotAllowed)
		return
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		http.Error(w, "Content-Type must be application/json", http.StatusUnsupportedMediaType)
		return
	}
	id := r.URL.Query().Get("session_id")
	if id == "" {
		id = r.URL.Query().Get("sessionid")
	}
	if id == "" {
		http.Error(w, "session_id is missing: use the endpoint sent in the first event of GET /sse", http.StatusBadRequest)
		return
	}
	h.mu.Lock()
	sess := h.sessions[id]
	h.mu.Unlock()
	if sess == nil {
		http.Error(w, fmt.Sprintf("session %q not found (closed, or expired after %s without a message): open a new one with GET /sse", id, h.idle), http.StatusNotFound)
		return
	}
	sess.touch(h.idle)
	sess.t.ServeHTTP(w, r)
}

// rebindingGuard refuses requests that reached a loopback listener under a name that is not
// loopback (DNS rebinding: a web page making the browser talk to a local server), saying
// what lets a tunnel or proxy through: the loopback Host header, or a token.
func rebindingGuard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok && local != nil {
			if isLoopback(local.String()) && !isLoopback(r.Host) {
				http.Error(w, hostRefused(r.Host, local.String()), http.StatusForbidden)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// hostRefused is the answer of rebindingGuard to a request for host on the listener local.
func hostRefused(host, local string) string {
	_, port, _ := net.SplitHostPort(local)
	return fmt.Sprintf("Forbidden: invalid Host header %q: without a token this server answers to its loopback address only "+
		"(DNS-rebinding protection). Behind a tunnel or proxy, have it send Host: %s (ngrok http %s --host-header=rewrite; "+
		"cloudflared --http-host-header %s), or set MCP_AUTH_TOKEN (clients send Authorization: Bearer <token>) or --public-url "+
		"(OAuth sign-in), either of which turns this check off.", host, local, port, local)
}

// isLoopback reports whether a host or host:port names the loopback interface.
func isLoopback(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
