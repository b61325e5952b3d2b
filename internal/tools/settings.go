package tools

import (
	"context"

	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

type gearIn struct{}

func getGearList(ctx context.Context, env *toolcall.Env, _ gearIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	gear, err := loadGear(ctx, env)
	if err != nil {
		return "", err
	}
	return a.units.Gear(gear, env.MaxChars()), nil
}
