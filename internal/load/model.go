package load

import (
	"fmt"
	"math"
	"sort"
)

// Day is one day of the model: the day's summed load and the fitness, fatigue, form and
// ramp rate at the end of it (after its load).
type Day struct {
	Date     string // YYYY-MM-DD, the athlete's local date
	Load     float64
	Fitness  float64 // CTL
	Fatigue  float64 // ATL
	Form     float64 // Fitness - Fatigue, both of the same day
	Planned  bool    // computed by Project from loads not yet reported by the API
	RampRate float64 // Fitness minus Fitness seven days earlier
	// Reset is the calendar change (SET_FITNESS, FITNESS_DAYS, SET_EFTP) applied on this
	// date, merged if several fall on it; nil on ordinary days.
	Reset *Reset
}

// Reset is a calendar event that changes the model on its date. Set the fields of the
// event's category; several categories on one date may share one Reset.
type Reset struct {
	Date string // YYYY-MM-DD

	// SET_FITNESS: the date's fitness and/or fatigue (event fields ctl, atl).
	Fitness, Fatigue *float64
	// FITNESS_DAYS: time constants in days from this date on (event fields ctl_days, atl_days).
	FitnessDays, FatigueDays *float64
	// SET_EFTP: the new eFTP in watts. It does not change the model; it is carried to the
	// Day of its date so that a projection shows it.
	EFTP *float64
}

// Model holds the time constants, in days, of fitness and fatigue.
type Model struct {
	FitnessDays, FatigueDays float64
}

// Default is Intervals.icu's default model: 42 days for fitness, 7 for fatigue.
func Default() Model { return Model{FitnessDays: 42, FatigueDays: 7} }

// Project starts from the values Intervals.icu reports at the end of start.Date (its
// Fitness and Fatigue; other fields are not used) and walks day by day over loads (date ->
// summed load of the day; a missing date is a day without load) through until, applying
// resets on their dates. It returns one Day for each date after start.Date through until,
// each marked Planned. Loads of the six days up to start.Date make the first week's ramp
// rates exact (see the package doc).
func (m Model) Project(start Day, loads map[string]float64, resets []Reset, until string) ([]Day, error) {
	days, err := m.walk(start, loads, resets, until)
	if err != nil {
		return nil, fmt.Errorf("project load: %w", err)
	}
	for i := range days {
		days[i].Planned = true
	}
	return days, nil
}

// Series computes the model from scratch: initFitness and initFatigue are the values at
// the end of the day before first, and the result has one Day for each date from first
// through until, computed from loads and resets as in Project.
func (m Model) Series(first string, initFitness, initFatigue float64, loads map[string]float64, resets []Reset, until string) ([]Day, error) {
	f, err := parseDate("first", first)
	if err != nil {
		return nil, fmt.Errorf("load series: %w", err)
	}
	u, err := parseDate("until", until)
	if err != nil {
		return nil, fmt.Errorf("load series: %w", err)
	}
	if u < f {
		return nil, fmt.Errorf("load series: until %s is before first %s: give an until on or after first", until, first)
	}
	start := Day{Date: (f - 1).String(), Fitness: initFitness, Fatigue: initFatigue}
	days, err := m.walk(start, loads, resets, until)
	if err != nil {
		return nil, fmt.Errorf("load series: %w", err)
	}
	return days, nil
}

