package tools

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

type activitiesIn struct {
	Oldest string `json:"oldest,omitempty" jsonschema_description:"Local YYYY-MM-DD (default newest-6)"`
	Newest string `json:"newest,omitempty" jsonschema_description:"Local YYYY-MM-DD (default today)"`
	Limit  int    `json:"limit,omitempty" jsonschema:"minimum=1,maximum=200,default=50"`
}

type activityIn struct {
	ActivityID string `json:"activity_id" jsonschema_description:"e.g. i12345678"`
}

type streamsIn struct {
	ActivityID string   `json:"activity_id" jsonschema_description:"e.g. i12345678"`
	Types      []string `json:"types,omitempty" jsonschema_description:"Default all, e.g. watts, heartrate, velocity_smooth"`
	Points     int      `json:"points,omitempty" jsonschema:"minimum=5,maximum=120,default=60" jsonschema_description:"Points per stream"`
}

type messageIn struct {
	ActivityID string `json:"activity_id" jsonschema_description:"e.g. i12345678"`
	Content    string `json:"content" jsonschema_description:"Comment text"`
}

func activityTools() []manifest.Tool {
	return []manifest.Tool{
		manifest.New(manifest.Def{
			Name: "get_activities", Title: "List activities",
			Description: "Activities in a local date range (default the last 7 days), newest first: time, distance, pace or power, HR, load.",
			Toolset:     manifest.Activities, Access: manifest.Read, Operations: []string{"listActivities"},
		}, getActivities),
		manifest.New(manifest.Def{
			Name: "get_activity_details", Title: "Activity details",
			Description: "One activity in full: time, distance, pace, HR, power, load, zones, effort, gear, notes.",
			Toolset:     manifest.Activities, Access: manifest.Read, Operations: []string{"getActivity"},
		}, getActivityDetails),
		manifest.New(manifest.Def{
			Name: "get_activity_intervals", Title: "Activity intervals",
			Description: "An activity's work and recovery intervals with time, distance, pace or power, HR.",
			Toolset:     manifest.Activities, Access: manifest.Read, Operations: []string{"getIntervals", "getActivity"},
		}, getActivityIntervals),
		manifest.New(manifest.Def{
			Name: "get_activity_streams", Title: "Activity streams",
			Description: "An activity's streams (power, HR, cadence, speed...) summarised: min/avg/max, gaps, time in zones, downsampled profile.",
			Toolset:     manifest.Activities, Access: manifest.Read, Operations: []string{"getActivityStreams", "getActivity"},
		}, getActivityStreams),
		manifest.New(manifest.Def{
			Name: "get_activity_messages", Title: "Activity comments",
			Description: "The comments (chat) on an activity.",
			Toolset:     manifest.Activities, Access: manifest.Read, Operations: []string{"listActivityMessages"},
		}, getActivityMessages),
		manifest.New(manifest.Def{
			Name: "add_activity_message", Title: "Comment on an activity",
			Description: "Add a comment to an activity.",
			Toolset:     manifest.Activities, Access: manifest.Write, Operations: []string{"sendActivityMessage"},
		}, addActivityMessage),
	}
}

func getActivities(ctx context.Context, env *manifest.Env, in activitiesIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	oldest, newest, err := localRange(in.Oldest, in.Newest, a.today, -6, 0)
	if err != nil {
		return "", err
	}
	limit := in.Limit
	if limit <= 0 {
		limit = 50
	}
	resp, err := env.Client.ListActivitiesWithResponse(ctx, env.AthleteID, &intervals.ListActivitiesParams{
		Oldest: oldest, Newest: pointer(newest + "T23:59:59"), Limit: pointer(int32(limit))})
	if err != nil {
		return "", apiFailed("list activities "+oldest+".."+newest, err)
	}
	if resp.JSON200 == nil {
		return "", noData("list activities", resp.StatusCode())
	}
	note := ""
	if len(*resp.JSON200) == limit {
		note = "\n(limit of " + strconv.Itoa(limit) + " reached: older activities in the range may exist; narrow the range or raise limit)"
	}
	return a.units.Activities(*resp.JSON200, oldest, newest, env.MaxChars()-utf8.RuneCountInString(note)) + note, nil
}

// activityID checks an id the model gave.
func activityID(id string) (string, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return "", manifest.Errorf("activity_id is empty: take it from get_activities (ids look like i12345678)")
	}
	return id, nil
}

// fetchActivity reads one activity.
func fetchActivity(ctx context.Context, env *manifest.Env, id string) (intervals.Activity, error) {
	resp, err := env.Client.GetActivityWithResponse(ctx, id, nil)
	var ie *intervals.Error
	if errors.As(err, &ie) && ie.Status == 422 && strings.Contains(strings.ToLower(ie.Message), "strava") {
		// the API refuses Strava-sourced activities: answer as for the list's stub
		return intervals.Activity{Id: &id, Source: pointer(intervals.ActivitySourceSTRAVA)}, nil
	}
	if intervals.StatusOf(err) == 404 {
		return intervals.Activity{}, manifest.Errorf("activity %s not found: take the id from get_activities (ids look like i12345678)", id)
	}
	if err != nil {
		return intervals.Activity{}, apiFailed("read activity "+id, err)
	}
	// the answer is a union (activity, activity with intervals, hidden): read the fields we show
	var act intervals.Activity
	if err := json.Unmarshal(resp.Body, &act); err != nil || act.Id == nil {
		return intervals.Activity{}, noData("read activity "+id, resp.StatusCode())
	}
	return act, nil
}

