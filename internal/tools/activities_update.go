package tools

import (
	"context"
	"fmt"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// update_activity changes what the athlete says about a recorded activity (name,
// description, RPE, feel, gear) and nothing of what was recorded: the body sent holds those
// fields only. The activity endpoint is not athlete-scoped, so the tool first reads the
// activity and refuses one that belongs to another athlete than the call's.

type updateActivityIn struct {
	ActivityID  string  `json:"activity_id" jsonschema_description:"e.g. i12345678"`
	Name        *string `json:"name,omitempty"`
	Description *string `json:"description,omitempty" jsonschema:"maxLength=4000"`
	RPE         *int    `json:"rpe,omitempty" jsonschema:"minimum=1,maximum=10" jsonschema_description:"Perceived exertion 1-10"`
	Feel        *int    `json:"feel,omitempty" jsonschema:"minimum=1,maximum=5" jsonschema_description:"1 strong, 2 good, 3 normal, 4 poor, 5 weak"`
	Gear        string  `json:"gear,omitempty" jsonschema_description:"Gear id or name"`
}

func updateActivityTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "update_activity",
		Title:       "Update an activity's notes",
		Description: "Changes a recorded activity's name, description, RPE (1-10), feel (1-5, 1 strong..5 weak) or gear. Recorded data is never changed.",
		Toolset:     manifest.Activities,
		Access:      manifest.Write,
		Idempotent:  true,
		Operations:  []string{"getAthlete", "getActivity", "listGear", "updateActivity"},
	}, updateActivity)
}

func updateActivity(ctx context.Context, env *toolcall.Env, in updateActivityIn) (string, error) {
	id, err := activityID(in.ActivityID)
	if err != nil {
		return "", err
	}
	var body intervals.Activity
	if in.Name != nil {
		n := strings.TrimSpace(*in.Name)
		if n == "" {
			return "", manifest.Errorf("name must not be empty")
		}
		body.Name = &n
	}
	if in.Description != nil {
		body.Description = in.Description
	}
	if in.RPE != nil {
		v := int32(*in.RPE)
		body.IcuRpe = &v
	}
	if in.Feel != nil {
		v := int32(*in.Feel)
		body.Feel = &v
	}
	if in.Gear == "" && in.Name == nil && in.Description == nil && in.RPE == nil && in.Feel == nil {
		return "", manifest.Errorf("nothing to change: give name, description, rpe, feel or gear")
	}
	ath, act, err := activityToChange(ctx, env, id)
	if err != nil {
		return "", err
	}
	if format.IsStravaStub(act) {
		return "", manifest.Errorf("activity %s was imported from Strava, which the Intervals.icu API does not serve or change: edit it on intervals.icu", id)
	}
	var gear *intervals.Gear
	if in.Gear != "" {
		g, err := findGear(ctx, env, in.Gear)
		if err != nil {
			return "", err
		}
		body.Gear = &intervals.StravaGear{Id: g.Id}
		gear = &g
	}
	resp, err := env.Client.UpdateActivity(ctx, id, body)
	if err != nil {
		return "", athleteAccessError(env, fmt.Errorf("update activity %s: %w", id, err))
	}
	answer := format.ActivityUpdate{ID: id, Sent: body, Gear: gear}
	var now intervals.Activity
	if readBack(resp, &now) && now.Id != nil {
		answer.Now = &now
	}
	return ath.units.ActivityUpdate(answer), nil
}

// findGear finds the athlete's gear by id or by name (case-insensitive, unique).
func findGear(ctx context.Context, env *toolcall.Env, want string) (intervals.Gear, error) {
	all, err := loadGear(ctx, env)
	if err != nil {
		return intervals.Gear{}, err
	}
	var byName []intervals.Gear
	var names []string
	for _, g := range all {
		if deref(g.Id) == want {
			return g, nil
		}
		if strings.EqualFold(strings.TrimSpace(deref(g.Name)), strings.TrimSpace(want)) {
			byName = append(byName, g)
		}
		names = append(names, fmt.Sprintf("%s (%s)", deref(g.Name), deref(g.Id)))
	}
	switch len(byName) {
	case 1:
		return byName[0], nil
	case 0:
		return intervals.Gear{}, manifest.Errorf("no gear %q; the athlete's gear: %s", want, strings.Join(names, ", "))
	}
	return intervals.Gear{}, manifest.Errorf("several gear items are named %q: give the id (%s)", want, strings.Join(names, ", "))
}
