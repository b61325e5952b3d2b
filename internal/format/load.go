package format

import (
	"fmt"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/load"
)

// TrainingLoad is what get_training_load is made of, read and computed by the tool.
type TrainingLoad struct {
	Athlete string // the athlete's name
	Today   string // YYYY-MM-DD, the athlete's today
	Until   string // YYYY-MM-DD, the last day projected
	// Now is the latest values up to today as Intervals.icu computed them: today's so far
	// when Now.Date is Today (the projection then starts from Start, today with what is still
	// to do done), else the latest day before (the projection covers today).
	Now         load.Day
	NowRamp     *float32           // that day's ramp rate, nil if unknown
	StravaStubs int                // activities whose load the API does not serve
	Weeks       []load.Week        // weekly load done and planned (what-if included), past and projected
	Start       load.Day           // where the projection starts from (the end of that day)
	Open        []OpenSession      // sessions planned today and not yet done
	TodayOpen   float64            // their load, and what-if load of today
	Projection  []load.Day         // the model's days after Start
	WhatIf      map[string]float64 // what-if load added by date
	WhatIfCount int                // what-if sessions given
	Races       []Race             // races of the calendar, in calendar order
}

// OpenSession is a session planned today and not yet done.
type OpenSession struct {
	Sport, Name string
	Load        float64
	Targets     string // its relative targets in the athlete's units, "" for none
}

// Race is a race of the calendar, shown on its day of the projection.
type Race struct {
	Date     string // YYYY-MM-DD
	Category string // RACE_A, RACE_B or RACE_C
	Name     string
	Form     *load.RaceForm // form going into it, nil when not known
}

