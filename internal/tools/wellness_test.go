package tools

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
)

func TestWellnessShowsEachDaysModelValues(t *testing.T) {
	f, env := demoFake(t)
	a := demoAthlete(t, f)
	out := mustCallTool(t, env, "get_wellness_data", `{"oldest":"2026-11-20","newest":"2026-11-30"}`)
	for _, w := range a.Wellness {
		if *w.Id < "2026-11-20" || *w.Id > "2026-11-30" {
			continue
		}
		day, _ := time.Parse("2006-01-02", *w.Id)
		ctl, atl := float64(*w.Ctl), float64(*w.Atl)
		for col, want := range map[string]string{"fitness": format.FitnessValue(ctl), "fatigue": format.FitnessValue(atl),
			"form": format.FitnessValue(ctl - atl), "form % of fitness": fmt.Sprintf("%.0f", (ctl-atl)/ctl*100)} {
			if got := tableCell(t, out, "day", format.Day(day), col); got != want {
				t.Errorf("%s: %s %q, want %q", *w.Id, col, got, want)
			}
		}
		if w.Soreness != nil && tableCell(t, out, "day", format.Day(day), "soreness") != fmt.Sprint(*w.Soreness) {
			t.Errorf("%s: soreness %q, want %d", *w.Id, tableCell(t, out, "day", format.Day(day), "soreness"), *w.Soreness)
		}
	}
	if !strings.Contains(out, "soreness, felt fatigue, stress "+format.ScaleLegend("soreness")) {
		t.Errorf("the scores' labels are not said:\n%s", out)
	}
}
