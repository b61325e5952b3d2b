package tools

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/load"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// get_training_load: weekly load done and planned, fitness / fatigue / form now (as
// Intervals.icu computed them) and projected day by day over the planned sessions with the
// 42/7-day model of internal/load, resets honoured; what-if sessions are projected without
// being written.

type trainingLoadIn struct {
	Weeks    int             `json:"weeks,omitempty" jsonschema:"minimum=1,maximum=26" jsonschema_description:"Past weeks shown, this one included (default 4)"`
	Days     int             `json:"days,omitempty" jsonschema:"minimum=1,maximum=120" jsonschema_description:"Days projected from today (default 14)"`
	Sessions []whatIfSession `json:"sessions,omitempty" jsonschema_description:"What-if sessions added to the plan, never saved"`
}

type whatIfSession struct {
	Date      string  `json:"date" jsonschema_description:"YYYY-MM-DD, today or later"`
	Load      float64 `json:"load,omitempty" jsonschema_description:"Training load; or give duration and intensity"`
	Duration  string  `json:"duration,omitempty" jsonschema_description:"h:mm or minutes"`
	Intensity float64 `json:"intensity,omitempty" jsonschema_description:"Intensity factor, 0.75 or 75 (% of threshold)"`
}

func getTrainingLoadTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "get_training_load",
		Title:       "Training load and form",
		Description: "Weekly load done vs planned; fitness, fatigue, form and ramp rate today, projected day by day over planned sessions. What-if: pass sessions to project them without saving.",
		Toolset:     manifest.Load,
		Access:      manifest.Read,
		Operations:  []string{"getAthlete", "listWellnessRecords", "listActivities", "listEvents", "listFitnessModelEvents"},
	}, getTrainingLoad)
}

func getTrainingLoad(ctx context.Context, env *toolcall.Env, in trainingLoadIn) (string, error) {
	d, err := projectTrainingLoad(ctx, env, in)
	if err != nil {
		return "", err
	}
	return d.ath.units.TrainingLoad(d.t, env.MaxChars()), nil
}

// trainingLoad is what get_training_load computes, and chart_fitness draws.
type trainingLoad struct {
	ath *athleteCtx
	t   format.TrainingLoad
	// series is every day from the first week shown to the last projected: Intervals.icu's
	// values before today, the projection's from today.
	series []load.Day
}

// projectTrainingLoad reads the athlete's fitness, activities and calendar and projects
// fitness, fatigue and form over the planned sessions (and the what-if ones).
func projectTrainingLoad(ctx context.Context, env *toolcall.Env, in trainingLoadIn) (*trainingLoad, error) {
	weeks, days := in.Weeks, in.Days
	if weeks == 0 {
		weeks = 4
	}
	if days == 0 {
		days = 14
	}
	ath, err := loadAthlete(ctx, env)
	if err != nil {
		return nil, err
	}
	today := ath.today.Format(ymd)
	until := addDays(today, days)
	whatIf, err := whatIfLoads(in.Sessions, ath.today, until)
	if err != nil {
		return nil, err
	}
	d, err := projectLoads(ctx, env, ath, loadQuery{weeks: weeks, until: until, extra: whatIf})
	if err != nil {
		return nil, err
	}
	d.t.WhatIfCount = len(in.Sessions)
	return d, nil
}

// loadQuery is what projectLoads projects: the past weeks shown (this one included), the last
// day projected, load added by date (what-if sessions, a plan not yet written) and the
// calendar's sessions to leave out (those the added load replaces).
type loadQuery struct {
	weeks int
	until string
	extra map[string]float64
	skip  func(calEvent) bool
}

// loadData is what projectLoads reads: wellness rows by date (from a week before the first
// week shown, for the ramp rate, to today), activities of the weeks shown, the calendar from
// the first week shown through the last day projected, and the model events.
type loadData struct {
	ath      *athleteCtx
	first    string // the Monday of the first week shown
	well     map[string]intervals.Wellness
	acts     []intervals.Activity
	evs      []calEvent
	modelEvs []calEvent
}

// readLoads reads what a projection of the weeks shown through until needs.
func readLoads(ctx context.Context, env *toolcall.Env, ath *athleteCtx, weeks int, until string) (*loadData, error) {
	today := ath.today.Format(ymd)
	d := &loadData{ath: ath, first: addDays(mondayOf(today), -7*(weeks-1))}
	// The projection starts from yesterday's or today's values; the ramp rate needs a week
	// before it.
	wellFrom := d.first
	if r := addDays(today, -8); r < wellFrom {
		wellFrom = r
	}
	var err error
	if d.well, err = loadWellness(ctx, env, wellFrom, today); err != nil {
		return nil, err
	}
	if d.acts, err = loadActivities(ctx, env, d.first, today); err != nil {
		return nil, err
	}
	if d.evs, err = loadEvents(ctx, env, d.first, until); err != nil {
		return nil, err
	}
	if d.modelEvs, err = loadModelEvents(ctx, env); err != nil {
		return nil, err
	}
	return d, nil
}

