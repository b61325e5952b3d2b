package intervals

import (
	"context"
	"errors"
	"net/http/httptest"
	"slices"
	"testing"
	"time"
)

// A budget that refuses is waited for, as long as the context's deadline allows (a minute
// without one); a refusal whose wait would pass it fails at once with an *OverBudgetError and
// sends nothing; its errors are ErrBudget. The client's own limiter is off while a budget is
// set.
func TestBudgetReplacesTheLimiter(t *testing.T) {
	seq := &sequence{statuses: []int{200}}
	srv := httptest.NewServer(seq)
	defer srv.Close()
	var answers []time.Duration // 0: allowed; >0: refused for that long
	asked := 0
	budget := func(context.Context) (bool, time.Duration, error) {
		asked++
		if len(answers) == 0 {
			return true, 0, nil
		}
		d := answers[0]
		answers = answers[1:]
		return d == 0, d, nil
	}
	fc := newFakeClock()
	c := newTestClient(t, srv, Options{Budget: budget}, fc)
	for range 8 { // past the limiter's burst of 5: no wait, the budget decides
		if _, err := listEvents(c, context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if got := fc.recorded(); len(got) != 0 {
		t.Errorf("waits with an allowing budget: %v", got)
	}
	answers = []time.Duration{300 * time.Millisecond, 400 * time.Millisecond, 0}
	if _, err := listEvents(c, context.Background()); err != nil {
		t.Fatal(err)
	}
	if got, want := fc.recorded(), []time.Duration{300 * time.Millisecond, 400 * time.Millisecond}; !slices.Equal(got, want) {
		t.Errorf("waits = %v, want %v", got, want)
	}
	answers = []time.Duration{40 * time.Second, 30 * time.Second}
	before := seq.hits.Load()
	_, err := listEvents(c, context.Background())
	var ob *OverBudgetError
	if !errors.As(err, &ob) || ob.RetryAfter != 30*time.Second {
		t.Errorf("refusals of 40s then 30s without a deadline: %v, want an *OverBudgetError of 30s (a minute in all)", err)
	}
	ctx, cancel := context.WithDeadline(context.Background(), fc.now().Add(5*time.Second))
	defer cancel()
	answers = []time.Duration{3 * time.Second, 3 * time.Second}
	if _, err := listEvents(c, ctx); !errors.As(err, &ob) || ob.RetryAfter != 3*time.Second {
		t.Errorf("a second 3s refusal, 5s before the deadline: %v, want an *OverBudgetError of 3s", err)
	}
	if n := seq.hits.Load() - before; n != 0 {
		t.Errorf("%d requests sent over budget", n)
	}
	c = newTestClient(t, srv, Options{Budget: func(context.Context) (bool, time.Duration, error) { return false, 0, errors.New("db down") }}, fc)
	if _, err := listEvents(c, context.Background()); !errors.Is(err, ErrBudget) {
		t.Errorf("a failing budget: %v, want ErrBudget", err)
	}
}
