package load

import "testing"

// TestAddIsTheDayWalkedWithTheExtraLoad: a day's reported values with extra load added equal
// the model walked over that day with the extra load in it (fitness, fatigue, form, ramp).
func TestAddIsTheDayWalkedWithTheExtraLoad(t *testing.T) {
	start := Day{Date: "2025-03-02", Fitness: 48.95, Fatigue: 56.50}
	for _, tc := range []struct {
		name   string
		m      Model
		resets []Reset
	}{
		{"default", Default(), nil},
		{"fitness days on the date", Default(), []Reset{{Date: "2025-03-03", FitnessDays: ptr(21), FatigueDays: ptr(5)}}},
	} {
		without, err := tc.m.Project(start, map[string]float64{"2025-03-03": 40}, tc.resets, "2025-03-03")
		if err != nil {
			t.Fatal(err)
		}
		with, err := tc.m.Project(start, map[string]float64{"2025-03-03": 40 + 84}, tc.resets, "2025-03-03")
		if err != nil {
			t.Fatal(err)
		}
		got, err := tc.m.Add(without[0], 84, tc.resets)
		if err != nil {
			t.Fatal(err)
		}
		near(t, tc.name+" fitness", got.Fitness, with[0].Fitness, 1e-9)
		near(t, tc.name+" fatigue", got.Fatigue, with[0].Fatigue, 1e-9)
		near(t, tc.name+" form", got.Form, with[0].Form, 1e-9)
		near(t, tc.name+" ramp", got.RampRate, with[0].RampRate, 1e-9)
		near(t, tc.name+" load", got.Load, 124, 0)
		if !got.Planned || got.Fitness == without[0].Fitness {
			t.Errorf("%s: %+v is not the day with the extra load", tc.name, got)
		}
	}
}

func TestAddKeepsWhatASetFitnessFixes(t *testing.T) {
	d := Day{Date: "2025-03-07", Fitness: 40, Fatigue: 30, Form: 10}
	got, err := Default().Add(d, 100, []Reset{{Date: "2025-03-07", Fitness: ptr(40)}})
	if err != nil {
		t.Fatal(err)
	}
	if got.Fitness != 40 || !(got.Fatigue > 30) || got.Form != got.Fitness-got.Fatigue {
		t.Errorf("SET_FITNESS of fitness only: got %+v, want fitness kept at 40 and fatigue raised", got)
	}
	if _, err := Default().Add(d, -1, nil); err == nil {
		t.Error("a negative extra load was accepted")
	}
	if _, err := Default().Add(Day{Date: "March"}, 1, nil); err == nil {
		t.Error("a day without a date was accepted")
	}
}
