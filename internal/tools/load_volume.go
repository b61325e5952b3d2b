package tools

import (
	"context"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// get_training_volume: per Monday-based week of the athlete's zone and per sport, the count,
// moving time, distance and load of the activities done, and how the week's planned
// sessions went (load_compliance.go).

type trainingVolumeIn struct {
	Weeks int `json:"weeks,omitempty" jsonschema:"minimum=1,maximum=52" jsonschema_description:"Weeks back, this one included (default 12)"`
}

func getTrainingVolumeTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "get_training_volume",
		Title:       "Weekly training volume",
		Description: "Weekly time, distance, load and count per sport over the last N weeks (Monday-based), and planned sessions done vs planned (count, time, load %).",
		Toolset:     manifest.Load,
		Access:      manifest.Read,
		Operations:  []string{"getAthlete", "listActivities", "listEvents"},
		// A coach asks how every athlete's week went against the plan in one call (athlete
		// all, which also lists the athletes: list_athletes's listAthletes, coach mode only).
		EveryAthlete: true,
	}, getTrainingVolume)
}

func getTrainingVolume(ctx context.Context, env *toolcall.Env, in trainingVolumeIn) (string, error) {
	weeks := in.Weeks
	if weeks == 0 {
		weeks = 12
	}
	if env.EveryAthlete {
		return forEveryAthlete(ctx, env, func(ctx context.Context, env *toolcall.Env) (string, error) {
			return trainingVolume(ctx, env, weeks)
		})
	}
	return trainingVolume(ctx, env, weeks)
}

// trainingVolume is get_training_volume's answer for the call's athlete.
func trainingVolume(ctx context.Context, env *toolcall.Env, weeks int) (string, error) {
	ath, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	today := ath.today.Format(ymd)
	first := addDays(mondayOf(today), -7*(weeks-1))
	acts, err := loadActivities(ctx, env, first, today)
	if err != nil {
		return "", err
	}
	evs, err := loadEvents(ctx, env, first, addDays(mondayOf(today), 6))
	if err != nil {
		return "", err
	}
	plans := weeklyPlans(evs, acts, first, today)
	byWeek, total, stubs := weeklyVolume(acts, first, today)
	vol := format.TrainingVolume{Athlete: nameOr(ath.Name, env.AthleteID), Oldest: first, Newest: today, StravaStubs: stubs, Total: total}
	for wk := mondayOf(today); wk >= first; wk = addDays(wk, -7) {
		vol.Weeks = append(vol.Weeks, format.VolumeWeek{Monday: wk, Sports: byWeek[wk], Plan: plans[wk]})
	}
	return ath.units.TrainingVolume(vol, env.MaxChars()), nil
}

// weeklyVolume sums the activities done between first and today (local dates) by Monday and
// sport, and over the whole range; Strava stubs, which the API serves without data, are
// counted apart. get_training_volume shows it, and chart_volume draws it.
func weeklyVolume(acts []intervals.Activity, first, today string) (byWeek map[string]map[string]format.SportVolume, total map[string]format.SportVolume, stubs int) {
	byWeek = map[string]map[string]format.SportVolume{}
	total = map[string]format.SportVolume{}
	for _, a := range acts {
		d := activityDate(a)
		if d == "" || d < first || d > today {
			continue
		}
		if format.IsStravaStub(a) {
			stubs++
			continue
		}
		sport := "Other"
		if a.Type != nil && *a.Type != "" {
			sport = *a.Type
		}
		wk := mondayOf(d)
		if byWeek[wk] == nil {
			byWeek[wk] = map[string]format.SportVolume{}
		}
		for _, m := range []map[string]format.SportVolume{byWeek[wk], total} {
			v := m[sport]
			v.Count++
			if a.MovingTime != nil {
				v.Secs += float64(*a.MovingTime)
			}
			if a.Distance != nil {
				v.Metres += float64(*a.Distance)
			}
			if a.IcuTrainingLoad != nil {
				v.Load += float64(*a.IcuTrainingLoad)
			} else {
				v.Unloaded++
			}
			m[sport] = v
		}
	}
	return byWeek, total, stubs
}
