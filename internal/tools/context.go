package tools

import (
	"context"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/load"

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
	// One read of the calendar: its races, periods and notes, and today's sessions.
	evs, paired, err := listEvents(ctx, env, a.today.AddDate(0, 0, -60).Format(ymd), a.today.AddDate(0, 6, 0).Format(ymd),
		[]string{"RACE_A", "RACE_B", "RACE_C", "SICK", "INJURED", "HOLIDAY", "NOTE", "PLAN", "SEASON_START", "TARGET", "WORKOUT"})
	if err != nil {
		return "", err
	}
	var open float64
	for _, e := range evs {
		if deref(e.Category) != "WORKOUT" {
			c.Events = append(c.Events, e)
		} else if pe := (planEvent{Event: e, activity: paired[deref(e.Id)]}); pe.day() == today && pe.activity == "" {
			s := pe.calSession(a)
			open += float64(s.load)
			c.Open = append(c.Open, format.OpenSession{Sport: s.label.Sport, Name: s.label.Name, Load: float64(s.load)})
		}
	}
	// Today's values are what is done so far; the sessions still to do today, once done.
	if now, ok := latestFitness(c.Wellness, today); ok && open > 0 {
		if after, err := load.Default().Add(now, open, nil); err == nil {
			c.AfterToday = &after
		}
	}
	return a.units.AthleteContext(c, env.MaxChars()), nil
}

// latestFitness is today's fitness and fatigue as Intervals.icu reports them.
func latestFitness(rows []intervals.Wellness, today string) (load.Day, bool) {
	for _, w := range rows {
		if f, ok := f32(w.Ctl); ok && deref(w.Id) == today {
			if g, ok := f32(w.Atl); ok {
				return load.Day{Date: today, Fitness: f, Fatigue: g, Form: f - g}, true
			}
		}
	}
	return load.Day{}, false
}
