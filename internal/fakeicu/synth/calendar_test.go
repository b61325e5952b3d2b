package synth

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestPairedEventsHaveTheirActivityOnTheSameDay(t *testing.T) {
	for _, a := range testWorld(t).Athletes {
		acts := map[string]int{}
		for i, act := range a.Activities {
			acts[*act.Id] = i
		}
		if len(a.PairedActivity) == 0 {
			t.Fatalf("%s: no paired events", *a.Profile.Id)
		}
		for _, e := range a.Events {
			id, ok := a.PairedActivity[*e.Id]
			if !ok {
				continue
			}
			i, ok := acts[id]
			if !ok {
				t.Fatalf("event %d is paired with %s, which is not an activity", *e.Id, id)
			}
			act := a.Activities[i]
			if (*act.StartDateLocal)[:10] != (*e.StartDateLocal)[:10] {
				t.Errorf("event %d on %s is paired with %s on %s", *e.Id, *e.StartDateLocal, id, *act.StartDateLocal)
			}
			if act.PairedEventId == nil || *act.PairedEventId != *e.Id {
				t.Errorf("activity %s does not point back to event %d", id, *e.Id)
			}
			if *act.Type != *e.Type {
				t.Errorf("event %d (%s) is paired with a %s", *e.Id, *e.Type, *act.Type)
			}
		}
		// And every activity that points at an event is in the map.
		for _, act := range a.Activities {
			if act.PairedEventId != nil && a.PairedActivity[*act.PairedEventId] != *act.Id {
				t.Errorf("activity %s points at event %d, which is not paired with it", *act.Id, *act.PairedEventId)
			}
		}
	}
}

func TestCalendarHasMissedUpcomingRacesAndPeriods(t *testing.T) {
	w := testWorld(t)
	p := w.Athletes[0]
	today := w.Today.Format(dateLayout)
	count := map[string]int{}
	missed, upcoming, withExternal := 0, 0, 0
	var lastUpcoming string
	for _, e := range p.Events {
		count[string(*e.Category)]++
		if *e.Category != "WORKOUT" {
			continue
		}
		d := (*e.StartDateLocal)[:10]
		_, paired := p.PairedActivity[*e.Id]
		switch {
		case d < today && !paired:
			missed++
		case d > today:
			upcoming++
			lastUpcoming = d
		}
		if e.ExternalId != nil {
			withExternal++
		}
	}
	for _, c := range []string{"RACE_A", "RACE_B", "RACE_C", "SICK", "HOLIDAY", "NOTE", "SEASON_START"} {
		if count[c] == 0 {
			t.Errorf("no %s event", c)
		}
	}
	if missed < 3 {
		t.Errorf("%d missed workouts in the past, want a few", missed)
	}
	if upcoming < 15 || lastUpcoming < day(w.Today, 21).Format(dateLayout) {
		t.Errorf("%d upcoming workouts, the last on %s: want about four weeks of them", upcoming, lastUpcoming)
	}
	if withExternal == 0 {
		t.Error("no event has an external_id")
	}
	for _, e := range p.Events {
		if *e.Category == "RACE_A" {
			d, _ := time.ParseInLocation(localLayout, *e.StartDateLocal, p.Location)
			if weeks := d.Sub(w.Today).Hours() / 24 / 7; weeks < 7 || weeks > 9 {
				t.Errorf("RACE_A in %.1f weeks, want about 8", weeks)
			}
		}
	}
}

func TestEventsSortedWithUniqueIDs(t *testing.T) {
	seen := map[int32]bool{}
	for _, a := range testWorld(t).Athletes {
		for i, e := range a.Events {
			if seen[*e.Id] {
				t.Fatalf("event id %d used twice", *e.Id)
			}
			seen[*e.Id] = true
			if i > 0 && *e.StartDateLocal < *a.Events[i-1].StartDateLocal {
				t.Fatalf("%s: event on %s after one on %s", *a.Profile.Id, *e.StartDateLocal, *a.Events[i-1].StartDateLocal)
			}
		}
	}
}

var (
	stepLineRe = regexp.MustCompile(`^- ((\d+h)?(\d+m)?(\d+s)?|\d+mtr|\d+(\.\d+)?km) (\d+% Pace|\d+%|Z\d HR|\d+:\d\d/km Pace)$`)
	repeatRe   = regexp.MustCompile(`^\d+x$`)
	minutesRe  = regexp.MustCompile(`^- \d+m `)
)

// TestUpcomingWorkoutTextParses checks the workout text of every planned workout: each
// line is a step with a duration or distance and a target, or a repeat; swims write
// distances in "mtr" (in the workout text "400m" is 400 minutes).
func TestUpcomingWorkoutTextParses(t *testing.T) {
	for _, a := range testWorld(t).Athletes {
		for _, e := range a.Events {
			if *e.Category != "WORKOUT" {
				continue
			}
			text := *e.Description
			if strings.Contains(text, "\n\n\n") {
				t.Errorf("event %d: more than one blank line in a row:\n%s", *e.Id, text)
			}
			for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
				switch {
				case line == "", line == "Warmup", line == "Cooldown": // the headers that flag a step
				case repeatRe.MatchString(line):
				case stepLineRe.MatchString(line) && line[2] != ' ':
					if *e.Type == "Swim" && minutesRe.MatchString(line) && !strings.Contains(line, "mtr") {
						t.Errorf("event %d: swim step %q is in minutes", *e.Id, line)
					}
					if *e.Type == "Swim" && !strings.Contains(line, "mtr") {
						t.Errorf("event %d: swim step %q is not a distance in mtr", *e.Id, line)
					}
				default:
					t.Errorf("event %d (%s): line %q is not a workout step", *e.Id, *e.Type, line)
				}
			}
			if e.WorkoutDoc == nil || (*e.WorkoutDoc)["duration"] != int(*e.MovingTime) {
				t.Errorf("event %d: workout_doc duration does not match moving_time %d", *e.Id, *e.MovingTime)
			}
		}
	}
}
