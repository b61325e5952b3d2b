package format

import (
	"strings"
	"testing"
)

func TestVolumeOrdersSportsByTimeAndOmitsAMissingDistance(t *testing.T) {
	week := map[string]SportVolume{
		"WeightTraining": {Count: 1, Secs: 1800, Load: 20},
		"Ride":           {Count: 2, Secs: 7200, Metres: 60000, Load: 110},
		"Run":            {Count: 1, Secs: 1800, Metres: 6000, Load: 40},
	}
	got := Units{}.TrainingVolume(TrainingVolume{Athlete: "Ann", Oldest: "2026-11-23", Newest: "2026-11-30", Total: week,
		Weeks: []VolumeWeek{{Monday: "2026-11-30"}, {Monday: "2026-11-23", Sports: week}}}, 4000)
	want := "Ride 2× 2:00:00 60.00 km load 110; Run 1× 30:00 6.00 km load 40; WeightTraining 1× 30:00 load 20 | all 4× 3:00:00 load 170"
	wantAll(t, got,
		"Training volume of Ann, 1 full week Mon 2026-11-23..Sun 2026-11-29 and this week so far, to Mon 2026-11-30 (weeks start Monday, UTC)",
		"Totals of the 1 full week (this week so far apart, below): "+want,
		"- this week so far, Mon 2026-11-30: no activities",
		"- Mon 2026-11-23: "+want,
	)
}

// A load that is missing is said to be missing, never shown as 0 (recorded payloads have
// activities without icu_training_load).
func TestVolumeNeverShowsAMissingLoadAsZero(t *testing.T) {
	week := map[string]SportVolume{
		"Swim": {Count: 2, Secs: 3600, Metres: 3000, Unloaded: 2},
		"Run":  {Count: 2, Secs: 3600, Metres: 10000, Load: 60, Unloaded: 1},
	}
	got := Units{}.TrainingVolume(TrainingVolume{Athlete: "Ann", Oldest: "2026-11-23", Newest: "2026-11-30", Total: week,
		Weeks: []VolumeWeek{{Monday: "2026-11-23", Sports: week}}}, 4000)
	wantAll(t, got, "Training volume of Ann, 1 week Mon 2026-11-23..", "Run 2× 1:00:00 10.00 km load 60 (1 without); Swim 2× 1:00:00 3000 m load n/a | all 4× 2:00:00 load 60 (3 without)")
	if strings.Contains(got, "load 0") {
		t.Errorf("a missing load shown as 0:\n%s", got)
	}
}
