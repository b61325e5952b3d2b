package load

import "testing"

// days lays loads on consecutive dates from first.
func days(first string, loads ...float64) map[string]float64 {
	m := map[string]float64{}
	for i, l := range loads {
		m[shift(first, i)] += l
	}
	return m
}

// 21 days at 50, then a week at L: uncoupled, the ratio is L / 50, 1.3 at L = 65; a load
// of the acute week is not in the chronic mean (Windt & Gabbett 2019).
func TestACWRUncoupledCrossesTheSweetSpotBetween65And66(t *testing.T) {
	for _, c := range []struct {
		week float64
		over bool
	}{{65, false}, {66, true}} {
		l := days("2026-11-03", 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50)
		for d, v := range days("2026-11-24", c.week, c.week, c.week, c.week, c.week, c.week, c.week) {
			l[d] = v
		}
		r, acute, chronic, ok := ACWR(l, "2026-11-30")
		if !ok {
			t.Fatal("no ratio")
		}
		near(t, "acute", acute, c.week, 1e-4)
		near(t, "chronic", chronic, 50, 1e-4)
		near(t, "ratio", r, c.week/50, 1e-4)
		if over := r > ACWRHigh; over != c.over {
			t.Errorf("week at %v: ratio %.4f, over %v, want %v", c.week, r, over, c.over)
		}
	}
	// A load before the 28 days is not in it; a load of the acute week alone makes no ratio.
	if _, _, _, ok := ACWR(days("2026-10-01", 500), "2026-11-30"); ok {
		t.Error("a ratio of nothing")
	}
	if _, _, _, ok := ACWR(days("2026-11-28", 500), "2026-11-30"); ok {
		t.Error("a ratio without chronic load")
	}
}

// Frandsen's grades: 10% longer is not a spike, 11% is (rate 1.64), 31% the second grade,
// 101% the third; without a longest session there is nothing to grade.
func TestSpikeGradesAsFrandsen(t *testing.T) {
	for _, c := range []struct {
		length float64
		over   float64
		ok     bool
	}{{110, 0, false}, {111, 10, true}, {130, 10, true}, {131, 30, true}, {200, 30, true}, {201, 100, true}} {
		_, g, ok := Spike(c.length, 100)
		if ok != c.ok || g.Over != c.over {
			t.Errorf("%v against 100: grade >%v%% (%v), want >%v%% (%v)", c.length, g.Over, ok, c.over, c.ok)
		}
	}
	if _, _, ok := Spike(60, 0); ok {
		t.Error("a spike over nothing")
	}
}

// Monotony is mean / population sd: six days of 100 and a rest day make 2.449; the week
// 100,100,100,100,60,45,0 is 1.991 and with 50 instead of 45 it is 2.038.
func TestMonotonyAndStrainAsFosterDefinesThem(t *testing.T) {
	for _, c := range []struct {
		week []float64
		want float64
		over bool
	}{
		{[]float64{100, 100, 100, 100, 100, 100, 0}, 2.449490, true},
		{[]float64{100, 100, 100, 100, 60, 50, 0}, 2.038370, true},
		{[]float64{100, 100, 100, 100, 60, 45, 0}, 1.990752, false},
	} {
		l := days("2026-11-30", c.week...) // a Monday
		l["2026-12-07"] = 1000             // the next week: not in it
		m, ok := Monotony(l, "2026-11-30")
		if !ok {
			t.Fatalf("%v: no monotony", c.week)
		}
		near(t, "monotony", m, c.want, 1e-4)
		if over := m > MonotonyHigh; over != c.over {
			t.Errorf("%v: monotony %.3f over %v, want %v", c.week, m, over, c.over)
		}
		sum := 0.0
		for _, v := range c.week {
			sum += v
		}
		near(t, "week sum", WeekSum(l, "2026-11-30"), sum, 1e-4)
		near(t, "strain", Strain(l, "2026-11-30"), sum*c.want, 1e-2)
	}
	if _, ok := Monotony(days("2026-11-30", 50, 50, 50, 50, 50, 50, 50), "2026-11-30"); ok {
		t.Error("a monotony for seven equal days (no spread)")
	}
	if _, ok := Monotony(nil, "2026-11-30"); ok || Strain(nil, "2026-11-30") != 0 {
		t.Error("a monotony or strain for a week without load")
	}
}

// 4 weeks of 3, 4, 5 and 4 hours: a week of 5:12 is 1.3 times their mean, 5:13 above it.
func TestRatioAgainstTheWeeksBefore(t *testing.T) {
	before := []float64{3 * 3600, 4 * 3600, 5 * 3600, 4 * 3600}
	for _, c := range []struct {
		secs float64
		over bool
	}{{5*3600 + 12*60, false}, {5*3600 + 13*60, true}} {
		r, mean, ok := Ratio(c.secs, before)
		if !ok || mean != 4*3600 {
			t.Fatalf("mean %v, ok %v", mean, ok)
		}
		if over := r > VolumeJump; over != c.over {
			t.Errorf("%v s: ratio %.4f, over %v, want %v", c.secs, r, over, c.over)
		}
	}
	if _, _, ok := Ratio(100, []float64{0, 0}); ok {
		t.Error("a ratio over weeks without volume")
	}
	if _, _, ok := Ratio(100, nil); ok {
		t.Error("a ratio over no weeks")
	}
}
