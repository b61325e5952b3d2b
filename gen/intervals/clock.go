package intervals

import (
	"context"
	"math/rand/v2"
	"time"
)

// clock is the client's only source of time and randomness. New uses the real one; tests in
// this package put a fake one in Options.clock, so waits are recorded instead of slept and
// jitter is fixed.
type clock struct {
	now    func() time.Time
	sleep  func(ctx context.Context, d time.Duration) error // returns ctx.Err() if ctx ends first
	random func() float64                                   // in [0, 1), for jitter
}

func realClock() clock {
	return clock{now: time.Now, sleep: sleepContext, random: rand.Float64}
}

// withDefaults fills the functions a test left nil with the real ones.
func (c clock) withDefaults() clock {
	r := realClock()
	if c.now == nil {
		c.now = r.now
	}
	if c.sleep == nil {
		c.sleep = r.sleep
	}
	if c.random == nil {
		c.random = r.random
	}
	return c
}

// sleepContext waits for d, or until ctx ends, whichever comes first.
func sleepContext(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
