package store

import (
	"context"
	"math"
	"sync"
	"time"
)

// Upstream is the upstream budget of a server of replicas, spent in memory: each replica
// leases a batch of a bucket's tokens from the store at once (LeaseBudget: one statement for
// the batch, not one per request) and hands them out to its requests, one token of the
// caller's bucket and one of the global bucket per request, the caller's first, so that a
// caller over its own budget does not spend the deployment's. A leased token not spent within
// the time the bucket takes to earn the batch is dropped, so a budget shared by any number of
// replicas is never exceeded by more than one batch (the rate over that time). A batch whose
// time is nearly over with tokens left has the next one leased in the background, so that no
// request waits for the store while the budget has room.
//
// A request that finds no token waits its turn, in the order requests came, for as long as
// its context's deadline allows; one whose turn would come later is refused at once, told
// when the budget expects room for it (the Intervals.icu client, which would wait out a
// refusal within the deadline, then fails at once too).
type Upstream struct {
	open              func(context.Context) (Store, error)
	perCaller, global Bucket
	key               func(context.Context) string
	now               func() time.Time

	mu    sync.Mutex
	pools map[string]*pool
	// reserve is kept before a request's deadline: its turn must come earlier. None in the
	// server (the call's own deadline keeps a fifth of its time for the answer); tests make
	// every wait too long with it.
	reserve time.Duration
}

// batchTime is the time of a bucket's rate a lease takes at most (within its burst): the
// most by which the replicas together may exceed the budget.
const batchTime = 250 * time.Millisecond

// maxPools bounds the callers' pools kept; past it the idle ones go.
const maxPools = 4096

// NewUpstream is the budget of perCaller (keyed "cred:" + key(ctx), the call's caller key)
// under global, in the store open opens (the server's, opened on first need).
func NewUpstream(open func(context.Context) (Store, error), perCaller, global Bucket, key func(context.Context) string, now func() time.Time) *Upstream {
	return &Upstream{open: open, perCaller: perCaller, global: global, key: key, now: now, pools: map[string]*pool{}}
}

// CallerBudget is NewUpstream's Take, in the form the Intervals.icu client takes
// (intervals.Options.Budget).
func CallerBudget(open func(context.Context) (Store, error), perCaller, global Bucket, key func(context.Context) string, now func() time.Time) func(ctx context.Context) (bool, time.Duration, error) {
	return NewUpstream(open, perCaller, global, key, now).Take
}

// Take waits for a token of the caller's bucket and one of the global bucket: ok, or refused
// (ok false) with when to retry, at once when the turn would come past the deadline; err is a
// failure of the store.
func (u *Upstream) Take(ctx context.Context) (bool, time.Duration, error) {
	st, err := u.open(ctx)
	if err != nil {
		return false, 0, err
	}
	b := u.perCaller
	b.Key = "cred:" + u.key(ctx)
	own := u.pool(b)
	after, err := own.take(ctx, st, u.now, u.reserve)
	if err != nil || after > 0 {
		return false, after, err
	}
	after, err = u.pool(u.global).take(ctx, st, u.now, u.reserve)
	if err != nil || after > 0 {
		own.giveBack(u.now())
		return false, after, err
	}
	return true, 0, nil
}

// pool is b's pool, made on first use.
func (u *Upstream) pool(b Bucket) *pool {
	u.mu.Lock()
	defer u.mu.Unlock()
	p := u.pools[b.Key]
	if p == nil {
		if len(u.pools) >= maxPools {
			now := u.now()
			for k, q := range u.pools {
				if q.idle(now) {
					delete(u.pools, k)
				}
			}
		}
		p = newPool(b)
		u.pools[b.Key] = p
	}
	return p
}

// pool is one bucket's tokens leased by this replica and its queue of waiting requests.
type pool struct {
	b     Bucket
	step  time.Duration // the bucket earns a token every step
	batch int           // the most tokens a lease asks for

	mu      sync.Mutex
	tokens  int       // leased, not yet spent
	expires time.Time // when the leased tokens are dropped
	queue   []*waiter // the requests waiting, first come first; the head asks the store
	nextAt  time.Time // when the store last said it would have a token
	// A lease taken ahead (renewAhead), spent once the one before runs out or expires, each
	// dropped at its own time; renewing while it is asked for.
	aheadTokens  int
	aheadExpires time.Time
	renewing     bool
	// served, when set (by tests), is told of each request given a token, in the order
	// they are given (p.mu held).
	served func(context.Context)
}

type waiter struct {
	turn  chan struct{} // closed when it is at the head of the queue, or refused
	after time.Duration // set when refused: when to retry
	dl    time.Time     // its deadline, less the reserve (the context's clock); zero: none
}

func newPool(b Bucket) *pool {
	step := time.Duration(math.Round(float64(time.Second) / b.Rate))
	batch := int(b.Rate * batchTime.Seconds())
	return &pool{b: b, step: max(step, time.Microsecond), batch: max(1, min(batch, b.Burst))}
}

// life is how long a lease's tokens may be spent: the time the bucket takes to earn a batch,
// whatever the lease got. A lease taken ahead gets what the bucket earned since the one
// before, less than a batch once the leases run ahead of the rate; were its life that short,
// each lease ahead would be shorter than the last, down to a few requests each, and the
// requests would queue for the store in turn. Tokens spent in any window were leased within
// it or one life before, so the replicas together still exceed the budget by one batch at
// most.
func (p *pool) life() time.Duration { return time.Duration(p.batch) * p.step }

