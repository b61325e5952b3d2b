package format

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/load"
)

// Context is what get_athlete_context is made of, fetched by the tool.
type Context struct {
	Now        time.Time                   // the current instant
	Athlete    intervals.WithSportSettings // the profile with sport settings
	Wellness   []intervals.Wellness        // recent days, any order; the latest up to today is used
	Activities []intervals.Activity        // at least the weeks shown (see Weeks)
	Events     []intervals.Event           // from a month ago to about six months ahead
	Weeks      int                         // full weeks before the current one to summarise
	// AfterToday is fitness, fatigue and form at the end of today once the sessions of Open,
	// planned today and not done yet, are (nil when none is): Intervals.icu's values today
	// are what is done so far.
	AfterToday *load.Day
	Open       []OpenSession
}

// UnitsFor derives an athlete's display units from the profile.
func UnitsFor(p intervals.WithSportSettings, loc *time.Location) Units {
	return Units{Loc: loc, Miles: p.MeasurementPreference != nil && strings.EqualFold(*p.MeasurementPreference, "feet")}
}

// AthleteContext is the answer of get_athlete_context: today, profile, thresholds and zones
// per sport, fitness/fatigue/form today, recent weeks, coming races and periods.
func (u Units) AthleteContext(c Context, max int) string {
	now := c.Now.In(u.loc())
	today := midnight(now)
	p := c.Athlete
	var s []string
	s = append(s, fmt.Sprintf("Today: %s, %s local time (%s); dates below are the athlete's local dates.", Day(today), now.Format("15:04"), u.loc().String()))
	s = append(s, "Athlete: "+u.profile(p, today))
	s = append(s, "Thresholds and zones (zone upper bounds):")
	s = append(s, u.sports(p)...)
	s = append(s, fitnessToday(c.Wellness, today)+afterToday(c.AfterToday, c.Open)+".")
	s = append(s, u.weeks(c.Activities, today, c.Weeks)...)
	s = append(s, u.coming(c.Events, today)...)
	return Clip(strings.Join(s, "\n"), max)
}

func (u Units) profile(p intervals.WithSportSettings, today time.Time) string {
	f := []string{parts(" ", quote(p.Name), "["+str(p.Id)+"]")}
	if p.Sex != nil && *p.Sex != "" {
		f = append(f, "sex "+*p.Sex)
	}
	if p.IcuDateOfBirth != nil {
		if b, ok := ParseLocal(*p.IcuDateOfBirth, u.loc()); ok {
			age := today.Year() - b.Year()
			if today.YearDay() < b.YearDay() {
				age--
			}
			f = append(f, fmt.Sprintf("age %d", age))
		}
	}
	if v, ok := f32(p.IcuWeight); ok && v > 0 {
		f = append(f, fmt.Sprintf("weight %.1f kg", v))
	} else if v, ok := f32(p.Weight); ok && v > 0 {
		f = append(f, fmt.Sprintf("weight %.1f kg", v))
	} else {
		f = append(f, "weight not set")
	}
	if v, ok := i32(p.IcuRestingHr); ok && v > 0 {
		f = append(f, fmt.Sprintf("resting HR %.0f bpm", v))
	}
	if u.Miles {
		f = append(f, "uses miles")
	}
	return strings.Join(f, ", ")
}

// sportField is one threshold or zone list of a sport's settings, as written.
type sportField struct{ key, text string }

// sports formats each sport's thresholds and zones; what every sport has alike (often LTHR,
// max HR and the HR zones) is said once, on a line of its own.
func (u Units) sports(p intervals.WithSportSettings) []string {
	if p.SportSettings == nil || len(*p.SportSettings) == 0 {
		return []string{"- none set on Intervals.icu"}
	}
	var names []string
	var fields [][]sportField
	for _, ss := range *p.SportSettings {
		if types := SportTypes(ss); len(types) > 0 {
			names = append(names, strings.Join(types, "/"))
			fields = append(fields, u.sportFields(ss, types[0]))
		}
	}
	// the fields every sport has, each with the same value
	shared := map[string]bool{}
	if len(fields) > 1 {
		for _, f := range fields[0] {
			shared[f.key] = true
			for _, other := range fields[1:] {
				if !slices.Contains(other, f) {
					shared[f.key] = false
				}
			}
		}
	}
	var out, common []string
	for _, f := range fields[0] {
		if shared[f.key] {
			common = append(common, f.text)
		}
	}
	if len(common) > 0 {
		out = append(out, "- every sport: "+strings.Join(common, "; "))
	}
	for i, fs := range fields {
		var own []string
		for _, f := range fs {
			if !shared[f.key] {
				own = append(own, f.text)
			}
		}
		rest := "no thresholds set"
		if len(common) > 0 && len(own) == 0 {
			continue // the line of every sport says all there is
		}
		out = append(out, fmt.Sprintf("- %s: %s", names[i], orMissing(strings.Join(own, "; "), rest)))
	}
	return out
}

