package fakeicu

import (
	"testing"
	"time"
)

// TestGeneratedWorldIsBuiltAroundEachAthletesToday: the synthetic world is generated around
// each athlete's local date, not the UTC date of the clock. At testNow it is already
// 2026-03-11 in Sydney (2026-03-10 in UTC and in Denver); a fake started at 02:00 UTC the
// next day is on the same dates in Sydney and Denver, so both serve the same data.
func TestGeneratedWorldIsBuiltAroundEachAthletesToday(t *testing.T) {
	at := func(t time.Time) func() time.Time { return func() time.Time { return t } }
	evening := New(Options{Now: at(testNow)})
	morning := New(Options{Now: at(time.Date(2026, 3, 11, 2, 0, 0, 0, time.UTC))})
	if got := evening.World().Today.Format(dateLayout); got != "2026-03-11" {
		t.Errorf("world generated around %s at %s, want 2026-03-11 (the date in Sydney)", got, testNow)
	}
	for _, tc := range []struct{ athlete, today string }{{"0", "2026-03-11"}, {"i100003", "2026-03-10"}} {
		wellness := decode[[]struct {
			ID string `json:"id"`
		}](t, mustStatus(t, evening, 200, "GET", "/api/v1/athlete/"+tc.athlete+"/wellness?oldest=2026-03-08", ""))
		if len(wellness) == 0 || wellness[len(wellness)-1].ID != tc.today {
			t.Errorf("athlete %s: wellness from 2026-03-08 = %v, want it to end on its today, %s", tc.athlete, wellness, tc.today)
		}
	}
	for _, path := range []string{
		"/api/v1/athlete/0/activities?oldest=2026-02-01",
		"/api/v1/athlete/0/events",
		"/api/v1/athlete/0/wellness?oldest=2026-02-01",
		"/api/v1/athlete/0/athlete-summary",
		"/api/v1/athlete/i100003/wellness?oldest=2026-02-01",
	} {
		_, a := call(t, evening, "GET", path, "")
		_, b := call(t, morning, "GET", path, "")
		if a != b {
			t.Errorf("GET %s differs between two clocks on the same local dates:\n%.300s\n%.300s", path, a, b)
		}
	}
}
