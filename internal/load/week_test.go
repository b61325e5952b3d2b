package load

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestWeeklyGroupsMondayToSundayWithGapsAndFullWeekLoads(t *testing.T) {
	days := []Day{ // out of order, with a malformed date and a week with no day
		{Date: "2025-03-18", Fitness: 45, Fatigue: 50, Form: -5},
		{Date: "2025-03-05", Fitness: 40, Fatigue: 30, Form: 10},
		{Date: "not a date", Fitness: 99},
		{Date: "2025-03-09", Fitness: 41, Fatigue: 35, Form: 6},
	}
	done := map[string]float64{
		"2025-03-03": 10,  // the Monday before the first day: still its week
		"2025-03-09": 20,  // Sunday
		"2025-03-16": 5,   // the Sunday of the week without days
		"2025-03-24": 100, // after the last week: ignored
	}
	planned := map[string]float64{
		"2025-03-02": 70, // the Sunday before the first week: ignored
		"2025-03-18": 50,
		"2025-03-23": 30, // after the last day, in its week
	}
	want := []Week{
		{Start: "2025-03-03", Done: 30, EndDate: "2025-03-09", EndFitness: 41, EndFatigue: 35, EndForm: 6},
		{Start: "2025-03-10", Done: 5},
		{Start: "2025-03-17", Planned: 80, EndDate: "2025-03-18", EndFitness: 45, EndFatigue: 50, EndForm: -5},
	}
	if diff := cmp.Diff(want, Weekly(days, done, planned)); diff != "" {
		t.Errorf("Weekly (-want +got):\n%s", diff)
	}
}

func TestWeeklyOfNoDaysIsNil(t *testing.T) {
	if got := Weekly(nil, map[string]float64{"2025-03-03": 1}, nil); got != nil {
		t.Errorf("Weekly(nil) = %+v, want nil", got)
	}
}

func TestWeeklyOverAProjection(t *testing.T) {
	got, err := Default().Project(Day{Date: "2025-03-02", Fitness: 48.9525, Fatigue: 56.4990}, handLoads, handReset, "2025-03-12")
	if err != nil {
		t.Fatal(err)
	}
	weeks := Weekly(got, nil, handLoads)
	if len(weeks) != 2 {
		t.Fatalf("got %d weeks, want 2", len(weeks))
	}
	// 2025-03-03..09 (Mon..Sun): 100+80+120+50+60 planned; ends on Sunday 03-09.
	w := weeks[0]
	if w.Start != "2025-03-03" || w.Planned != 410 || w.EndDate != "2025-03-09" {
		t.Errorf("week 1 = %+v, want start 2025-03-03, planned 410, ending 2025-03-09", w)
	}
	near(t, "week 1 end fitness", w.EndFitness, 39.52, 0.01)
	near(t, "week 1 end form", w.EndForm, 10.05, 0.01)
	if w := weeks[1]; w.Start != "2025-03-10" || w.Planned != 270 || w.EndDate != "2025-03-12" {
		t.Errorf("week 2 = %+v, want start 2025-03-10, planned 270, ending 2025-03-12", w)
	}
}
