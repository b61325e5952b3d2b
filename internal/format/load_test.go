package format

import (
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/load"
)

func TestTrainingLoadWithoutRampSaysNone(t *testing.T) {
	got := Units{}.TrainingLoad(TrainingLoad{Athlete: "Ann", Today: "2026-11-30",
		Now: load.Day{Date: "2026-11-28", Fitness: 50, Fatigue: 60}, Start: load.Day{Date: "2026-11-29"}}, 4000)
	if !strings.Contains(got, "Latest (Sat 2026-11-28): fitness 50.0, fatigue 60.0, form -10.0") {
		t.Errorf("the latest values should be dated when not today's:\n%s", got)
	}
	if strings.Contains(got, "ramp rate") {
		t.Errorf("an unknown ramp rate must not be shown:\n%s", got)
	}
}

func TestTrainingLoadNamesRacesAndWhatIfOnTheirDay(t *testing.T) {
	proj := []load.Day{
		{Date: "2026-11-29", Fitness: 40, Form: 5},
		{Date: "2026-11-30", Fitness: 41, Form: -2, Load: 80},
		{Date: "2026-12-01", Fitness: 40.5, Form: 3},
	}
	got := Units{}.TrainingLoad(TrainingLoad{Athlete: "Ann", Today: "2026-11-30", Start: load.Day{Date: "2026-11-29"}, Projection: proj,
		WhatIf: map[string]float64{"2026-11-30": 80}, WhatIfCount: 1,
		Races: []Race{{Date: "2026-12-01", Category: "RACE_A", Name: "Marathon"}, {Date: "2026-12-01", Category: "RACE_C", Name: "Parkrun"}}}, 4000)
	wantAll(t, got,
		"What-if: 1 sessions added to the plan below, load 80; nothing was saved.",
		"\nday (2026),load,fitness,fatigue,form,form zone,form % of fitness,ramp,notes\n",
		"\nMon 11-30,80,41.0,0.0,-2.0,grey zone,-5,+0.0,what-if +80\n",
		"\nTue 12-01,0,40.5,0.0,3.0,fresh,+7,+0.0,race A: Marathon; race C: Parkrun\n",
		"Peak fitness 41.0 on Mon 2026-11-30; lowest form -2.0 on Mon 2026-11-30.",
	)
	wantNone(t, got, "Sun 11-29,") // days before today are not projected
}