// idle says whether the pool holds nothing: no token, no request waiting, no lease asked for.
func (p *pool) idle(now time.Time) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.queue) == 0 && !p.renewing && (p.tokens == 0 || !now.Before(p.expires)) && (p.aheadTokens == 0 || !now.Before(p.aheadExpires))
}

// spend takes a token leased and not expired at t (p.mu held), the lease taken ahead once the
// one before is spent or expired.
func (p *pool) spend(t time.Time) bool {
	if (p.tokens == 0 || !t.Before(p.expires)) && p.aheadTokens > 0 {
		p.tokens, p.expires, p.aheadTokens = p.aheadTokens, p.aheadExpires, 0
	}
	if p.tokens > 0 && t.Before(p.expires) {
		p.tokens--
		return true
	}
	return false
}

// renewAhead leases the next batch in the background (p.mu held) when the current lease
// expires within half its time with tokens left: the budget has room for more than this
// replica spends, and the requests after it would otherwise all wait for the store at its
// end (a write: a round trip to PostgreSQL, which on a busy host may take longer than a
// quarter of a lease's time). A lease spent faster than its time
// (the budget the limit) is renewed by the request that finds none, as before. Each token
// is still spent within its own lease's time, so the budget is exceeded by one batch at
// most whatever the leases held.
func (p *pool) renewAhead(st Store, now func() time.Time, t time.Time) {
	life := p.life()
	if p.renewing || p.aheadTokens > 0 || p.tokens == 0 || p.expires.Sub(t) > life/2 {
		return
	}
	p.renewing = true
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		t := now()
		got, _, err := st.LeaseBudget(ctx, t, p.b, p.batch)
		p.mu.Lock()
		defer p.mu.Unlock()
		p.renewing = false
		if err == nil && got > 0 {
			p.aheadTokens, p.aheadExpires = got, t.Add(p.life())
		}
	}()
}

// giveBack returns a token taken from the pool, unspent, if its lease still runs.
func (p *pool) giveBack(now time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if now.Before(p.expires) {
		p.tokens++
	}
}

// take waits for one token of the pool, in turn: 0 when it has one; when refused, when to
// retry.
func (p *pool) take(ctx context.Context, st Store, now func() time.Time, reserve time.Duration) (time.Duration, error) {
	w := &waiter{turn: make(chan struct{})}
	if dl, ok := ctx.Deadline(); ok {
		w.dl = dl.Add(-reserve)
	}
	p.mu.Lock()
	if t := now(); len(p.queue) == 0 && p.spend(t) {
		p.tell(ctx)
		p.renewAhead(st, now, t)
		p.mu.Unlock()
		return 0, nil
	}
	p.queue = append(p.queue, w)
	if len(p.queue) == 1 {
		close(w.turn)
	} else if t := now(); p.nextAt.After(t) {
		// Behind others while the bucket is empty: the turn comes a step after the one before.
		eta := p.nextAt.Sub(t) + time.Duration(len(p.queue)-1)*p.step
		if w.late(eta) {
			p.remove(w)
			p.mu.Unlock()
			return eta, nil
		}
	}
	p.mu.Unlock()
	for {
		select {
		case <-w.turn:
		case <-ctx.Done():
			p.mu.Lock()
			p.remove(w)
			p.mu.Unlock()
			return 0, ctx.Err()
		}
		if w.after > 0 {
			return w.after, nil
		}
		after, err, done := p.atHead(ctx, st, w, now)
		if done {
			return after, err
		}
		// Refused for now, and the turn comes within the deadline: wait for it.
		select {
		case <-time.After(after):
		case <-ctx.Done():
			p.mu.Lock()
			p.remove(w)
			p.mu.Unlock()
			return 0, ctx.Err()
		}
	}
}

// atHead is the turn of w, the queue's head: a token held, or a lease from the store. done
// false: the store has none now, and w waits after for it.
func (p *pool) atHead(ctx context.Context, st Store, w *waiter, now func() time.Time) (after time.Duration, err error, done bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		t := now()
		if p.spend(t) {
			p.tell(ctx)
			p.renewAhead(st, now, t)
			p.remove(w)
			return 0, nil, true
		}
		p.mu.Unlock()
		got, after, err := st.LeaseBudget(context.WithoutCancel(ctx), t, p.b, p.batch)
		p.mu.Lock()
		if err != nil {
			p.remove(w)
			return 0, err, true
		}
		if got > 0 {
			p.tokens, p.expires = got, t.Add(p.life())
			continue
		}
		p.nextAt = t.Add(after)
		// The requests behind w whose turn would come past their deadline are refused now.
		for i := len(p.queue) - 1; i >= 1; i-- {
			if o := p.queue[i]; o != w {
				if eta := after + time.Duration(i)*p.step; o.late(eta) {
					o.after = eta
					p.remove(o)
				}
			}
		}
		if w.late(after) {
			p.remove(w)
			return after, nil, true
		}
		return after, nil, false
	}
}

// tell tells served, if set, of ctx's request given a token (p.mu held).
func (p *pool) tell(ctx context.Context) {
	if p.served != nil {
		p.served(ctx)
	}
}

// late says whether a turn in eta from now comes past w's deadline.
func (w *waiter) late(eta time.Duration) bool {
	return !w.dl.IsZero() && time.Until(w.dl) < eta
}

// remove takes w out of the queue (p.mu held): refused or served, its turn over. If it was
// the head, the next request's turn comes.
func (p *pool) remove(w *waiter) {
	for i, o := range p.queue {
		if o != w {
			continue
		}
		p.queue = append(p.queue[:i], p.queue[i+1:]...)
		if w.after > 0 {
			close(w.turn)
		}
		if i == 0 && len(p.queue) > 0 {
			close(p.queue[0].turn)
		}
		return
	}
}
