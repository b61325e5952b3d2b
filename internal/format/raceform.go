package format

import (
	"fmt"
	"math"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/load"
)

// RaceTargets is internal/load's table of target form per race priority, as every answer and
// prompt states it: "A +5% to +25%, B 0% to +15%, C -10% to +10%".
func RaceTargets() string {
	var parts []string
	for _, t := range load.RaceTargets {
		parts = append(parts, t.Priority+" "+targetRange(t))
	}
	return strings.Join(parts, ", ")
}

// RaceLine is one race with the form going into it, the same in every answer:
// `Race Sun 2027-01-03 B "Harbour Half": form going in 9.1 (+16%, fresh), target 0% to +15%:
// above`. f is nil when the form is not known.
func RaceLine(date, category, name string, f *load.RaceForm) string {
	s := fmt.Sprintf("Race %s %s %s", DayOf(date), strings.TrimPrefix(category, "RACE_"), quote(&name))
	if f == nil {
		return s + ": form going in not known"
	}
	return s + ": " + RaceForm(*f)
}

// RaceForm is form going into a race (the end of the day before) against its priority's
// target: `form going in 9.1 (+16%, fresh), target 0% to +15%: above`.
func RaceForm(f load.RaceForm) string {
	return fmt.Sprintf("form going in %s (%s, %s), target %s: %s", FitnessValue(f.Form), pct(f.Pct), f.Zone, targetRange(f.Target), f.Verdict)
}

// targetRange is "+5% to +25%".
func targetRange(t load.RaceTarget) string { return pct(t.From) + " to " + pct(t.To) }

// pct is a signed whole percentage, "+16%", "0%", "-10%".
func pct(v float64) string {
	if v = math.Round(v); v == 0 {
		return "0%"
	}
	return fmt.Sprintf("%+.0f%%", v)
}
