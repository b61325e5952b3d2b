package tools

import (
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
		line := lineWith(out, format.Day(day)+":")
		if want := format.Fitness(float64(*w.Ctl), float64(*w.Atl)); !strings.Contains(line, want) {
			t.Errorf("%s: want %q in %q", *w.Id, want, line)
		}
		if w.Soreness != nil && !strings.Contains(line, "soreness "+format.Scale("soreness", int(*w.Soreness))) {
			t.Errorf("%s: soreness not labelled: %q", *w.Id, line)
		}
	}
}
