package transport

import (
	"context"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// inFlight counts the MCP requests being handled, whatever the transport, so that a
// shutdown can let them finish: a Streamable HTTP POST is also waited for by
// http.Server.Shutdown, but a call made over an SSE session answers on the session's
// stream, which Shutdown cannot tell from an idle one.
type inFlight struct {
	mu   sync.Mutex
	n    int
	zero chan struct{} // closed while n == 0
}

func newInFlight() *inFlight {
	z := make(chan struct{})
	close(z)
	return &inFlight{zero: z}
}

func (f *inFlight) add(d int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.n == 0 && d > 0 {
		f.zero = make(chan struct{})
	}
	f.n += d
	if f.n == 0 {
		close(f.zero)
	}
}

// count is the number of requests in flight.
func (f *inFlight) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.n
}

// middleware is a receiving middleware that counts the request while it is handled.
func (f *inFlight) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		f.add(1)
		defer f.add(-1)
		return next(ctx, method, req)
	}
}

// flushGrace is how long wait gives the last answers to reach their streams once their
// handlers have returned (go-sdk writes the answer just after).
const flushGrace = 100 * time.Millisecond

// wait returns once no request is in flight, or when ctx ends with the number still running.
func (f *inFlight) wait(ctx context.Context) int {
	waited := false
	for ; ; waited = true {
		f.mu.Lock()
		zero, n := f.zero, f.n
		f.mu.Unlock()
		if n == 0 {
			break
		}
		select {
		case <-zero:
		case <-ctx.Done():
			f.mu.Lock()
			defer f.mu.Unlock()
			return f.n
		}
	}
	if waited {
		select {
		case <-time.After(flushGrace):
		case <-ctx.Done():
		}
	}
	return 0
}
