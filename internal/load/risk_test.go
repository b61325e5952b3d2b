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

// 21 days at 50, then a week at L: the ratio is 28L / (1050 + 7L), 1.3 at L = 72.2.
func TestACWRCrossesGabbettsSweetSpotBetween72And73(t *testing.T) {
	for _, c := range []struct {
		week float64
		over bool
	}{{72, false}, {73, true}} {
		l := days("2026-11-03", 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50)
		for d, v := range days("2026-11-24", c.week, c.week, c.week, c.week, c.week, c.week, c.week) {
			l[d] = v
		}
		r, acute, chronic, ok := ACWR(l, "2026-11-30")
		if !ok {
			t.Fatal("no ratio")
		}
		near(t, "acute", acute, c.week, 1e-4)
		near(t, "chronic", chronic, (21*50+7*c.week)/28, 1e-4)
		near(t, "ratio", r, 28*c.week/(1050+7*c.week), 1e-4)
		if over := r > ACWRHigh; over != c.over {
			t.Errorf("week at %v: ratio %.4f, over %v, want %v", c.week, r, over, c.over)
		}
	}
	// A load before the 28 days is not in it; without any load there is no ratio.
	if _, _, _, ok := ACWR(days("2026-10-01", 500), "2026-11-30"); ok {
		t.Error("a ratio of nothing")
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
