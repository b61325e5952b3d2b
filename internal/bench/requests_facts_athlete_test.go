package bench

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/load"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
)

// The facts of the answers about the athlete: the context and the load projection
// (requests_facts_test.go).

// zoneBounds are the keys of zone upper bounds (999 and more is "max").
func zoneBounds[T int32 | float32](zs []T) (v []string, max bool) {
	for _, z := range zs {
		if z >= 999 {
			max = true
			continue
		}
		v = append(v, num(float64(z), 1))
	}
	return v, max
}

// contextFacts: get_athlete_context.
func (d *demo) contextFacts(t *testing.T) []fact {
	p := d.profile
	now := samples.Now.In(d.loc)
	birth := mustDate(*p.IcuDateOfBirth)
	age := d.today.Year() - birth.Year()
	if d.today.YearDay() < birth.YearDay() {
		age--
	}
	fs := []fact{
		{what: "today", values: []string{d.date(0), now.Format("15:04")}, words: []string{weekdayDate(d.date(0)), d.loc.String()}},
		{what: "athlete", anchor: str(p.Name), values: []string{num(float64(age), 0), num(float64(*p.IcuWeight), 1), num(float64(*p.IcuRestingHr), 0)},
			words: []string{str(p.Id), str(p.Sex), "kg", "bpm"}},
	}
	for _, ss := range *p.SportSettings {
		var types []string
		for _, ty := range *ss.Types {
			types = append(types, string(ty))
		}
		sport := types[0]
		f := fact{what: "thresholds of " + sport, section: "Thresholds", anchor: strings.Join(types, "/"),
			shared: []string{"every sport"}, words: []string{"bpm"}}
		for _, x := range []*int32{ss.Ftp, ss.IndoorFtp, ss.Lthr, ss.MaxHr} {
			if v, ok := val(x); ok && v > 0 {
				f.values = append(f.values, num(v, 0))
			}
		}
		if v, ok := val(ss.ThresholdPace); ok && v > 0 {
			f.values = append(f.values, pace(v, sport))
		}
		if ss.PowerZones != nil {
			v, max := zoneBounds(*ss.PowerZones)
			f.values = append(f.values, v...)
			if max {
				f.words = append(f.words, "max")
			}
		}
		if ss.HrZones != nil {
			v, _ := zoneBounds(*ss.HrZones)
			f.values = append(f.values, v...)
		}
		if ss.PaceZones != nil {
			v, _ := zoneBounds(*ss.PaceZones)
			f.values = append(f.values, v...)
		}
		fs = append(fs, f)
	}
	// fitness today, from today's wellness
	w := d.wellness(t, d.date(0), d.date(0))[0]
	ctl, atl := float64(*w.Ctl), float64(*w.Atl)
	fs = append(fs, fact{what: "fitness today", anchor: "Fitness", values: []string{num(ctl, 1), num(atl, 1), num(ctl-atl, 1), pct((ctl-atl)/ctl*100, 0), num(or0(w.RampRate), 1)},
		words: []string{load.FormZone(ctl-atl, ctl)}})
	// the four weeks before this one and this one so far, Monday to Sunday
	monday := d.today.AddDate(0, 0, -((int(d.today.Weekday()) + 6) % 7))
	acts := d.activities(t, monday.AddDate(0, 0, -28).Format("2006-01-02"), d.date(0))
	for k := 4; k >= 0; k-- {
		from := monday.AddDate(0, 0, -7*k).Format("2006-01-02")
		to := monday.AddDate(0, 0, -7*k+6).Format("2006-01-02")
		var secs, metres, ld float64
		sports := map[string]int{}
		for _, a := range acts {
			if day := str(a.StartDateLocal)[:10]; day >= from && day <= to {
				secs += or0(a.MovingTime)
				metres += or0(a.Distance)
				ld += or0(a.IcuTrainingLoad)
				sports[str(a.Type)]++
			}
		}
		f := fact{what: "week of " + from, section: "Recent weeks", anchor: weekdayDate(from), values: []string{clock(secs), num(metres/1000, 1), num(ld, 0)}}
		for s, n := range sports {
			f.words = append(f.words, s)
			f.values = append(f.values, num(float64(n), 0))
		}
		fs = append(fs, f)
	}
	// races of the next six months; notes of the next 14 days
	for _, e := range d.events(t, d.date(0), d.today.AddDate(0, 6, 0).Format("2006-01-02")) {
		cat, first := str(e.Category), str(e.StartDateLocal)[:10]
		switch {
		case strings.HasPrefix(cat, "RACE_"):
			days := int(math.Round(mustDate(first).Sub(mustDate(d.date(0))).Hours() / 24))
			fs = append(fs, fact{what: "race " + str(e.Name), anchor: strconv.Itoa(int(*e.Id)), values: []string{first, num(float64(days), 0)},
				words: []string{weekdayDate(first), cat, str(e.Type), str(e.Name)}})
		case cat == "NOTE" && first <= d.date(14):
			fs = append(fs, fact{what: "note " + str(e.Name), section: "periods", anchor: str(e.Name), values: []string{first}, words: []string{str(e.Description)}})
		}
	}
	return fs
}