// projectLoads reads the athlete's fitness, activities and calendar and projects them (see
// project).
func projectLoads(ctx context.Context, env *toolcall.Env, ath *athleteCtx, q loadQuery) (*trainingLoad, error) {
	d, err := readLoads(ctx, env, ath, q.weeks, q.until)
	if err != nil {
		return nil, err
	}
	return d.project(env, q)
}

// project projects fitness, fatigue and form through q.until. Today is one day:
// Intervals.icu's values for it (today's wellness row, what is done so far), with the
// projection starting from them and what is still planned today (and q.extra's load of
// today) added as done; without a row for today, the projection starts from the latest day
// before and covers today.
func (ld *loadData) project(env *toolcall.Env, q loadQuery) (*trainingLoad, error) {
	today := ld.ath.today.Format(ymd)
	evs := ld.calendar(q.skip)
	done, stubs := doneLoads(ld.acts)
	planned, open := plannedLoads(ld.ath, evs, today)
	todayOpen := q.extra[today]
	for _, o := range open {
		todayOpen += o.Load
	}
	resets := modelResets(ld.modelEvs)
	model := load.Default()
	start, now, err := ld.projectionStart(model, todayOpen, resets)
	if err != nil {
		return nil, err
	}
	proj, err := model.Project(start, ld.modelLoads(start.Date, q, done, planned, todayOpen), resets, q.until)
	if err != nil {
		return nil, fmt.Errorf("project fitness: %w", err)
	}
	// Weekly totals: past days carry Intervals.icu's values, later ones the projection's.
	series := ld.pastSeries()
	if now.Date == today { // today's end, from Intervals.icu's values; else proj covers today
		series = append(series, start)
	}
	series = append(series, proj...)
	t := format.TrainingLoad{
		Athlete: nameOr(ld.ath.Name, env.AthleteID), Today: today, Until: q.until, StravaStubs: stubs,
		Weeks: load.Weekly(series, done, sumByDate(planned, q.extra)), Start: start, Open: open, TodayOpen: todayOpen,
		Projection: proj, WhatIf: q.extra, Races: races(evs, series, ld.well),
		// the latest values as Intervals.icu reports them
		Now: now, NowRamp: ld.well[now.Date].RampRate,
	}
	return &trainingLoad{ath: ld.ath, t: t, series: series}, nil
}

// calendar is the calendar read, less the events skip leaves out.
func (ld *loadData) calendar(skip func(calEvent) bool) []calEvent {
	if skip == nil {
		return ld.evs
	}
	kept := ld.evs[:0:0]
	for _, e := range ld.evs {
		if !skip(e) {
			kept = append(kept, e)
		}
	}
	return kept
}

// doneLoads are the activities' loads by date, and how many Strava stubs (activities the API
// gives no load for) there are among them.
func doneLoads(acts []intervals.Activity) (map[string]float64, int) {
	done := map[string]float64{}
	stubs := 0
	for _, a := range acts {
		d := activityDate(a)
		if a.IcuTrainingLoad != nil && d != "" {
			done[d] += float64(*a.IcuTrainingLoad)
		} else if a.Source != nil && string(*a.Source) == "STRAVA" {
			stubs++
		}
	}
	return done, stubs
}

// plannedLoads are the calendar's planned loads by date, and the sessions planned today and
// not yet done (open), with their targets.
func plannedLoads(ath *athleteCtx, evs []calEvent, today string) (map[string]float64, []format.OpenSession) {
	planned := map[string]float64{}
	var open []format.OpenSession
	for _, e := range evs {
		l, ok := e.plannedLoad()
		if !ok || e.date() == "" {
			continue
		}
		planned[e.date()] += l
		if e.date() == today && !e.paired() {
			targets := ""
			if e.Category == "WORKOUT" {
				targets = plannedTargets(ath, e.Type, e.Indoor, e.Description)
			}
			open = append(open, format.OpenSession{Sport: e.Type, Name: e.Name, Load: l, Targets: targets})
		}
	}
	return planned, open
}

// projectionStart is the day the projection starts from, and now, the latest values
// Intervals.icu computed. With fitness and fatigue for today, now is today so far and the
// start the end of today with what is still to do today (todayOpen) added; without, both
// are the end of the latest day before today.
func (ld *loadData) projectionStart(model load.Model, todayOpen float64, resets []load.Reset) (start, now load.Day, err error) {
	today := ld.ath.today.Format(ymd)
	row, ok := ld.well[today]
	if !ok || row.Ctl == nil || row.Atl == nil {
		if start, ok = latestBefore(ld.well, today); !ok {
			return start, now, fmt.Errorf("Intervals.icu has no fitness values (wellness ctl/atl) up to %s for this athlete: nothing to project from", weekdayDate(today))
		}
		return start, start, nil
	}
	now = load.Day{Date: today, Fitness: float64(*row.Ctl), Fatigue: float64(*row.Atl), Form: float64(*row.Ctl - *row.Atl)}
	if v, ok := f32(row.CtlLoad); ok {
		now.Load = v
	}
	if v, ok := f32(row.RampRate); ok {
		now.RampRate = v
	}
	if start, err = model.Add(now, todayOpen, resets); err != nil {
		return start, now, fmt.Errorf("project fitness: %w", err)
	}
	return start, now, nil
}

