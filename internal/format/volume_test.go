package format

import "testing"

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
		"Training volume of Ann, 2 weeks Mon 2026-11-23..Mon 2026-11-30 (weeks start Monday, UTC)",
		"Totals: "+want,
		"- Mon 2026-11-30: no activities",
		"- Mon 2026-11-23: "+want,
	)
}
