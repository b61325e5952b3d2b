package load

import (
	"math"
	"strings"
	"testing"
)

func TestProjectRejectsBadInputWithAnErrorThatSaysWhatToDo(t *testing.T) {
	ok := Day{Date: "2025-01-01", Fitness: 50, Fatigue: 50}
	for _, tc := range []struct {
		name   string
		model  Model
		start  Day
		loads  map[string]float64
		resets []Reset
		until  string
		want   string // substring of the error
	}{
		{"zero model", Model{}, ok, nil, nil, "2025-01-02", "model FitnessDays is 0: give a number of days above 0"},
		{"negative fatigue days", Model{42, -7}, ok, nil, nil, "2025-01-02", "model FatigueDays is -7"},
		{"start not a date", Default(), Day{Date: "01/02/2025"}, nil, nil, "2025-01-02", `start: date "01/02/2025" is not a calendar date: write it as YYYY-MM-DD`},
		{"start a date-time", Default(), Day{Date: "2025-01-01T00:00:00"}, nil, nil, "2025-01-02", `start: date "2025-01-01T00:00:00"`},
		{"until impossible day", Default(), ok, nil, nil, "2025-02-30", `until: date "2025-02-30" is not a calendar date`},
		{"until one digit month", Default(), ok, nil, nil, "2025-1-02", `until: date "2025-1-02"`},
		{"until before start", Default(), ok, nil, nil, "2024-12-31", "until 2024-12-31 is before start 2025-01-01"},
		{"span too long", Default(), ok, nil, nil, "2100-01-01", "at most 7320 days"},
		{"start fitness NaN", Default(), Day{Date: "2025-01-01", Fitness: math.NaN()}, nil, nil, "2025-01-02", "start fitness is NaN"},
		{"start fatigue negative", Default(), Day{Date: "2025-01-01", Fatigue: -1}, nil, nil, "2025-01-02", "start fatigue is -1"},
		{"load date", Default(), ok, map[string]float64{"2025-13-01": 10}, nil, "2025-01-02", `loads: date "2025-13-01"`},
		{"negative load", Default(), ok, map[string]float64{"2025-01-02": -5}, nil, "2025-01-02", "loads: 2025-01-02 has load -5"},
		{"infinite load", Default(), ok, map[string]float64{"2025-01-02": math.Inf(1)}, nil, "2025-01-02", "has load +Inf"},
		{"reset date", Default(), ok, nil, []Reset{{Date: "tomorrow", Fitness: ptr(1)}}, "2025-01-02", `reset: date "tomorrow"`},
		{"reset fitness days zero", Default(), ok, nil, []Reset{{Date: "2025-01-02", FitnessDays: ptr(0)}}, "2025-01-02", "reset 2025-01-02 fitness days is 0"},
		{"reset fitness negative", Default(), ok, nil, []Reset{{Date: "2025-01-02", Fitness: ptr(-3)}}, "2025-01-02", "reset 2025-01-02 fitness is -3"},
		{"reset eFTP zero", Default(), ok, nil, []Reset{{Date: "2025-01-02", EFTP: ptr(0)}}, "2025-01-02", "give the new eFTP in watts"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			days, err := tc.model.Project(tc.start, tc.loads, tc.resets, tc.until)
			if err == nil {
				t.Fatalf("got %d days and no error, want an error containing %q", len(days), tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "project load: ") {
				t.Errorf("error = %q, want it to start with \"project load: \" and contain %q", err, tc.want)
			}
		})
	}
}

func TestSeriesRejectsBadDates(t *testing.T) {
	for _, tc := range []struct{ first, until, want string }{
		{"2025-01-32", "2025-02-01", `load series: first: date "2025-01-32"`},
		{"2025-01-01", "", `load series: until: date ""`},
		{"2025-01-10", "2025-01-09", "until 2025-01-09 is before first 2025-01-10"},
	} {
		_, err := Default().Series(tc.first, 0, 0, nil, nil, tc.until)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Series(%q, %q) error = %v, want %q", tc.first, tc.until, err, tc.want)
		}
	}
}
