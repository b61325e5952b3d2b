package load_test

import (
	"fmt"

	"github.com/intervals-mcp/intervals-mcp/internal/load"
)

// Project from today's values, as the wellness row of today reports them, over the coming
// planned sessions and a SET_FITNESS entry on the calendar.
func ExampleModel_Project() {
	today := load.Day{Date: "2025-03-06", Fitness: 51.36, Fatigue: 65.78}
	planned := map[string]float64{"2025-03-07": 50, "2025-03-08": 60, "2025-03-10": 150}
	fitness, fatigue := 40.0, 30.0
	resets := []load.Reset{{Date: "2025-03-08", Fitness: &fitness, Fatigue: &fatigue}}

	days, err := load.Default().Project(today, planned, resets, "2025-03-10")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range days {
		fmt.Printf("%s load %3.0f fitness %.1f fatigue %.1f form %5.1f %s\n",
			d.Date, d.Load, d.Fitness, d.Fatigue, d.Form, load.FormZone(d.Form, d.Fitness))
	}
	// Output:
	// 2025-03-07 load  50 fitness 51.3 fatigue 63.7 form -12.4 optimal
	// 2025-03-08 load  60 fitness 40.0 fatigue 30.0 form  10.0 transition
	// 2025-03-09 load   0 fitness 39.1 fatigue 26.0 form  13.1 transition
	// 2025-03-10 load 150 fitness 41.7 fatigue 42.5 form  -0.8 grey zone
}
