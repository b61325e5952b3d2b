package intervals

import (
	"context"
	"fmt"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"
)

// recorder is an Observer that writes down what it is told.
type recorder struct {
	mu     sync.Mutex
	events []string
}

func (r *recorder) add(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, fmt.Sprintf(format, args...))
}
func (r *recorder) Attempt(op string, status int, _ time.Duration) {
	r.add("attempt %s %d", op, status)
}
func (r *recorder) Retry(op string, status int) { r.add("retry %s %d", op, status) }
func (r *recorder) BudgetWait(waited time.Duration, refused bool) {
	r.add("budget %s refused=%v", waited, refused)
}

// TestObserverIsToldOfAttemptsRetriesAndBudgetWaits: a 429 then a 200 are two attempts of
// listEvents with a retry between them; a wait for the budget is told with its length, and
// a refusal as refused.
func TestObserverIsToldOfAttemptsRetriesAndBudgetWaits(t *testing.T) {
	seq := &sequence{statuses: []int{429, 200}}
	srv := httptest.NewServer(seq)
	defer srv.Close()
	rec := &recorder{}
	refuse := []time.Duration{300 * time.Millisecond, 0, 0, 2 * MaxBudgetWait}
	budget := func(context.Context) (bool, time.Duration, error) {
		d := refuse[0]
		if len(refuse) > 1 {
			refuse = refuse[1:]
		}
		return d == 0, d, nil
	}
	c := newTestClient(t, srv, Options{Budget: budget, Observer: rec}, newFakeClock())
	if _, err := listEvents(c, context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := listEvents(c, context.Background()); err == nil {
		t.Fatal("a budget refusing for longer than MaxBudgetWait: no error")
	}
	want := []string{"budget 300ms refused=false", "attempt listEvents 429", "retry listEvents 429", "attempt listEvents 200", "budget 0s refused=true"}
	if !slices.Equal(rec.events, want) {
		t.Errorf("observed %q, want %q", rec.events, want)
	}
}
