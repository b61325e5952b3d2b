package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
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

func listAthletes(ctx context.Context, env *toolcall.Env, _ listAthletesIn) (string, error) {
	list, err := coachedAthletes(ctx, env)
	if err != nil {
		return "", err
	}
	return format.CoachedAthletes(list, env.MaxChars()), nil
}

// coachedAthletes are the athletes the account lists (listAthletes).
func coachedAthletes(ctx context.Context, env *toolcall.Env) ([]format.CoachedAthlete, error) {
	resp, err := env.Client.ListAthletesWithResponse(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("list the coached athletes: %w", err)
	}
	var list []format.CoachedAthlete
	if err := json.Unmarshal(resp.Body, &list); err != nil {
		return nil, fmt.Errorf("list the coached athletes: Intervals.icu answered %d without a list; try again in a moment", resp.StatusCode())
	}
	return list, nil
}

// forEveryAthlete answers a call for athlete "all" (Env.EveryAthlete, coach mode): one answer
// for each athlete list_athletes shows, each made by one for that athlete alone (in its own
// time zone) within an equal share of the budget. An athlete whose data cannot be read is
// said so in its place; the others are still answered.
func forEveryAthlete(ctx context.Context, env *toolcall.Env, one func(context.Context, *toolcall.Env) (string, error)) (string, error) {
	list, err := coachedAthletes(ctx, env)
	if err != nil {
		return "", err
	}
	if len(list) == 0 {
		return "", manifest.Errorf("athlete all: this account coaches no athletes (list_athletes is empty); leave athlete out for your own data")
	}
	answers := make([]string, 0, len(list))
	share := (env.MaxChars() - 2*len(list)) / len(list)
	for _, a := range list {
		sub := *env
		sub.AthleteID, sub.EveryAthlete, sub.Budget = a.ID, false, share
		text, err := one(ctx, &sub)
		if err != nil {
			if ctx.Err() != nil {
				return "", err
			}
			text = fmt.Sprintf("%s [%s]: not answered: %v", nameOr(a.Name, a.ID), a.ID, err)
		}
		answers = append(answers, format.Clip(text, share))
	}
	return strings.Join(answers, "\n\n"), nil
}
