package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// fetchActivity reads one activity (kept a short time: its details, then its streams, are
// a common pair of questions).
func fetchActivity(ctx context.Context, env *toolcall.Env, id string) (intervals.Activity, error) {
	return toolcall.Cached(env, toolcall.CacheActivity, id, "", func() (intervals.Activity, error) { return readActivity(ctx, env, id) }, nil)
}

// readActivity is fetchActivity's request.
func readActivity(ctx context.Context, env *toolcall.Env, id string) (intervals.Activity, error) {
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

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// listEvents reads the calendar between two local dates, with pairings.
func listEvents(ctx context.Context, env *toolcall.Env, oldest, newest string, cats []string) ([]intervals.Event, map[int32]string, error) {
	params := &intervals.ListEventsParams{Oldest: &oldest, Newest: &newest}
	if len(cats) > 0 {
		params.Category = &cats
	}
	resp, err := env.Client.ListEventsWithResponse(ctx, env.AthleteID, "", params)
	if err != nil {
		return nil, nil, apiFailed("list events "+oldest+".."+newest, err)
	}
	if resp.JSON200 == nil {
		return nil, nil, noData("list events", resp.StatusCode())
	}
	return *resp.JSON200, pairings(*resp.JSON200), nil
}

// fetchEvent reads one event (plural path, /events/{id}) and its pairing.
func fetchEvent(ctx context.Context, env *toolcall.Env, id int32) (intervals.Event, string, error) {
	if id <= 0 {
		return intervals.Event{}, "", manifest.Errorf("event_id must be a positive number from get_events")
	}
	resp, err := env.Client.ShowEventWithResponse(ctx, env.AthleteID, id)
	if err != nil {
		if intervals.StatusOf(err) == 404 {
			return intervals.Event{}, "", manifest.Errorf("event %d is not on the calendar of %s: take the id from get_events (a coach reads another athlete's events with that athlete's id)", id, calendarOf(ctx, env))
		}
		return intervals.Event{}, "", apiFailed(fmt.Sprintf("read event %d", id), err)
	}
	if resp.JSON200 == nil {
		return intervals.Event{}, "", noData("read event", resp.StatusCode())
	}
	// the path names the athlete; an answer that says another is never taken as this one's
	if owner := deref(resp.JSON200.AthleteId); owner != "" {
		if a, err := env.Athlete(ctx); err == nil && !toolcall.SameAthlete(owner, a.ID) {
			return intervals.Event{}, "", manifest.Errorf("event %d is athlete %s's, not %s's (%s): pass athlete %s to read or change it (coaches), or check the id", id, owner, nameOr(a.Name, a.ID), a.ID, owner)
		}
	}
	return *resp.JSON200, pairing(*resp.JSON200), nil
}

// calendarOf names the call's athlete for an error: "Alex Demo (i100001)", or "this athlete"
// when the profile cannot be read.
func calendarOf(ctx context.Context, env *toolcall.Env) string {
	a, err := env.Athlete(ctx)
	if err != nil {
		return "this athlete"
	}
	return nameOr(a.Name, a.ID) + " (" + a.ID + ")"
}

func pointer[T any](v T) *T { return &v }

// readBody returns a raw answer's body (errors are already *intervals.Error); an athlete the
// key may not read is refused by name.
func readBody(env *toolcall.Env, what string, resp *http.Response, err error) ([]byte, error) {
	if err != nil {
		if intervals.StatusOf(err) == http.StatusNotFound {
			return nil, manifest.Errorf("%s: not found; take the id from get_custom_items", what)
		}
		return nil, athleteAccessError(env, apiFailed(what, err))
	}
	b, err := toolcall.ReadAnswer(resp)
	if err != nil {
		return nil, apiFailed(what, err)
	}
	return b, nil
}

// The reads shared by the load tools: wellness rows (fitness and fatigue as Intervals.icu
// computed them), activities (done load, time, distance) and calendar events (planned load,
// and the events that reset the model). Dates are the athlete's local dates, YYYY-MM-DD.

// listWellness returns the athlete's wellness rows from oldest to newest (local dates); no
// rows when Intervals.icu has none. Every tool reads wellness through it.
// The rows of a range read a moment ago answer any range inside it.
func listWellness(ctx context.Context, env *toolcall.Env, oldest, newest string) ([]intervals.Wellness, error) {
	return toolcall.Cached(env, toolcall.CacheWellness, oldest, newest, func() ([]intervals.Wellness, error) {
		resp, err := env.Client.ListWellnessRecordsWithResponse(ctx, env.AthleteID, "", &intervals.ListWellnessRecordsParams{Oldest: &oldest, Newest: &newest})
		if err != nil {
			return nil, athleteAccessError(env, apiFailed("read wellness "+oldest+".."+newest, err))
		}
		if resp.JSON200 == nil {
			return nil, nil
		}
		return *resp.JSON200, nil
	}, func(rows []intervals.Wellness, oldest, newest string) []intervals.Wellness {
		var in []intervals.Wellness
		for _, w := range rows {
			if d := deref(w.Id); d >= oldest && d <= newest {
				in = append(in, w)
			}
		}
		return in
	})
}

// loadWellness returns the athlete's wellness rows from oldest to newest, keyed by date.
func loadWellness(ctx context.Context, env *toolcall.Env, oldest, newest string) (map[string]intervals.Wellness, error) {
	rows, err := listWellness(ctx, env, oldest, newest)
	if err != nil {
		return nil, err
	}
	out := map[string]intervals.Wellness{}
	for _, w := range rows {
		if w.Id != nil {
			out[*w.Id] = w
		}
	}
	return out, nil
}

// loadGear returns the athlete's gear (kept as long as the profile: it changes as rarely).
func loadGear(ctx context.Context, env *toolcall.Env) ([]intervals.Gear, error) {
	return toolcall.Cached(env, toolcall.CacheGear, "", "", func() ([]intervals.Gear, error) {
		resp, err := env.Client.ListGearWithResponse(ctx, env.AthleteID, "")
		if err != nil {
			return nil, athleteAccessError(env, apiFailed("read the gear list", err))
		}
		if resp.JSON200 == nil {
			return nil, noData("read the gear list", resp.StatusCode())
		}
		return *resp.JSON200, nil
	}, nil)
}

// loadActivities returns the athlete's activities started between oldest and newest (local
// dates, inclusive), newest first.
func loadActivities(ctx context.Context, env *toolcall.Env, oldest, newest string) ([]intervals.Activity, error) {
	return loadActivitiesUpTo(ctx, env, oldest, newest, 0)
}

// loadActivitiesUpTo is loadActivities with at most limit activities (0: all). The list of
// a range read a moment ago answers any range inside it, unless the limit cut it.
func loadActivitiesUpTo(ctx context.Context, env *toolcall.Env, oldest, newest string, limit int) ([]intervals.Activity, error) {
	read := func() ([]intervals.Activity, error) {
		params := &intervals.ListActivitiesParams{Oldest: oldest, Newest: &newest}
		if limit > 0 {
			params.Limit = pointer(int32(limit))
		}
		resp, err := env.Client.ListActivitiesWithResponse(ctx, env.AthleteID, params)
		if err != nil {
			return nil, athleteAccessError(env, fmt.Errorf("read activities %s..%s: %w", oldest, newest, err))
		}
		if resp.JSON200 == nil {
			return nil, nil
		}
		return *resp.JSON200, nil
	}
	within := func(acts []intervals.Activity, oldest, newest string) []intervals.Activity {
		var in []intervals.Activity
		for _, a := range acts {
			if d := activityDate(a); d >= oldest && d <= newest && (limit == 0 || len(in) < limit) {
				in = append(in, a)
			}
		}
		return in
	}
	acts, err := toolcall.Cached(env, toolcall.CacheActivities, oldest, newest, func() ([]intervals.Activity, error) {
		acts, err := read()
		if err == nil && limit > 0 && len(acts) >= limit {
			err = errCut
		}
		return acts, err
	}, within)
	if errors.Is(err, errCut) { // a list cut by the limit is shown, not kept
		return acts, nil
	}
	return acts, err
}

// errCut marks a list cut by its limit: not kept, since it does not hold its whole range.
var errCut = errors.New("cut by the limit")

// activityDate is the local date an activity started on, or "" when it has none.
func activityDate(a intervals.Activity) string {
	if a.StartDateLocal == nil || len(*a.StartDateLocal) < len(ymd) {
		return ""
	}
	return (*a.StartDateLocal)[:len(ymd)]
}

// calEvent is what the load tools read of a calendar event. It is decoded from the raw
// answer because the API sends fields the spec does not declare: paired_activity_id (the
// activity that did a planned session) and a SET_FITNESS event's ctl and atl.
type calEvent struct {
	ID          int32           `json:"id"`
	ExternalID  string          `json:"external_id"`
	Category    string          `json:"category"`
	Start       string          `json:"start_date_local"`
	Name        string          `json:"name"`
	Type        string          `json:"type"`
	Description string          `json:"description"`
	Indoor      bool            `json:"indoor"`
	Load        *float64        `json:"icu_training_load"`
	LoadTarget  *float64        `json:"load_target"`
	MovingTime  *float64        `json:"moving_time"`
	Distance    *float64        `json:"distance"`
	Ctl         *float64        `json:"ctl"`
	Atl         *float64        `json:"atl"`
	IcuCtl      *float64        `json:"icu_ctl"`
	IcuAtl      *float64        `json:"icu_atl"`
	CtlDays     *float64        `json:"ctl_days"`
	AtlDays     *float64        `json:"atl_days"`
	IcuFtp      *float64        `json:"icu_ftp"`
	Paired      json.RawMessage `json:"paired_activity_id"`
}

// date is the event's local date.
func (e calEvent) date() string {
	if len(e.Start) < len(ymd) {
		return ""
	}
	return e.Start[:len(ymd)]
}

// plannedLoad is the load a planned session or race is expected to add: its computed
// training load, or else its load target. ok is false for events without load (notes,
// periods, model resets).
func (e calEvent) plannedLoad() (float64, bool) {
	if !e.session() {
		return 0, false
	}
	if e.Load != nil {
		return *e.Load, true
	}
	if e.LoadTarget != nil {
		return *e.LoadTarget, true
	}
	return 0, false
}

// session says whether the event is a planned session: a workout or a race.
func (e calEvent) session() bool {
	return e.Category == "WORKOUT" || strings.HasPrefix(e.Category, "RACE")
}

// paired says whether a recorded activity did this planned session.
func (e calEvent) paired() bool { return pairedID(e.Paired) != "" }

// loadEvents returns the athlete's calendar between oldest and newest (inclusive).
func loadEvents(ctx context.Context, env *toolcall.Env, oldest, newest string) ([]calEvent, error) {
	resp, err := env.Client.ListEventsWithResponse(ctx, env.AthleteID, "", &intervals.ListEventsParams{Oldest: &oldest, Newest: &newest})
	if err != nil {
		return nil, athleteAccessError(env, fmt.Errorf("read the calendar %s..%s: %w", oldest, newest, err))
	}
	var evs []calEvent
	if err := json.Unmarshal(resp.Body, &evs); err != nil {
		return nil, fmt.Errorf("read the calendar %s..%s: the answer is not a list of events: %w", oldest, newest, err)
	}
	return evs, nil
}

// loadModelEvents returns every event that changes the fitness model (SET_FITNESS,
// FITNESS_DAYS, SET_EFTP), whatever its date.
func loadModelEvents(ctx context.Context, env *toolcall.Env) ([]calEvent, error) {
	resp, err := env.Client.ListFitnessModelEventsWithResponse(ctx, env.AthleteID)
	if err != nil {
		return nil, athleteAccessError(env, fmt.Errorf("read the fitness model events: %w", err))
	}
	var evs []calEvent
	if err := json.Unmarshal(resp.Body, &evs); err != nil {
		return nil, fmt.Errorf("read the fitness model events: the answer is not a list of events: %w", err)
	}
	return evs, nil
}

func f32(p *float32) (float64, bool) {
	if p == nil {
		return 0, false
	}
	return float64(*p), true
}

// planEvent is an event as read, with the recorded activity paired with it ("" if none).
type planEvent struct {
	intervals.Event
	activity string
}

// day is the event's local start date, YYYY-MM-DD ("" when it has none).
func (e planEvent) day() string {
	s := deref(e.StartDateLocal)
	if len(s) < 10 {
		return s
	}
	return s[:10]
}

// readCalendar lists the events that touch oldest..newest (local dates, inclusive), of
// the given categories (none: all), with their pairings.
func readCalendar(ctx context.Context, env *toolcall.Env, oldest, newest string, categories ...string) ([]planEvent, error) {
	evs, paired, err := listEvents(ctx, env, oldest, newest, categories)
	if err != nil {
		return nil, err
	}
	out := make([]planEvent, len(evs))
	for i, e := range evs {
		out[i] = planEvent{Event: e, activity: paired[deref(e.Id)]}
	}
	return out, nil
}

// readEvent reads one event by id, with its pairing.
func readEvent(ctx context.Context, env *toolcall.Env, id int32) (planEvent, error) {
	e, paired, err := fetchEvent(ctx, env, id)
	return planEvent{Event: e, activity: paired}, err
}

// apiFailed wraps an API error with what the tool was doing. A 404 on an id the model gave is
// told as such, so it can correct the id; an answer too large to read says to ask for less.
func apiFailed(what string, err error) error {
	var ie *intervals.Error
	if errors.As(err, &ie) {
		return fmt.Errorf("%s: %w", what, err)
	}
	if errors.Is(err, intervals.ErrAnswerTooLarge) {
		return fmt.Errorf("%s: %w", what, intervals.ErrAnswerTooLarge)
	}
	return fmt.Errorf("%s: Intervals.icu could not be reached or answered badly (%v); try again in a moment", what, err)
}

// readBack reads a write's 2xx answer into v (a fresh value). The write is done whatever
// the answer holds, so an answer that does not decode is not an error: ok is false and the
// caller shows what it sent instead. A field the generated model types differently (an
// integer sent as 249.75) fails the whole read, since it would decode as a false zero.
func readBack(resp *http.Response, v any) (ok bool) {
	b, err := toolcall.ReadAnswer(resp)
	return err == nil && json.Unmarshal(b, v) == nil
}

// noData is the error for a 2xx answer without the expected body.
func noData(what string, status int) error {
	return fmt.Errorf("%s: Intervals.icu answered %d without data; try again in a moment", what, status)
}
