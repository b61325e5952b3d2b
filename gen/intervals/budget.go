package intervals

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Budget decides, before each attempt, whether a request may go to Intervals.icu now: it
// replaces the client's own rate limiter when Options.Budget is set, so that a server of
// several replicas can share one budget per credential (kept in a database, say). ok false
// with retryAfter says when a token will be there; err is a failure to decide. A budget may
// make the request wait its turn itself (in line with others: fairly) and refuse only a
// request whose turn would come past its context's deadline.
type Budget func(ctx context.Context) (ok bool, retryAfter time.Duration, err error)

// MaxBudgetWait bounds the wait for a budget that refuses when the request's context has no
// deadline; with one, the client waits as long as the deadline allows. A refusal whose wait
// would pass either fails at once with an *OverBudgetError, never a wait into the caller's
// timeout.
const MaxBudgetWait = time.Minute

// OverBudgetError is returned when Options.Budget refused a request for longer than its
// context's deadline allows (or MaxBudgetWait, without one). Nothing was sent.
type OverBudgetError struct {
	RetryAfter time.Duration // when the budget expects to have room again
}

func (e *OverBudgetError) Error() string {
	d := e.RetryAfter.Round(100 * time.Millisecond)
	if d < 100*time.Millisecond {
		d = 100 * time.Millisecond
	}
	return fmt.Sprintf("too many requests to Intervals.icu from this caller (or this server) just now: nothing was sent; try again in %s", d)
}

// ErrBudget wraps an error of the budget itself (its store did not answer).
var ErrBudget = errors.New("the request budget could not be checked")

// waitBudget asks the budget until it allows, waiting as long as ctx's deadline allows
// (MaxBudgetWait in all without one).
func (t *transport) waitBudget(ctx context.Context) (err error) {
	_, bounded := ctx.Deadline()
	var waited time.Duration
	if t.observer != nil {
		defer func() {
			var over *OverBudgetError
			if refused := errors.As(err, &over); waited > 0 || refused {
				t.observer.BudgetWait(waited, refused)
			}
		}()
	}
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		ok, after, err := t.budget(ctx)
		if err != nil {
			return fmt.Errorf("%w: %w", ErrBudget, err)
		}
		if ok {
			return nil
		}
		after = max(after, time.Millisecond)
		if pastDeadline(ctx, t.clock.now(), after) || !bounded && waited+after > MaxBudgetWait {
			return &OverBudgetError{RetryAfter: after}
		}
		if err := t.clock.sleep(ctx, after); err != nil {
			return err
		}
		waited += after
	}
}