// walk is the model itself, shared by Project and Series.
func (m Model) walk(start Day, loads map[string]float64, resets []Reset, until string) ([]Day, error) {
	if err := checkDays("model FitnessDays", m.FitnessDays); err != nil {
		return nil, err
	}
	if err := checkDays("model FatigueDays", m.FatigueDays); err != nil {
		return nil, err
	}
	s, err := parseDate("start", start.Date)
	if err != nil {
		return nil, err
	}
	u, err := parseDate("until", until)
	if err != nil {
		return nil, err
	}
	if u < s {
		return nil, fmt.Errorf("until %s is before start %s: give an until on or after the start", until, start.Date)
	}
	if u-s > maxDays {
		return nil, fmt.Errorf("%s..%s is %d days: at most %d days can be walked in one call", start.Date, until, u-s, maxDays)
	}
	if err := checkValue("start fitness", start.Fitness); err != nil {
		return nil, err
	}
	if err := checkValue("start fatigue", start.Fatigue); err != nil {
		return nil, err
	}
	load, err := parseLoads(loads)
	if err != nil {
		return nil, err
	}
	byDay, err := parseResets(resets)
	if err != nil {
		return nil, err
	}

	// The walk covers s-6..u: six days of history for the first ramp rates, then the
	// projected days. kc, ka and fit are indexed by date minus first.
	first := s - 6
	kc, ka := m.factors(byDay, first, u)
	fit := make([]float64, u-first+1)

	// Rebuild fitness on the six days before the start by running the model backwards.
	fit[s-first] = start.Fitness
	known := true
	for d := s; d > first; d-- {
		i := d - first
		if r, ok := byDay[d]; ok && r.Fitness != nil {
			known = false // fitness before a SET_FITNESS cannot be recovered from it
		}
		if known {
			fit[i-1] = (fit[i] - kc[i]*load[d]) / (1 - kc[i])
		} else {
			fit[i-1] = fit[i]
		}
	}

	out := make([]Day, 0, u-s)
	ctl, atl := start.Fitness, start.Fatigue
	for d := s + 1; d <= u; d++ {
		i := d - first
		l := load[d]
		ctl += (l - ctl) * kc[i]
		atl += (l - atl) * ka[i]
		var applied *Reset
		if r, ok := byDay[d]; ok {
			if r.Fitness != nil {
				ctl = *r.Fitness
			}
			if r.Fatigue != nil {
				atl = *r.Fatigue
			}
			c := *r
			applied = &c
		}
		fit[i] = ctl
		out = append(out, Day{
			Date: d.String(), Load: l,
			Fitness: ctl, Fatigue: atl, Form: ctl - atl,
			RampRate: ctl - fit[i-7], Reset: applied,
		})
	}
	return out, nil
}

// factors returns, for each date from first through u, the daily update factors
// 1-exp(-1/days) of fitness and fatigue under the time constants in effect on that date.
func (m Model) factors(byDay map[day]*Reset, first, u day) (kc, ka []float64) {
	cd, ad := m.FitnessDays, m.FatigueDays
	for _, d := range sortedDays(byDay) {
		if d >= first {
			break
		}
		cd, ad = byDay[d].constants(cd, ad)
	}
	kc = make([]float64, u-first+1)
	ka = make([]float64, u-first+1)
	for d := first; d <= u; d++ {
		if r, ok := byDay[d]; ok {
			cd, ad = r.constants(cd, ad)
		}
		kc[d-first] = 1 - math.Exp(-1/cd)
		ka[d-first] = 1 - math.Exp(-1/ad)
	}
	return kc, ka
}

// constants applies a FITNESS_DAYS reset to the time constants in effect.
func (r *Reset) constants(cd, ad float64) (float64, float64) {
	if r.FitnessDays != nil {
		cd = *r.FitnessDays
	}
	if r.FatigueDays != nil {
		ad = *r.FatigueDays
	}
	return cd, ad
}

// parseLoads validates the load map and keys it by day.
func parseLoads(loads map[string]float64) (map[day]float64, error) {
	out := make(map[day]float64, len(loads))
	for date, l := range loads {
		d, err := parseDate("loads", date)
		if err != nil {
			return nil, err
		}
		if math.IsNaN(l) || math.IsInf(l, 0) || l < 0 {
			return nil, fmt.Errorf("loads: %s has load %v: a day's load is a finite number of 0 or more", date, l)
		}
		out[d] = l
	}
	return out, nil
}

