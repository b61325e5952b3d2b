package tools

import (
	"context"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
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

func getGearList(ctx context.Context, env *manifest.Env, _ gearIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	resp, err := env.Client.ListGearWithResponse(ctx, env.AthleteID, "")
	if err != nil {
		return "", apiFailed("list gear", err)
	}
	if resp.JSON200 == nil {
		return "", noData("list gear", resp.StatusCode())
	}
	return a.units.Gear(*resp.JSON200, env.MaxChars()), nil
}
