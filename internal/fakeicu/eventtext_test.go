package fakeicu

import (
	"math"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
)

func TestWorkoutTextSetsTimeAndLoad(t *testing.T) {
	f := newTestFake(t, Options{})
	body := mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events",
		`{"category":"WORKOUT","type":"Ride","start_date_local":"2026-03-12","description":"- 10m 60%\n- 20m 90%"}`)
	e := decode[eventOut](t, body)
	// 10 min at IF 0.6 and 20 min at IF 0.9: (1/6×0.36 + 1/3×0.81)×100 = 33.
	if deref(e.MovingTime) != 1800 || deref(e.IcuTrainingLoad) != 33 {
		t.Fatalf("created workout: moving_time %d, load %d; want 1800 and 33", deref(e.MovingTime), deref(e.IcuTrainingLoad))
	}
	path := "/api/v1/athlete/0/events/" + itoa32(deref(e.Id))
	e = decode[eventOut](t, mustStatus(t, f, 200, "PUT", path, `{"description":"- 1h 70%"}`))
	if deref(e.MovingTime) != 3600 || deref(e.IcuTrainingLoad) != 49 {
		t.Errorf("new text: moving_time %d, load %d; want 3600 and 49", deref(e.MovingTime), deref(e.IcuTrainingLoad))
	}
	e = decode[eventOut](t, mustStatus(t, f, 200, "PUT", path, `{"description":"- 1h 70%","moving_time":4000}`))
	if deref(e.MovingTime) != 4000 {
		t.Errorf("moving_time sent with the text: %d, want 4000 kept", deref(e.MovingTime))
	}
	e = decode[eventOut](t, mustStatus(t, f, 200, "PUT", path, `{"name":"renamed"}`))
	if deref(e.MovingTime) != 4000 || deref(e.IcuTrainingLoad) != 49 {
		t.Errorf("rename changed what the text set: %d s, load %d", deref(e.MovingTime), deref(e.IcuTrainingLoad))
	}
	note := decode[eventOut](t, mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events",
		`{"category":"NOTE","start_date_local":"2026-03-12","description":"- 10m 60%"}`))
	if note.MovingTime != nil {
		t.Errorf("a NOTE's text was read as a workout")
	}
}

// Intervals.icu counts timed steps in a workout's distance at their target pace: the recorded
// "pace test" run (fixtures events-list.json) has 10 minutes at 70% and at 80-110% of threshold
// pace, whose _distance are 0.70 and 0.95 of threshold speed × 600 s.
func TestWorkoutTextDistanceCountsTimedStepsAtTheirPace(t *testing.T) {
	f := newTestFake(t, Options{})
	var tp float64
	for _, ss := range decode[[]api.SportSettings](t, mustStatus(t, f, 200, "GET", "/api/v1/athlete/0/sport-settings", "")) {
		if containsSport(ss, "Run") {
			tp = float64(deref(ss.ThresholdPace))
		}
	}
	if tp <= 0 {
		t.Fatal("the test athlete has no running threshold pace")
	}
	e := decode[eventOut](t, mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events",
		`{"category":"WORKOUT","type":"Run","start_date_local":"2026-03-12","description":"- 10m 70% Pace\n- 10m 80-110% Pace"}`))
	if want := (0.70 + 0.95) * tp * 600; math.Abs(float64(deref(e.Distance))-want) > 1 {
		t.Errorf("distance %v, want %.1f (the timed steps at their pace)", deref(e.Distance), want)
	}
}