// parseResets validates resets and merges those on the same date; a later reset's fields
// win over an earlier one's.
func parseResets(resets []Reset) (map[day]*Reset, error) {
	out := make(map[day]*Reset, len(resets))
	for _, r := range resets {
		d, err := parseDate("reset", r.Date)
		if err != nil {
			return nil, err
		}
		for _, f := range []struct {
			name  string
			v     *float64
			check func(string, float64) error
		}{{"fitness", r.Fitness, checkValue}, {"fatigue", r.Fatigue, checkValue},
			{"fitness days", r.FitnessDays, checkDays}, {"fatigue days", r.FatigueDays, checkDays},
			{"eFTP", r.EFTP, checkEFTP}} {
			if f.v != nil {
				if err := f.check("reset "+r.Date+" "+f.name, *f.v); err != nil {
					return nil, err
				}
			}
		}
		m, ok := out[d]
		if !ok {
			m = &Reset{Date: r.Date}
			out[d] = m
		}
		merge(&m.Fitness, r.Fitness)
		merge(&m.Fatigue, r.Fatigue)
		merge(&m.FitnessDays, r.FitnessDays)
		merge(&m.FatigueDays, r.FatigueDays)
		merge(&m.EFTP, r.EFTP)
	}
	return out, nil
}

// merge copies a set field so that the result does not alias the caller's values.
func merge(dst **float64, src *float64) {
	if src != nil {
		v := *src
		*dst = &v
	}
}

func sortedDays(m map[day]*Reset) []day {
	out := make([]day, 0, len(m))
	for d := range m {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// checkValue accepts a fitness or fatigue value: finite and not negative.
func checkValue(what string, v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
		return fmt.Errorf("%s is %v: give a finite number of 0 or more", what, v)
	}
	return nil
}

// checkDays accepts a time constant: finite and positive.
func checkDays(what string, v float64) error {
	if !positive(v) {
		return fmt.Errorf("%s is %v: give a number of days above 0 (Intervals.icu's defaults are 42 for fitness, 7 for fatigue; see load.Default)", what, v)
	}
	return nil
}

// checkEFTP accepts an eFTP in watts: finite and positive.
func checkEFTP(what string, v float64) error {
	if !positive(v) {
		return fmt.Errorf("%s is %v: give the new eFTP in watts, above 0", what, v)
	}
	return nil
}

func positive(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) && v > 0 }

// Add returns d, the values Intervals.icu reports at the end of d.Date, with extra load done
// on that date as well (a session of today not yet done): under the time constants in effect
// on the date, extra adds extra*(1-exp(-1/days)) to fitness (and so to the ramp rate) and to
// fatigue, as if it had been part of the day's load. A SET_FITNESS on the date fixes the
// value it sets, which extra then leaves as it is. The result is marked Planned when extra
// is above 0.
func (m Model) Add(d Day, extra float64, resets []Reset) (Day, error) {
	if err := checkDays("model FitnessDays", m.FitnessDays); err != nil {
		return Day{}, err
	}
	if err := checkDays("model FatigueDays", m.FatigueDays); err != nil {
		return Day{}, err
	}
	s, err := parseDate("day", d.Date)
	if err != nil {
		return Day{}, err
	}
	if math.IsNaN(extra) || math.IsInf(extra, 0) || extra < 0 {
		return Day{}, fmt.Errorf("extra load %v on %s: give a finite number of 0 or more", extra, d.Date)
	}
	byDay, err := parseResets(resets)
	if err != nil {
		return Day{}, err
	}
	kc, ka := m.factors(byDay, s, s)
	out := d
	out.Load += extra
	r := byDay[s]
	if r == nil || r.Fitness == nil {
		out.Fitness += extra * kc[0]
		out.RampRate += extra * kc[0]
	}
	if r == nil || r.Fatigue == nil {
		out.Fatigue += extra * ka[0]
	}
	out.Form = out.Fitness - out.Fatigue
	out.Planned = out.Planned || extra > 0
	return out, nil
}
