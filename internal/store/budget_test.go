package store

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

// Budgets are tested with a fake clock: counted, never timed.

var cred = Bucket{Key: "cred:alice", Rate: 10, Burst: 5}

func TestBudgetBurstThenRate(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s := open(t, p)
		ctx := context.Background()
		for i := range cred.Burst {
			if d, err := s.TakeBudget(ctx, t0, cred); err != nil || !d.Allowed {
				t.Fatalf("take %d of a burst of %d: %+v, %v", i+1, cred.Burst, d, err)
			}
		}
		d, err := s.TakeBudget(ctx, t0, cred)
		if err != nil {
			t.Fatal(err)
		}
		if want := (Decision{RetryAfter: 100 * time.Millisecond, Refused: cred.Key}); d != want {
			t.Errorf("take past the burst: %+v, want %+v", d, want)
		}
		if d, err := s.TakeBudget(ctx, t0.Add(99*time.Millisecond), cred); err != nil || d.Allowed {
			t.Errorf("take 99 ms later: %+v, %v; want refused", d, err)
		}
		if d, err := s.TakeBudget(ctx, t0.Add(100*time.Millisecond), cred); err != nil || !d.Allowed {
			t.Errorf("take 100 ms later: %+v, %v; want allowed", d, err)
		}
		// Idle for a long time: the bucket is full again, not fuller.
		later := t0.Add(time.Hour)
		allowed := 0
		for range 2 * cred.Burst {
			if d, err := s.TakeBudget(ctx, later, cred); err != nil {
				t.Fatal(err)
			} else if d.Allowed {
				allowed++
			}
		}
		if allowed != cred.Burst {
			t.Errorf("after an hour idle, %d of %d takes at one instant allowed, want the burst, %d", allowed, 2*cred.Burst, cred.Burst)
		}
	})
}

func TestBudgetRejectsBadBucket(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s := open(t, p)
		for _, b := range []Bucket{{Key: "k", Rate: 0, Burst: 1}, {Key: "k", Rate: 1, Burst: 0}, {Rate: 1, Burst: 1}} {
			if _, err := s.TakeBudget(context.Background(), t0, b); err == nil {
				t.Errorf("TakeBudget with %+v succeeded, want an error", b)
			}
		}
	})
}

// TestBudgetGlobalRefusalGivesBack: when the global bucket refuses, the credential's token
// is given back, so a caller is not charged for requests it never sent.
func TestBudgetGlobalRefusalGivesBack(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s := open(t, p)
		ctx := context.Background()
		global := Bucket{Key: "global", Rate: 1, Burst: 1}
		if d, err := s.TakeBudget(ctx, t0, cred, global); err != nil || !d.Allowed {
			t.Fatalf("first take: %+v, %v", d, err)
		}
		bob := Bucket{Key: "cred:bob", Rate: 10, Burst: 5}
		for range 3 {
			d, err := s.TakeBudget(ctx, t0, bob, global)
			if err != nil {
				t.Fatal(err)
			}
			if want := (Decision{RetryAfter: time.Second, Refused: "global"}); d != want {
				t.Fatalf("take with the global bucket empty: %+v, want %+v", d, want)
			}
		}
		allowed := 0
		for range bob.Burst {
			if d, err := s.TakeBudget(ctx, t0, bob); err != nil {
				t.Fatal(err)
			} else if d.Allowed {
				allowed++
			}
		}
		if allowed != bob.Burst {
			t.Errorf("bob's bucket after three global refusals allowed %d of %d, want all: its tokens were not given back", allowed, bob.Burst)
		}
	})
}

// TestBudgetSharedAtOneInstant: many takes at once from two replicas at the same instant are
// allowed exactly the burst, whatever the interleaving.
func TestBudgetSharedAtOneInstant(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		replicas := []*DB{open(t, p), open(t, p)}
		var allowed atomic.Int32
		race(replicas, 8, func(s *DB) {
			for range 4 {
				d, err := s.TakeBudget(context.Background(), t0, cred)
				if err != nil {
					t.Error(err)
					return
				}
				if d.Allowed {
					allowed.Add(1)
				}
			}
		})
		if got := allowed.Load(); got != int32(cred.Burst) {
			t.Errorf("64 takes at one instant on two replicas: %d allowed, want the burst, %d", got, cred.Burst)
		}
	})
}

// TestBudgetSharedOverWindow: takes from two replicas over a window of fake time, each at a
// time of its own in any order, are allowed at most rate*window + burst in all, per bucket;
// with two credentials under one global bucket, the global bound holds too.
func TestBudgetSharedOverWindow(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		replicas := []*DB{open(t, p), open(t, p)}
		global := Bucket{Key: "global", Rate: 15, Burst: 6}
		creds := []Bucket{cred, {Key: "cred:bob", Rate: 10, Burst: 5}}
		const window = 2 * time.Second
		const steps = 400 // fake instants spread over the window
		var tick atomic.Int32
		var allowed [2]atomic.Int32
		race(replicas, 8, func(s *DB) {
			for {
				i := tick.Add(1) - 1
				if i >= 2*steps {
					return
				}
				now := t0.Add(window * time.Duration(i/2) / steps)
				d, err := s.TakeBudget(context.Background(), now, creds[i%2], global)
				if err != nil {
					t.Error(err)
					return
				}
				if d.Allowed {
					allowed[i%2].Add(1)
				}
			}
		})
		a, b := int(allowed[0].Load()), int(allowed[1].Load())
		bound := func(bk Bucket) int { return int(bk.Rate*window.Seconds()) + bk.Burst }
		if a > bound(creds[0]) || b > bound(creds[1]) || a+b > bound(global) {
			t.Errorf("over %s: alice %d (at most %d), bob %d (at most %d), together %d (at most %d)", window, a, bound(creds[0]), b, bound(creds[1]), a+b, bound(global))
		}
		if a+b < global.Burst {
			t.Errorf("over %s: %d allowed in all, fewer than the global burst %d: the buckets refuse what they should allow", window, a+b, global.Burst)
		}
	})
}
