package journal

import (
	"context"
	"sync"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// A call settles its caller's journals and takes their notices only when the caller may have
// some: this process keeps the set of callers with an unfinished journal or a notice in the
// store, read again whenever the store's journal signal (store.Signals.Journals: moved by
// every journal begun and every notice left, on any replica) has moved since it was read,
// and checked against that signal at every call, in the one read of the signals a request
// makes (shared with the bearer's verification, and with the requests that arrive with it).
// Every other caller's call makes no journal query at all.

// pending is the set, and the signal it was read at.
type pending struct {
	mu      sync.Mutex
	read    bool  // the set has been read once
	at      int64 // Signals.Journals when it was read
	callers map[string]bool
	reading *pendingRead // the read in flight
}

type pendingRead struct {
	at   int64
	done chan struct{}
	err  error
}

// check says whether caller may have work pending in st (an unfinished journal, a notice),
// as of the signals read at since or later (the request's arrival), and the signal it was
// told under (for clear). It reads the set again when the signal has moved; on an error it
// says maybe, so that the caller's journals are looked at as they would be without the set.
func (p *pending) check(ctx context.Context, st store.Store, caller string, since time.Time) (maybe bool, at int64, err error) {
	sig, err := st.Signals(ctx, since)
	if err != nil {
		return true, -1, err
	}
	for {
		p.mu.Lock()
		if p.read && p.at >= sig.Journals {
			maybe, at := p.callers[caller], p.at
			p.mu.Unlock()
			return maybe, at, nil
		}
		if r := p.reading; r != nil && r.at >= sig.Journals {
			p.mu.Unlock()
			select {
			case <-r.done:
			case <-ctx.Done():
				return true, -1, ctx.Err()
			}
			if r.err != nil {
				return true, -1, r.err
			}
			continue
		}
		r := &pendingRead{at: sig.Journals, done: make(chan struct{})}
		p.reading = r
		p.mu.Unlock()
		// Read after the signal: whatever moved it is in what is read.
		callers, err := st.PendingCallers(context.WithoutCancel(ctx))
		p.mu.Lock()
		r.err = err
		if err == nil && (!p.read || r.at >= p.at) {
			p.read, p.at, p.callers = true, r.at, callers
		}
		if p.reading == r {
			p.reading = nil
		}
		p.mu.Unlock()
		close(r.done)
		if err != nil {
			return true, -1, err
		}
	}
}

// clear records that caller has nothing pending, as a call of theirs found under the signal
// at: unless the set has been read again since (it is newer than that call's look).
func (p *pending) clear(caller string, at int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.read && p.at == at {
		delete(p.callers, caller)
	}
}
