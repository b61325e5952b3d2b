package store

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// A lease takes as many tokens as the bucket holds, up to what it asks; an empty bucket
// refuses and says when it has one.
func TestLeaseBudget(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, ctx := open(t, p), context.Background()
		steps := []struct {
			at        time.Duration
			ask, want int
			after     time.Duration
		}{
			{0, 3, 3, 0},                      // a new bucket is full: 5
			{0, 3, 2, 0},                      // 2 left
			{0, 1, 0, 100 * time.Millisecond}, // empty: a token in 100 ms
			{250 * time.Millisecond, 4, 2, 0}, // 2.5 earned
			{250 * time.Millisecond, 1, 0, 50 * time.Millisecond}, // half a token in hand
			{time.Hour, 9, 5, 0}, // full again, not fuller
		}
		for _, st := range steps {
			got, after, err := s.LeaseBudget(ctx, t0.Add(st.at), cred, st.ask)
			if err != nil || got != st.want || after != st.after {
				t.Errorf("at +%s, a lease of %d: %d, %s, %v; want %d, %s", st.at, st.ask, got, after, err, st.want, st.after)
			}
		}
	})
}

// fakeNow is a clock that tests move by hand.
type fakeNow struct{ d atomic.Int64 }

func (c *fakeNow) now() time.Time          { return t0.Add(time.Duration(c.d.Load())) }
func (c *fakeNow) advance(d time.Duration) { c.d.Add(int64(d)) }

// noWait makes u serve a take now or refuse it: every wait is past the deadline of the
// context it returns.
// aliceUpstream is an Upstream on s whose every request is alice's.
func aliceUpstream(s Store, caller, global Bucket, now func() time.Time) *Upstream {
	return NewUpstream(func(context.Context) (Store, error) { return s, nil }, caller, global,
		func(context.Context) string { return "alice" }, now)
}

// takeNow takes a token of u, which must be given without waiting.
func takeNow(t *testing.T, u *Upstream) {
	t.Helper()
	if ok, _, err := u.Take(noWait(t, u)); !ok || err != nil {
		t.Fatalf("take: %v %v", ok, err)
	}
}

func noWait(t *testing.T, u *Upstream) context.Context {
	u.reserve = time.Hour
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	t.Cleanup(cancel)
	return ctx
}

// within checks that the times taken (sorted) hold to rate*window + burst + slack over every
// window between two of them.
func within(t *testing.T, name string, taken []time.Time, b Bucket, slack int) {
	t.Helper()
	slices.SortFunc(taken, func(x, y time.Time) int { return x.Compare(y) })
	worst := 0
	for i := range taken {
		for j := i; j < len(taken); j++ {
			allowed := int(b.Rate*taken[j].Sub(taken[i]).Seconds()) + b.Burst + slack
			if n := j - i + 1; n > allowed {
				t.Fatalf("%s: %d requests in %s, at most %d allowed (rate %v, burst %d, batch %d)", name, n, taken[j].Sub(taken[i]), allowed, b.Rate, b.Burst, slack)
			}
			worst = max(worst, j-i+1-allowed+slack)
		}
	}
	t.Logf("%s: %d requests; at most %d over rate*window + burst in a window (a batch is %d)", name, len(taken), worst, slack)
}

// TestUpstreamSharedByTwoReplicasIsExceededByOneBatchAtMost: two replicas hand out the
// budgets of two callers under a global one, in memory from their leases, on a fake clock
// moved by steps; each asks, at each step, a number of requests drawn at random (a fixed
// seed): none for a while (a lease left unspent), then more than the rates. Over every
// window, the requests let through stay within rate*window + burst + one batch, for each
// caller and for the global budget.
func TestUpstreamSharedByTwoReplicasIsExceededByOneBatchAtMost(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		clock := &fakeNow{}
		perCaller, global := Bucket{Rate: 20, Burst: 5}, Bucket{Key: "global", Rate: 30, Burst: 10}
		var who atomic.Value
		key := func(context.Context) string { return who.Load().(string) }
		var replicas []*Upstream
		for range 2 {
			s := open(t, p)
			replicas = append(replicas, NewUpstream(func(context.Context) (Store, error) { return s, nil }, perCaller, global, key, clock.now))
		}
		taken := map[string][]time.Time{}
		r := rand.New(rand.NewPCG(1, 2))
		for range 300 { // 3 s in steps of 10 ms
			for _, u := range replicas {
				for _, c := range []string{"alice", "bob"} {
					who.Store(c)
					for range []int{0, 0, 0, 1, 1, 4, 8}[r.IntN(7)] {
						ok, _, err := u.Take(noWait(t, u))
						if err != nil {
							t.Fatal(err)
						}
						if ok {
							taken[c] = append(taken[c], clock.now())
							taken["global"] = append(taken["global"], clock.now())
						}
					}
				}
			}
			clock.advance(10 * time.Millisecond)
		}
		batch := func(b Bucket) int { return newPool(b).batch }
		within(t, "alice", taken["alice"], perCaller, batch(perCaller))
		within(t, "bob", taken["bob"], perCaller, batch(perCaller))
		within(t, "global", taken["global"], global, batch(global))
		if n := len(taken["global"]); n < int(global.Rate*3*0.8) {
			t.Errorf("%d requests in 3 s at a global rate of %v: the budget refuses what it holds", n, global.Rate)
		}
	})
}

