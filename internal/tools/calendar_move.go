package tools

import (
	"context"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

type moveIn struct {
	selection
	Days   int    `json:"days,omitempty" jsonschema_description:"Shift in days, + or -"`
	ToDate string `json:"to_date,omitempty" jsonschema_description:"Or new date of the first; spacing kept"`
}

func moveSessionsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "move_sessions",
		Title:       "Move sessions",
		Description: "Moves planned sessions (ids, or a date range) by days or to a date. Done sessions are never moved.",
		Toolset:     manifest.Calendar,
		Access:      manifest.Write,
		Operations:  []string{"getAthlete", "showEvent", "listEvents", "updateEvent"},
	}, moveSessions)
}

func moveSessions(ctx context.Context, env *manifest.Env, in moveIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	events, first, err := in.pick(ctx, env, a.today)
	if err != nil {
		return "", err
	}
	days, err := shiftDays(in.Days, in.ToDate, first, a.today)
	if err != nil {
		return "", err
	}
	if err := refusePaired(events, a); err != nil {
		return "", err
	}
	j := newJournal(env, a)
	var moves []format.Move
	for _, e := range events {
		f := shiftFields(e, days)
		if err := j.update(ctx, e, f); err != nil {
			return "", j.fail(ctx, err)
		}
		moves = append(moves, format.Move{After: applied(e, f).session(), Was: e.day()})
	}
	return a.units.Moved(moves, days, a.today, env.MaxChars()), nil
}

// shiftDays is the shift asked: days, or to_date minus the first selected day.
func shiftDays(days int, toDate, first string, today time.Time) (int, error) {
	if (days == 0) == (toDate == "") {
		return 0, manifest.Errorf("give either days (a shift, e.g. 2 or -7) or to_date (YYYY-MM-DD)")
	}
	if toDate == "" {
		return days, nil
	}
	to, err := resolveDate(toDate, today)
	if err != nil {
		return 0, manifest.Errorf("to_date: %v", err)
	}
	t1, _ := time.Parse(ymd, first)
	t2, _ := time.Parse(ymd, to)
	d := int(t2.Sub(t1).Hours() / 24)
	if d == 0 {
		return 0, manifest.Errorf("the sessions already start on %s: nothing to move", to)
	}
	return d, nil
}

// shiftFields are the fields that move an event by days.
func shiftFields(e planEvent, days int) map[string]any {
	f := map[string]any{"start_date_local": shiftLocal(e.StartDateLocal, days)}
	if e.EndDateLocal != nil {
		f["end_date_local"] = shiftLocal(e.EndDateLocal, days)
	}
	return f
}
