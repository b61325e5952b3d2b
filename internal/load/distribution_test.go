package load

import "testing"

// TestDistributionName: Treff's polarization index names a polarized distribution; the order
// of the zones names a pyramidal or threshold one.
func TestDistributionName(t *testing.T) {
	cases := []struct {
		d    Distribution
		want string
	}{
		{Distribution{80, 5, 15}, "polarized"},  // PI log10(16 × 0.15 × 100) = 2.38
		{Distribution{75, 20, 5}, "pyramidal"},  // PI 1.27
		{Distribution{46, 54, 0}, "threshold"},  // no zone 3
		{Distribution{70, 12, 18}, "polarized"}, // PI 2.02
		{Distribution{70, 14, 16}, ""},          // PI 1.90, zone 3 above zone 2
		{Distribution{100, 0, 0}, "pyramidal"},  // all easy
		{Distribution{30, 20, 50}, ""},          // high intensity
		{Distribution{}, ""},
	}
	for _, c := range cases {
		if got := c.d.Name(); got != c.want {
			pi, _ := c.d.PolarizationIndex()
			t.Errorf("%v (PI %.2f): %q, want %q", c.d, pi, got, c.want)
		}
	}
}

// TestThreeZones: Z1-Z2, Z3-Z4 and Z5 up are the three zones.
func TestThreeZones(t *testing.T) {
	if got, want := ThreeZones([]float64{1, 2, 3, 4, 5, 6, 7}), (Distribution{3, 7, 18}); got != want {
		t.Errorf("ThreeZones: %v, want %v", got, want)
	}
}