// TestUpstreamTakesOneStatementPerBatch: the requests of a caller are served from leases, one
// statement a batch, not one a request.
func TestUpstreamTakesOneStatementPerBatch(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, clock := open(t, p), &fakeNow{}
		u := aliceUpstream(s, Bucket{Rate: 1000, Burst: 500}, Bucket{Key: "global", Rate: 1000, Burst: 500}, clock.now)
		before := s.Statements()
		for range 100 {
			if ok, _, err := u.Take(noWait(t, u)); !ok || err != nil {
				t.Fatalf("take: %v %v", ok, err)
			}
		}
		got := s.Statements()
		if w := got.Writes - before.Writes; w != 2 || got.Reads != before.Reads {
			t.Errorf("100 requests within one batch took %d writes and %d reads, want a lease per bucket: 2 writes", w, got.Reads-before.Reads)
		}
	})
}

// TestUpstreamServesWaitingRequestsInTurn: requests beyond the budget wait, each served in the
// order it came, none refused while its deadline allows the wait.
func TestUpstreamServesWaitingRequestsInTurn(t *testing.T) {
	s := open(t, place{dir: t.TempDir()})
	b := Bucket{Rate: 40, Burst: 1}
	u := aliceUpstream(s, b, Bucket{Key: "global", Rate: 1000, Burst: 100}, time.Now)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if ok, _, err := u.Take(ctx); !ok || err != nil { // the burst
		t.Fatal(ok, err)
	}
	own := u.pool(Bucket{Key: "cred:alice", Rate: b.Rate, Burst: b.Burst})
	type index struct{}
	var order []int // the requests in the order given a token (own.mu held)
	own.mu.Lock()
	own.served = func(ctx context.Context) { order = append(order, ctx.Value(index{}).(int)) }
	own.mu.Unlock()
	queued := func() int { own.mu.Lock(); defer own.mu.Unlock(); return len(own.queue) + len(order) }
	var wg sync.WaitGroup
	const n = 6
	for i := range n {
		wg.Go(func() {
			ok, after, err := u.Take(context.WithValue(ctx, index{}, i))
			if !ok || err != nil {
				t.Errorf("request %d refused (%s, %v) with a minute to wait", i, after, err)
			}
		})
		for queued() < i+1 { // the next one comes once this one is in line (or served)
			time.Sleep(time.Millisecond)
		}
	}
	wg.Wait()
	if !slices.IsSorted(order) {
		t.Errorf("served in the order %v, want the order they came", order)
	}
}

// TestUpstreamRefusesATurnPastTheDeadline: a request whose turn would come past its deadline
// is refused at once, told when to retry; with time enough, the next one waits for its turn
// and goes.
func TestUpstreamRefusesATurnPastTheDeadline(t *testing.T) {
	s := open(t, place{dir: t.TempDir()})
	u := aliceUpstream(s, Bucket{Rate: 2, Burst: 1}, Bucket{Key: "global", Rate: 1000, Burst: 100}, time.Now)
	long, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if ok, _, err := u.Take(long); !ok || err != nil {
		t.Fatal(ok, err)
	}
	short, cancel2 := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel2()
	ok, after, err := u.Take(short)
	if ok || err != nil || after <= 0 || after > 500*time.Millisecond {
		t.Errorf("a turn 500 ms away with 100 ms to spare: %v %s %v; want refused, retry within 500 ms", ok, after, err)
	}
	if ok, after, err := u.Take(long); !ok || err != nil {
		t.Errorf("a turn 500 ms away with a minute to spare: %v %s %v; want it served", ok, after, err)
	}
}

