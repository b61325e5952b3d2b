package tools

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

func TestPlanEstimatesARaceLoad(t *testing.T) {
	f, env := demoFake(t)
	a := f.World().Athletes[0]
	ifs := pastRaceIntensities(a, "2025-12-01", "2026-12-01")
	if len(ifs) == 0 {
		t.Fatal("the demo athlete has no race in the last year to go by")
	}
	sort.Float64s(ifs)
	m := ifs[len(ifs)/2]
	if len(ifs)%2 == 0 {
		m = (ifs[len(ifs)/2-1] + m) / 2
	}
	m = math.Round(m*100) / 100
	secs := 42195 / (1000.0 / 255 * m) // at m of threshold speed (4:15/km)
	load := int(math.Round(secs / 3600 * m * m * 100))
	out := mustCallTool(t, env, "plan_sessions", map[string]any{"plan": "Race", "sessions": []map[string]any{
		{"date": "2027-03-14", "category": "RACE_A", "sport": "Run", "name": "Marathon", "distance_km": 42.195},
	}})
	containsAll(t, out, fmt.Sprintf("Race load estimated at intensity %.2f, the median of %d race(s) of the last year, for the checks (not written: give load to write one).", m, len(ifs)),
		fmt.Sprintf(`RACE_A Run "Marathon" ~%s 42.20 km load ~%d`, weekdayClock(secs), load))
	// The estimate is the checks' own: Intervals.icu keeps a race's load only as given.
	evs := planEvents(f, "imcp:")
	if len(evs) != 1 || evs[0].IcuTrainingLoad != nil || evs[0].MovingTime != nil || deref(evs[0].Distance) != 42195 {
		t.Errorf("the race is written with load %v, time %v and distance %v, want the distance given alone", evs[0].IcuTrainingLoad, evs[0].MovingTime, deref(evs[0].Distance))
	}
}

// pastRaceIntensities are the intensity factors of the athlete's races between two dates.
func pastRaceIntensities(a *synth.Athlete, oldest, newest string) []float64 {
	var out []float64
	for _, act := range a.Activities {
		d := deref(act.StartDateLocal)
		race := deref(act.Race) || strings.EqualFold(string(deref(act.SubType)), "RACE")
		if race && len(d) >= 10 && d[:10] >= oldest && d[:10] <= newest && deref(act.IcuIntensity) > 0 {
			out = append(out, float64(*act.IcuIntensity)/100)
		}
	}
	return out
}

// weekdayClock writes seconds as format.Duration does: h:mm:ss.
func weekdayClock(secs float64) string {
	s := int(math.Round(secs))
	return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
}
