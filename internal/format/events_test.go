package format

import "testing"

// TestTargetsSayAUnitOnce: three or more targets in one unit say it once, first; fewer, or
// mixed units, keep each its own.
func TestTargetsSayAUnitOnce(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want string
	}{
		{[]string{"55% 132 W", "100% 240 W", "50% 120 W"}, "in W: 55% 132, 100% 240, 50% 120"},
		{[]string{"72% Pace 2:26/100m", "101% Pace 1:44/100m", "60% Pace 2:55/100m"}, "in /100m: 72% Pace 2:26, 101% Pace 1:44, 60% Pace 2:55"},
		{[]string{"55% 138 W", "70% 175 W"}, "55% 138 W, 70% 175 W"},
		{[]string{"Z2 HR 137-150 bpm", "68% Pace 6:15/km", "Z1 HR up to 136 bpm"}, "Z2 HR 137-150 bpm, 68% Pace 6:15/km, Z1 HR up to 136 bpm"},
	} {
		if got := Targets(c.in); got != c.want {
			t.Errorf("Targets(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := targetsLine("in W: 55% 132, 100% 240, 50% 120"); got != "In the athlete's units (W): 55% 132, 100% 240, 50% 120" {
		t.Errorf("targetsLine = %q", got)
	}
}
