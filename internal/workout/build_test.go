package workout

import (
	"errors"
	"strings"
	"testing"
)

func TestBuildWritesIntervalsICUSyntax(t *testing.T) {
	tests := []struct {
		name  string
		sport Sport
		steps []Step
		want  string
	}{
		{"minutes and seconds", Ride, []Step{{Duration: "330", Target: "60% FTP"}}, "- 5m30s 60%"},
		{"hours", Ride, []Step{{Duration: "1:30:00", Target: "Z2"}}, "- 1h30m Z2"},
		{"metres become mtr", Run, []Step{{Distance: "400m", Target: "Z4 HR"}}, "- 400mtr Z4 HR"},
		{"yards become yrd", Swim, []Step{{Distance: "100yd", Target: "80% pace"}}, "- 100yrd 80% Pace"},
		{"absolute pace gets the word pace", Run, []Step{{Duration: "5:00", Target: "4:30/km"}}, "- 5m 4:30/km Pace"},
		{"swim pace", Swim, []Step{{Distance: "100m", Target: "1:45/100m"}}, "- 100mtr 1:45/100m Pace"},
		{"max HR", Run, []Step{{Duration: "600", Target: "70% maxHR"}}, "- 10m 70% HR"},
		{"LTHR", Run, []Step{{Duration: "600", Target: "95% LTHR"}}, "- 10m 95% LTHR"},
		{"bpm as % LTHR", Run, []Step{{Duration: "600", Target: "140-150 bpm"}}, "- 10m 82-88% LTHR"},
		{"watts", Ride, []Step{{Duration: "600", Target: "200 - 240 W"}}, "- 10m 200-240w"},
		{"ramp", Ride, []Step{{Label: "Warmup", Duration: "600", Target: "ramp 50-75% FTP"}}, "Warmup\n- 10m ramp 50-75%"}, // the header flags it as the warm-up
		{"freeride", Ride, []Step{{Duration: "1200", Target: "freeride"}}, "- 20m freeride"},
		{"VMA is written as pace", Run, []Step{{Distance: "1km", Target: "100% VMA"}}, "- 1km 3:20/km Pace"},
		{"VirtualRide is a ride", "VirtualRide", []Step{{Duration: "60", Target: "Z2"}}, "- 1m Z2"},
		{"repeat block with blank lines around", Ride, []Step{
			{Duration: "600", Target: "50% FTP"},
			{Label: "Main set", Repeat: 3, Steps: []Step{{Duration: "60", Target: "120% FTP"}, {Duration: "60", Target: "50% FTP"}}},
			{Duration: "600", Target: "50% FTP"},
		}, "- 10m 50%\n\nMain set 3x\n- 1m 120%\n- 1m 50%\n\n- 10m 50%"},
		{"two repeat blocks in a row", Ride, []Step{
			{Repeat: 2, Steps: []Step{{Duration: "60", Target: "Z5"}}},
			{Repeat: 2, Steps: []Step{{Duration: "60", Target: "Z1"}}},
		}, "2x\n- 1m Z5\n\n2x\n- 1m Z1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Build(tt.sport, tt.steps, testTh)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// TestBuildRefusesWhatIntervalsICUWouldMisread: each invalid step is named by its
// path with what to write instead.
func TestBuildRefusesWhatIntervalsICUWouldMisread(t *testing.T) {
	tests := []struct {
		name  string
		sport Sport
		steps []Step
		th    Thresholds
		want  string
	}{
		{"no steps", Ride, nil, testTh, "the workout has no steps"},
		{"cadence twice", Ride, []Step{{Duration: "60", Target: "75% FTP 90rpm", Cadence: "90rpm"}}, testTh, "step 1: the cadence is given twice"},
		{"nested repeat", Ride, []Step{{Repeat: 2, Steps: []Step{{Repeat: 3, Steps: []Step{{Duration: "60"}}}}}}, testTh, "nested repeats are not supported"},
		{"no duration or distance", Ride, []Step{{Target: "75% FTP"}}, testTh, "step 1: the step needs a duration"},
		{"both duration and distance", Run, []Step{{Duration: "60", Distance: "1km"}}, testTh, "step 1: give a duration or a distance, not both"},
		{"minutes in duration", Ride, []Step{{Duration: "10m"}}, testTh, `step 1: duration "10m": write seconds ("600") or h:mm:ss`},
		{"bad clock", Ride, []Step{{Duration: "5:75"}}, testTh, "minutes and seconds go up to 59"},
		{"zero duration", Ride, []Step{{Duration: "0"}}, testTh, "must be between 1 second and 24:00:00"},
		{"distance without unit", Run, []Step{{Distance: "400"}}, testTh, `distance "400": write a number and a unit`},
		{"bare percent", Ride, []Step{{Duration: "60", Target: "75%"}}, testTh, "say what the percentage is of: 75% FTP, 75% LTHR"},
		{"ambiguous HR percent", Run, []Step{{Duration: "60", Target: "70% HR"}}, testTh, "say which heart rate: 70% maxHR or 70% LTHR"},
		{"unknown reference", Run, []Step{{Duration: "60", Target: "70% CP"}}, testTh, `unknown reference "cp"`},
		{"bare zone in a run", Run, []Step{{Duration: "60", Target: "Z2"}}, testTh, "say which zone: Z2 HR or Z2 pace"},
		{"zone 8", Ride, []Step{{Duration: "60", Target: "Z8"}}, testTh, "zones go from Z1 to Z7"},
		{"pace without unit", Run, []Step{{Duration: "60", Target: "4:30"}}, testTh, "give the distance the pace is per: 4:30/km"},
		{"pace seconds over 59", Run, []Step{{Duration: "60", Target: "4:75/km"}}, testTh, "seconds go up to 59"},
		{"pace units differ", Run, []Step{{Duration: "60", Target: "4:30/km-7:30/mi"}}, testTh, "both paces need the same unit"},
		{"pace in a ride", Ride, []Step{{Duration: "60", Target: "90% pace"}}, testTh, "pace targets are for Run and Swim workouts"},
		{"power in a swim", Swim, []Step{{Duration: "60", Target: "200W"}}, testTh, "power targets are not for Swim workouts"},
		{"VMA unknown", Run, []Step{{Duration: "60", Target: "100% VMA"}}, Thresholds{}, "the athlete's VMA is unknown"},
		{"VMA in a swim", Swim, []Step{{Duration: "60", Target: "100% VMA"}}, testTh, "% VMA is for running"},
		{"ramp with one value", Ride, []Step{{Duration: "60", Target: "ramp 60% FTP"}}, testTh, "a ramp needs two different values"},
		{"ramp freeride", Ride, []Step{{Duration: "60", Target: "ramp freeride"}}, testTh, "a ramp needs two values, freeride has none"},
		{"nonsense target", Ride, []Step{{Duration: "60", Target: "hard"}}, testTh, `target "hard": write one of "75% FTP"`},
		{"zero target", Ride, []Step{{Duration: "60", Target: "0W"}}, testTh, "values must be more than 0"},
		{"bad cadence", Ride, []Step{{Duration: "60", Cadence: "fast"}}, testTh, `cadence "fast": write e.g. "90rpm"`},
		{"label with number+unit", Run, []Step{{Label: "Run 2km easy", Duration: "60"}}, testTh, `label "Run 2km easy" contains "2km"`},
		{"label with zone", Ride, []Step{{Label: "Z2 endurance", Duration: "60"}}, testTh, `contains "Z2"`},
		{"label with unknown unit", Ride, []Step{{Label: "Spin 10min", Duration: "60"}}, testTh, `contains "10min"`},
		{"label with newline", Ride, []Step{{Label: "a\nb", Duration: "60"}}, testTh, "the label must be one line"},
		{"label with dash", Ride, []Step{{Label: "- x", Duration: "60"}}, testTh, "must not start with -"},
		{"repeat without steps", Ride, []Step{{Repeat: 3}}, testTh, "step 1: a repeat needs its steps"},
		{"steps without repeat", Ride, []Step{{Steps: []Step{{Duration: "60"}}}}, testTh, "step 1: a block of steps needs repeat 2 to 1000"},
		{"block with its own duration", Ride, []Step{{Repeat: 2, Duration: "60", Steps: []Step{{Duration: "60"}}}}, testTh, "a repeat block carries only label, repeat and steps"},
		{"nested repeat", Ride, []Step{{Repeat: 2, Steps: []Step{{Repeat: 2, Steps: []Step{{Duration: "60"}}}}}}, testTh, "step 1.1: nested repeats are not supported"},
		{"negative repeat", Ride, []Step{{Repeat: -2, Duration: "60"}}, testTh, "repeat must be from 2 to 1000"},
		{"too many repeats", Ride, []Step{{Repeat: 1001, Steps: []Step{{Duration: "60"}}}}, testTh, "needs repeat 2 to 1000"},
		{"distance under a metre", Run, []Step{{Distance: "0.5m"}}, testTh, "must be from 1m to 1000km"},
		{"bad inner step path", Ride, []Step{{Duration: "60"}, {Repeat: 2, Steps: []Step{{Duration: "60"}, {Duration: "x"}}}}, testTh, `step 2.2: duration "x"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, err := Build(tt.sport, tt.steps, tt.th)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("want *Error, got text %q err %v", text, err)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q\nwant it to contain %q", err, tt.want)
			}
		})
	}
}

func TestBuildListsEveryProblem(t *testing.T) {
	_, err := Build(Run, []Step{{Duration: "10m"}, {Distance: "5k"}, {Duration: "60", Target: "Z9 HR"}}, testTh)
	var e *Error
	if !errors.As(err, &e) {
		t.Fatal(err)
	}
	var paths []string
	for _, p := range e.Problems {
		paths = append(paths, p.Path)
	}
	if strings.Join(paths, ",") != "1,2,3" {
		t.Errorf("paths %v, want 1,2,3", paths)
	}
}

func TestSportFor(t *testing.T) {
	for typ, want := range map[string]Sport{
		"Ride": Ride, "VirtualRide": Ride, "GravelRide": Ride, "MountainBikeRide": Ride, "EBikeRide": Ride,
		"Run": Run, "VirtualRun": Run, "TrailRun": Run, "Swim": Swim, "OpenWaterSwim": Swim,
		"WeightTraining": Other, "Rowing": Other, "": Other,
	} {
		if got := SportFor(typ); got != want {
			t.Errorf("SportFor(%q) = %q, want %q", typ, got, want)
		}
	}
}

func TestSplitCadence(t *testing.T) {
	for in, want := range map[string][2]string{
		"75% FTP 90rpm":        {"75% FTP", "90rpm"},
		"ramp 50-75% 85-95rpm": {"ramp 50-75%", "85-95rpm"},
		"90rpm":                {"", "90rpm"},
		"75% FTP":              {"75% FTP", ""},
		"":                     {"", ""},
	} {
		if rest, cad := splitCadence(in); rest != want[0] || cad != want[1] {
			t.Errorf("splitCadence(%q) = %q, %q; want %q, %q", in, rest, cad, want[0], want[1])
		}
	}
}