// loadFacts: get_training_load, its defaults: four weeks (this one included) and 14 days
// projected with the 42/7-day model from the end of today, what is still to do today done.
func (d *demo) loadFacts(t *testing.T) []fact {
	today, until := d.date(0), d.date(14)
	monday := d.today.AddDate(0, 0, -((int(d.today.Weekday()) + 6) % 7))
	first := monday.AddDate(0, 0, -21).Format("2006-01-02")
	well := map[string]intervals.Wellness{}
	for _, w := range d.wellness(t, monday.AddDate(0, 0, -28).Format("2006-01-02"), today) {
		well[str(w.Id)] = w
	}
	done := map[string]float64{}
	for _, a := range d.activities(t, first, today) {
		done[str(a.StartDateLocal)[:10]] += or0(a.IcuTrainingLoad)
	}
	planned := map[string]float64{}
	var open []intervals.Event
	for _, e := range d.events(t, first, until) {
		if l, ok := val(e.IcuTrainingLoad); ok && (str(e.Category) == "WORKOUT" || strings.HasPrefix(str(e.Category), "RACE_")) {
			day := str(e.StartDateLocal)[:10]
			planned[day] += l
			if day == today && d.fake.World().Athletes[0].PairedActivity[*e.Id] == "" {
				open = append(open, e)
			}
		}
	}
	m := load.Default()
	w := well[today]
	now := load.Day{Date: today, Fitness: or0(w.Ctl), Fatigue: or0(w.Atl), Form: or0(w.Ctl) - or0(w.Atl), Load: or0(w.CtlLoad), RampRate: or0(w.RampRate)}
	openLoad := 0.0
	for _, e := range open {
		openLoad += or0(e.IcuTrainingLoad)
	}
	start, err := m.Add(now, openLoad, nil)
	if err != nil {
		t.Fatal(err)
	}
	loads := map[string]float64{}
	for day, w := range well {
		loads[day] = or0(w.CtlLoad)
	}
	loads[today] += openLoad
	for day := addDay(today); day <= until; day = addDay(day) {
		loads[day] = planned[day]
	}
	proj, err := m.Project(start, loads, nil, until)
	if err != nil {
		t.Fatal(err)
	}
	values := func(x load.Day) []string {
		return []string{num(x.Fitness, 1), num(x.Fatigue, 1), num(x.Form, 1), pct(x.Form/x.Fitness*100, 0)}
	}
	fs := []fact{
		{what: "athlete and today", values: []string{today}, words: []string{str(d.profile.Name), weekdayDate(today), d.loc.String()}},
		{what: "today so far", anchor: "Today", values: append(values(now), num(or0(w.RampRate), 1)), words: []string{load.FormZone(now.Form, now.Fitness)}},
	}
	for _, e := range open {
		fs = append(fs, fact{what: "still to do today", anchor: "Still to do", values: append(append(values(start), num(or0(e.IcuTrainingLoad), 0)), d.targets(e)...),
			words: []string{str(e.Name), str(e.Type), load.FormZone(start.Form, start.Fitness)}})
	}
	// weeks: load done and planned, fitness and form at the week's end (Intervals.icu's
	// values before today, the projection's after)
	series := []load.Day{}
	for day := first; day < today; day = addDay(day) {
		w := well[day]
		series = append(series, load.Day{Date: day, Fitness: or0(w.Ctl), Fatigue: or0(w.Atl), Form: or0(w.Ctl) - or0(w.Atl)})
	}
	series = append(append(series, start), proj...)
	for _, wk := range load.Weekly(series, done, planned) {
		fs = append(fs, fact{what: "week of " + wk.Start, section: "Weeks", anchor: weekdayDate(wk.Start),
			values: []string{num(wk.Done, 0), num(wk.Planned, 0), num(wk.EndFitness, 1), num(wk.EndForm, 1)}})
	}
	peak, low := proj[0], proj[0]
	for _, p := range proj {
		fs = append(fs, fact{what: "projected " + p.Date, section: "Projection", anchor: weekdayDate(p.Date),
			values: append(values(p), num(p.Load, 0), num(p.RampRate, 1)), words: []string{load.FormZone(p.Form, p.Fitness)}})
		if p.Fitness > peak.Fitness {
			peak = p
		}
		if p.Form < low.Form {
			low = p
		}
	}
	return append(fs, fact{what: "peak and low", anchor: "Peak", values: []string{num(peak.Fitness, 1), num(low.Form, 1)},
		words: []string{weekdayDate(peak.Date), weekdayDate(low.Date)}})
}
