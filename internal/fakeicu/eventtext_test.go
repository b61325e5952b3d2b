package fakeicu

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/workout"
)

// Intervals.icu reads a workout's text on every create and update: it keeps the workout_doc it
// makes, and sets the time and the load from it over what the client sent (for a workout with
// steps); a workout without steps keeps what the client gave.
func TestWorkoutTextSetsTimeAndLoad(t *testing.T) {
	f := newTestFake(t, Options{})
	body := mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events",
		`{"category":"WORKOUT","type":"Ride","start_date_local":"2026-03-12","description":"- 10m 60%\n- 20m 90%","moving_time":99,"icu_training_load":1}`)
	e := decode[eventOut](t, body)
	// NP of 10 min at 60% and 20 min at 90%: (⅓×0.6⁴ + ⅔×0.9⁴)^¼ = 0.83 of FTP; half an hour
	// at IF 0.83 is load 35. What the client sent for both is not kept.
	if deref(e.MovingTime) != 1800 || deref(e.IcuTrainingLoad) != 35 {
		t.Fatalf("created workout: moving_time %d, load %d; want 1800 and 35", deref(e.MovingTime), deref(e.IcuTrainingLoad))
	}
	if e.WorkoutDoc == nil || len((*e.WorkoutDoc)["steps"].([]any)) != 2 || (*e.WorkoutDoc)["duration"] != 1800.0 {
		t.Fatalf("created workout: workout_doc %v, want its two steps and 1800 s", e.WorkoutDoc)
	}
	path := "/api/v1/athlete/0/events/" + itoa32(deref(e.Id))
	e = decode[eventOut](t, mustStatus(t, f, 200, "PUT", path, `{"description":"- 1h 70%"}`))
	if deref(e.MovingTime) != 3600 || deref(e.IcuTrainingLoad) != 49 {
		t.Errorf("new text: moving_time %d, load %d; want 3600 and 49", deref(e.MovingTime), deref(e.IcuTrainingLoad))
	}
	e = decode[eventOut](t, mustStatus(t, f, 200, "PUT", path, `{"description":"- 1h 70%","moving_time":4000}`))
	if deref(e.MovingTime) != 3600 {
		t.Errorf("moving_time sent with the text: %d, want the text's 3600", deref(e.MovingTime))
	}
	e = decode[eventOut](t, mustStatus(t, f, 200, "PUT", path, `{"name":"renamed"}`))
	if deref(e.MovingTime) != 3600 || deref(e.IcuTrainingLoad) != 49 {
		t.Errorf("rename changed what the text set: %d s, load %d", deref(e.MovingTime), deref(e.IcuTrainingLoad))
	}
	free := decode[eventOut](t, mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events",
		`{"category":"WORKOUT","type":"Run","start_date_local":"2026-03-12","description":"Easy run by feel","moving_time":2700,"icu_training_load":40}`))
	if deref(free.MovingTime) != 2700 || deref(free.IcuTrainingLoad) != 40 || len((*free.WorkoutDoc)["steps"].([]any)) != 0 {
		t.Errorf("a workout without steps: %d s, load %d, doc %v; want what was sent and no steps", deref(free.MovingTime), deref(free.IcuTrainingLoad), free.WorkoutDoc)
	}
	note := decode[eventOut](t, mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events",
		`{"category":"NOTE","start_date_local":"2026-03-12","description":"- 10m 60%"}`))
	if note.MovingTime != nil || note.WorkoutDoc != nil {
		t.Errorf("a NOTE's text was read as a workout")
	}
}

// FaultMisread makes the fake read a written workout's first step twice as long.
func TestMisreadReadsTheFirstStepTwiceAsLong(t *testing.T) {
	f := newTestFake(t, Options{})
	f.Inject(Fault{Kind: FaultMisread, Count: 1})
	e := decode[eventOut](t, mustStatus(t, f, 200, "POST", "/api/v1/athlete/0/events",
		`{"category":"WORKOUT","type":"Ride","start_date_local":"2026-03-12","description":"- 10m 60%\n- 20m 90%"}`))
	if deref(e.MovingTime) != 2400 {
		t.Errorf("misread: moving_time %d, want 2400 (the first step read as 20 minutes)", deref(e.MovingTime))
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

// The demo calendar's workouts carry the workout_doc their text reads as (workout.Read, the
// reading of record): the steps, their lengths and targets, and the warm-up and cool-down
// flags their header lines set. Read tools render the doc; it must be the text's.
func TestDemoWorkoutsCarryTheDocTheirTextReadsAs(t *testing.T) {
	f := newTestFake(t, Options{})
	w := f.World()
	for _, a := range w.Athletes {
		for _, e := range a.Events {
			if deref(e.Category) != api.EventCategoryWORKOUT || e.WorkoutDoc == nil {
				continue
			}
			b, _ := json.Marshal(*e.WorkoutDoc)
			var stored workout.Doc
			if err := json.Unmarshal(b, &stored); err != nil {
				t.Fatal(err)
			}
			sport := workout.SportFor(deref(e.Type))
			read := workout.Read(sport, deref(e.Description)).Doc(thresholds(a, deref(e.Type)))
			if d := workout.Differences(read, stored); len(d) > 0 {
				t.Errorf("event %d (%s): the stored doc differs from the text's reading: %v\n%s", deref(e.Id), deref(e.Type), d, deref(e.Description))
			}
			for i := range min(len(read.Steps), len(stored.Steps)) {
				if read.Steps[i].Warmup != stored.Steps[i].Warmup || read.Steps[i].Cooldown != stored.Steps[i].Cooldown {
					t.Errorf("event %d: step %d's warm-up/cool-down flags differ from the text's:\n%s", deref(e.Id), i+1, deref(e.Description))
				}
			}
		}
	}
}
