package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

type copyIn struct {
	selection
	ToDate string `json:"to_date" jsonschema_description:"New date of the first; spacing kept"`
}

func copySessionsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "copy_sessions",
		Title:       "Copy sessions",
		Description: "Copies sessions (ids, or a date range) to a new start date, keeping their spacing.",
		Toolset:     manifest.Calendar,
		Access:      manifest.Write,
		Operations:  []string{"getAthlete", "showEvent", "listEvents", "createMultipleEvents", "deleteEventsBulk"},
	}, copySessions)
}

func copySessions(ctx context.Context, env *manifest.Env, in copyIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	events, first, err := in.pick(ctx, env, a.today)
	if err != nil {
		return "", err
	}
	days, err := shiftDays(0, in.ToDate, first, a.today)
	if err != nil {
		return "", err
	}
	copies := make([]intervals.EventEx, len(events))
	for i, e := range events {
		// The external id lets a rollback find a copy whose creation answer was lost.
		copies[i] = copyOf(e, days, fmt.Sprintf("imcp:c%d:%s", deref(e.Id), strings.ReplaceAll(deref(shiftLocal(e.StartDateLocal, days))[:10], "-", "")))
	}
	j := newJournal(env, a)
	created, err := j.create(ctx, copies)
	if err != nil {
		return "", j.fail(ctx, err)
	}
	return a.units.Copied(created, days, a.today, env.MaxChars()), nil
}

// copyOf is a new planned event like e, days later, with the given external id.
func copyOf(e planEvent, days int, externalID string) intervals.EventEx {
	raw, _ := json.Marshal(e.Event)
	var c intervals.EventEx
	_ = json.Unmarshal(raw, &c)
	c.Id, c.Uid, c.AthleteId, c.CreatedById, c.Updated, c.CalendarId = nil, nil, nil, nil, nil, nil
	c.ExternalId, c.OauthClientId, c.SharedEventId, c.PushErrors = nil, nil, nil, nil
	if externalID != "" {
		c.ExternalId = &externalID
	}
	c.StartDateLocal = shiftLocal(e.StartDateLocal, days)
	c.EndDateLocal = shiftLocal(e.EndDateLocal, days)
	return c
}
