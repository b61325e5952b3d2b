package tools

import (
	"context"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

type wellnessIn struct {
	Oldest string `json:"oldest,omitempty" jsonschema_description:"Local YYYY-MM-DD (default newest-6)"`
	Newest string `json:"newest,omitempty" jsonschema_description:"Local YYYY-MM-DD (default today)"`
}

func getWellnessDataTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_wellness_data", Title: "Wellness",
		Description: "Daily wellness (default the last 7 days): fitness/fatigue/form, weight, resting HR, HRV, sleep, labelled 1-4 scores (soreness, mood...).",
		Toolset:     manifest.Wellness, Access: manifest.Read, Operations: []string{"getAthlete", "listWellnessRecords"},
		Aliases: aliases(rangeAliases, dropped("include_all_fields")), // the answer has every field the athlete has
	}, getWellnessData)
}

func getWellnessData(ctx context.Context, env *toolcall.Env, in wellnessIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	oldest, newest, err := localRange(in.Oldest, in.Newest, a.today, -6, 0)
	if err != nil {
		return "", err
	}
	rows, err := listWellness(ctx, env, oldest, newest)
	if err != nil {
		return "", err
	}
	return format.Wellness(rows, oldest, newest, env.MaxChars()), nil
}
