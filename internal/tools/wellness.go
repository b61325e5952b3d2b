package tools

import (
	"context"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

type wellnessIn struct {
	Oldest string `json:"oldest,omitempty" jsonschema_description:"Local YYYY-MM-DD (default newest-6)"`
	Newest string `json:"newest,omitempty" jsonschema_description:"Local YYYY-MM-DD (default today)"`
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
