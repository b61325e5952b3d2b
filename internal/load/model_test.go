package load

import (
	"math"
	"testing"
)

func ptr(v float64) *float64 { return &v }

// near fails the test when got and want differ by more than tol.
func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.4f, want %.4f (±%g)", what, got, want, tol)
	}
}

// handLoads are the loads of the hand-computed example: a week of history up to the start
// (2025-03-02) and ten projected days. Dates not listed have no load.
var handLoads = map[string]float64{
	"2025-02-24": 70, "2025-02-26": 55, "2025-02-28": 90, "2025-03-01": 120, "2025-03-02": 40,
	"2025-03-03": 100, "2025-03-05": 80, "2025-03-06": 120, "2025-03-07": 50, "2025-03-08": 60,
	"2025-03-10": 150, "2025-03-11": 30, "2025-03-12": 90,
}

// handReset is a SET_FITNESS in the middle of the example.
var handReset = []Reset{{Date: "2025-03-07", Fitness: ptr(40), Fatigue: ptr(30)}}

// handDays is the example computed separately, by walking the recurrence forward from
// fitness 48 and fatigue 55 at the end of 2025-02-23 with k = 1-exp(-1/42) and 1-exp(-1/7):
//
//	date        load  fitness  fatigue   form   ramp
//	2025-03-02    40    48.95    56.50  -7.55   0.95   (the start: as the API reports it)
//	2025-03-03   100    50.15    62.29 -12.14   1.64
//	2025-03-04     0    48.97    54.00  -5.02   1.60
//	2025-03-05    80    49.70    57.46  -7.76   2.15
//	2025-03-06   120    51.36    65.78 -14.43   4.92
//	2025-03-07    50    40.00    30.00  10.00  -7.46   SET_FITNESS 40/30: the day's load is replaced
//	2025-03-08    60    40.47    33.99   6.48  -8.70
//	2025-03-09     0    39.52    29.47  10.05  -9.43
//	2025-03-10   150    42.12    45.51  -3.40  -8.04
//	2025-03-11    30    41.83    43.45  -1.62  -7.14
//	2025-03-12    90    42.97    49.65  -6.68  -6.74
//
// e.g. 2025-03-03: fitness 48.9525 + (100-48.9525)*0.023530 = 50.1536; ramp 50.1536 minus
// 2025-02-24's 48.5176 = 1.64; 2025-03-08: 40 + (60-40)*0.023530 = 40.4706.
var handDays = []Day{
	{Date: "2025-03-03", Load: 100, Fitness: 50.15, Fatigue: 62.29, Form: -12.14, RampRate: 1.64},
	{Date: "2025-03-04", Load: 0, Fitness: 48.97, Fatigue: 54.00, Form: -5.02, RampRate: 1.60},
	{Date: "2025-03-05", Load: 80, Fitness: 49.70, Fatigue: 57.46, Form: -7.76, RampRate: 2.15},
	{Date: "2025-03-06", Load: 120, Fitness: 51.36, Fatigue: 65.78, Form: -14.43, RampRate: 4.92},
	{Date: "2025-03-07", Load: 50, Fitness: 40.00, Fatigue: 30.00, Form: 10.00, RampRate: -7.46},
	{Date: "2025-03-08", Load: 60, Fitness: 40.47, Fatigue: 33.99, Form: 6.48, RampRate: -8.70},
	{Date: "2025-03-09", Load: 0, Fitness: 39.52, Fatigue: 29.47, Form: 10.05, RampRate: -9.43},
	{Date: "2025-03-10", Load: 150, Fitness: 42.12, Fatigue: 45.51, Form: -3.40, RampRate: -8.04},
	{Date: "2025-03-11", Load: 30, Fitness: 41.83, Fatigue: 43.45, Form: -1.62, RampRate: -7.14},
	{Date: "2025-03-12", Load: 90, Fitness: 42.97, Fatigue: 49.65, Form: -6.68, RampRate: -6.74},
}

// checkDaysNear compares days with want field by field to 0.01 (want is rounded to 2 decimals).
func checkDaysNear(t *testing.T, got, want []Day) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d days, want %d", len(got), len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.Date != w.Date || g.Load != w.Load {
			t.Fatalf("day %d = %s load %v, want %s load %v", i, g.Date, g.Load, w.Date, w.Load)
		}
		near(t, g.Date+" fitness", g.Fitness, w.Fitness, 0.01)
		near(t, g.Date+" fatigue", g.Fatigue, w.Fatigue, 0.01)
		near(t, g.Date+" form", g.Form, w.Form, 0.01)
		near(t, g.Date+" ramp", g.RampRate, w.RampRate, 0.01)
	}
}