// TestUpstreamDropsALeaseNotSpentInTime: tokens leased and not spent within the time the
// bucket takes to earn them are dropped (a replica never holds them longer, so it never
// sends them later beside tokens the store has given since): the next request leases anew.
func TestUpstreamDropsALeaseNotSpentInTime(t *testing.T) {
	s, clock := open(t, place{dir: t.TempDir()}), &fakeNow{}
	caller := Bucket{Rate: 20, Burst: 5} // a batch of 5 is earned in 250 ms
	u := aliceUpstream(s, caller, Bucket{Key: "global", Rate: 1e6, Burst: 1e6}, clock.now)
	leases := func() int64 { return s.Statements().Writes }
	takeNow(t, u) // leases 5 of each
	first := leases()
	clock.advance(100 * time.Millisecond) // not yet in the lease's last half: nothing renewed ahead
	takeNow(t, u)
	if n := leases() - first; n != 0 {
		t.Errorf("a take within the lease's time made %d statements, want none", n)
	}
	clock.advance(200 * time.Millisecond) // 300 ms after the lease
	takeNow(t, u)
	if n := leases() - first; n != 2 { // a lease holds a bucket's rate over batchTime at most: both have ended
		t.Errorf("a take past the leases' time made %d statements, want a lease of each bucket", n)
	}
}

// TestUpstreamRenewsALeaseBeforeItsEnd: a request in the last half of a lease's time, with
// tokens left, has the next batch leased in the background; the request after the lease's
// end is served from it without a statement (no request waits for the store), and the next
// lease's tokens are dropped at their own time.
func TestUpstreamRenewsALeaseBeforeItsEnd(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, clock := open(t, p), &fakeNow{}
		caller := Bucket{Rate: 1000, Burst: 500} // a batch of 250, earned in 250 ms
		u := aliceUpstream(s, caller, Bucket{Key: "global", Rate: 1000, Burst: 500}, clock.now)
		leases := func() int64 { return s.Statements().Writes }
		takeNow(t, u) // leases 250 of each
		first := leases()
		clock.advance(150 * time.Millisecond)
		takeNow(t, u) // in the last half: each bucket's next batch is asked for
		pools := []*pool{u.pool(Bucket{Key: "cred:alice", Rate: caller.Rate, Burst: caller.Burst}), u.pool(Bucket{Key: "global", Rate: 1000, Burst: 500})}
		ahead := func() bool {
			for _, p := range pools {
				p.mu.Lock()
				renewing := p.renewing
				p.mu.Unlock()
				if renewing {
					return false
				}
			}
			return true
		}
		for deadline := time.Now().Add(10 * time.Second); !ahead() && time.Now().Before(deadline); {
			time.Sleep(time.Millisecond) // the leases ahead run in the background: wait for them, however long
		}
		if n := leases() - first; n != 2 {
			t.Fatalf("a take in a lease's last half: %d leases ahead, want one of each bucket", n)
		}
		clock.advance(100 * time.Millisecond) // the first leases have ended
		takeNow(t, u)
		if n := leases() - first; n != 2 {
			t.Errorf("a take after the leases' end made %d more statements, want none (served from the leases ahead)", n-2)
		}
		clock.advance(300 * time.Millisecond) // the leases ahead have ended too
		takeNow(t, u)
		if n := leases() - first; n != 4 {
			t.Errorf("a take after the leases ahead ended made %d more statements, want a lease of each bucket", n-2)
		}
	})
}

// TestUpstreamLeasesFullBatchesUnderSteadyRequests: requests that come steadily, well below
// the rate, are served from leases taken ahead, a batch's time each: a lease taken ahead
// while the one before still runs is as long as a batch, not the time since that lease (which
// would shrink the leases to a few requests each, and make the requests wait for the store
// in turn).
func TestUpstreamLeasesFullBatchesUnderSteadyRequests(t *testing.T) {
	each(t, func(t *testing.T, p place) {
		s, clock := open(t, p), &fakeNow{}
		b := Bucket{Rate: 1000, Burst: 500} // a batch of 250, earned in 250 ms
		u := aliceUpstream(s, b, Bucket{Key: "global", Rate: 1000, Burst: 500}, clock.now)
		pools := []*pool{u.pool(Bucket{Key: "cred:alice", Rate: b.Rate, Burst: b.Burst}), u.pool(Bucket{Key: "global", Rate: 1000, Burst: 500})}
		settled := func() {
			for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
				busy := false
				for _, p := range pools {
					p.mu.Lock()
					busy = busy || p.renewing
					p.mu.Unlock()
				}
				if !busy {
					return
				}
			}
		}
		first := s.Statements().Writes
		for range 300 { // 3 s, a request every 10 ms
			takeNow(t, u)
			settled()
			clock.advance(10 * time.Millisecond)
		}
		// A lease ahead is asked for in the last half of the one before: one a bucket every
		// 130 ms or so, 23 in 3 s.
		if n := s.Statements().Writes - first; n > 2*30 {
			t.Errorf("300 requests in 3 s, at a tenth of the rate: %d leases, want about 23 a bucket", n)
		}
	})
}
