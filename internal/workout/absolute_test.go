package workout

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// absTh are the demo athlete's settings: FTP 250 W, LTHR 168, max HR 186, threshold pace
// 4:15/km (3.922 m/s), Intervals.icu's default zones.
var absTh = Thresholds{
	FTP: 250, LTHR: 168, MaxHR: 186, ThresholdPace: 1000.0 / 255, SwimThresholdPace: 100.0 / 105,
	PowerZones: []float64{55, 75, 90, 105, 120, 150, 999},
	HRZones:    []float64{136, 150, 156, 166, 171, 178, 186},
	PaceZones:  []float64{77.5, 87.7, 94.3, 100, 103.4, 111.5, 999},
}

func TestAbsoluteValuesOfRelativeTargets(t *testing.T) {
	for _, tc := range []struct {
		sport Sport
		text  string
		want  []string
	}{
		{Ride, "- 10m 75%\n\n3x\n- 10m 88-94%\n- 5m 55%\n\n- 10m 75%", []string{"75% 188 W", "88-94% 220-235 W", "55% 138 W"}},
		{Ride, "- 10m Z2\n- 5m Z7\n- 5m Z1\n- 5m 250w", []string{"Z2 138-188 W", "Z7 over 375 W", "Z1 up to 138 W"}},
		{Ride, "- 10m ramp 50%-75%", []string{"ramp 50-75% 125-188 W"}},
		{Run, "- 20m 95% Pace\n- 10m 90-95% Pace\n- 5m 4:30/km Pace", []string{"95% Pace 4:28/km", "90-95% Pace 4:28-4:43/km"}},
		{Run, "- 30m Z2 Pace\n- 5m Z7 Pace", []string{"Z2 Pace 4:51-5:29/km", "Z7 Pace faster than 3:49/km"}},
		{Run, "- 30m Z2 HR\n- 10m 95% LTHR\n- 5m 80% HR\n- 5m Z1 HR", []string{"Z2 HR 137-150 bpm", "95% LTHR 160 bpm", "80% HR 149 bpm", "Z1 HR up to 136 bpm"}},
		{Swim, "- 400mtr 95% Pace", []string{"95% Pace 1:51/100m"}},
	} {
		w, err := Parse(tc.sport, tc.text)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(tc.want, w.Absolutes(absTh)); d != "" {
			t.Errorf("%s %q (-want +got):\n%s", tc.sport, tc.text, d)
		}
	}
}

func TestAbsoluteNeedsTheThreshold(t *testing.T) {
	w, err := Parse(Run, "- 20m 95% Pace\n- 10m Z2 HR\n- 10m Z9 HR")
	if err != nil {
		t.Fatal(err)
	}
	if got := w.Absolutes(Thresholds{LTHR: 168}); len(got) != 0 {
		t.Errorf("without threshold pace or HR zones, no value can be given: %q", got)
	}
	mi := absTh
	mi.PaceUnit = "mi"
	w, _ = Parse(Run, "- 20m 95% Pace")
	if got := w.Absolutes(mi); len(got) != 1 || got[0] != "95% Pace 7:12/mi" {
		t.Errorf("pace in miles: %q", got)
	}
}