// sportFields are the thresholds and zones of one sport's settings (sport: its first type).
func (u Units) sportFields(ss intervals.SportSettings, sport string) []sportField {
	var f []sportField
	add := func(key, text string) { f = append(f, sportField{key, text}) }
	if v, ok := i32(ss.Ftp); ok && v > 0 {
		ftp := fmt.Sprintf("FTP %.0f W", v)
		if iv, ok := i32(ss.IndoorFtp); ok && iv > 0 && iv != v {
			ftp += fmt.Sprintf(" (indoor %.0f W)", iv)
		}
		add("ftp", ftp)
	} else if ss.PowerZones != nil && !isFoot(sport) && !isSwim(sport) {
		add("ftp", "FTP not set")
	}
	if v, ok := f32(ss.ThresholdPace); ok && v > 0 {
		add("pace", "threshold pace "+u.SettingsPace(v, ss, sport))
	} else if isFoot(sport) || isSwim(sport) {
		add("pace", "threshold pace not set")
	}
	if v, ok := i32(ss.Lthr); ok && v > 0 {
		add("lthr", fmt.Sprintf("LTHR %.0f bpm", v))
	}
	if v, ok := i32(ss.MaxHr); ok && v > 0 {
		add("max hr", fmt.Sprintf("max HR %.0f bpm", v))
	}
	if ss.PowerZones != nil && len(*ss.PowerZones) > 0 {
		add("power zones", "power zones %FTP "+bounds(*ss.PowerZones))
	}
	if ss.HrZones != nil && len(*ss.HrZones) > 0 {
		add("hr zones", "HR zones bpm "+bounds(*ss.HrZones))
	}
	if ss.PaceZones != nil && len(*ss.PaceZones) > 0 {
		zones := "pace zones %pace " + bounds(*ss.PaceZones)
		if paces := u.paceZonePaces(ss, sport); paces != "" {
			zones += " (" + paces + ")"
		}
		add("pace zones", zones)
	}
	return f
}

// bounds writes zone upper bounds "55/75/90/105/120/150/max": the open last zone, which
// Intervals.icu sends as 999 in power and pace zones alike, is "max".
func bounds[T int32 | float32](z []T) string {
	out := make([]string, len(z))
	for i, v := range z {
		if v >= 999 {
			out[i] = "max"
		} else {
			out[i] = num(float64(v))
		}
	}
	return strings.Join(out, "/")
}

// afterToday is " After today's plan (Run "Long Run" load 86, not done yet): fitness …", or
// "" without a session still to do today.
func afterToday(d *load.Day, open []OpenSession) string {
	if d == nil || len(open) == 0 {
		return ""
	}
	var l float64
	for _, o := range open {
		l += o.Load
	}
	return fmt.Sprintf("; after today's plan (load %.0f): %s", l, dayValues(*d))
}

// fitnessToday uses the latest wellness row on or before today (what is done so far).
func fitnessToday(rows []intervals.Wellness, today time.Time) string {
	var best *intervals.Wellness
	var bestDay time.Time
	for i := range rows {
		d, ok := ParseLocal(str(rows[i].Id), today.Location())
		if !ok || d.After(today) || rows[i].Ctl == nil || rows[i].Atl == nil {
			continue
		}
		if best == nil || d.After(bestDay) {
			best, bestDay = &rows[i], d
		}
	}
	if best == nil {
		return "Fitness: no fitness/fatigue data in the last weeks"
	}
	ctl, atl := float64(*best.Ctl), float64(*best.Atl)
	when := "today"
	if !bestDay.Equal(today) {
		when = "on " + Day(bestDay) + " (latest)"
	}
	s := fmt.Sprintf("Fitness %s: %s", when, dayValues(load.Day{Fitness: ctl, Fatigue: atl, Form: ctl - atl}))
	if v, ok := f32(best.RampRate); ok {
		s += fmt.Sprintf("; ramp %+.1f/week", v)
	}
	return s
}

