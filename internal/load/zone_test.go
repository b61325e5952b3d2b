package load

import (
	"math"
	"testing"
)

func TestFormZoneBandsAndBoundaries(t *testing.T) {
	for _, tc := range []struct {
		form, fitness float64
		want          string
	}{
		{21, 100, ZoneTransition},
		{20, 100, ZoneFresh}, // a boundary belongs to the zone nearer zero
		{5.01, 100, ZoneFresh},
		{5, 100, ZoneGrey},
		{0, 100, ZoneGrey},
		{-10, 100, ZoneGrey},
		{-10.01, 100, ZoneOptimal},
		{-30, 100, ZoneOptimal},
		{-30.01, 100, ZoneHighRisk},
		{-15, 60, ZoneOptimal},  // -25%
		{-15, 40, ZoneHighRisk}, // -37.5%: the same form is a different zone at lower fitness
		{10, 0, ""},
		{10, -5, ""},
		{math.NaN(), 50, ""},
		{10, math.Inf(1), ""},
		{math.Inf(-1), 50, ""},
	} {
		if got := FormZone(tc.form, tc.fitness); got != tc.want {
			t.Errorf("FormZone(%v, %v) = %q, want %q", tc.form, tc.fitness, got, tc.want)
		}
	}
}
