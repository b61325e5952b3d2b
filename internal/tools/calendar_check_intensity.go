package tools

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/load"
	"github.com/intervals-mcp/intervals-mcp/internal/workout"
)

// The intensity check of checkCalendar (calendar_check.go): the plan's time in the three
// intensity zones, from its sessions' steps as Intervals.icu reads them, against the
// athlete's last 8 weeks as Intervals.icu recorded them (each activity's time in its power,
// pace or heart-rate zones).

const (
	recentDays = 56   // the athlete's recent weeks: the last 8
	zonedMin   = 3600 // the least time a week, in zones, worth judging (the plan's and the recent weeks')
	// zonedShare is the least share of the recent weeks' time in zones a week the plan's
	// must hold to be judged: a week of a session or two is not yet a plan's distribution.
	zonedShare = 0.5
)

// zonesOf is a session's time in the three zones, from its steps on its sport's zones.
func (c *checkData) zonesOf(s calSession) load.Distribution {
	if s.text == "" || s.category != "WORKOUT" {
		return load.Distribution{}
	}
	w := workout.Read(workout.SportFor(s.label.Sport), s.text)
	seven, _ := w.ZoneTimes(eventThresholds(c.ath, s.label.Sport))
	return load.ThreeZones(seven[:])
}

// plannedZones sums the zones of a calendar's sessions not done, from today on, in the weeks.
func (c *checkData) plannedZones(cal []calSession, weeks []string) load.Distribution {
	var d load.Distribution
	for _, s := range cal {
		if s.date >= c.today && !s.done && slices.Contains(weeks, mondayOf(s.date)) {
			d.Add(c.zonesOf(s))
		}
	}
	return d
}

// activityZones is an activity's recorded time in its seven zones: power for a ride, else
// pace, else heart rate (nil when it has none).
func activityZones(x intervals.Activity) []float64 {
	var out []float64
	for _, z := range deref(x.IcuZoneTimes) { // Z1..Z7; Intervals.icu adds SS (sweet spot), inside them
		if n, err := strconv.Atoi(strings.TrimPrefix(deref(z.Id), "Z")); err == nil && n >= 1 && n <= 7 {
			out = append(out, make([]float64, max(0, n-len(out)))...)
			out[n-1] += float64(deref(z.Secs))
		}
	}
	if len(out) > 0 {
		return out
	}
	zs := deref(x.PaceZoneTimes)
	if len(zs) == 0 {
		zs = deref(x.IcuHrZoneTimes)
	}
	for _, s := range zs {
		out = append(out, float64(s))
	}
	return out
}

// recentZones sums the activities' recorded zones of the last 8 weeks, today's included.
func (c *checkData) recentZones() load.Distribution {
	var d load.Distribution
	from := addDays(c.today, -recentDays+1)
	for _, x := range c.data.acts {
		if day := activityDate(x); day >= from && day <= c.today {
			d.Add(load.ThreeZones(activityZones(x)))
		}
	}
	return d
}

// intensity warns when the threshold share (zone 2) of the weeks the write touches, from
// this one on, rises more than 10 points above both the athlete's last 8 weeks and the model
// the plan names, else the one those weeks follow (once a write, at its first week).
func (c *checkData) intensity(weeks []string) []finding {
	var ahead []string
	for _, m := range weeks {
		if addDays(m, 6) >= c.today {
			ahead = append(ahead, m)
		}
	}
	if len(ahead) == 0 {
		return nil
	}
	with, without, recent := c.plannedZones(c.after, ahead), c.plannedZones(c.before, ahead), c.recentZones()
	weekly := with.Total() / float64(len(ahead))
	if weekly < max(zonedMin, zonedShare*recent.Total()*7/recentDays) || recent.Total() < zonedMin*recentDays/7 {
		return nil
	}
	model, named := c.model, c.model != ""
	if !named {
		model = recent.Name() // the model the athlete's weeks follow
	}
	past := func(d load.Distribution) bool {
		share := math.Round(d.Share()[1])
		return d.Total() > 0 && share > math.Round(recent.Share()[1])+load.ThresholdRise && share > load.ModelThreshold[model]+load.ThresholdRise
	}
	if model == "" || !past(with) { // no model named, and recent weeks that follow none: nothing to hold the plan to
		return nil
	}
	mix := format.Intensity{Plan: with, Recent: recent, Weeks: len(ahead), PlanModel: with.Name(), RecentModel: recent.Name(), Model: model, Named: named}
	worse := true
	if without.Total() > 0 {
		was := without.Share()[1]
		mix.Was = &was
		worse = !past(without) || math.Round(with.Share()[1]) > math.Round(was)
	}
	w := format.PlanWarning{Kind: format.WarnIntensity, Date: ahead[0], Session: c.biggest(ahead[0], ""), Mix: &mix}
	return []finding{{w, worse}}
}
