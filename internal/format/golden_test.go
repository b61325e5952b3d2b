package format

import (
	"encoding/json"
	"flag"
	"path/filepath"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fixtures"
	"github.com/intervals-mcp/intervals-mcp/internal/goldenfile"
	"github.com/intervals-mcp/intervals-mcp/internal/workout"

	"github.com/google/go-cmp/cmp"
	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

var sydney = mustLoc("Australia/Sydney")

func mustLoc(name string) *time.Location {
	l, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return l
}

// fixture decodes a recorded payload into v.
func fixture(t *testing.T, name string, v any) {
	t.Helper()
	b, err := fixtures.Read(name)
	if err != nil {
		t.Fatalf("read fixture: %v", err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("decode %s: %v", name, err)
	}
}

// golden compares got with testdata/name.golden (rewritten with -update).
func golden(t *testing.T, name, got string) {
	t.Helper()
	want := goldenfile.Want(t, filepath.Join("testdata", name+".golden"), []byte(got+"\n"), *update, "go test ./internal/format -update")
	if diff := cmp.Diff(string(want), got+"\n"); diff != "" {
		t.Errorf("%s differs from the golden file (-want +got):\n%s", name, diff)
	}
}

var metric = Units{Loc: sydney}

// DefaultMax is the budget of the golden answers (toolcall.DefaultBudget).
const DefaultMax = 16000

func TestGoldenActivities(t *testing.T) {
	var acts, stub []intervals.Activity
	fixture(t, "activities-list.json", &acts)
	fixture(t, "extra/activities-list.strava-stub.json", &stub)
	golden(t, "activities", metric.Activities(append(acts, stub...), "2025-12-01", "2026-09-24", DefaultMax))
}

func TestGoldenActivitiesMixedSports(t *testing.T) {
	var acts []intervals.Activity
	fixture(t, "extra/activities-list.yannvillellas.json", &acts)
	golden(t, "activities_mixed", metric.Activities(acts, "2024-01-01", "2024-02-01", DefaultMax))
}

func TestGoldenActivity(t *testing.T) {
	var a intervals.Activity
	fixture(t, "activity.json", &a)
	golden(t, "activity", metric.Activity(a, DefaultMax))
}

func TestGoldenActivityIntervals(t *testing.T) {
	var d intervals.IntervalsDTO
	fixture(t, "activity-intervals.json", &d)
	golden(t, "intervals", metric.Intervals(d, "Run", DefaultMax))
	var a struct {
		intervals.IntervalsDTO
		Type string `json:"type"`
	}
	fixture(t, "activity-with-intervals.json", &a)
	golden(t, "intervals_ride", metric.Intervals(a.IntervalsDTO, a.Type, DefaultMax))
}

func TestGoldenStreams(t *testing.T) {
	var ss []intervals.ActivityStream
	fixture(t, "activity-streams.json", &ss)
	z := StreamZones{HR: []float64{148, 164, 171, 183, 188, 194, 203}, Power: []float64{137.5, 187.5, 225, 262.5, 300, 375, 9999}}
	golden(t, "streams", metric.Streams("i1", ss, "Ride", z, 20, DefaultMax))
}

func TestGoldenEvents(t *testing.T) {
	var evs []intervals.Event
	fixture(t, "events-list.json", &evs)
	today := time.Date(2024, 2, 23, 0, 0, 0, 0, sydney)
	paired := map[int32]string{32254568: "i34567"}
	golden(t, "events", metric.Events(evs, paired, nil, nil, today, "2024-02-20", "2024-12-31", DefaultMax))
	var w, n intervals.Event
	fixture(t, "event-workout.json", &w)
	fixture(t, "event-note.json", &n)
	golden(t, "event_workout", metric.Event(w, "", readingOf(t, w), today, DefaultMax))
	golden(t, "event_note", metric.Event(n, "", Reading{}, today, DefaultMax))
}

func TestGoldenWellness(t *testing.T) {
	var rows []intervals.Wellness
	fixture(t, "wellness-list.json", &rows)
	golden(t, "wellness", Wellness(rows, "2024-01-01", "2024-02-01", DefaultMax))
	var day intervals.Wellness
	fixture(t, "wellness-day.json", &day)
	golden(t, "wellness_day", WellnessLine(day))
}

func TestGoldenCurves(t *testing.T) {
	var p intervals.DataCurveSetPowerCurve
	fixture(t, "power-curves.json", &p)
	golden(t, "power_curves", metric.PowerCurves(p, "Ride", nil, DefaultMax))
	var pc intervals.DataCurveSetPaceCurve
	fixture(t, "pace-curves.json", &pc)
	golden(t, "pace_curves", metric.PaceCurves(pc, "Run", DefaultMax))
	var hr intervals.DataCurveSetHRCurve
	fixture(t, "hr-curves.json", &hr)
	golden(t, "hr_curves", metric.HRCurves(hr, "Run", nil, DefaultMax))
}

func TestGoldenGear(t *testing.T) {
	var g []intervals.Gear
	fixture(t, "gear.json", &g)
	golden(t, "gear", metric.Gear(g, DefaultMax))
}

// TestGoldenContext builds the context from real payloads: the sport settings, wellness,
// activities and events fixtures. No recorded athlete profile exists (PROVENANCE.md), so the
// profile's own fields are set here.
func TestGoldenContext(t *testing.T) {
	var c Context
	fixture(t, "sport-settings.json", &c.Athlete.SportSettings)
	name, id, tz, sex, dob := "Athlete A", "i100001", "Australia/Sydney", "M", "1990-05-17"
	weight, rest := float32(70), int32(50)
	c.Athlete.Name, c.Athlete.Id, c.Athlete.Timezone, c.Athlete.Sex, c.Athlete.IcuDateOfBirth = &name, &id, &tz, &sex, &dob
	c.Athlete.IcuWeight, c.Athlete.IcuRestingHr = &weight, &rest
	fixture(t, "wellness-list.json", &c.Wellness)
	fixture(t, "extra/activities-list.yannvillellas.json", &c.Activities)
	fixture(t, "events-list.json", &c.Events)
	// 2024-01-31 22:30 UTC is already Thursday 2024-02-01 09:30 in Sydney.
	c.Now = time.Date(2024, 1, 31, 22, 30, 0, 0, time.UTC)
	c.Weeks = 4
	golden(t, "context", metric.AthleteContext(c, DefaultMax))
}

// readingOf is a recorded event's workout as Intervals.icu read it: its workout_doc's steps.
func readingOf(t *testing.T, e intervals.Event) Reading {
	t.Helper()
	raw, err := json.Marshal(e.WorkoutDoc)
	if err != nil {
		t.Fatal(err)
	}
	var d workout.Doc
	if err := json.Unmarshal(raw, &d); err != nil || len(d.Steps) == 0 {
		t.Fatalf("the fixture's workout_doc: %v (%d steps)", err, len(d.Steps))
	}
	return Reading{Steps: workout.FromDoc(workout.SportFor(str(e.Type)), d).Text()}
}
