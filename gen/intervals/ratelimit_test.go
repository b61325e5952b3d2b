package intervals

import (
	"context"
	"errors"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"golang.org/x/time/rate"
)

func TestLimiterLetsBurstThroughThenWaits(t *testing.T) {
	seq := &sequence{statuses: []int{200}}
	srv := httptest.NewServer(seq)
	defer srv.Close()
	fc := newFakeClock()
	c := newTestClient(t, srv, Options{}, fc) // defaults: 10 requests/s, burst 5
	for i := range 8 {
		if _, err := listEvents(c, context.Background()); err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
	}
	want := []time.Duration{100 * time.Millisecond, 100 * time.Millisecond, 100 * time.Millisecond}
	if got := fc.recorded(); !slices.Equal(got, want) {
		t.Errorf("waits = %v, want %v (5 free, then one every 100ms)", got, want)
	}
	if n := seq.hits.Load(); n != 8 {
		t.Errorf("requests = %d, want 8", n)
	}
}

func TestLimiterUsesConfiguredRateAndBurst(t *testing.T) {
	seq := &sequence{statuses: []int{200}}
	srv := httptest.NewServer(seq)
	defer srv.Close()
	fc := newFakeClock()
	c := newTestClient(t, srv, Options{RateLimit: 2, Burst: 1}, fc)
	for range 3 {
		if _, err := listEvents(c, context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	want := []time.Duration{500 * time.Millisecond, 500 * time.Millisecond}
	if got := fc.recorded(); !slices.Equal(got, want) {
		t.Errorf("waits = %v, want %v", got, want)
	}
}

func TestLimiterDisabledByNegativeRate(t *testing.T) {
	seq := &sequence{statuses: []int{200}}
	srv := httptest.NewServer(seq)
	defer srv.Close()
	fc := newFakeClock()
	c := newTestClient(t, srv, Options{RateLimit: -1}, fc)
	for range 20 {
		if _, err := listEvents(c, context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if got := fc.recorded(); len(got) != 0 {
		t.Errorf("waits = %v, want none", got)
	}
}

// reserve takes a token from l at now, as waitLimiter does, and returns the wait it asks for.
func reserve(l *rate.Limiter, now time.Time) time.Duration {
	return l.ReserveN(now, 1).DelayFrom(now)
}

func TestLimiterQueuesCallersArrivingTogether(t *testing.T) {
	fc := newFakeClock()
	l := newLimiter(10, 5)
	now := fc.now()
	var got []time.Duration
	for range 7 {
		got = append(got, reserve(l, now))
	}
	want := []time.Duration{0, 0, 0, 0, 0, 100 * time.Millisecond, 200 * time.Millisecond}
	if !slices.Equal(got, want) {
		t.Errorf("waits = %v, want %v", got, want)
	}
}

func TestLimiterRefillsUpToBurst(t *testing.T) {
	fc := newFakeClock()
	l := newLimiter(10, 5)
	now := fc.now()
	for range 5 {
		reserve(l, now)
	}
	later := now.Add(time.Hour) // an hour idle refills 5 tokens, not 36000
	for i := range 5 {
		if d := reserve(l, later); d != 0 {
			t.Fatalf("reservation %d after a refill waits %v, want 0", i, d)
		}
	}
	if d := reserve(l, later); d != 100*time.Millisecond {
		t.Errorf("6th reservation waits %v, want 100ms (bucket holds at most the burst)", d)
	}
}

func TestCancelStopsLimiterWait(t *testing.T) {
	seq := &sequence{statuses: []int{200}}
	srv := httptest.NewServer(seq)
	defer srv.Close()
	fc := newFakeClock()
	c := newTestClient(t, srv, Options{RateLimit: 0.001, Burst: 1}, fc) // next token in 1000s
	if _, err := listEvents(c, context.Background()); err != nil {
		t.Fatal(err)
	}
	fc.blocking = true
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-fc.waiting; cancel() }()
	_, err := listEvents(c, ctx)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if n := seq.hits.Load(); n != 1 {
		t.Errorf("requests = %d, want 1 (the waiting one never sent)", n)
	}
}

func TestLimiterWaitPastDeadlineFailsAtOnceAndGivesTokenBack(t *testing.T) {
	fc := newFakeClock()
	l := newLimiter(10, 1)
	reserve(l, fc.now())
	ctx, cancel := context.WithDeadline(context.Background(), fc.now().Add(50*time.Millisecond))
	defer cancel()
	if err := waitLimiter(ctx, l, fc.clock()); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("wait = %v, want context.DeadlineExceeded", err)
	}
	if got := fc.recorded(); len(got) != 0 {
		t.Errorf("waits = %v, want none", got)
	}
	if d := reserve(l, fc.now()); d != 100*time.Millisecond {
		t.Errorf("next reservation waits %v, want 100ms (the abandoned token was given back)", d)
	}
}

func TestSleepContextStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- sleepContext(ctx, time.Hour) }()
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("sleepContext = %v, want context.Canceled", err)
		}
	case <-time.After(time.Minute): // a bound against hanging, not a speed claim
		t.Fatal("sleepContext did not return after cancel")
	}
}
