package tools

import (
	"context"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

type gearIn struct{}

func getGearListTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_gear_list", Title: "Gear",
		Description: "The athlete's gear (bikes, shoes, components) with distance, time, activities and reminders.",
		Toolset:     manifest.Settings, Access: manifest.Read, Operations: []string{"getAthlete", "listGear"},
		Aliases: dropped("refresh"), // every call reads the gear list afresh
	}, getGearList)
}

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
