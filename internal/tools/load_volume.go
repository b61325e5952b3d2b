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
	Weeks int `json:"weeks,omitempty" jsonschema:"minimum=1,maximum=52" jsonschema_description:"Full weeks back, before this one (default 12)"`
}

func getTrainingVolumeTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "get_training_volume",
		Title:       "Weekly training volume",
		Description: "Weekly time, distance, load and count per sport: the last N full weeks (Monday-based), this one so far; planned sessions done vs planned (count, time, load %), unplanned ones.",
		Toolset:     manifest.Load,
		Access:      manifest.Read,
		Operations:  []string{"getAthlete", "listActivities", "listEvents"},
		// A coach asks how every athlete's week went against the plan in one call (athlete
		// all, which also lists the athletes, and reads their words on last week's
		// activities and in their chats with the coach: coach mode only).
		EveryAthlete: true,
	}, getTrainingVolume)
}

func getTrainingVolume(ctx context.Context, env *toolcall.Env, in trainingVolumeIn) (string, error) {
	weeks := in.Weeks
	if weeks == 0 {
		weeks = 12
	}
	if env.EveryAthlete {
		chats := readCoachChats(ctx, env)
		sub := *env
		if chats.unread != "" {
			sub.Budget = env.MaxChars() - len(chats.unread) - 1
		}
		text, err := forEveryAthlete(ctx, &sub, func(ctx context.Context, env *toolcall.Env) (string, format.AthleteWeek, error) {
			return weekReview(ctx, env, weeks, chats)
		})
		if err != nil || chats.unread == "" {
			return text, err
		}
		return chats.unread + "\n" + text, nil
	}
	v, err := readVolume(ctx, env, weeks)
	if err != nil {
		return "", err
	}
	return v.ath.units.TrainingVolume(v.vol, env.MaxChars()), nil
}

// athleteVolume is what get_training_volume reads and sums for one athlete.
type athleteVolume struct {
	ath        *athleteCtx
	vol        format.TrainingVolume
	acts       []intervals.Activity
	lastMonday string // the last full week's Monday
}

// readVolume reads and sums the athlete's last weeks full weeks (Monday-based, in the
// athlete's time zone) and this week so far.
func readVolume(ctx context.Context, env *toolcall.Env, weeks int) (*athleteVolume, error) {
	ath, err := loadAthlete(ctx, env)
	if err != nil {
		return nil, err
	}
	today := ath.today.Format(ymd)
	first := addDays(mondayOf(today), -7*weeks)
	acts, err := loadActivities(ctx, env, first, today)
	if err != nil {
		return nil, err
	}
	evs, err := loadEvents(ctx, env, first, addDays(mondayOf(today), 6))
	if err != nil {
		return nil, err
	}
	plans := weeklyPlans(evs, acts, first, today)
	byWeek, _, stubs := weeklyVolume(acts, first, today)
	_, total, _ := weeklyVolume(acts, first, addDays(mondayOf(today), -1)) // the full weeks': this one so far is apart
	vol := format.TrainingVolume{Athlete: nameOr(ath.Name, env.AthleteID), Oldest: first, Newest: today, StravaStubs: stubs, Total: total}
	for wk := mondayOf(today); wk >= first; wk = addDays(wk, -7) {
		vol.Weeks = append(vol.Weeks, format.VolumeWeek{Monday: wk, Sports: byWeek[wk], Plan: plans[wk]})
	}
	return &athleteVolume{ath: ath, vol: vol, acts: acts, lastMonday: addDays(mondayOf(today), -7)}, nil
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
			m[sport] = plusActivity(m[sport], a)
		}
	}
	return byWeek, total, stubs
}

// plusActivity is v with the activity counted in: its time, distance and load (a missing
// load counted as missing).
func plusActivity(v format.SportVolume, a intervals.Activity) format.SportVolume {
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
	return v
}
