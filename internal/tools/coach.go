package tools

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// list_athletes lists the athletes the key's account coaches (listAthletes), with the ids a
// coach passes as `athlete` to every other tool. It reads the account, not one athlete, so
// it does not depend on the call's athlete.

type listAthletesIn struct{}

func listAthletesTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "list_athletes",
		Title:       "Coached athletes",
		Description: "Lists the athletes this account coaches, with the id to pass as athlete to other tools.",
		Toolset:     manifest.Coach,
		Access:      manifest.Read,
		Operations:  []string{"listAthletes"},
	}, listAthletes)
}

func listAthletes(ctx context.Context, env *manifest.Env, _ listAthletesIn) (string, error) {
	resp, err := env.Client.ListAthletesWithResponse(ctx, nil)
	if err != nil {
		return "", fmt.Errorf("list the coached athletes: %w", err)
	}
	var list []format.CoachedAthlete
	if err := json.Unmarshal(resp.Body, &list); err != nil {
		return "", fmt.Errorf("list the coached athletes: Intervals.icu answered %d without a list; try again in a moment", resp.StatusCode())
	}
	return format.CoachedAthletes(list, env.MaxChars()), nil
}
