package fakeicu

import (
	"fmt"
	"sync"
	"testing"
)

// TestConcurrentReadsAndWrites is meant for -race: readers and writers share the store.
func TestConcurrentReadsAndWrites(t *testing.T) {
	f := newTestFake(t, Options{})
	before := len(f.Events("0"))
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := range 8 {
		wg.Go(func() {
			for i := range 5 {
				for _, r := range []struct{ method, path, body string }{
					{"POST", "/api/v1/athlete/0/events", fmt.Sprintf(`{"category":"NOTE","name":"g%d-%d","start_date_local":"2026-03-12"}`, g, i)},
					{"GET", "/api/v1/athlete/0/events", ""},
					{"GET", "/api/v1/athlete/0/power-curves?type=Ride&curves=90d", ""},
					{"PUT", "/api/v1/athlete/0/wellness/2026-03-11", `{"weight":70.5}`},
					{"GET", "/api/v1/activity/i9001/streams?types=watts", ""},
				} {
					req := mustRequest(r.method, r.path, r.body)
					resp, err := f.Transport().RoundTrip(req)
					if err != nil {
						errs <- err.Error()
						continue
					}
					resp.Body.Close()
					if resp.StatusCode != 200 {
						errs <- fmt.Sprintf("%s %s = %d", r.method, r.path, resp.StatusCode)
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if got := len(f.Events("0")); got != before+40 {
		t.Errorf("%d events after 40 concurrent creates, want %d", got, before+40)
	}
	if got := len(f.Writes()); got != 80 {
		t.Errorf("%d writes logged, want 80", got)
	}
}
