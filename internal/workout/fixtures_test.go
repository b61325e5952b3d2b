package workout

import (
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fixtures"
)

type docEvent struct {
	Name        string `json:"name"`
	Type        string `json:"type"`
	Description string `json:"description"`
	WorkoutDoc  *Doc   `json:"workout_doc"`
}

var docKinds = map[string]TargetKind{
	"%ftp": TargetPowerFTP, "power_zone": TargetPowerZone, "%lthr": TargetHRLTHR, "%hr": TargetHRMax,
	"hr_zone": TargetHRZone, "%pace": TargetPacePct, "pace_zone": TargetPaceZone,
}

func (v *DocValue) lowHigh() (float64, float64) {
	if v.Value != nil {
		return v.Value.Value, v.Value.Value
	}
	return v.Start.Value, v.End.Value
}

func loadEvents(t *testing.T, file string) []docEvent {
	t.Helper()
	b, err := fixtures.Read(file)
	if err != nil {
		t.Fatal(err)
	}
	var evs []docEvent
	if err := json.Unmarshal(b, &evs); err != nil {
		t.Fatal(err)
	}
	return evs
}

// compareDoc checks a parsed node against the step Intervals.icu parsed from the same line.
func compareDoc(t *testing.T, where string, n Node, d DocStep) {
	t.Helper()
	if reps := int(d.Reps.Value); reps > 0 {
		if n.Repeat != reps || len(n.Steps) != len(d.Steps) {
			t.Fatalf("%s: repeat %d with %d steps, Intervals.icu %d with %d", where, n.Repeat, len(n.Steps), reps, len(d.Steps))
		}
		for i := range d.Steps {
			compareDoc(t, where, n.Steps[i], d.Steps[i])
		}
		return
	}
	if d.Distance.Value > 0 {
		if math.Abs(n.Distance-d.Distance.Value) > 1e-6 {
			t.Errorf("%s: distance %v, Intervals.icu %v", where, n.Distance, d.Distance.Value)
		}
	} else if n.Duration != time.Duration(d.Duration.Value)*time.Second {
		t.Errorf("%s: duration %v, Intervals.icu %vs", where, n.Duration, d.Duration.Value)
	}
	var v *DocValue
	for _, x := range []*DocValue{d.Power, d.HR, d.Pace} {
		if x != nil {
			v = x
		}
	}
	if v == nil {
		if n.Target.Kind != TargetNone {
			t.Errorf("%s: target %+v, Intervals.icu none", where, n.Target)
		}
	} else {
		lo, hi := v.lowHigh()
		want := Target{Kind: docKinds[v.Units], Low: lo, High: hi, Ramp: bool(d.Ramp)}
		if n.Target != want {
			t.Errorf("%s: target %+v, Intervals.icu %+v", where, n.Target, want)
		}
	}
	if d.Cadence != nil {
		lo, hi := d.Cadence.lowHigh()
		if n.Cadence != (Range{Low: lo, High: hi}) {
			t.Errorf("%s: cadence %+v, Intervals.icu %v-%v", where, n.Cadence, lo, hi)
		}
	}
}

func TestParseAgreesWithIntervalsICUOnRecordedWorkouts(t *testing.T) {
	evs := loadEvents(t, "events-list.json")
	checked := 0
	for _, ev := range evs {
		if ev.WorkoutDoc == nil || len(ev.WorkoutDoc.Steps) == 0 {
			continue
		}
		sport := SportFor(ev.Type)
		w, err := Parse(sport, ev.Description)
		if err != nil {
			t.Fatalf("%s: %v", ev.Name, err)
		}
		if len(w.Steps) != len(ev.WorkoutDoc.Steps) {
			t.Fatalf("%s: %d steps, Intervals.icu %d", ev.Name, len(w.Steps), len(ev.WorkoutDoc.Steps))
		}
		for i, d := range ev.WorkoutDoc.Steps {
			compareDoc(t, ev.Name+" step "+w.Steps[i].Target.text(), w.Steps[i], d)
		}
		th := Thresholds{ThresholdPace: ev.WorkoutDoc.ThresholdPace, SwimThresholdPace: ev.WorkoutDoc.ThresholdPace}
		if got, want := w.Summary(th).Duration, time.Duration(ev.WorkoutDoc.Duration.Value)*time.Second; got != want {
			t.Errorf("%s: total %v, Intervals.icu %v", ev.Name, got, want)
		}
		checked++
	}
	if checked != 5 {
		t.Fatalf("compared %d recorded workouts, want 5", checked)
	}
}

func TestParseReadsRecordedLibraryWorkoutWithRepeatAndDescriptionLine(t *testing.T) {
	var folders []struct {
		Children []docEvent `json:"children"`
	}
	b, err := fixtures.Read("folders.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &folders); err != nil {
		t.Fatal(err)
	}
	ev := folders[0].Children[0]
	sum, problems := Check(SportFor(ev.Type), ev.Description, Thresholds{})
	if len(problems) != 0 {
		t.Fatalf("recorded workout text has problems: %v", problems)
	}
	if want := time.Duration(ev.WorkoutDoc.Duration.Value) * time.Second; sum.Duration != want {
		t.Errorf("total %v, Intervals.icu %v", sum.Duration, want)
	}
	w, err := Parse(SportFor(ev.Type), ev.Description)
	if err != nil {
		t.Fatal(err)
	}
	// The description's text lines come first; then the steps as Intervals.icu read them.
	for i := range 5 {
		compareDoc(t, "library workout", w.Steps[i], ev.WorkoutDoc.Steps[i])
	}
}
