package tools

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// get_training_volume: per Monday-based week of the athlete's zone and per sport, the count,
// moving time, distance and load of the activities done.

type trainingVolumeIn struct {
	Weeks int `json:"weeks,omitempty" jsonschema:"minimum=1,maximum=52" jsonschema_description:"Weeks back, this one included (default 12)"`
}

type weekVolume struct {
	count        int
	secs, metres float64
	load         float64
}

func (v *weekVolume) String(u format.Units, sport string) string {
	s := fmt.Sprintf("%s %d× %s", sport, v.count, format.Duration(v.secs))
	if v.metres > 0 {
		s += " " + u.Distance(v.metres, sport)
	}
	return s + fmt.Sprintf(" load %.0f", v.load)
}

func getTrainingVolumeTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "get_training_volume",
		Title:       "Weekly training volume",
		Description: "Weekly time, distance, load and count per sport over the last N weeks (Monday-based).",
		Toolset:     manifest.Load,
		Access:      manifest.Read,
		Operations:  []string{"getAthlete", "listActivities"},
	}, getTrainingVolume)
}

func getTrainingVolume(ctx context.Context, env *manifest.Env, in trainingVolumeIn) (string, error) {
	weeks := in.Weeks
	if weeks == 0 {
		weeks = 12
	}
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
	u := ath.units
	byWeek := map[string]map[string]*weekVolume{}
	total := map[string]*weekVolume{}
	stubs := 0
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
			byWeek[wk] = map[string]*weekVolume{}
		}
		for _, m := range []map[string]*weekVolume{byWeek[wk], total} {
			v := m[sport]
			if v == nil {
				v = &weekVolume{}
				m[sport] = v
			}
			v.count++
			if a.MovingTime != nil {
				v.secs += float64(*a.MovingTime)
			}
			if a.Distance != nil {
				v.metres += float64(*a.Distance)
			}
			if a.IcuTrainingLoad != nil {
				v.load += float64(*a.IcuTrainingLoad)
			}
		}
	}
	head := fmt.Sprintf("Training volume of %s, %d weeks %s..%s (weeks start Monday, %s)", nameOr(ath.Name, env.AthleteID), weeks, weekdayDate(first), weekdayDate(today), ath.Location)
	if stubs > 0 {
		head += fmt.Sprintf("\n%d Strava-sourced activities are not readable through the API and are not counted.", stubs)
	}
	head += "\nTotals: " + volumeLine(total, u)
	var items []string
	for wk := mondayOf(today); wk >= first; wk = addDays(wk, -7) {
		line := "- " + weekdayDate(wk) + ": "
		if len(byWeek[wk]) == 0 {
			line += "no activities"
		} else {
			line += volumeLine(byWeek[wk], u)
		}
		items = append(items, line)
	}
	return format.List{Head: head, Items: items, Noun: "weeks", Hint: "ask for fewer weeks"}.Render(env.MaxChars()), nil
}

// volumeLine lists sports by time spent, most first, then the week's sums.
func volumeLine(m map[string]*weekVolume, u format.Units) string {
	if len(m) == 0 {
		return "no activities"
	}
	sports := make([]string, 0, len(m))
	sum := weekVolume{}
	for s, v := range m {
		sports = append(sports, s)
		sum.count += v.count
		sum.secs += v.secs
		sum.load += v.load
	}
	sort.Slice(sports, func(i, j int) bool {
		a, b := m[sports[i]], m[sports[j]]
		if a.secs != b.secs {
			return a.secs > b.secs
		}
		return sports[i] < sports[j]
	})
	parts := make([]string, len(sports))
	for i, s := range sports {
		parts[i] = m[s].String(u, s)
	}
	return strings.Join(parts, "; ") + fmt.Sprintf(" | all %d× %s load %.0f", sum.count, format.Duration(sum.secs), sum.load)
}
