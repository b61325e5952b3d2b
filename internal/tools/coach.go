package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// list_athletes lists the athletes the key's account coaches (listAthletes), with the ids a
// coach passes as `athlete` to every other tool. It reads the account, not one athlete, so
// it does not depend on the call's athlete.

type listAthletesIn struct{}

// coachedAthlete is what list_athletes shows of an athlete (decoded from the raw answer,
// whose schema carries some 200 settings fields).
type coachedAthlete struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Timezone string   `json:"timezone"`
	City     string   `json:"city"`
	Country  string   `json:"country"`
	Tags     []string `json:"tags"`
}

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
	var list []coachedAthlete
	if err := json.Unmarshal(resp.Body, &list); err != nil {
		return "", fmt.Errorf("list the coached athletes: Intervals.icu answered %d without a list; try again in a moment", resp.StatusCode())
	}
	if len(list) == 0 {
		return "This account coaches no athletes (on Intervals.icu an athlete shares access with a coach from their settings).", nil
	}
	items := make([]string, len(list))
	for i, a := range list {
		f := []string{a.ID, a.Name}
		if a.Timezone != "" {
			f = append(f, a.Timezone)
		}
		if place := strings.Trim(a.City+", "+a.Country, ", "); place != "" {
			f = append(f, place)
		}
		if len(a.Tags) > 0 {
			f = append(f, "tags "+strings.Join(a.Tags, ", "))
		}
		items[i] = "- " + strings.Join(f, "; ")
	}
	head := fmt.Sprintf("%d athletes coached. Pass the id as athlete to any tool to read or plan for that athlete.", len(list))
	return format.List{Head: head, Items: items, Noun: "athletes", Hint: "the list is cut to the answer budget"}.Render(env.MaxChars()), nil
}
