package toolcall

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// cacheClock is a clock the test moves by hand.
type cacheClock struct{ t time.Time }

func (c *cacheClock) now() time.Time { return c.t }

// days is a "list" of dates, as the range kinds keep: each value is its own date.
func days(oldest, newest string) []string {
	var out []string
	for d, _ := time.Parse("2006-01-02", oldest); d.Format("2006-01-02") <= newest; d = d.AddDate(0, 0, 1) {
		out = append(out, d.Format("2006-01-02"))
	}
	return out
}

func within(v []string, oldest, newest string) []string {
	var out []string
	for _, d := range v {
		if d >= oldest && d <= newest {
			out = append(out, d)
		}
	}
	return out
}

// read reads [oldest, newest] of kind through the cache, counting the fetches.
func read(t *testing.T, e *Env, kind, oldest, newest string, fetches *int) []string {
	t.Helper()
	v, err := Cached(e, kind, oldest, newest, func() ([]string, error) { *fetches++; return days(oldest, newest), nil }, within)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestCacheAnswersARangeInsideOneReadUntilItIsStale(t *testing.T) {
	clock := &cacheClock{t: time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC)}
	e := &Env{Client: &intervals.ClientWithResponses{}, AthleteID: "0", Cache: &Cache{Now: clock.now}}
	n := 0
	read(t, e, CacheActivities, "2026-11-02", "2026-12-01", &n)
	if got := read(t, e, CacheActivities, "2026-11-09", "2026-11-11", &n); n != 1 || !slices.Equal(got, []string{"2026-11-09", "2026-11-10", "2026-11-11"}) {
		t.Errorf("a range inside the one read: %v after %d reads, want it from the first read", got, n)
	}
	if read(t, e, CacheActivities, "2026-10-30", "2026-11-11", &n); n != 2 {
		t.Errorf("a range reaching outside the one read: %d reads, want a second", n)
	}
	if read(t, e, CacheWellness, "2026-11-09", "2026-11-11", &n); n != 3 {
		t.Errorf("another kind: %d reads, want a third", n)
	}
	clock.t = clock.t.Add(61 * time.Second)
	if read(t, e, CacheActivities, "2026-11-09", "2026-11-11", &n); n != 4 {
		t.Errorf("after a minute: %d reads, want the list read again", n)
	}
	clock.t = clock.t.Add(9 * time.Minute)
	profile := 0
	fetch := func() (*Athlete, error) { profile++; return &Athlete{ID: fmt.Sprint(profile)}, nil }
	for range 2 {
		if _, err := Cached(e, CacheProfile, "", "", fetch, nil); err != nil {
			t.Fatal(err)
		}
		clock.t = clock.t.Add(9 * time.Minute)
	}
	if profile != 1 {
		t.Errorf("the profile was read %d times in 9 minutes, want once (it is kept 10)", profile)
	}
}

func TestCacheKeepsEachClientsAndAthletesApart(t *testing.T) {
	c := &Cache{}
	one, other := &intervals.ClientWithResponses{}, &intervals.ClientWithResponses{}
	n := 0
	read(t, &Env{Client: one, AthleteID: "0", Cache: c}, CacheWellness, "2026-11-01", "2026-11-30", &n)
	read(t, &Env{Client: other, AthleteID: "0", Cache: c}, CacheWellness, "2026-11-01", "2026-11-30", &n)
	read(t, &Env{Client: one, AthleteID: "i100002", Cache: c}, CacheWellness, "2026-11-01", "2026-11-30", &n)
	if n != 3 {
		t.Errorf("%d reads, want one per credential (client) and athlete", n)
	}
	c.Forget(one)
	read(t, &Env{Client: other, AthleteID: "0", Cache: c}, CacheWellness, "2026-11-01", "2026-11-30", &n)
	if n != 3 {
		t.Errorf("forgetting a client's entries dropped another's")
	}
	read(t, &Env{Client: one, AthleteID: "i100002", Cache: c}, CacheWellness, "2026-11-01", "2026-11-30", &n)
	read(t, &Env{Client: one, AthleteID: "0", Cache: c}, CacheWellness, "2026-11-01", "2026-11-30", &n)
	if n != 5 {
		t.Errorf("%d reads, want every athlete of the forgotten client read again", n)
	}
}

func TestCacheForgetsOnlyTheKindsNamed(t *testing.T) {
	c := &Cache{}
	e := &Env{Client: &intervals.ClientWithResponses{}, AthleteID: "0", Cache: c}
	n := 0
	read(t, e, CacheGear, "", "", &n)
	read(t, e, CacheProfile, "", "", &n)
	c.Forget(e.Client, CacheProfile)
	read(t, e, CacheGear, "", "", &n)
	read(t, e, CacheProfile, "", "", &n)
	if n != 3 {
		t.Errorf("%d reads, want the profile read again and the gear kept", n)
	}
}

func TestCacheIsBoundedAndKeepsNoFailure(t *testing.T) {
	clock := &cacheClock{t: time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC)}
	c := &Cache{Max: 3, Now: func() time.Time { clock.t = clock.t.Add(time.Millisecond); return clock.t }}
	e := &Env{Client: &intervals.ClientWithResponses{}, AthleteID: "0", Cache: c}
	n := 0
	for i := range 5 {
		read(t, e, CacheActivity, fmt.Sprint("i", i), "", &n)
	}
	if c.n != 3 {
		t.Errorf("%d entries kept, want at most 3", c.n)
	}
	if read(t, e, CacheActivity, "i4", "", &n); n != 5 {
		t.Errorf("the newest entry was dropped")
	}
	if read(t, e, CacheActivity, "i0", "", &n); n != 6 {
		t.Errorf("the oldest entry was kept")
	}
	fail := errors.New("503")
	for range 2 {
		if _, err := Cached(e, CacheGear, "", "", func() ([]string, error) { n++; return nil, fail }, nil); !errors.Is(err, fail) {
			t.Fatalf("error %v, want the read's", err)
		}
	}
	if n != 8 {
		t.Errorf("a failed read was kept")
	}
}
