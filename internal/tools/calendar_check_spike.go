package tools

import (
	"math"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/load"
)

// The single-session spike of checkCalendar (calendar_check.go), and how a figure the check
// computes becomes a warning or context.

// finding is a figure past its threshold with the write, and whether the write made it so
// (crossed it) or made it worse: a warning then, else context (already so without it).
type finding struct {
	w     format.PlanWarning
	worse bool
}

// judge files findings as warnings or as context.
func (c *checkData) judge(out *calendarCheck, fs []finding) {
	for _, f := range fs {
		if f.worse {
			out.warnings = append(out.warnings, f.w)
		} else {
			out.already = append(out.already, f.w)
		}
	}
}

// longest is the longest session of a sport in the 30 days before a date.
type longest struct {
	secs, metres     float64
	secsOn, metresOn string
}

// longestBefore is the longest session of kind in the 30 days before date: the activities
// done up to today, and the sessions of cal not done from today on.
func (c *checkData) longestBefore(cal []calSession, kind, date string) longest {
	var l longest
	from := addDays(date, -load.SpikeDays)
	take := func(d string, secs, metres float64) {
		if secs > l.secs || secs > 0 && secs == l.secs && d > l.secsOn { // the latest of equals
			l.secs, l.secsOn = secs, d
		}
		if metres > l.metres || metres > 0 && metres == l.metres && d > l.metresOn {
			l.metres, l.metresOn = metres, d
		}
	}
	for _, x := range c.data.acts {
		if d := activityDate(x); d >= from && d < date && d <= c.today && sportKind(deref(x.Type)) == kind {
			take(d, float64(deref(x.MovingTime)), float64(deref(x.Distance)))
		}
	}
	for _, s := range cal {
		if workoutOrRace(s.category) && s.kind() == kind && s.date >= from && s.date < date && s.date >= c.today && !s.done {
			take(s.date, float64(s.secs), s.metres)
		}
	}
	return l
}

// spikeOf grades session s against the longest of its sport in the 30 days before it in cal:
// by time, and for a run by distance too, the larger of the two.
func (c *checkData) spikeOf(s calSession, cal []calSession) (format.PlanWarning, bool) {
	l := c.longestBefore(cal, s.kind(), s.date)
	w := format.PlanWarning{Kind: format.WarnSpike, Date: s.date, Session: s.label}
	found := false
	if pct, g, ok := load.Spike(float64(s.secs), l.secs); ok {
		w.Value, w.Longest, w.LongestOn, w.Pct, w.Grade, found = float64(s.secs), l.secs, l.secsOn, pct, g, true
	}
	if s.kind() == "Run" && s.metres > 0 {
		if pct, g, ok := load.Spike(s.metres, l.metres); ok && (!found || pct > w.Pct) {
			w.Value, w.Longest, w.LongestOn, w.Pct, w.Grade, w.Metres, found = s.metres, l.metres, l.metresOn, pct, g, true, true
		}
	}
	return w, found
}

// spikes grades each workout the write places from today on against the longest session of
// its sport in the 30 days before it (Frandsen 2025): a warning when the session was not there
// before the write or is a larger spike with it, context when it is the same.
func (c *checkData) spikes() []finding {
	var out []finding
	for _, p := range c.placed {
		if p.category != "WORKOUT" || p.date < c.today || p.done {
			continue
		}
		w, ok := c.spikeOf(p, c.after)
		if !ok {
			continue
		}
		f := finding{w, true}
		for _, b := range c.before {
			if b.key != "" && b.key == p.key && b.date >= c.today && !b.done {
				if wb, ok := c.spikeOf(b, c.before); ok {
					was := wb.Pct
					f.w.Was = &was
					f.worse = math.Round(w.Pct) > math.Round(wb.Pct)
				}
			}
		}
		c.acwr(&f.w, p.date)
		out = append(out, f)
	}
	return out
}
