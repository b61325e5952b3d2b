package load

import (
	"math"
	"testing"
)

func TestProjectIgnoresSetFitnessOnOrBeforeStart(t *testing.T) {
	// The API's values for the start already include a SET_FITNESS of that date or earlier.
	resets := []Reset{
		{Date: "2024-12-20", Fitness: ptr(10), Fatigue: ptr(10)},
		{Date: "2025-01-01", Fitness: ptr(20), Fatigue: ptr(20)},
	}
	got, err := Default().Project(Day{Date: "2025-01-01", Fitness: 70, Fatigue: 40}, nil, resets, "2025-01-02")
	if err != nil {
		t.Fatal(err)
	}
	near(t, "fitness", got[0].Fitness, 70*math.Exp(-1.0/42), 1e-9)
	near(t, "fatigue", got[0].Fatigue, 40*math.Exp(-1.0/7), 1e-9)
}

func TestProjectSetFitnessWithOnlyFatigueLeavesFitnessToTheModel(t *testing.T) {
	resets := []Reset{{Date: "2025-01-02", Fatigue: ptr(5)}}
	got, err := Default().Project(Day{Date: "2025-01-01", Fitness: 70, Fatigue: 40}, nil, resets, "2025-01-03")
	if err != nil {
		t.Fatal(err)
	}
	near(t, "fitness day 1", got[0].Fitness, 70*math.Exp(-1.0/42), 1e-9)
	near(t, "fatigue day 1", got[0].Fatigue, 5, 1e-9)
	near(t, "fatigue day 2", got[1].Fatigue, 5*math.Exp(-1.0/7), 1e-9)
}

func TestProjectCarriesSetEFTPWithoutChangingTheModel(t *testing.T) {
	m, start := Default(), Day{Date: "2025-01-01", Fitness: 50, Fatigue: 50}
	loads := map[string]float64{"2025-01-02": 80, "2025-01-03": 60}
	plain, err := m.Project(start, loads, nil, "2025-01-03")
	if err != nil {
		t.Fatal(err)
	}
	withEFTP, err := m.Project(start, loads, []Reset{{Date: "2025-01-02", EFTP: ptr(265)}}, "2025-01-03")
	if err != nil {
		t.Fatal(err)
	}
	for i := range plain {
		a, b := plain[i], withEFTP[i]
		if a.Fitness != b.Fitness || a.Fatigue != b.Fatigue || a.Form != b.Form || a.RampRate != b.RampRate {
			t.Errorf("%s: with SET_EFTP %+v, without %+v", a.Date, b, a)
		}
	}
	if r := withEFTP[0].Reset; r == nil || r.EFTP == nil || *r.EFTP != 265 {
		t.Errorf("2025-01-02 Reset = %+v, want eFTP 265", r)
	}
	if withEFTP[1].Reset != nil {
		t.Errorf("2025-01-03 Reset = %+v, want nil", withEFTP[1].Reset)
	}
}

func TestProjectMergesResetsOnOneDateAndDoesNotAliasThem(t *testing.T) {
	fit := 30.0
	resets := []Reset{
		{Date: "2025-01-02", Fitness: &fit, EFTP: ptr(250)},
		{Date: "2025-01-02", Fatigue: ptr(20), EFTP: ptr(260)}, // later fields win
	}
	got, err := Default().Project(Day{Date: "2025-01-01", Fitness: 70, Fatigue: 40}, nil, resets, "2025-01-02")
	if err != nil {
		t.Fatal(err)
	}
	fit = 99 // the caller's value changes after the call
	d := got[0]
	if d.Fitness != 30 || d.Fatigue != 20 {
		t.Errorf("fitness/fatigue = %v/%v, want 30/20", d.Fitness, d.Fatigue)
	}
	r := d.Reset
	if r == nil || r.Fitness == nil || *r.Fitness != 30 || *r.Fatigue != 20 || *r.EFTP != 260 {
		t.Errorf("Reset = %+v, want fitness 30, fatigue 20, eFTP 260", r)
	}
}

func TestProjectRampHistoryStopsAtASetFitness(t *testing.T) {
	// Start 2025-01-10 at fitness 50 after a load of 42; no load on 01-09; SET_FITNESS on
	// 01-08. Fitness on 01-09 and 01-08 follows backwards from the start; before 01-08 it
	// cannot, so 01-03..01-07 take 01-08's value.
	k := 1 - math.Exp(-1.0/42)
	c9 := (50 - k*42) / (1 - k)
	c8 := c9 / (1 - k)
	loads := map[string]float64{"2025-01-10": 42}
	resets := []Reset{{Date: "2025-01-08", Fitness: ptr(44), Fatigue: ptr(44)}}
	start := Day{Date: "2025-01-10", Fitness: 50, Fatigue: 50}
	got, err := Default().Project(start, loads, resets, "2025-01-16")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range got[:5] { // 01-11..01-15: seven days back is 01-04..01-08
		near(t, d.Date+" ramp", d.RampRate, d.Fitness-c8, 1e-9)
	}
	near(t, "2025-01-16 ramp", got[5].RampRate, got[5].Fitness-c9, 1e-9)

	// Without the reset the history goes on decaying backwards: 01-04 is c8/(1-k)^4.
	free, err := Default().Project(start, loads, nil, "2025-01-11")
	if err != nil {
		t.Fatal(err)
	}
	near(t, "2025-01-11 ramp without reset", free[0].RampRate, free[0].Fitness-c8/math.Pow(1-k, 4), 1e-9)
}
