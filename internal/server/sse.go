package server

import (
	"crypto/rand"
	"fmt"
	"mime"
	"net"
	"net/http"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// sseHandler serves the legacy HTTP+SSE transport (protocol 2024-11-05) the way the Python
// reference server (FastMCP) does, so that its clients keep working: GET /sse opens the event
// stream, whose first event names the endpoint /messages/?session_id=ID, and the client
// POSTs its messages there (answered 202 Accepted; replies come on the stream). go-sdk's own
// SSEHandler posts back to the stream's URL with ?sessionid=, which such clients do not
// expect if they build the URL themselves; both query names are accepted here.
type sseHandler struct {
	srv      *mcp.Server
	mu       sync.Mutex
	sessions map[string]*mcp.SSEServerTransport
}

func newSSEHandler(srv *mcp.Server) *sseHandler {
	return &sseHandler{srv: srv, sessions: map[string]*mcp.SSEServerTransport{}}
}

// stream handles GET /sse.
func (h *sseHandler) stream(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		w.Header().Set("Allow", http.MethodGet)
		http.Error(w, "open the event stream with GET; send messages to /messages/", http.StatusMethodNotAllowed)
		return
	}
	id := rand.Text()
	t := &mcp.SSEServerTransport{Endpoint: "/messages/?session_id=" + id, Response: w}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Connection", "keep-alive")
	h.mu.Lock()
	h.sessions[id] = t
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		delete(h.sessions, id)
		h.mu.Unlock()
	}()
	ss, err := h.srv.Connect(r.Context(), t, nil)
	if err != nil {
		http.Error(w, "could not start the session", http.StatusInternalServerError)
		return
	}
	defer ss.Close()
	done := make(chan struct{})
	go func() { _ = ss.Wait(); close(done) }()
	select {
	case <-r.Context().Done():
	case <-done:
	}
}

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
	t := h.sessions[id]
	h.mu.Unlock()
	if t == nil {
		http.Error(w, fmt.Sprintf("session %q not found: open a new one with GET /sse", id), http.StatusNotFound)
		return
	}
	t.ServeHTTP(w, r)
}

// rebindingGuard refuses requests that reached a loopback listener under a name that is not
// loopback (DNS rebinding: a web page making the browser talk to a local server).
func rebindingGuard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok && local != nil {
			if isLoopback(local.String()) && !isLoopback(r.Host) {
				http.Error(w, fmt.Sprintf("Forbidden: invalid Host header %q", r.Host), http.StatusForbidden)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
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