func getActivityDetails(ctx context.Context, env *manifest.Env, in activityIn) (string, error) {
	id, err := activityID(in.ActivityID)
	if err != nil {
		return "", err
	}
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	act, err := fetchActivity(ctx, env, id)
	if err != nil {
		return "", err
	}
	return a.units.Activity(act, env.MaxChars()), nil
}

// recordedActivity reads the athlete and an activity whose data (intervals, streams) a tool
// shows. stub is the answer to give instead when the activity is a Strava stub.
func recordedActivity(ctx context.Context, env *manifest.Env, rawID string) (a *athleteCtx, act intervals.Activity, id, stub string, err error) {
	if id, err = activityID(rawID); err != nil {
		return nil, act, "", "", err
	}
	if a, err = loadAthlete(ctx, env); err != nil {
		return nil, act, "", "", err
	}
	if act, err = fetchActivity(ctx, env, id); err != nil {
		return nil, act, "", "", err
	}
	if format.IsStravaStub(act) {
		stub = "Activity " + id + " was " + format.StravaNote + "."
	}
	return a, act, id, stub, nil
}

func getActivityIntervals(ctx context.Context, env *manifest.Env, in activityIn) (string, error) {
	a, act, id, stub, err := recordedActivity(ctx, env, in.ActivityID)
	if err != nil || stub != "" {
		return stub, err
	}
	resp, err := env.Client.GetIntervalsWithResponse(ctx, id)
	if err != nil {
		return "", apiFailed("read the intervals of activity "+id, err)
	}
	if resp.JSON200 == nil {
		return "", noData("read intervals", resp.StatusCode())
	}
	return a.units.Intervals(*resp.JSON200, deref(act.Type), env.MaxChars()), nil
}

func getActivityStreams(ctx context.Context, env *manifest.Env, in streamsIn) (string, error) {
	a, act, id, stub, err := recordedActivity(ctx, env, in.ActivityID)
	if err != nil || stub != "" {
		return stub, err
	}
	params := &intervals.GetActivityStreamsParams{}
	if len(in.Types) > 0 {
		types := append([]string{"time"}, in.Types...)
		params.Types = &types
	}
	resp, err := env.Client.GetActivityStreamsWithResponse(ctx, id, "", params)
	if err != nil {
		return "", apiFailed("read the streams of activity "+id, err)
	}
	if resp.JSON200 == nil {
		return "", noData("read streams", resp.StatusCode())
	}
	points := in.Points
	if points <= 0 {
		points = 60
	}
	return a.units.Streams(id, *resp.JSON200, deref(act.Type), streamZones(act), points, env.MaxChars()), nil
}

// streamZones takes the zones the activity was analysed with: HR zones in bpm, power zones
// in % of the activity's FTP.
func streamZones(a intervals.Activity) format.StreamZones {
	var z format.StreamZones
	if a.IcuHrZones != nil {
		for _, v := range *a.IcuHrZones {
			z.HR = append(z.HR, float64(v))
		}
	}
	if a.IcuPowerZones != nil && a.IcuFtp != nil && *a.IcuFtp > 0 {
		for _, v := range *a.IcuPowerZones {
			z.Power = append(z.Power, float64(v)*float64(*a.IcuFtp)/100)
		}
	}
	return z
}

func getActivityMessages(ctx context.Context, env *manifest.Env, in activityIn) (string, error) {
	id, err := activityID(in.ActivityID)
	if err != nil {
		return "", err
	}
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	resp, err := env.Client.ListActivityMessagesWithResponse(ctx, id, nil)
	if err != nil {
		return "", apiFailed("read the comments of activity "+id, err)
	}
	var ms []intervals.Message
	if resp.JSON200 != nil {
		ms = *resp.JSON200
	}
	return a.units.Messages(id, ms, env.MaxChars()), nil
}

func addActivityMessage(ctx context.Context, env *manifest.Env, in messageIn) (string, error) {
	id, err := activityID(in.ActivityID)
	if err != nil {
		return "", err
	}
	content := strings.TrimSpace(in.Content)
	if content == "" {
		return "", manifest.Errorf("content is empty: write the comment text")
	}
	resp, err := env.Client.SendActivityMessage(ctx, id, intervals.SendActivityMessageJSONRequestBody{Content: &content})
	if err != nil {
		return "", apiFailed("comment on activity "+id, err)
	}
	msg := "Comment added to activity " + id
	// A 2xx is done whatever its answer holds (retrying would post the comment twice).
	var sent intervals.NewMsg
	if readBack(resp, &sent) && sent.Id != nil {
		msg += " (message id " + strconv.Itoa(int(*sent.Id)) + ")"
	}
	return msg + ".", nil
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}
