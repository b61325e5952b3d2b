package intervals

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// limiter is a token bucket: it holds up to burst tokens, gains rate tokens per second, and
// every request takes one. A request that finds the bucket empty reserves the next token and
// waits for it, so concurrent callers queue in arrival order and never exceed the rate.
// Intervals.icu allows about 10 requests/s per IP with a short burst; staying under it on
// our side avoids 429s instead of retrying them.
type limiter struct {
	rate  float64 // tokens per second
	burst float64
	clock clock

	mu     sync.Mutex
	tokens float64 // may go negative: tokens already promised to waiting callers
	last   time.Time
}

func newLimiter(rate float64, burst int, c clock) *limiter {
	return &limiter{rate: rate, burst: float64(burst), clock: c, tokens: float64(burst)}
}

// wait blocks until the caller may send a request, or ctx ends. A wait that would outlast
// ctx's deadline fails at once rather than sleeping into a certain timeout.
func (l *limiter) wait(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	now := l.clock.now()
	d := l.reserve(now)
	if d <= 0 {
		return nil
	}
	if deadline, ok := ctx.Deadline(); ok && now.Add(d).After(deadline) {
		l.release()
		return fmt.Errorf("waiting %s for the client-side rate limit would pass the deadline: %w", d, context.DeadlineExceeded)
	}
	if err := l.clock.sleep(ctx, d); err != nil {
		l.release()
		return err
	}
	return nil
}

// reserve takes a token and returns how long the caller must wait before using it.
func (l *limiter) reserve(now time.Time) time.Duration {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.last.IsZero() && now.After(l.last) {
		l.tokens += now.Sub(l.last).Seconds() * l.rate
		if l.tokens > l.burst {
			l.tokens = l.burst
		}
	}
	if now.After(l.last) {
		l.last = now
	}
	l.tokens--
	if l.tokens >= 0 {
		return 0
	}
	return time.Duration(-l.tokens / l.rate * float64(time.Second))
}

// release gives back a token reserved by a caller that stopped waiting.
func (l *limiter) release() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.tokens++
	if l.tokens > l.burst {
		l.tokens = l.burst
	}
}