// TrainingLoad is the answer of get_training_load: today's fitness, fatigue and form (and
// what is still to do today), the weeks done and planned, then the projection day by day and
// its peak and low, within max.
func (u Units) TrainingLoad(t TrainingLoad, max int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Training load of %s, %s (%s)\n", t.Athlete, DayOf(t.Today), u.loc())
	hasToday := t.Now.Date == t.Today
	if t.Now.Date != "" {
		b.WriteString(nowLine(t.Now, t.NowRamp, t.Today) + "\n")
	}
	if hasToday && t.TodayOpen > 0 {
		fmt.Fprintf(&b, "Still to do today: %s; once done: %s\n", openSessions(t.Open, t.WhatIf[t.Today]), dayValues(t.Start))
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
	for _, r := range t.Races {
		if r.Date >= t.Today && r.Date <= t.Until {
			b.WriteString(RaceLine(r.Date, r.Category, r.Name, r.Form) + "\n")
		}
	}
	var starts []string
	for _, w := range t.Weeks {
		starts = append(starts, w.Start)
	}
	weeks := daysIn(dates(starts...))
	items := []string{"Weeks, Monday to Sunday (fitness and form at the end, projected from today):\n" +
		row(weeks.column("week"), "load done", "load planned", "fitness", "form")}
	for _, w := range t.Weeks {
		items = append(items, weekLoadRow(w, weeks, t.Until, t.WhatIf))
	}
	from := "today"
	if !hasToday {
		from = fmt.Sprintf("%s (fitness %s, fatigue %s)", DayOf(t.Start.Date), FitnessValue(t.Start.Fitness), FitnessValue(t.Start.Fatigue))
	}
	open := map[string]string{}
	if !hasToday && t.TodayOpen > 0 {
		open[t.Today] = fmt.Sprintf("today: %.0f still to do", t.TodayOpen)
	}
	var projected []string
	for _, p := range t.Projection {
		if p.Date >= t.Today {
			projected = append(projected, p.Date)
		}
	}
	days := daysIn(dates(projected...))
	rows, notes, summary := projectionRows(t.Projection, days, t.Today, t.WhatIf, raceNames(t.Races), open)
	cols := []string{days.column("day"), "load", "fitness", "fatigue", "form", "form zone", "form % of fitness", "ramp"}
	if notes {
		cols = append(cols, "notes")
	}
	items = append(items, fmt.Sprintf("Projection from the end of %s, 42/7-day model, a day a line:\n%s", from, row(cols...)))
	items = append(items, rows...)
	return List{Head: b.String(), Items: items, Tail: summary, Noun: "lines", Hint: "ask for fewer weeks or days"}.Render(max)
}

// nowLine is the latest values up to today: "Today so far: fitness …" or "Latest (Sat …): …".
func nowLine(now load.Day, ramp *float32, today string) string {
	r := ""
	if v, ok := f32(ramp); ok {
		r = fmt.Sprintf(", ramp rate %+.1f/week", v)
	}
	when := "Today so far"
	if now.Date != today {
		when = "Latest (" + DayOf(now.Date) + ")"
	}
	return fmt.Sprintf("%s: %s%s", when, dayValues(load.Day{Fitness: now.Fitness, Fatigue: now.Fatigue, Form: now.Fitness - now.Fatigue}), r)
}

// dayValues is "fitness 65.9, fatigue 61.0, form 4.9 (fresh, +7%)".
func dayValues(d load.Day) string {
	return fmt.Sprintf("fitness %s, fatigue %s, form %s%s", FitnessValue(d.Fitness), FitnessValue(d.Fatigue), FitnessValue(d.Form), formZoneNote(d.Form, d.Fitness))
}

// openSessions names what is still to do today: `VirtualRide "3x10 Threshold" load 84`, and
// the what-if load of today.
func openSessions(open []OpenSession, whatIf float64) string {
	var parts []string
	for _, o := range open {
		s := strings.TrimSpace(o.Sport + " " + quote(&o.Name))
		if o.Targets != "" {
			s += " (" + o.Targets + ")"
		}
		parts = append(parts, fmt.Sprintf("%s load %.0f", s, o.Load))
	}
	if whatIf > 0 {
		parts = append(parts, fmt.Sprintf("what-if load %.0f", whatIf))
	}
	return strings.Join(parts, ", ")
}

// weekLoadRow is one week's load done and planned and its end values ("-" without them), the
// days it has when the projection ends before its Sunday.
func weekLoadRow(w load.Week, weeks tableDays, until string, whatIf map[string]float64) string {
	fitness, form := "-", "-"
	if w.EndDate != "" {
		fitness, form = FitnessValue(w.EndFitness), FitnessValue(w.EndForm)
	}
	head := w.Start
	if d := dates(w.Start); len(d) == 1 {
		head = weeks.day(d[0])
	}
	if sunday := addDate(w.Start, 6); until != "" && until < sunday {
		days := weekday(w.Start)
		if until > w.Start {
			days += "-" + weekday(until)
		}
		head += " (" + days + " only)"
	}
	planned := fmt.Sprintf("%.0f", w.Planned)
	extra := 0.0
	for d := w.Start; d <= addDate(w.Start, 6); d = addDate(d, 1) {
		extra += whatIf[d]
	}
	if extra > 0 {
		planned += fmt.Sprintf(" (what-if %.0f)", extra)
	}
	return row(head, fmt.Sprintf("%.0f", w.Done), planned, fitness, form)
}

// addDate moves a YYYY-MM-DD date by n days ("" for a date that is not one).
func addDate(date string, n int) string {
	t, err := time.Parse("2006-01-02", date)
	if err != nil {
		return ""
	}
	return t.AddDate(0, 0, n).Format("2006-01-02")
}

// weekday is a YYYY-MM-DD date's weekday, "Tue".
func weekday(date string) string {
	t, err := time.Parse("2006-01-02", date)
	if err != nil {
		return date
	}
	return t.Format("Mon")
}

// formZoneNote names the form zone with form as a percentage of fitness.
func formZoneNote(form, fitness float64) string {
	z := load.FormZone(form, fitness)
	if z == "" {
		return ""
	}
	return fmt.Sprintf(" (%s, %+.0f%%)", z, form/fitness*100)
}

// projectionRows writes a row per projected day from today (notes: whether one has notes,
// the last cell: what-if load, today's load still to do, races, resets), and a summary of the
// peak fitness and the lowest form.
func projectionRows(proj []load.Day, days tableDays, today string, whatIf map[string]float64, races, notes map[string]string) (rows []string, hasNotes bool, summary string) {
	peak, low := -1, -1
	var cells [][]string
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
		zone, pct := orMissing(load.FormZone(p.Form, p.Fitness), "-"), "-"
		if zone != "-" {
			pct = fmt.Sprintf("%+.0f", p.Form/p.Fitness*100)
		}
		var note []string
		if w := whatIf[p.Date]; w > 0 {
			note = append(note, fmt.Sprintf("what-if +%.0f", w))
		}
		if n := notes[p.Date]; n != "" {
			note = append(note, n)
		}
		if r := races[p.Date]; r != "" {
			note = append(note, r)
		}
		if p.Reset != nil {
			note = append(note, resetNote(p.Reset))
		}
		day := p.Date
		if d := dates(p.Date); len(d) == 1 {
			day = days.day(d[0])
		}
		c := []string{day, fmt.Sprintf("%.0f", p.Load), FitnessValue(p.Fitness), FitnessValue(p.Fatigue), FitnessValue(p.Form), zone, pct, fmt.Sprintf("%+.1f", p.RampRate)}
		if len(note) > 0 {
			hasNotes = true
			c = append(c, csvCell(strings.Join(note, "; ")))
		}
		cells = append(cells, c)
	}
	for _, c := range cells {
		if hasNotes && len(c) == 8 {
			c = append(c, "-")
		}
		rows = append(rows, row(c...))
	}
	if peak >= 0 {
		summary = fmt.Sprintf("Peak fitness %s on %s; lowest form %s on %s.", FitnessValue(proj[peak].Fitness), DayOf(proj[peak].Date), FitnessValue(proj[low].Form), DayOf(proj[low].Date))
	}
	return rows, hasNotes, summary
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
