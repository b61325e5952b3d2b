package fakeicutest_test

import (
	"context"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/fakeicutest"
)

func TestStartServesTheGeneratedClient(t *testing.T) {
	now := func() time.Time { return time.Date(2026, 3, 10, 22, 0, 0, 0, time.UTC) }
	f, base := fakeicutest.Start(t, fakeicu.Options{Now: now})
	c, err := intervals.New(intervals.Options{APIKey: fakeicu.DefaultAPIKey, BaseURL: base, RateLimit: -1})
	if err != nil {
		t.Fatal(err)
	}
	a, err := c.GetAthleteWithResponse(context.Background(), "0")
	if err != nil {
		t.Fatal(err)
	}
	if got := *a.JSON200.Id; got != fakeicu.DemoAthleteID {
		t.Errorf("athlete 0 = %s, want %s", got, fakeicu.DemoAthleteID)
	}
	if len(f.Writes()) != 0 {
		t.Errorf("a read was logged as a write: %v", f.Writes())
	}
}

func TestStartWithAnotherKey(t *testing.T) {
	_, base := fakeicutest.Start(t, fakeicu.Options{APIKey: "k2"})
	c, err := intervals.New(intervals.Options{APIKey: fakeicu.DefaultAPIKey, BaseURL: base, MaxRetries: -1, RateLimit: -1})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.ListAthletesWithResponse(context.Background(), nil)
	if e, ok := err.(*intervals.Error); !ok || e.Status != 401 {
		t.Errorf("the default key against a fake with key k2: %v, want a 401 *intervals.Error", err)
	}
}