// weeks summarises Monday-based weeks: the current one so far and n full ones before it.
func (u Units) weeks(acts []intervals.Activity, today time.Time, n int) []string {
	monday := Monday(today)
	type week struct {
		secs, metres, load float64
		sports             map[string]int
		stubs              int
	}
	ws := make([]week, n+1)
	for i := range ws {
		ws[i].sports = map[string]int{}
	}
	for _, a := range acts {
		t, ok := u.localStart(a.StartDateLocal, a.StartDate)
		if !ok || t.After(today.AddDate(0, 0, 1)) {
			continue
		}
		k := (daysBetween(midnight(t), monday) + 6) / 7 // 0 = this week
		if !midnight(t).Before(monday) {
			k = 0
		}
		if k < 0 || k > n {
			continue
		}
		w := &ws[k]
		if IsStravaStub(a) {
			w.stubs++
			continue
		}
		if v, ok := i32(a.MovingTime); ok {
			w.secs += v
		}
		if v, ok := f32(a.Distance); ok {
			w.metres += v
		}
		if v, ok := i32(a.IcuTrainingLoad); ok {
			w.load += v
		}
		w.sports[sportOf(a)]++
	}
	out := []string{"Recent weeks (Monday to Sunday):", row("week", "moving time", "distance km", "load", "activities")}
	for k := n; k >= 0; k-- {
		w := ws[k]
		label := Day(monday.AddDate(0, 0, -7*k))
		if k == 0 {
			label += " (this week so far)"
		}
		var sp []string
		for name, c := range w.sports {
			sp = append(sp, fmt.Sprintf("%s %d", name, c))
		}
		sort.Strings(sp)
		acts := strings.Join(sp, "; ")
		if w.stubs > 0 {
			acts = strings.TrimPrefix(acts+fmt.Sprintf("; %d from Strava, not available through the API, not counted", w.stubs), "; ")
		}
		switch {
		case len(sp) == 0 && w.stubs == 0:
			out = append(out, row(label, "-", "-", "-", "none"))
		case len(sp) == 0:
			out = append(out, row(label, "-", "-", "-", csvCell("no readable activities; "+acts)))
		default:
			out = append(out, row(label, Duration(w.secs), fmt.Sprintf("%.1f", w.metres/1000), fmt.Sprintf("%.0f", w.load), csvCell(acts)))
		}
	}
	return out
}

// coming lists races in the next six months and periods or notes that are current or coming.
func (u Units) coming(evs []intervals.Event, today time.Time) []string {
	sorted := append([]intervals.Event(nil), evs...)
	sort.SliceStable(sorted, func(i, j int) bool { return str(sorted[i].StartDateLocal) < str(sorted[j].StartDateLocal) })
	horizon := today.AddDate(0, 6, 0)
	var races, periods []string
	for _, e := range sorted {
		first, last, ok := u.EventDays(e)
		if !ok || last.Before(today) || first.After(horizon) {
			continue
		}
		cat := str(e.Category)
		days := daysBetween(today, first)
		switch {
		case strings.HasPrefix(cat, "RACE_"):
			races = append(races, fmt.Sprintf("- %s %s %s %s [id %d], in %d days", Day(first), cat, str(e.Type), quote(e.Name), derefI(e.Id), days))
		case cat == "SICK" || cat == "INJURED" || cat == "HOLIDAY" || cat == "PLAN" || cat == "SEASON_START" || cat == "TARGET" || (cat == "NOTE" && days <= 14):
			span := Day(first)
			if last.After(first) {
				span += " to " + Day(last)
			}
			if !first.After(today) {
				span = "now (" + span + ")"
			}
			line := fmt.Sprintf("- %s %s %s", span, cat, quote(e.Name))
			if e.Description != nil {
				if d := strings.Join(strings.Fields(*e.Description), " "); d != "" {
					line += ": " + Clip(d, 120)
				}
			}
			periods = append(periods, line)
		}
	}
	out := []string{"Coming races (next 6 months):"}
	if len(races) == 0 {
		out = append(out, "- none on the calendar")
	}
	out = append(out, races...)
	out = append(out, "Current and coming periods, blocks and notes:")
	if len(periods) == 0 {
		out = append(out, "- none")
	}
	return append(out, periods...)
}

// daysBetween counts calendar days from a to b (local midnights), robust to DST changes.
func daysBetween(a, b time.Time) int {
	return int(math.Round(b.Sub(a).Hours() / 24))
}