// modelLoads are the daily loads the model walks from the start day through q.until: before
// the start and up to today Intervals.icu's (its wellness load, else the activities' done),
// today's with what is still to do today added, after today the planned sessions' and
// q.extra's.
func (ld *loadData) modelLoads(start string, q loadQuery, done, planned map[string]float64, todayOpen float64) map[string]float64 {
	today := ld.ath.today.Format(ymd)
	loads := map[string]float64{}
	for d, w := range ld.well {
		if d < start {
			if v, ok := f32(w.CtlLoad); ok {
				loads[d] = v
			}
		}
	}
	for d := start; d <= q.until; d = addDays(d, 1) {
		if d > today {
			loads[d] = planned[d] + q.extra[d]
			continue
		}
		if v, ok := f32(ld.well[d].CtlLoad); ok {
			loads[d] = v
		} else {
			loads[d] = done[d]
		}
		if d == today {
			loads[d] += todayOpen
		}
	}
	return loads
}

// pastSeries is Intervals.icu's fitness, fatigue and form of each day from the first week
// shown up to today (a day without them left out).
func (ld *loadData) pastSeries() []load.Day {
	today := ld.ath.today.Format(ymd)
	var series []load.Day
	for d := ld.first; d < today; d = addDays(d, 1) {
		if w, ok := ld.well[d]; ok && w.Ctl != nil && w.Atl != nil {
			series = append(series, load.Day{Date: d, Fitness: float64(*w.Ctl), Fatigue: float64(*w.Atl), Form: float64(*w.Ctl - *w.Atl)})
		}
	}
	return series
}

// sumByDate adds loads by date.
func sumByDate(ms ...map[string]float64) map[string]float64 {
	out := map[string]float64{}
	for _, m := range ms {
		for d, l := range m {
			out[d] += l
		}
	}
	return out
}

// latestBefore is the latest wellness row before date with fitness and fatigue, as a Day.
func latestBefore(well map[string]intervals.Wellness, date string) (load.Day, bool) {
	var dates []string
	for d, w := range well {
		if d < date && w.Ctl != nil && w.Atl != nil {
			dates = append(dates, d)
		}
	}
	if len(dates) == 0 {
		return load.Day{}, false
	}
	sort.Strings(dates)
	w := well[dates[len(dates)-1]]
	return load.Day{Date: dates[len(dates)-1], Fitness: float64(*w.Ctl), Fatigue: float64(*w.Atl)}, true
}

// races are the races of the calendar, in its order, each with the form going into it
// (load.FormGoingInto: the end of the day before, in series, or in the wellness rows before
// it for a race on its first day).
func races(evs []calEvent, series []load.Day, well map[string]intervals.Wellness) []format.Race {
	var out []format.Race
	for _, e := range evs {
		if !strings.HasPrefix(e.Category, "RACE_") || e.date() == "" {
			continue
		}
		r := format.Race{Date: e.date(), Category: e.Category, Name: e.Name}
		days := series
		if len(series) == 0 || addDays(r.Date, -1) < series[0].Date {
			if w, ok := well[addDays(r.Date, -1)]; ok && w.Ctl != nil && w.Atl != nil {
				days = []load.Day{{Date: addDays(r.Date, -1), Fitness: float64(*w.Ctl), Fatigue: float64(*w.Atl)}}
			}
		}
		if f, ok := load.FormGoingInto(days, r.Date, r.Category); ok {
			r.Form = &f
		}
		out = append(out, r)
	}
	return out
}

// modelResets turns the calendar's model events into load resets. A SET_FITNESS event
// carries its values as ctl/atl (icu_ctl/icu_atl in the spec's terms).
func modelResets(evs []calEvent) []load.Reset {
	var out []load.Reset
	for _, e := range evs {
		r := load.Reset{Date: e.date()}
		if r.Date == "" {
			continue
		}
		switch e.Category {
		case "SET_FITNESS":
			r.Fitness, r.Fatigue = firstSet(e.Ctl, e.IcuCtl), firstSet(e.Atl, e.IcuAtl)
			if r.Fitness == nil && r.Fatigue == nil {
				continue
			}
		case "FITNESS_DAYS":
			r.FitnessDays, r.FatigueDays = positive(e.CtlDays), positive(e.AtlDays)
			if r.FitnessDays == nil && r.FatigueDays == nil {
				continue
			}
		case "SET_EFTP":
			if r.EFTP = positive(e.IcuFtp); r.EFTP == nil {
				continue
			}
		default:
			continue
		}
		out = append(out, r)
	}
	return out
}

func firstSet(a, b *float64) *float64 {
	if a != nil {
		return a
	}
	return b
}

func positive(p *float64) *float64 {
	if p == nil || !(*p > 0) || math.IsInf(*p, 0) {
		return nil
	}
	return p
}
