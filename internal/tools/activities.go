package tools

import (
	"context"
	"regexp"
	"strings"
	"sync"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// maxActivities is limit's maximum in activitiesIn's schema.
const maxActivities = 200

type activitiesIn struct {
	Oldest string `json:"oldest,omitempty" jsonschema_description:"Local YYYY-MM-DD (default newest-6)"`
	Newest string `json:"newest,omitempty" jsonschema_description:"Local YYYY-MM-DD (default today)"`
	Limit  int    `json:"limit,omitempty" jsonschema:"minimum=1,maximum=200,default=50"`
}

func getActivitiesTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_activities", Title: "List activities",
		Description: "Activities in a local date range (default the last 7 days), newest first: time, distance, pace or power, HR, load.",
		Toolset:     manifest.Activities, Access: manifest.Read, Operations: []string{"getAthlete", "listActivities"},
		Aliases: aliases(rangeAliases, dropped("include_unnamed")), // we list every activity, named or not
	}, getActivities)
}

func getActivities(ctx context.Context, env *toolcall.Env, in activitiesIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	oldest, newest, err := localRange(in.Oldest, in.Newest, a.today, -6, 0)
	if err != nil {
		return "", err
	}
	acts, err := loadActivitiesUpTo(ctx, env, oldest, newest, in.Limit)
	if err != nil {
		return "", err
	}
	return a.units.ActivitiesUpTo(acts, oldest, newest, in.Limit, in.Limit < maxActivities, env.MaxChars()), nil
}

// activityID checks an id the model gave.
//
// It is checked against the form of Intervals.icu's ids, i and digits (i12345678) or digits
// (an activity from Strava), before any request: the id goes into the path, and nothing the
// model sends may change the path (".." would read /api/v1/).
func activityID(id string) (string, error) {
	id = strings.TrimSpace(id)
	if id == "" {
		return "", manifest.Errorf("activity_id is empty: take it from get_activities (ids look like i12345678)")
	}
	if !activityIDForm().MatchString(id) {
		return "", manifest.Errorf("activity_id %s is not an activity id: take it from get_activities (ids look like i12345678)", excerpt(id))
	}
	return id, nil
}

var activityIDForm = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^i?[0-9]{1,19}$`) })

type activityIn struct {
	ActivityID string `json:"activity_id" jsonschema_description:"e.g. i12345678"`
}

func getActivityDetailsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_activity_details", Title: "Activity details",
		Description: "One activity in full: time, distance, pace, HR, power, load, zones, effort, gear, notes.",
		Toolset:     manifest.Activities, Access: manifest.Read, Operations: []string{"getAthlete", "getActivity", "listGear"},
	}, getActivityDetails)
}

func getActivityDetails(ctx context.Context, env *toolcall.Env, in activityIn) (string, error) {
	r, err := activityToShow(ctx, env, in.ActivityID)
	if err != nil {
		return "", err
	}
	nameGear(ctx, env, &r.act)
	return r.note + r.a.units.Activity(r.act, env.MaxChars()), nil
}

// nameGear fills in the name of an activity's gear, which the API sends as an id alone, from
// the athlete's gear list (one read, cached like the profile). Without the list (no access to
// settings, an error) the id stays as it is: the details are not refused for a name.
func nameGear(ctx context.Context, env *toolcall.Env, act *intervals.Activity) {
	g := act.Gear
	if g == nil || g.Id == nil || (g.Name != nil && *g.Name != "") {
		return
	}
	list, err := loadGear(ctx, env)
	if err != nil {
		return
	}
	for _, known := range list {
		if known.Id != nil && *known.Id == *g.Id {
			named := *g
			named.Name = known.Name
			act.Gear = &named
			return
		}
	}
}

// recordedActivity reads an activity whose data (intervals, streams) a tool shows (see
// activityToShow). stub is the answer to give instead when the activity is a Strava stub.
func recordedActivity(ctx context.Context, env *toolcall.Env, rawID string) (r shownActivity, stub string, err error) {
	if r, err = activityToShow(ctx, env, rawID); err != nil {
		return r, "", err
	}
	if format.IsStravaStub(r.act) {
		stub = "Activity " + r.id + " was " + format.StravaNote + "."
	}
	return r, stub, nil
}

func getActivityIntervalsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_activity_intervals", Title: "Activity intervals",
		Description: "An activity's work and recovery intervals with time, distance, pace or power, HR.",
		Toolset:     manifest.Activities, Access: manifest.Read, Operations: []string{"getAthlete", "getIntervals", "getActivity"},
	}, getActivityIntervals)
}

func getActivityIntervals(ctx context.Context, env *toolcall.Env, in activityIn) (string, error) {
	r, stub, err := recordedActivity(ctx, env, in.ActivityID)
	if err != nil || stub != "" {
		return stub, err
	}
	id := r.id
	resp, err := env.Client.GetIntervalsWithResponse(ctx, id)
	if err != nil {
		return "", apiFailed("read the intervals of activity "+id, err)
	}
	if resp.JSON200 == nil {
		return "", noData("read intervals", resp.StatusCode())
	}
	return r.note + r.a.units.Intervals(*resp.JSON200, deref(r.act.Type), env.MaxChars()), nil
}

type streamsIn struct {
	ActivityID string   `json:"activity_id" jsonschema_description:"e.g. i12345678"`
	Types      []string `json:"types,omitempty" jsonschema_description:"Default all, e.g. watts, heartrate, velocity_smooth"`
	Points     int      `json:"points,omitempty" jsonschema:"minimum=5,maximum=120,default=60" jsonschema_description:"Points per stream"`
}

func getActivityStreamsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_activity_streams", Title: "Activity streams",
		Description: "An activity's streams (power, HR, cadence, speed...) summarised: min/avg/max, gaps, time in zones, downsampled profile.",
		Toolset:     manifest.Activities, Access: manifest.Read, Operations: []string{"getAthlete", "getActivityStreams", "getActivity"},
		Aliases: []manifest.Alias{{Name: "stream_types", For: "types", Convert: commaList("types")}},
	}, getActivityStreams)
}

func getActivityStreams(ctx context.Context, env *toolcall.Env, in streamsIn) (string, error) {
	r, stub, err := recordedActivity(ctx, env, in.ActivityID)
	if err != nil || stub != "" {
		return stub, err
	}
	id := r.id
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
	return r.note + r.a.units.Streams(id, *resp.JSON200, deref(r.act.Type), streamZones(r.act), in.Points, env.MaxChars()), nil
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
