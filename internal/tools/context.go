package tools

import (
	"context"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// contextWeeks is how many full weeks before the current one the context summarises.
const contextWeeks = 4

type contextIn struct{}

func getAthleteContextTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "get_athlete_context",
		Title:       "Athlete context",
		Description: "Call first. Today's date in the athlete's time zone, profile, thresholds and zones per sport, fitness/fatigue/form today, the last 4 weeks, coming races and periods.",
		Toolset:     manifest.Context,
		Access:      manifest.Read,
		Operations:  []string{"getAthlete", "listWellnessRecords", "listActivities", "listEvents"},
	}, getAthleteContext)
}

func getAthleteContext(ctx context.Context, env *toolcall.Env, _ contextIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	monday := format.Monday(a.today)
	first := monday.AddDate(0, 0, -7*contextWeeks).Format(ymd)
	today := a.today.Format(ymd)
	c := format.Context{Now: env.Time(), Athlete: *a.Profile, Weeks: contextWeeks}

	if c.Wellness, err = listWellness(ctx, env, a.today.AddDate(0, 0, -14).Format(ymd), today); err != nil {
		return "", err
	}
	if c.Activities, err = loadActivities(ctx, env, first, today); err != nil {
		return "", err
	}
	c.Events, _, err = listEvents(ctx, env, a.today.AddDate(0, 0, -60).Format(ymd), a.today.AddDate(0, 6, 0).Format(ymd),
		[]string{"RACE_A", "RACE_B", "RACE_C", "SICK", "INJURED", "HOLIDAY", "NOTE", "PLAN", "SEASON_START", "TARGET"})
	if err != nil {
		return "", err
	}
	return a.units.AthleteContext(c, env.MaxChars()), nil
}
