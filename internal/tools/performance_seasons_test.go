package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// Without a SEASON_START on the calendar, a season is a calendar year.
func TestSeasonsWithoutSeasonStartAreCalendarYears(t *testing.T) {
	f, env := demoFake(t)
	for _, e := range f.Events("0") {
		if deref(e.Category) == "SEASON_START" {
			if _, err := env.Client.DeleteEvent(context.Background(), "0", deref(e.Id), &intervals.DeleteEventParams{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	cs := sessionWith(t, env, manifest.Filter{Toolsets: manifest.DefaultToolsets}, nil, "")
	out, isErr := callText(t, cs, "get_athlete_power_curves", json.RawMessage(`{"this_season":true,"last_season":true}`))
	for _, want := range []string{"This season (calendar year: no SEASON_START) (2026-01-01..2026-12-01)", "Last season (calendar year: no SEASON_START) (2025-01-01..2025-12-31)"} {
		if isErr || !strings.Contains(out, want) {
			t.Errorf("want %q, got (error %v):\n%s", want, isErr, out)
		}
	}
}
