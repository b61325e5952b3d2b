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
	ath, first, well, acts, modelEvs := ld.ath, ld.first, ld.well, ld.acts, ld.modelEvs
	today, until := ath.today.Format(ymd), q.until
	evs := ld.evs
	if q.skip != nil {
		kept := evs[:0:0]
		for _, e := range evs {
			if !q.skip(e) {
				kept = append(kept, e)
			}
		}
		evs = kept
	}

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
	planned := map[string]float64{}
	var open []format.OpenSession // planned today and not yet done
	for _, e := range evs {
		if l, ok := e.plannedLoad(); ok && e.date() != "" {
			planned[e.date()] += l
			if e.date() == today && !e.paired() {
				targets := ""
				if e.Category == "WORKOUT" {
					targets = plannedTargets(ath, e.Type, e.Indoor, e.Description)
				}
				open = append(open, format.OpenSession{Sport: e.Type, Name: e.Name, Load: l, Targets: targets})
			}
		}
	}
	todayOpen := q.extra[today]
	for _, o := range open {
		todayOpen += o.Load
	}
	resets := modelResets(modelEvs)
	model := load.Default()

	// Start: the end of today as Intervals.icu computed it, with what is still to do today;
	// else the end of the latest day before today.
	var start, todayDone load.Day
	var err error
	row, hasToday := well[today]
	hasToday = hasToday && row.Ctl != nil && row.Atl != nil
	if hasToday {
		todayDone = load.Day{Date: today, Fitness: float64(*row.Ctl), Fatigue: float64(*row.Atl), Form: float64(*row.Ctl - *row.Atl)}
		if v, ok := f32(row.CtlLoad); ok {
			todayDone.Load = v
		}
		if v, ok := f32(row.RampRate); ok {
			todayDone.RampRate = v
		}
		if start, err = model.Add(todayDone, todayOpen, resets); err != nil {
			return nil, fmt.Errorf("project fitness: %w", err)
		}
	} else {
		var ok bool
		if start, ok = latestBefore(well, today); !ok {
			return nil, fmt.Errorf("Intervals.icu has no fitness values (wellness ctl/atl) up to %s for this athlete: nothing to project from", weekdayDate(today))
		}
	}
	loads := map[string]float64{}
	for d, w := range well {
		if d < start.Date {
			if v, ok := f32(w.CtlLoad); ok {
				loads[d] = v
			}
		}
	}
	for d := start.Date; d <= until; d = addDays(d, 1) {
		switch {
		case d < today:
			if v, ok := f32(well[d].CtlLoad); ok {
				loads[d] = v
			} else {
				loads[d] = done[d]
			}
		case d == today:
			if v, ok := f32(well[d].CtlLoad); ok {
				loads[d] = v + todayOpen
			} else {
				loads[d] = done[d] + todayOpen
			}
		default:
			loads[d] = planned[d] + q.extra[d]
		}
	}
	proj, err := model.Project(start, loads, resets, until)
	if err != nil {
		return nil, fmt.Errorf("project fitness: %w", err)
	}

	// Weekly totals: past days carry Intervals.icu's values, later ones the projection's.
	var series []load.Day
	for d := first; d < today; d = addDays(d, 1) {
		if w, ok := well[d]; ok && w.Ctl != nil && w.Atl != nil {
			series = append(series, load.Day{Date: d, Fitness: float64(*w.Ctl), Fatigue: float64(*w.Atl), Form: float64(*w.Ctl - *w.Atl)})
		}
	}
	if hasToday {
		series = append(series, start)
	}
	series = append(series, proj...)
	plannedAll := map[string]float64{}
	for d, l := range planned {
		plannedAll[d] += l
	}
	for d, l := range q.extra {
		plannedAll[d] += l
	}
	t := format.TrainingLoad{
		Athlete: nameOr(ath.Name, env.AthleteID), Today: today, Until: until, StravaStubs: stubs,
		Weeks: load.Weekly(series, done, plannedAll), Start: start, Open: open, TodayOpen: todayOpen,
		Projection: proj, WhatIf: q.extra, Races: races(evs, series, well),
	}
	switch {
	case hasToday:
		t.Now, t.NowRamp = todayDone, row.RampRate
	default:
		// the latest values before today as Intervals.icu reports them
		t.Now, t.NowRamp = start, well[start.Date].RampRate
	}
	return &trainingLoad{ath: ath, t: t, series: series}, nil
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
