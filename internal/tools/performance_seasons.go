package tools

import (
	"context"
	"slices"
	"strconv"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// The athlete's seasons, for curves over "this season" and "last season" (the reference
// server's this_season and last_season, Intervals.icu's curve ids s0 and s1): a season starts
// on a SEASON_START event of the calendar and ends the day before the next one (the latest
// ends today). Without any SEASON_START, seasons are calendar years; before the earliest
// one, a season is the year before it.

// season is one season as a curve: its range id (r.<first>.<last>) and its label.
type season struct{ id, label string }

// seasonsBack is how far back SEASON_START events are read.
const seasonsBack = 6 // years

// readSeasons returns seasons 0 (this season) to n-1 back from today.
func readSeasons(ctx context.Context, env *toolcall.Env, today time.Time, n int) ([]season, error) {
	evs, _, err := listEvents(ctx, env, today.AddDate(-seasonsBack, 0, 0).Format(ymd), today.Format(ymd), []string{"SEASON_START"})
	if err != nil {
		return nil, err
	}
	var starts []string // latest first, each once, none after today
	for _, e := range evs {
		if d := deref(e.StartDateLocal); len(d) >= len(ymd) && d[:len(ymd)] <= today.Format(ymd) {
			starts = append(starts, d[:len(ymd)])
		}
	}
	slices.Sort(starts)
	slices.Reverse(starts)
	starts = slices.Compact(starts)
	out := make([]season, n)
	last := today.Format(ymd)
	for i := range out {
		var first, note string
		switch {
		case i < len(starts):
			first = starts[i]
		case len(starts) == 0:
			first, note = last[:4]+"-01-01", " (calendar year: no SEASON_START)"
		default:
			first, note = addDays(last, 1), " (a year: no earlier SEASON_START)"
			if t, err := time.Parse(ymd, first); err == nil {
				first = t.AddDate(-1, 0, 0).Format(ymd)
			}
		}
		out[i] = season{id: "r." + first + "." + last, label: seasonName(i) + note}
		last = addDays(first, -1)
	}
	return out, nil
}

// seasonName is season i back as a person says it.
func seasonName(i int) string {
	switch i {
	case 0:
		return "This season"
	case 1:
		return "Last season"
	}
	return "Season -" + strconv.Itoa(i)
}
