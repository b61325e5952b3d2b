package tools

import (
	"context"
	"encoding/json"
	"flag"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

var goldenEventIDs = regexp.MustCompile(`\bid \d+`)

var updatePlanning = flag.Bool("update-planning", false, "rewrite the golden files under testdata/planning")

// planningNow is 2026-11-30 14:30 UTC: already Tuesday 2026-12-01 01:30 in Sydney, the fake
// athlete's time zone, so a tool that took "today" from UTC would be a day early.
var planningNow = time.Date(2026, 11, 30, 14, 30, 0, 0, time.UTC)

// planningFake serves a fresh fake Intervals.icu and returns it with an Env for its primary
// athlete (id "0").
func planningFake(t *testing.T) (*fakeicu.Fake, *manifest.Env) {
	t.Helper()
	f, c, _ := startFake(t, planningNow)
	return f, &manifest.Env{Client: c, AthleteID: "0", Now: func() time.Time { return planningNow }}
}

// planningTool finds a planning tool by name.
func planningTool(t *testing.T, name string) manifest.Tool {
	t.Helper()
	return toolNamed(t, planningTools(), name)
}

// run calls a planning tool with arguments given as a Go value.
func runPlanning(t *testing.T, env *manifest.Env, name string, args any) (string, error) {
	t.Helper()
	b, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	return planningTool(t, name).Run(context.Background(), env, b)
}

// calendar is the fake's calendar, compared without the server's update time stamps (a
// restored event gets a new "updated").
func planCalendar(f *fakeicu.Fake) []api.Event { return f.Events("0") }

var ignorePlanUpdated = cmpopts.IgnoreFields(api.Event{}, "Updated")

// planSameCalendar fails the test when the calendar differs from before.
func planSameCalendar(t *testing.T, f *fakeicu.Fake, before []api.Event) {
	t.Helper()
	if d := cmp.Diff(before, planCalendar(f), ignorePlanUpdated); d != "" {
		t.Errorf("the calendar changed (-before +after):\n%s", d)
	}
}

// planNoWrites fails the test when the fake saw any write.
func planNoWrites(t *testing.T, f *fakeicu.Fake) {
	t.Helper()
	if w := f.Writes(); len(w) > 0 {
		t.Errorf("want no write, got %d: first %s %s", len(w), w[0].Method, w[0].Path)
	}
}

// pairedEvent returns a session of the fake athlete that a recorded activity did.
func pairedEvent(t *testing.T, f *fakeicu.Fake) (api.Event, string) {
	t.Helper()
	w := f.World()
	a := w.Athletes[0]
	for _, e := range a.Events {
		if act, ok := a.PairedActivity[deref(e.Id)]; ok {
			return e, act
		}
	}
	t.Fatal("the fake athlete has no paired session")
	return api.Event{}, ""
}

// planningGolden compares an answer with testdata/planning/<name>.golden, event ids
// masked (the fake numbers them after its synthetic calendar, which may grow).
func planningGolden(t *testing.T, name, got string) {
	t.Helper()
	got = goldenEventIDs.ReplaceAllString(got, "id #")
	compareGolden(t, filepath.Join("testdata", "planning", name+".golden"), got, *updatePlanning, "update-planning", nil)
}

func planContains(t *testing.T, got string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q in:\n%s", w, got)
		}
	}
}
