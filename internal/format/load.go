package format

import (
	"fmt"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/load"
)

// TrainingLoad is what get_training_load is made of, read and computed by the tool.
type TrainingLoad struct {
	Athlete     string             // the athlete's name
	Today       string             // YYYY-MM-DD, the athlete's today
	Now         load.Day           // the latest values up to today as Intervals.icu computed them; Date "" if none
	NowRamp     *float32           // that day's ramp rate, nil if unknown
	StravaStubs int                // activities whose load the API does not serve
	Weeks       []load.Week        // weekly load done and planned, past and projected
	Start       load.Day           // where the projection starts from (the end of that day)
	TodayOpen   float64            // load planned today and not yet done
	Projection  []load.Day         // the model's days; those before Today are not shown
	WhatIf      map[string]float64 // what-if load added by date
	WhatIfCount int                // what-if sessions given
	Races       []Race             // races of the calendar, in calendar order
}

// Race is a race of the calendar, shown on its day of the projection.
type Race struct {
	Date     string // YYYY-MM-DD
	Category string // RACE_A, RACE_B or RACE_C
	Name     string
}

// TrainingLoad is the answer of get_training_load: today's fitness, fatigue and form, the
// weeks done and planned, then the projection day by day and its peak and low, within max.
func (u Units) TrainingLoad(t TrainingLoad, max int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Training load of %s, %s (%s)\n", t.Athlete, DayOf(t.Today), u.loc())
	if t.Now.Date != "" {
		b.WriteString(nowLine(t.Now, t.NowRamp, t.Today) + "\n")
	}
	if t.StravaStubs > 0 {
		fmt.Fprintf(&b, "%d Strava-sourced activities are not readable through the API: their load is missing from done load below (Intervals.icu's fitness includes it).\n", t.StravaStubs)
	}
	if len(t.WhatIf) > 0 {
		sum := 0.0
		for _, v := range t.WhatIf {
			sum += v
		}
		fmt.Fprintf(&b, "What-if: %d sessions added to the plan below, load %.0f; nothing was saved.\n", t.WhatIfCount, sum)
	}
	items := []string{"Weeks (Mon): load done / planned; fitness, form at week end"}
	for _, w := range t.Weeks {
		items = append(items, weekLoadLine(w, t.Today))
	}
	items = append(items, fmt.Sprintf("Projection from the end of %s (fitness %s, fatigue %s), 42/7-day model:", DayOf(t.Start.Date), FitnessValue(t.Start.Fitness), FitnessValue(t.Start.Fatigue)))
	if t.TodayOpen > 0 {
		items = append(items, fmt.Sprintf("(today counts %.0f planned load not yet done)", t.TodayOpen))
	}
	lines, summary := projectionLines(t.Projection, t.Today, t.WhatIf, raceNames(t.Races))
	items = append(items, lines...)
	return List{Head: b.String(), Items: items, Tail: summary, Noun: "lines", Hint: "ask for fewer weeks or days"}.Render(max)
}

// nowLine is the latest values up to today: "Today: fitness …" or "Latest (Sat …): …".
func nowLine(now load.Day, ramp *float32, today string) string {
	form := now.Fitness - now.Fatigue
	r := ""
	if v, ok := f32(ramp); ok {
		r = fmt.Sprintf(", ramp rate %+.1f/week", v)
	}
	when := "Today"
	if now.Date != today {
		when = "Latest (" + DayOf(now.Date) + ")"
	}
	return fmt.Sprintf("%s: fitness %s, fatigue %s, form %s%s%s", when, FitnessValue(now.Fitness), FitnessValue(now.Fatigue), FitnessValue(form), formZoneNote(form, now.Fitness), r)
}

// weekLoadLine is one week's load done and planned and its end values, marked projected when
// the week ends today or later.
func weekLoadLine(w load.Week, today string) string {
	note := ""
	if w.EndDate >= today {
		note = " (projected)"
	}
	end := "no values"
	if w.EndDate != "" {
		end = fmt.Sprintf("fitness %s, form %s%s", FitnessValue(w.EndFitness), FitnessValue(w.EndForm), note)
	}
	return fmt.Sprintf("- %s: %.0f / %.0f; %s", DayOf(w.Start), w.Done, w.Planned, end)
}

// formZoneNote names the form zone with form as a percentage of fitness.
func formZoneNote(form, fitness float64) string {
	z := load.FormZone(form, fitness)
	if z == "" {
		return ""
	}
	return fmt.Sprintf(" (%s, %+.0f%%)", z, form/fitness*100)
}

// projectionLines writes one line per projected day from today, and a summary of the peak
// fitness and the lowest form.
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
		line := fmt.Sprintf("%s load %.0f: fitness %s, fatigue %s, form %s%s, ramp %+.1f", DayOf(p.Date), p.Load, FitnessValue(p.Fitness), FitnessValue(p.Fatigue), FitnessValue(p.Form), formZoneNote(p.Form, p.Fitness), p.RampRate)
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
		summary = fmt.Sprintf("Peak fitness %s on %s; lowest form %s on %s.", FitnessValue(proj[peak].Fitness), DayOf(proj[peak].Date), FitnessValue(proj[low].Form), DayOf(proj[low].Date))
	}
	return lines, summary
}

// raceNames names the races by date, "race A: Marathon" (several on a day joined by "; "),
// so that the projection shows form on race day.
func raceNames(races []Race) map[string]string {
	out := map[string]string{}
	for _, r := range races {
		name := "race " + strings.TrimPrefix(r.Category, "RACE_") + ": " + r.Name
		if prev := out[r.Date]; prev != "" {
			name = prev + "; " + name
		}
		out[r.Date] = name
	}
	return out
}

// resetNote says what a model event sets: fitness, fatigue, their days, eFTP.
func resetNote(r *load.Reset) string {
	var parts []string
	if r.Fitness != nil {
		parts = append(parts, "fitness set to "+FitnessValue(*r.Fitness))
	}
	if r.Fatigue != nil {
		parts = append(parts, "fatigue set to "+FitnessValue(*r.Fatigue))
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
