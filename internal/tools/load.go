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
)

// get_training_load: weekly load done and planned, fitness / fatigue / form now (as
// Intervals.icu computed them) and projected day by day over the planned sessions with the
// 42/7-day model of internal/load, resets honoured; what-if sessions are projected without
// being written.

type whatIfSession struct {
	Date      string  `json:"date" jsonschema_description:"YYYY-MM-DD, today or later"`
	Load      float64 `json:"load,omitempty" jsonschema_description:"Training load; or give duration and intensity"`
	Duration  string  `json:"duration,omitempty" jsonschema_description:"h:mm or minutes"`
	Intensity float64 `json:"intensity,omitempty" jsonschema_description:"Intensity factor, 0.75 or 75 (% of threshold)"`
}

type trainingLoadIn struct {
	Weeks    int             `json:"weeks,omitempty" jsonschema:"minimum=1,maximum=26" jsonschema_description:"Past weeks shown, this one included (default 4)"`
	Days     int             `json:"days,omitempty" jsonschema:"minimum=1,maximum=120" jsonschema_description:"Days projected from today (default 14)"`
	Sessions []whatIfSession `json:"sessions,omitempty" jsonschema_description:"What-if sessions added to the plan, never saved"`
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

func getTrainingLoad(ctx context.Context, env *manifest.Env, in trainingLoadIn) (string, error) {
	weeks, days := in.Weeks, in.Days
	if weeks == 0 {
		weeks = 4
	}
	if days == 0 {
		days = 14
	}
	ath, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	today := ath.today.Format(ymd)
	until := addDays(today, days)
	whatIf, err := whatIfLoads(in.Sessions, today, until)
	if err != nil {
		return "", err
	}
	first := addDays(mondayOf(today), -7*(weeks-1))
	// The projection starts from yesterday's values; the ramp rate needs a week before it.
	wellFrom := first
	if r := addDays(today, -8); r < wellFrom {
		wellFrom = r
	}
	well, err := loadWellness(ctx, env, wellFrom, today)
	if err != nil {
		return "", err
	}
	acts, err := loadActivities(ctx, env, first, today)
	if err != nil {
		return "", err
	}
	evs, err := loadEvents(ctx, env, first, until)
	if err != nil {
		return "", err
	}
	modelEvs, err := loadModelEvents(ctx, env)
	if err != nil {
		return "", err
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
	todayOpen := 0.0 // planned today and not yet done
	for _, e := range evs {
		if l, ok := e.plannedLoad(); ok && e.date() != "" {
			planned[e.date()] += l
			if e.date() == today && !e.paired() {
				todayOpen += l
			}
		}
	}

	// Start: the end of yesterday as Intervals.icu computed it (or the latest day before).
	start, ok := latestBefore(well, today)
	if !ok {
		return "", fmt.Errorf("Intervals.icu has no fitness values (wellness ctl/atl) before %s for this athlete: nothing to project from", weekdayDate(today))
	}
	loads := map[string]float64{}
	for d, w := range well {
		if d <= start.Date {
			if v, ok := f32(w.CtlLoad); ok {
				loads[d] = v
			}
		}
	}
	for d := addDays(start.Date, 1); d <= until; d = addDays(d, 1) {
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
			loads[d] = planned[d]
		}
		loads[d] += whatIf[d]
	}
	resets := modelResets(modelEvs)
	proj, err := load.Default().Project(start, loads, resets, until)
	if err != nil {
		return "", fmt.Errorf("project fitness: %w", err)
	}

	var b strings.Builder
	fmt.Fprintf(&b, "Training load of %s, %s (%s)\n", nameOr(ath.Name, env.AthleteID), weekdayDate(today), ath.Location)
	writeNow(&b, well, today)
	if stubs > 0 {
		fmt.Fprintf(&b, "%d Strava-sourced activities are not readable through the API: their load is missing from done load below (Intervals.icu's fitness includes it).\n", stubs)
	}
	// Weekly totals: past days carry Intervals.icu's values, later ones the projection's.
	var series []load.Day
	for d := first; d < today; d = addDays(d, 1) {
		if w, ok := well[d]; ok && w.Ctl != nil && w.Atl != nil {
			series = append(series, load.Day{Date: d, Fitness: float64(*w.Ctl), Fatigue: float64(*w.Atl), Form: float64(*w.Ctl - *w.Atl)})
		}
	}
	for _, p := range proj {
		if p.Date >= today {
			series = append(series, p)
		}
	}
	if len(whatIf) > 0 {
		fmt.Fprintf(&b, "What-if: %d sessions added to the plan below, load %.0f; nothing was saved.\n", len(in.Sessions), sumValues(whatIf))
	}
	items := []string{"Weeks (Mon): load done / planned; fitness, form at week end"}
	for _, w := range load.Weekly(series, done, planned) {
		note := ""
		if w.EndDate >= today {
			note = " (projected)"
		}
		end := "no values"
		if w.EndDate != "" {
			end = fmt.Sprintf("fitness %.1f, form %.1f%s", w.EndFitness, w.EndForm, note)
		}
		items = append(items, fmt.Sprintf("- %s: %.0f / %.0f; %s", weekdayDate(w.Start), w.Done, w.Planned, end))
	}
	items = append(items, fmt.Sprintf("Projection from the end of %s (fitness %.1f, fatigue %.1f), 42/7-day model:", weekdayDate(start.Date), start.Fitness, start.Fatigue))
	if todayOpen > 0 {
		items = append(items, fmt.Sprintf("(today counts %.0f planned load not yet done)", todayOpen))
	}
	lines, summary := projectionLines(proj, today, whatIf, raceNames(evs))
	items = append(items, lines...)
	return format.List{Head: b.String(), Items: items, Tail: summary, Noun: "lines", Hint: "ask for fewer weeks or days"}.Render(env.MaxChars()), nil
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

// writeNow writes today's values as Intervals.icu reports them (the latest row up to today).
func writeNow(b *strings.Builder, well map[string]intervals.Wellness, today string) {
	now, ok := latestBefore(well, addDays(today, 1))
	if !ok {
		return
	}
	w := well[now.Date]
	form := now.Fitness - now.Fatigue
	ramp := ""
	if r, ok := f32(w.RampRate); ok {
		ramp = fmt.Sprintf(", ramp rate %+.1f/week", r)
	}
	when := "Today"
	if now.Date != today {
		when = "Latest (" + weekdayDate(now.Date) + ")"
	}
	fmt.Fprintf(b, "%s: fitness %.1f, fatigue %.1f, form %.1f%s%s\n", when, now.Fitness, now.Fatigue, form, formZoneNote(form, now.Fitness), ramp)
}

// formZoneNote names the form zone with form as a percentage of fitness.
func formZoneNote(form, fitness float64) string {
	z := load.FormZone(form, fitness)
	if z == "" {
		return ""
	}
	return fmt.Sprintf(" (%s, %+.0f%%)", z, form/fitness*100)
}

// projectionLines writes one line per projected day, and a summary of the peak and the low.
func projectionLines(proj []load.Day, today string, whatIf map[string]float64, races map[string]string) (lines []string, summary string) {
	peak, low := -1, -1
	for i, p := range proj {
		if p.Date < today {
			continue
		}
		if peak < 0 || p.Fitness > proj[peak].Fitness {
			peak = i
		}
		if low < 0 || p.Form < proj[low].Form {
			low = i
		}
		line := fmt.Sprintf("%s load %.0f: fitness %.1f, fatigue %.1f, form %.1f%s, ramp %+.1f", weekdayDate(p.Date), p.Load, p.Fitness, p.Fatigue, p.Form, formZoneNote(p.Form, p.Fitness), p.RampRate)
		if w := whatIf[p.Date]; w > 0 {
			line += fmt.Sprintf(" [what-if +%.0f]", w)
		}
		if r := races[p.Date]; r != "" {
			line += " [" + r + "]"
		}
		if p.Reset != nil {
			line += " [" + resetNote(p.Reset) + "]"
		}
		lines = append(lines, line)
	}
	if peak >= 0 {
		summary = fmt.Sprintf("Peak fitness %.1f on %s; lowest form %.1f on %s.", proj[peak].Fitness, weekdayDate(proj[peak].Date), proj[low].Form, weekdayDate(proj[low].Date))
	}
	return lines, summary
}

// raceNames names the races of the calendar by date, "race A: Marathon", so that the
// projection shows form on race day.
func raceNames(evs []calEvent) map[string]string {
	out := map[string]string{}
	for _, e := range evs {
		if !strings.HasPrefix(e.Category, "RACE_") || e.date() == "" {
			continue
		}
		r := "race " + strings.TrimPrefix(e.Category, "RACE_") + ": " + e.Name
		if prev := out[e.date()]; prev != "" {
			r = prev + "; " + r
		}
		out[e.date()] = r
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

func resetNote(r *load.Reset) string {
	var parts []string
	if r.Fitness != nil {
		parts = append(parts, fmt.Sprintf("fitness set to %.1f", *r.Fitness))
	}
	if r.Fatigue != nil {
		parts = append(parts, fmt.Sprintf("fatigue set to %.1f", *r.Fatigue))
	}
	if r.FitnessDays != nil {
		parts = append(parts, fmt.Sprintf("fitness days %.0f", *r.FitnessDays))
	}
	if r.FatigueDays != nil {
		parts = append(parts, fmt.Sprintf("fatigue days %.0f", *r.FatigueDays))
	}
	if r.EFTP != nil {
		parts = append(parts, fmt.Sprintf("eFTP %.0f W", *r.EFTP))
	}
	return strings.Join(parts, ", ")
}

func sumValues(m map[string]float64) float64 {
	s := 0.0
	for _, v := range m {
		s += v
	}
	return s
}

func nameOr(name, id string) string {
	if name == "" {
		return "athlete " + id
	}
	return name
}
