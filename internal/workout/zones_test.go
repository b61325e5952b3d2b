package workout

import "testing"

// TestZoneTimes: each step's time lands in the zone of its target on its own scale, repeats
// expanded; a freeride step is unzoned.
func TestZoneTimes(t *testing.T) {
	th := Thresholds{FTP: 250, LTHR: 170, ThresholdPace: 4}
	cases := []struct {
		sport   Sport
		text    string
		zone    int
		secs    float64
		unzoned float64
	}{
		{Ride, "- 10m 65%\n", 2, 600, 0},
		{Ride, "- 10m 80%\n", 3, 600, 0},
		{Ride, "3x\n- 5m 100%\n- 5m 50%\n", 4, 900, 0},
		{Ride, "- 10m 300w\n", 5, 600, 0},
		{Ride, "- 10m Z6\n", 6, 600, 0},
		{Ride, "- 10m freeride\n- 5m 50%\n", 1, 300, 600},
		{Run, "- 20m 85% pace\n", 2, 1200, 0},
		{Run, "- 20m 4:15/km pace\n", 4, 1200, 0}, // 3.92 m/s: 98% of threshold speed
		{Run, "- 20m Z3 HR\n", 3, 1200, 0},
		{Run, "- 20m 96% LTHR\n", 4, 1200, 0},
	}
	for _, c := range cases {
		w := Read(c.sport, c.text)
		zones, unzoned := w.ZoneTimes(th)
		if zones[c.zone-1] != c.secs || unzoned != c.unzoned {
			t.Errorf("%q: zones %v unzoned %v, want %v s in Z%d and %v unzoned", c.text, zones, unzoned, c.secs, c.zone, c.unzoned)
		}
	}
}
