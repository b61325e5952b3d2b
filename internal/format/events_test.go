package format

import "testing"

// TestTargetsSayAUnitOnce: three or more targets in one unit say it once, first (and "pace"
// once, when all are of pace); fewer, or mixed units, keep each its own.
func TestTargetsSayAUnitOnce(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want string
	}{
		{[]string{"55% 132 W", "100% 240 W", "50% 120 W"}, "in W: 55% 132, 100% 240, 50% 120"},
		{[]string{"72% Pace 2:26/100m", "101% Pace 1:44/100m", "60% Pace 2:55/100m"}, "in /100m pace: 72% 2:26, 101% 1:44, 60% 2:55"},
		{[]string{"Z2 Pace 4:51-5:29/km", "95% Pace 4:28/km", "Z1 Pace slower than 5:29/km"}, "in /km pace: Z2 4:51-5:29, 95% 4:28, Z1 slower than 5:29"},
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
