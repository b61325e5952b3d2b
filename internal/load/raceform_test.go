package load

import "testing"

func TestFormGoingIntoIsTheEndOfTheDayBefore(t *testing.T) {
	days := []Day{
		{Date: "2027-01-03", Fitness: 60, Fatigue: 90}, // the race day, with its own load
		{Date: "2027-01-02", Fitness: 50, Fatigue: 40},
	}
	f, ok := FormGoingInto(days, "2027-01-03", "RACE_A")
	if !ok || f.Eve != "2027-01-02" || f.Form != 10 || f.Pct != 20 || f.Zone != ZoneFresh || f.Target.Priority != "A" || f.Verdict != TargetIn {
		t.Errorf("got %+v, %v; want the eve's form 10 (+20%%, fresh), in the A target", f, ok)
	}
	for _, c := range []struct {
		cat     string
		fatigue float64 // fitness 100
		want    string
	}{
		{"RACE_A", 95, TargetIn}, {"RACE_A", 96, TargetBelow}, {"RACE_A", 75, TargetIn}, {"RACE_A", 74, TargetAbove},
		{"RACE_B", 100, TargetIn}, {"RACE_B", 101, TargetBelow}, {"RACE_B", 85, TargetIn}, {"RACE_B", 84, TargetAbove},
		{"C", 110, TargetIn}, {"C", 111, TargetBelow}, {"C", 90, TargetIn}, {"C", 89, TargetAbove},
	} {
		f, ok := FormGoingInto([]Day{{Date: "2027-01-02", Fitness: 100, Fatigue: c.fatigue}}, "2027-01-03", c.cat)
		if !ok || f.Verdict != c.want {
			t.Errorf("%s at form %v%%: %q, want %q", c.cat, 100-c.fatigue, f.Verdict, c.want)
		}
	}
	for _, c := range []struct {
		days      []Day
		date, cat string
	}{
		{days, "2027-01-05", "RACE_A"},                                    // no day before
		{days, "2027-01-03", "WORKOUT"},                                   // not a race
		{[]Day{{Date: "2027-01-02", Fatigue: 4}}, "2027-01-03", "RACE_B"}, // no fitness
		{days, "3 Jan", "RACE_A"},
	} {
		if f, ok := FormGoingInto(c.days, c.date, c.cat); ok {
			t.Errorf("%s %s: got %+v, want none", c.date, c.cat, f)
		}
	}
}
