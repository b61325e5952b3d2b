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

// TestConcurrentUseOfEveryKindOfWrite is meant for -race too: every kind of write the fake
// implements, with reads of the same data, the snapshots (World, Events, Writes) and fault
// injection, all at once.
func TestConcurrentUseOfEveryKindOfWrite(t *testing.T) {
	f := newTestFake(t, Options{})
	requests := []struct{ method, path, body string }{
		{"PUT", "/api/v1/activity/i9001", `{"name":"renamed"}`},
		{"POST", "/api/v1/activity/i9001/messages", `{"content":"hi"}`},
		{"GET", "/api/v1/activity/i9001?intervals=true", ""},
		{"GET", "/api/v1/activity/i9001/messages", ""},
		{"PUT", "/api/v1/athlete/0/sport-settings/501", `{"ftp":255}`},
		{"GET", "/api/v1/athlete/0", ""},
		{"POST", "/api/v1/athlete/0/custom-item", `{"name":"chart","type":"FITNESS_CHART"}`},
		{"PUT", "/api/v1/athlete/0/custom-item/31", `{"description":"x"}`},
		{"GET", "/api/v1/athlete/0/profile", ""},
		{"POST", "/api/v1/athlete/0/workouts", `{"name":"w","folder_id":41}`},
		{"GET", "/api/v1/athlete/0/folders", ""},
		{"POST", "/api/v1/athlete/0/events/bulk?upsert=true", `[{"category":"NOTE","start_date_local":"2026-03-20","external_id":"x"}]`},
		{"POST", "/api/v1/athlete/0/duplicate-events", `{"eventIds":[14],"numCopies":1}`},
		{"PUT", "/api/v1/athlete/0/events?oldest=2026-03-14&newest=2026-03-15", `{"hide_from_athlete":true}`},
		{"DELETE", "/api/v1/athlete/0/events?oldest=2026-04-01&category=NOTE", ""},
		{"PUT", "/api/v1/athlete/0/wellness-bulk", `[{"id":"2026-03-09","mood":2}]`},
		{"GET", "/api/v1/athlete/0/athlete-summary", ""},
		{"GET", "/api/v1/athlete/0/hr-curves?curves=90d", ""},
	}
	var wg sync.WaitGroup
	errs := make(chan string, len(requests)*8)
	do := func(method, path, body string) {
		resp, err := f.Transport().RoundTrip(mustRequest(method, path, body))
		if err != nil {
			errs <- err.Error()
			return
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			errs <- fmt.Sprintf("%s %s = %d", method, path, resp.StatusCode)
		}
	}
	for range 4 {
		for _, r := range requests {
			wg.Go(func() { do(r.method, r.path, r.body) })
		}
		wg.Go(func() {
			_ = f.World()
			_ = f.Events("0")
			_ = f.Writes()
			f.Inject(Fault{Kind: FaultLatency, Delay: 1, Method: "GET"})
		})
	}
	wg.Go(func() { do("POST", "/api/v1/athlete/0/events/13/mark-done", "") })
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
