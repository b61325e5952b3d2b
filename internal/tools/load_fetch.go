package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// The reads shared by the load tools: wellness rows (fitness and fatigue as Intervals.icu
// computed them), activities (done load, time, distance) and calendar events (planned load,
// and the events that reset the model). Dates are the athlete's local dates, YYYY-MM-DD.

// listWellness returns the athlete's wellness rows from oldest to newest (local dates); no
// rows when Intervals.icu has none. Every tool reads wellness through it.
func listWellness(ctx context.Context, env *manifest.Env, oldest, newest string) ([]intervals.Wellness, error) {
	resp, err := env.Client.ListWellnessRecordsWithResponse(ctx, env.AthleteID, "", &intervals.ListWellnessRecordsParams{Oldest: &oldest, Newest: &newest})
	if err != nil {
		return nil, athleteAccessError(env, apiFailed("read wellness "+oldest+".."+newest, err))
	}
	if resp.JSON200 == nil {
		return nil, nil
	}
	return *resp.JSON200, nil
}

// loadWellness returns the athlete's wellness rows from oldest to newest, keyed by date.
func loadWellness(ctx context.Context, env *manifest.Env, oldest, newest string) (map[string]intervals.Wellness, error) {
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

// loadActivities returns the athlete's activities started between oldest and newest (local
// dates, inclusive).
func loadActivities(ctx context.Context, env *manifest.Env, oldest, newest string) ([]intervals.Activity, error) {
	resp, err := env.Client.ListActivitiesWithResponse(ctx, env.AthleteID, &intervals.ListActivitiesParams{Oldest: oldest, Newest: &newest})
	if err != nil {
		return nil, athleteAccessError(env, fmt.Errorf("read activities %s..%s: %w", oldest, newest, err))
	}
	if resp.JSON200 == nil {
		return nil, nil
	}
	return *resp.JSON200, nil
}

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
	ID         int32           `json:"id"`
	Category   string          `json:"category"`
	Start      string          `json:"start_date_local"`
	Name       string          `json:"name"`
	Type       string          `json:"type"`
	Load       *float64        `json:"icu_training_load"`
	LoadTarget *float64        `json:"load_target"`
	MovingTime *float64        `json:"moving_time"`
	Ctl        *float64        `json:"ctl"`
	Atl        *float64        `json:"atl"`
	IcuCtl     *float64        `json:"icu_ctl"`
	IcuAtl     *float64        `json:"icu_atl"`
	CtlDays    *float64        `json:"ctl_days"`
	AtlDays    *float64        `json:"atl_days"`
	IcuFtp     *float64        `json:"icu_ftp"`
	Paired     json.RawMessage `json:"paired_activity_id"`
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
	switch {
	case e.Category == "WORKOUT" || strings.HasPrefix(e.Category, "RACE"):
	default:
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

// paired says whether a recorded activity did this planned session.
func (e calEvent) paired() bool { return pairedID(e.Paired) != "" }

// loadEvents returns the athlete's calendar between oldest and newest (inclusive).
func loadEvents(ctx context.Context, env *manifest.Env, oldest, newest string) ([]calEvent, error) {
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
func loadModelEvents(ctx context.Context, env *manifest.Env) ([]calEvent, error) {
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

// ciDay formats a local date (YYYY-MM-DD) with its weekday, "Mon 2026-11-30".
func ciDay(date string) string {
	t, err := time.Parse(ymd, date)
	if err != nil {
		return date
	}
	return t.Format("Mon 2006-01-02")
}

// ciAddDays moves a YYYY-MM-DD date by n days.
func ciAddDays(date string, n int) string {
	t, err := time.Parse(ymd, date)
	if err != nil {
		return date
	}
	return t.AddDate(0, 0, n).Format(ymd)
}

// ciMonday is the Monday on or before a YYYY-MM-DD date.
func ciMonday(date string) string {
	t, err := time.Parse(ymd, date)
	if err != nil {
		return date
	}
	return format.Monday(t).Format(ymd)
}

func ciF32(p *float32) (float64, bool) {
	if p == nil {
		return 0, false
	}
	return float64(*p), true
}
