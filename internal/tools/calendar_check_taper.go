package tools

import (
	"math"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/load"
)

// The block checks of checkCalendar (calendar_check.go): the taper before an A race and the
// weeks of build without a lighter one.

const (
	taperDays = 14 // the taper: the two weeks before an A race (Bosquet et al. 2007)
	baseDays  = 21 // the weeks it is held to: the three before it
	// taperLow and taperHigh bound the cut of weekly time taken as a taper: Bosquet found
	// 41-60% best; under 20% the volume is not reduced, over 75% far more than 60%.
	taperLow, taperHigh = 20.0, 75.0
	keptShare           = 0.8 // sessions and hard sessions a week kept to 80% of the weeks before
	lighter             = 0.8 // a lighter week: load down 20% or more on the week before
	buildMax            = 3   // weeks in a row without a lighter one
)

// span sums the sessions of a calendar from from to to: their time, how many, how many at
// intensity (a race, or an intensity factor of hardIF or more: Bosquet's intensity is how
// hard, not how long, so a long easy session the taper shortens is not one). Days before
// today count the activities done, today's them and the sessions not done yet, later days
// the sessions.
func (c *checkData) span(cal []calSession, from, to string) (secs float64, n, hard int) {
	for _, x := range c.data.acts {
		if d := activityDate(x); d >= from && d <= to && d <= c.today {
			secs += float64(deref(x.MovingTime))
			n++
			if float64(deref(x.IcuIntensity)) >= hardIF*100 {
				hard++
			}
		}
	}
	for _, s := range cal {
		if workoutOrRace(s.category) && s.date >= from && s.date <= to && (s.date > c.today || s.date == c.today && !s.done) {
			secs += float64(s.secs)
			n++
			if s.intense() {
				hard++
			}
		}
	}
	return secs, n, hard
}

// taperOf is the taper into a race on date in a calendar, ok false when the weeks before it
// hold nothing to compare with.
func (c *checkData) taperOf(cal []calSession, date string) (format.Taper, bool) {
	bs, bn, bh := c.span(cal, addDays(date, -taperDays-baseDays), addDays(date, -taperDays-1))
	ts, tn, th := c.span(cal, addDays(date, -taperDays), addDays(date, -1))
	t := format.Taper{BaseSecs: bs / 3, TaperSecs: ts / 2, BaseSessions: float64(bn) / 3, TaperSess: float64(tn) / 2, BaseHard: float64(bh) / 3, TaperHard: float64(th) / 2}
	if !(t.BaseSecs > 0) {
		return t, false
	}
	t.Cut = (1 - t.TaperSecs/t.BaseSecs) * 100
	switch cut := math.Round(t.Cut); {
	case cut < taperLow:
		t.Problems = append(t.Problems, "volume not reduced")
	case cut > taperHigh:
		t.Problems = append(t.Problems, "volume cut far more than 60%")
	}
	if t.TaperSess < keptShare*t.BaseSessions-1e-9 {
		t.Problems = append(t.Problems, "frequency dropped")
	}
	if t.BaseHard >= 1 && t.TaperHard < keptShare*t.BaseHard-1e-9 {
		t.Problems = append(t.Problems, "intensity dropped")
	}
	return t, true
}

// tapers checks the taper into each A race after today whose five weeks before hold a session
// of the write, when those weeks are all planned (a later week with nothing on it is not
// planned yet).
func (c *checkData) tapers() []finding {
	var out []finding
	for _, r := range c.after {
		if r.category != "RACE_A" || r.date <= c.today || !c.touches(addDays(r.date, -taperDays-baseDays), addDays(r.date, -1)) {
			continue
		}
		known := true
		for wk := mondayOf(addDays(r.date, -taperDays-baseDays)); wk <= mondayOf(addDays(r.date, -1)); wk = addDays(wk, 7) {
			known = known && c.planned(wk)
		}
		t, ok := c.taperOf(c.after, r.date)
		if !known || !ok || len(t.Problems) == 0 {
			continue
		}
		f := finding{format.PlanWarning{Kind: format.WarnTaper, Date: r.date, Session: r.label, Taper: &t}, true}
		if b, ok := c.taperOf(c.before, r.date); ok {
			cut := b.Cut
			t.WasCut = &cut
			f.worse = !subset(t.Problems, b.Problems) || band(t.Cut) > band(b.Cut)
		}
		out = append(out, f)
	}
	return out
}

// touches says whether the write places a session from from to to.
func (c *checkData) touches(from, to string) bool {
	for _, p := range c.placed {
		if p.date >= from && p.date <= to {
			return true
		}
	}
	return false
}

// band is how far a cut (%) is from Bosquet's 41-60%, rounded as shown.
func band(cut float64) float64 {
	cut = math.Round(cut)
	return max(41-cut, cut-60, 0)
}

// subset says whether every one of a is in b.
func subset(a, b []string) bool {
	in := strings.Join(b, "\x00") + "\x00"
	for _, x := range a {
		if !strings.Contains(in, x+"\x00") {
			return false
		}
	}
	return true
}

// builds warns of a week the write touches that ends more than 3 weeks in a row without a
// lighter one (load down 20% or more on the week before), once a build: at its first such
// week the write touches.
func (c *checkData) builds(weeks []string) []finding {
	var out []finding
	said := ""
	for _, m := range weeks {
		if addDays(m, 6) < c.today {
			continue
		}
		na, nb := c.streak(c.la, m), c.streak(c.lb, m)
		if na <= buildMax || said != "" && said == addDays(m, -7) {
			if na > buildMax {
				said = m // the same build goes on: said once, at its first week past 3
			}
			continue
		}
		said = m
		was := float64(nb)
		w := format.PlanWarning{Kind: format.WarnBuild, Date: m, Session: c.biggest(m, ""), Weeks: na, Was: &was, Load: load.WeekSum(c.la, m)}
		out = append(out, finding{w, na > nb})
	}
	return out
}

// streak is how many weeks in a row end with the week of monday without a lighter one (load
// down 20% or more on the week before), as far back as the daily loads hold load.
func (c *checkData) streak(loads map[string]float64, monday string) int {
	n := 0
	for wk := monday; ; wk = addDays(wk, -7) {
		this, prev := load.WeekSum(loads, wk), load.WeekSum(loads, addDays(wk, -7))
		if !(this > 0) || !c.planned(wk) || prev > 0 && this <= lighter*prev {
			return n
		}
		n++
		if !(prev > 0) {
			return n
		}
	}
}
