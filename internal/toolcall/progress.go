package toolcall

import (
	"context"
	"sync"
)

// Progress is how far a long call has come, told to a client that asked for it (MCP's
// notifications/progress, when the call carried a progressToken): done of total (total 0:
// not known yet) and what the call is doing now ("writing 20 of 60 sessions"). The server
// puts one in the call's context (WithProgress); a call without one reports nothing.
type Progress func(done, total int, message string)

type progressKey struct{}

// progress keeps a Progress's last value, so that what it sends only ever grows (MCP
// requires it of every notification of one token).
type progress struct {
	mu   sync.Mutex
	f    Progress
	last int
	sent bool
}

// WithProgress returns ctx carrying p for the tool the call runs.
func WithProgress(ctx context.Context, p Progress) context.Context {
	return context.WithValue(ctx, progressKey{}, &progress{f: p})
}

// Report tells the call's client how far it has come, when it asked (see Progress); a done
// lower than one told already is not sent (a phase that restarts its count: the count
// told so far stands). It does nothing without a Progress in ctx.
func Report(ctx context.Context, done, total int, message string) {
	p, _ := ctx.Value(progressKey{}).(*progress)
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.sent && done <= p.last {
		return
	}
	p.sent, p.last = true, done
	p.f(done, total, message)
}
