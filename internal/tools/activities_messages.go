package tools

import (
	"context"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

func getActivityMessagesTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_activity_messages", Title: "Activity comments",
		Description: "The comments (chat) on an activity.",
		Toolset:     manifest.Activities, Access: manifest.Read, Operations: []string{"getAthlete", "getActivity", "listActivityMessages"},
	}, getActivityMessages)
}

func getActivityMessages(ctx context.Context, env *toolcall.Env, in activityIn) (string, error) {
	r, err := activityToShow(ctx, env, in.ActivityID)
	if err != nil {
		return "", err
	}
	id := r.id
	resp, err := env.Client.ListActivityMessagesWithResponse(ctx, id, nil)
	if err != nil {
		return "", apiFailed("read the comments of activity "+id, err)
	}
	var ms []intervals.Message
	if resp.JSON200 != nil {
		ms = *resp.JSON200
	}
	return r.note + r.a.units.Messages(id, ms, env.MaxChars()), nil
}

type messageIn struct {
	ActivityID string `json:"activity_id" jsonschema_description:"e.g. i12345678"`
	Content    string `json:"content" jsonschema:"maxLength=4000" jsonschema_description:"Comment text"`
}

func addActivityMessageTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "add_activity_message", Title: "Comment on an activity",
		Description: "Add a comment to an activity.",
		Toolset:     manifest.Activities, Access: manifest.Write, Operations: []string{"getAthlete", "getActivity", "sendActivityMessage"},
	}, addActivityMessage)
}

func addActivityMessage(ctx context.Context, env *toolcall.Env, in messageIn) (string, error) {
	id, err := activityID(in.ActivityID)
	if err != nil {
		return "", err
	}
	content := strings.TrimSpace(in.Content)
	if content == "" {
		return "", manifest.Errorf("content is empty: write the comment text")
	}
	if _, _, err := activityToChange(ctx, env, id); err != nil {
		return "", err
	}
	resp, err := env.Client.SendActivityMessage(ctx, id, intervals.SendActivityMessageJSONRequestBody{Content: &content})
	if err != nil {
		return "", apiFailed("comment on activity "+id, err)
	}
	// A 2xx is done whatever its answer holds (retrying would post the comment twice).
	var sent intervals.NewMsg
	if !readBack(resp, &sent) {
		sent.Id = nil
	}
	return format.MessageAdded(id, sent.Id), nil
}
