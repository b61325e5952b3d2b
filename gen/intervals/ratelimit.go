package intervals

import (
	"context"
	"fmt"

	"golang.org/x/time/rate"
)

// newLimiter is the client-side limit: a token bucket (golang.org/x/time/rate) of burst
// tokens that gains rate tokens per second, one per request. Intervals.icu allows about 10
// requests/s per IP with a short burst; staying under it on our side avoids 429s instead of
// retrying them.
func newLimiter(perSecond float64, burst int) *rate.Limiter {
	return rate.NewLimiter(rate.Limit(perSecond), burst)
}

// waitLimiter blocks until the caller may send a request, or ctx ends, reading time from
// c (so that tests record the wait instead of sleeping it). A caller that finds the bucket
// empty reserves the next token, so concurrent callers queue in arrival order and never
// exceed the rate. A wait that would outlast ctx's deadline fails at once rather than
// sleeping into a certain timeout; a wait that fails gives its token back.
func waitLimiter(ctx context.Context, l *rate.Limiter, c clock) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	now := c.now()
	r := l.ReserveN(now, 1)
	d := r.DelayFrom(now)
	if d <= 0 {
		return nil
	}
	if deadline, ok := ctx.Deadline(); ok && now.Add(d).After(deadline) {
		r.CancelAt(now)
		return fmt.Errorf("waiting %s for the client-side rate limit would pass the deadline: %w", d, context.DeadlineExceeded)
	}
	if err := c.sleep(ctx, d); err != nil {
		r.CancelAt(c.now())
		return err
	}
	return nil
}