func TestProjectMatchesHandComputedExampleWithReset(t *testing.T) {
	start := Day{Date: "2025-03-02", Fitness: 48.9525, Fatigue: 56.4990}
	got, err := Default().Project(start, handLoads, handReset, "2025-03-12")
	if err != nil {
		t.Fatal(err)
	}
	checkDaysNear(t, got, handDays)
	for _, d := range got {
		if !d.Planned {
			t.Errorf("%s: Planned = false, want true for a projected day", d.Date)
		}
		if (d.Reset != nil) != (d.Date == "2025-03-07") {
			t.Errorf("%s: Reset = %+v, want it only on 2025-03-07", d.Date, d.Reset)
		}
	}
	if r := got[4].Reset; r == nil || r.Fitness == nil || *r.Fitness != 40 || r.Fatigue == nil || *r.Fatigue != 30 {
		t.Errorf("2025-03-07 Reset = %+v, want the SET_FITNESS 40/30", r)
	}
}

func TestSeriesMatchesTheSameHandComputedExample(t *testing.T) {
	got, err := Default().Series("2025-02-24", 48, 55, handLoads, handReset, "2025-03-12")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 17 || got[0].Date != "2025-02-24" {
		t.Fatalf("got %d days from %s, want 17 from 2025-02-24", len(got), got[0].Date)
	}
	near(t, "2025-03-02 ramp", got[6].RampRate, 0.95, 0.01)
	checkDaysNear(t, got[7:], handDays)
	for _, d := range got {
		if d.Planned {
			t.Errorf("%s: Planned = true, want false in a Series", d.Date)
		}
	}
}

func TestProjectFitnessDaysChangesTimeConstantsFromItsDate(t *testing.T) {
	// No load: fitness decays by exp(-1/42) a day, then by exp(-1/21) from 2025-01-04 on;
	// fatigue by exp(-1/7), then exp(-1/3.5).
	resets := []Reset{{Date: "2025-01-04", FitnessDays: ptr(21), FatigueDays: ptr(3.5)}}
	got, err := Default().Project(Day{Date: "2025-01-01", Fitness: 100, Fatigue: 100}, nil, resets, "2025-01-06")
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range got {
		n := float64(i + 1) // days after the start
		before, after := math.Min(n, 2), math.Max(n-2, 0)
		near(t, d.Date+" fitness", d.Fitness, 100*math.Exp(-before/42-after/21), 1e-9)
		near(t, d.Date+" fatigue", d.Fatigue, 100*math.Exp(-before/7-after/3.5), 1e-9)
	}
}

func TestProjectFitnessDaysBeforeStartStillApplies(t *testing.T) {
	resets := []Reset{{Date: "2024-06-01", FitnessDays: ptr(28)}}
	got, err := Default().Project(Day{Date: "2025-01-01", Fitness: 100, Fatigue: 50}, nil, resets, "2025-01-02")
	if err != nil {
		t.Fatal(err)
	}
	near(t, "fitness", got[0].Fitness, 100*math.Exp(-1.0/28), 1e-9)
	near(t, "fatigue", got[0].Fatigue, 50*math.Exp(-1.0/7), 1e-9)
}

func TestProjectMissingDaysHaveNoLoad(t *testing.T) {
	m := Default()
	start := Day{Date: "2025-01-01", Fitness: 60, Fatigue: 80}
	got, err := m.Project(start, map[string]float64{"2025-01-05": 100}, nil, "2025-01-05")
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range got[:3] {
		n := float64(i + 1)
		near(t, d.Date+" fitness", d.Fitness, 60*math.Exp(-n/42), 1e-9)
		near(t, d.Date+" fatigue", d.Fatigue, 80*math.Exp(-n/7), 1e-9)
		if d.Load != 0 {
			t.Errorf("%s load = %v, want 0", d.Date, d.Load)
		}
	}
	explicit, err := m.Project(start, map[string]float64{
		"2025-01-02": 0, "2025-01-03": 0, "2025-01-04": 0, "2025-01-05": 100}, nil, "2025-01-05")
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if got[i] != explicit[i] {
			t.Errorf("day %d: missing = %+v, explicit zero = %+v", i, got[i], explicit[i])
		}
	}
}

func TestProjectUntilStartIsEmpty(t *testing.T) {
	got, err := Default().Project(Day{Date: "2025-01-01", Fitness: 1, Fatigue: 1}, nil, nil, "2025-01-01")
	if err != nil || len(got) != 0 {
		t.Fatalf("got %v, %v; want no days and no error", got, err)
	}
}
