package tools

import (
	"context"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/load"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/workout"
)

// The one check of the calendar that every write placing or moving a session makes
// (plan_sessions, move_sessions, copy_sessions, repeat_session, update_session,
// add_or_update_event), on the calendar as it will be after the write: the sessions it
// places, over the calendar as read less what it moves or rewrites. What it finds are
// warnings in the write's answer; the write is made all the same (the coach decides).
//
//   - on a day (calendar_check_days.go): a session of the same sport already there, two hard
//     sessions, a session on a race day or in a holiday, sick or injured period, hard days
//     back to back, a hard session in the easy days after an A race (calendar_plan_warnings.go
//     adds race form);
//   - a session longer than the longest of its sport in the 30 days before it
//     (calendar_check_spike.go, Frandsen 2025), the uncoupled acute:chronic ratio beside it;
//   - the plan's intensity distribution against the athlete's last 8 weeks
//     (calendar_check_intensity.go, Seiler; Stöggl & Sperlich 2014; Treff et al. 2019);
//   - in a week: more sessions of a sport than the 4 weeks before held, and the load science
//     of internal/load (risk.go): fitness ramp, a sport's volume over its 4-week mean,
//     Foster's monotony and strain.
//
// A figure is warned only when the write changes it: past its threshold with the write and
// not without it, or made worse by it. One past its threshold without the write too, and not
// made worse, is context (already): said once in one line, never as a warning.

// calendarWrite is what a write does to the calendar: the sessions it places (new ones, or
// existing ones at their new date), and the events as read that it takes off or rewrites
// (gone, by id or external id).
type calendarWrite struct {
	placed  []calSession
	periods []calSession // holiday, sick or injured periods the write places (plan_sessions' blocks)
	gone    func(id int32, ext string) bool
	model   string // the intensity model the plan names (plan_sessions' weeks), "" none
}

// calendarCheck is what checkCalendar found: the warnings, the calendar's weeks with the
// write (by Monday), and why a part could not be checked ("" when all was).
type calendarCheck struct {
	warnings []format.PlanWarning
	already  []format.PlanWarning // past a threshold without the write too, not made worse
	weeks    map[string]format.CalendarWeek
	note     string
	cal      []planEvent // the calendar as read before the write
}

// goneByID is a write's gone for the events it moves or changes.
func goneByID(ids ...int32) func(int32, string) bool {
	set := map[int32]bool{}
	for _, id := range ids {
		set[id] = true
	}
	return func(id int32, _ string) bool { return set[id] }
}

// goneByExternal is a write's gone for the events it rewrites (the same external id).
func goneByExternal(exts ...string) func(int32, string) bool {
	set := map[string]bool{}
	for _, x := range exts {
		if x != "" {
			set[x] = true
		}
	}
	return func(_ int32, ext string) bool { return ext != "" && set[ext] }
}

// placedEvent is an event as a write places it: days later, with the loads and time given.
func placedEvent(e planEvent, a *athleteCtx, days int) calSession {
	s := e.calSession(a)
	s.date, s.last = addDays(s.date, days), addDays(s.last, days)
	s.plan, s.done = true, false
	return s
}

// checkCalendar checks a write against the calendar as it will be. It never fails: what it
// could not read is said in note.
func checkCalendar(ctx context.Context, env *toolcall.Env, a *athleteCtx, w calendarWrite) calendarCheck {
	var placed []calSession
	for _, p := range w.placed {
		if workoutOrRace(p.category) && p.date != "" {
			placed = append(placed, p)
		}
	}
	var out calendarCheck
	if len(placed) == 0 {
		return out
	}
	if w.gone == nil {
		w.gone = func(int32, string) bool { return false }
	}
	lo, hi := placed[0].date, placed[0].date
	for _, p := range placed {
		lo, hi = min(lo, p.date), max(hi, p.date)
	}
	from := min(addDays(mondayOf(lo), -28), addDays(lo, -taperDays-baseDays)) // the spike's 30 days, an A race's 5 weeks
	to := max(addDays(hi, lookAround), addDays(mondayOf(hi), 6))
	cal, err := readCalendar(ctx, env, from, to)
	if err != nil {
		out.note = "Calendar not checked: " + err.Error()
		return out
	}
	out.cal = cal
	var before, kept []calSession
	for _, e := range cal {
		s := e.calSession(a)
		before = append(before, s)
		if !w.gone(deref(e.Id), deref(e.ExternalId)) {
			kept = append(kept, s)
		}
	}
	kept = append(kept, w.periods...)
	out.warnings = placementWarnings(placed, kept)
	after := append(append([]calSession{}, placed...), kept...)
	c := &checkData{ath: a, model: w.model, today: a.today.Format(ymd), after: after, before: before, placed: placed}
	weeks := c.touchedWeeks()
	out.weeks = map[string]format.CalendarWeek{}
	for _, m := range weeks {
		out.weeks[m] = c.calendarWeek(m)
		if _, ok := out.weeks[addDays(m, -7)]; !ok {
			out.weeks[addDays(m, -7)] = c.calendarWeek(addDays(m, -7)) // what a recovery week is held to
		}
	}
	first := mondayOf(min(from, addDays(c.today, -recentDays+1))) // the intensity check's 8 weeks
	n, _ := calendarDays(first, mondayOf(c.today))
	if c.data, err = readLoads(ctx, env, a, n/7+1, to); err != nil {
		out.note = "Load not checked: " + err.Error()
	}
	c.judge(&out, c.weekCounts(weeks))
	if c.data != nil {
		lf := addDays(weeks[0], -35)
		c.la, c.lb = c.dailyLoads(c.after, lf, to), c.dailyLoads(c.before, lf, to)
		c.judge(&out, c.loadWarnings(weeks))
		c.judge(&out, c.spikes())
		c.judge(&out, c.tapers())
		c.judge(&out, c.builds(weeks))
		c.judge(&out, c.intensity(weeks))
		ramps, err := c.ramps(env, w.gone, weeks, to)
		if err != nil {
			out.note = "Fitness ramp not checked: " + err.Error()
		}
		c.judge(&out, ramps)
	}
	sortWarnings(out.warnings)
	sortWarnings(out.already)
	return out
}

// kind is the sport a session is counted under: run, ride or swim whatever its variant
// (VirtualRide is a ride), else its type.
func (c calSession) kind() string {
	return sportKind(c.label.Sport)
}

func sportKind(t string) string {
	switch workout.SportFor(t) {
	case workout.Run:
		return "Run"
	case workout.Ride:
		return "Ride"
	case workout.Swim:
		return "Swim"
	}
	return t
}

// checkData is the calendar before and after a write, and what the load checks read (data:
// nil when it could not be read).
type checkData struct {
	ath                   *athleteCtx
	model                 string // the intensity model the plan names, "" none
	today                 string
	after, before, placed []calSession
	data                  *loadData
	la, lb                map[string]float64 // daily loads with and without the write (dailyLoads)
}

// touchedWeeks are the Mondays of the weeks the write places sessions in, in order.
func (c *checkData) touchedWeeks() []string {
	seen := map[string]bool{}
	var out []string
	for _, p := range c.placed {
		if m := mondayOf(p.date); !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	sort.Strings(out)
	return out
}

// calendarWeek sums the sessions of the week with the write.
func (c *checkData) calendarWeek(monday string) format.CalendarWeek {
	var w format.CalendarWeek
	for _, s := range c.after {
		if workoutOrRace(s.category) && mondayOf(s.date) == monday {
			w.Sessions++
			w.Seconds += s.secs
			w.Load += s.load
		}
	}
	return w
}

// sportWeek is a sport's sessions and time in a week.
type sportWeek struct {
	n    int
	secs float64
}

// tally sums each sport's sessions and time in the week of monday: a day before today
// counts its activities, today its activities and the sessions not yet done, a later day its
// sessions. Without the activities read (data nil), or for the write's own sessions (acts
// false), the sessions alone.
func (c *checkData) tally(monday string, sessions []calSession, acts bool) map[string]sportWeek {
	out := map[string]sportWeek{}
	end := addDays(monday, 6)
	add := func(kind string, secs float64) {
		w := out[kind]
		w.n++
		w.secs += secs
		out[kind] = w
	}
	acts = acts && c.data != nil
	for _, s := range sessions {
		if workoutOrRace(s.category) && s.date >= monday && s.date <= end && (!acts || s.date > c.today || s.date == c.today && !s.done) {
			add(s.kind(), float64(s.secs))
		}
	}
	if acts {
		for _, x := range c.data.acts {
			if d := activityDate(x); d >= monday && d <= end && d <= c.today {
				add(sportKind(deref(x.Type)), float64(deref(x.MovingTime)))
			}
		}
	}
	return out
}

// planned says whether a week is known: done or under way, or holding a session. A later
// week with nothing on it is not planned yet, not a rest week: it is left out of the means
// of the weeks before, and out of the 28 days of an acute:chronic ratio.
func (c *checkData) planned(monday string) bool {
	if monday <= mondayOf(c.today) {
		return true
	}
	end := addDays(monday, 6)
	for _, s := range c.after {
		if workoutOrRace(s.category) && s.date >= monday && s.date <= end {
			return true
		}
	}
	return false
}

// biggest is the write's session of the most load in the week (of the sport, when given).
func (c *checkData) biggest(monday, kind string) format.Label {
	var best calSession
	for _, p := range c.placed {
		if mondayOf(p.date) == monday && (kind == "" || p.kind() == kind) && (best.date == "" || p.load > best.load) {
			best = p
		}
	}
	return best.label
}

// weekCounts warns of a week that, with the write, holds more sessions of a sport than any
// of the 4 weeks before, when the write adds to sessions of it already there.
func (c *checkData) weekCounts(weeks []string) []finding {
	var out []finding
	for _, m := range weeks {
		if addDays(m, 6) < c.today {
			continue
		}
		written := c.tally(m, c.placed, false)
		all, was := c.tally(m, c.after, true), c.tally(m, c.before, true)
		usual := map[string]int{}
		for k := 1; k <= 4; k++ {
			for s, w := range c.tally(addDays(m, -7*k), c.after, true) {
				usual[s] = max(usual[s], w.n)
			}
		}
		for _, s := range slices.Sorted(maps.Keys(written)) {
			n := all[s].n
			if there := n - written[s].n; there > 0 && n > usual[s] {
				out = append(out, finding{format.PlanWarning{Kind: format.WarnWeekCount, Date: m, Sport: s, Written: written[s].n, There: there, Usual: usual[s]}, n > was[s].n})
			}
		}
	}
	return out
}

// dailyLoads are the loads of each day of sessions' calendar from 35 days before the first
// week through the last: a day before today Intervals.icu's (its wellness load, else its
// activities'), today's done load and the sessions not yet done, a later day the sessions'.
func (c *checkData) dailyLoads(sessions []calSession, from, to string) map[string]float64 {
	out := map[string]float64{}
	acts := map[string]float64{}
	for _, x := range c.data.acts {
		acts[activityDate(x)] += float64(deref(x.IcuTrainingLoad))
	}
	for d := from; d <= to && d <= c.today; d = addDays(d, 1) {
		if v, ok := f32(c.data.well[d].CtlLoad); ok {
			out[d] = v
		} else {
			out[d] = acts[d]
		}
	}
	for _, s := range sessions {
		if workoutOrRace(s.category) && s.date >= from && s.date <= to && (s.date > c.today || s.date == c.today && !s.done) {
			out[s.date] += float64(s.load)
		}
	}
	return out
}

// loadWarnings are the weekly load checks of the weeks the write touches, from this one on:
// a sport's time over its mean of the 4 weeks before, monotony, strain over its mean of the 4
// weeks before; each a finding, the write's when it crossed or raised the figure.
func (c *checkData) loadWarnings(weeks []string) []finding {
	la, lb := c.la, c.lb
	var out []finding
	for _, m := range weeks {
		if addDays(m, 6) < c.today {
			continue
		}
		var prev []string // the planned weeks of the 4 before
		for k := 1; k <= 4; k++ {
			if wk := addDays(m, -7*k); c.planned(wk) {
				prev = append(prev, wk)
			}
		}
		ta, tb := c.tally(m, c.after, true), c.tally(m, c.before, true)
		for _, kind := range slices.Sorted(maps.Keys(c.tally(m, c.placed, false))) {
			if c.biggest(m, kind).Category != "WORKOUT" && !c.trains(m, kind) {
				continue // a race's week: its volume is the race's, planned as it is
			}
			var before []float64
			for _, wk := range prev {
				before = append(before, c.tally(wk, c.after, true)[kind].secs)
			}
			if r, mean, ok := load.Ratio(ta[kind].secs, before); ok && over((r-1)*100, (load.VolumeJump-1)*100, 1) {
				was := tb[kind].secs
				out = append(out, finding{format.PlanWarning{Kind: format.WarnVolume, Date: m, Sport: kind, Session: c.biggest(m, kind), Value: ta[kind].secs, Was: &was, Mean: mean, Weeks: len(before)},
					math.Round(ta[kind].secs) > math.Round(was) || !over((was/mean-1)*100, (load.VolumeJump-1)*100, 1)})
			}
		}
		if ma, ok := load.Monotony(la, m); ok && over(ma, load.MonotonyHigh, 100) {
			mb, okb := load.Monotony(lb, m)
			w := format.PlanWarning{Kind: format.WarnMonotony, Date: m, Session: c.biggest(m, ""), Value: ma, Load: load.WeekSum(la, m)}
			if okb {
				w.Was = &mb
			}
			out = append(out, finding{w, !okb || !over(mb, load.MonotonyHigh, 100) || math.Round(ma*10) > math.Round(mb*10)})
		}
		var strains []float64
		for _, wk := range prev {
			strains = append(strains, load.Strain(la, wk))
		}
		sa, sb := load.Strain(la, m), load.Strain(lb, m)
		if r, mean, ok := load.Ratio(sa, strains); ok && over(r, load.StrainSpike, 100) {
			out = append(out, finding{format.PlanWarning{Kind: format.WarnStrain, Date: m, Session: c.biggest(m, ""), Value: sa, Load: load.WeekSum(la, m), Was: &sb, Mean: mean, Weeks: len(strains)},
				math.Round(sa) > math.Round(sb) || !over(sb/mean, load.StrainSpike, 100)})
		}
	}
	return out
}

// acwr sets w's uncoupled acute:chronic load of its day with the write (load.ACWR), as
// context, when its 28 days are all planned.
func (c *checkData) acwr(w *format.PlanWarning, d string) {
	for wk := mondayOf(addDays(d, -27)); wk <= mondayOf(d); wk = addDays(wk, 7) {
		if !c.planned(wk) {
			return
		}
	}
	if _, acute, chronic, ok := load.ACWR(c.la, d); ok {
		w.Acute, w.Chronic = acute, chronic
	}
}

// ramps warns of the day of each week the write touches (from today) whose projected
// fitness ramp, with the write, is above the safe rate and above what it is without it.
func (c *checkData) ramps(env *toolcall.Env, gone func(int32, string) bool, weeks []string, to string) ([]finding, error) {
	extra := map[string]float64{}
	for _, p := range c.placed {
		if p.date >= c.today && p.load > 0 {
			extra[p.date] += float64(p.load)
		}
	}
	with, err := c.data.project(env, loadQuery{weeks: 1, until: to, extra: extra, skip: func(e calEvent) bool { return gone(e.ID, e.ExternalID) }})
	if err != nil {
		return nil, err
	}
	without, err := c.data.project(env, loadQuery{weeks: 1, until: to})
	if err != nil {
		return nil, err
	}
	var out []finding
	for _, m := range weeks {
		var best finding
		for d := max(m, c.today); d <= addDays(m, 6); d = addDays(d, 1) {
			day, ok := dayOf(with, d)
			if !ok || !over(day.RampRate, load.RampSafe, 10) {
				continue
			}
			f := finding{format.PlanWarning{Kind: format.WarnRamp, Date: d, Session: c.biggest(m, ""), Value: day.RampRate}, true}
			if b, ok := dayOf(without, d); ok {
				f.w.Was = &b.RampRate
				f.worse = math.Round(b.RampRate*10) < math.Round(day.RampRate*10) || !over(b.RampRate, load.RampSafe, 10)
			}
			// the week's day of the highest ramp the write raised, else of the highest
			if best.w.Kind == "" || f.worse && !best.worse || f.worse == best.worse && f.w.Value > best.w.Value {
				best = f
			}
		}
		if best.w.Kind != "" {
			c.acwr(&best.w, best.w.Date)
			out = append(out, best)
		}
	}
	return out, nil
}

// planWrite is what plan_sessions writes: its sessions and its holiday, sick or injured
// blocks, over those of the plan already there (the same external ids).
func planWrite(items []planned, blocks []planBlock) calendarWrite {
	var w calendarWrite
	var exts []string
	for _, p := range items {
		w.placed = append(w.placed, p.calSession())
		exts = append(exts, deref(p.event.ExternalId))
	}
	for _, b := range blocks {
		if b.kind != "BLOCK" {
			w.periods = append(w.periods, b.calSession())
		}
		exts = append(exts, deref(b.event.ExternalId))
	}
	w.gone = goneByExternal(exts...)
	return w
}

// withCheck is a write's answer within budget: the answer (given the room left), then what
// the check of the calendar found.
func withCheck(c calendarCheck, budget int, answer func(max int) string) string {
	w := format.CalendarWarnings(c.warnings, c.note, "get_events and get_training_load show the weeks", budget/3) + format.AlreadyLine(c.already, budget/6)
	out := answer(budget - len(w))
	if w == "" {
		return out
	}
	return strings.TrimSuffix(out, "\n") + "\n" + strings.TrimSuffix(w, "\n")
}

// moveWrite is what a move does: each session at its new day.
func moveWrite(plan movePlan, events []planEvent, a *athleteCtx) calendarWrite {
	var w calendarWrite
	var ids []int32
	for i, m := range plan.Moves {
		d, _ := calendarDays(events[i].day(), m.To)
		s := placedEvent(events[i], a, d)
		s.moved = true
		w.placed = append(w.placed, s)
		ids = append(ids, m.ID)
	}
	w.gone = goneByID(ids...)
	return w
}

// copiesWrite is what a copy or a repeat adds: each source at its copy's day (days[i] later),
// over the copies already there (their external ids).
func copiesWrite(srcs []planEvent, days []int, exts []string, a *athleteCtx) calendarWrite {
	var w calendarWrite
	for i, e := range srcs {
		w.placed = append(w.placed, placedEvent(e, a, days[i]))
	}
	w.gone = goneByExternal(exts...)
	return w
}

// write is what an update does to its sessions: each at its new day, with its new time and
// load (update_session).
func (c sessionUpdate) write(members []planEvent, a *athleteCtx) calendarWrite {
	var w calendarWrite
	if c.days == 0 && c.secs == 0 && c.load == 0 {
		return w // nothing placed or weighed anew
	}
	var ids []int32
	for _, e := range members {
		s := placedEvent(e, a, c.days)
		s.moved = true
		if c.secs > 0 {
			s.secs = c.secs
		}
		if c.load > 0 {
			s.load, s.intensity = c.load, 0
		}
		if c.hasDesc {
			s.text = c.desc
		}
		w.placed = append(w.placed, s)
		ids = append(ids, deref(e.Id))
	}
	w.gone = goneByID(ids...)
	return w
}

// eventWrite is what add_or_update_event does: the event as it will be, over old (the event
// it updates, zero when it creates one), its workout's time and load as Intervals.icu will
// compute them from its steps (checked).
func eventWrite(old intervals.Event, body intervals.EventEx, checked checkedWorkout, a *athleteCtx) calendarWrite {
	s := planEvent{Event: old}.calSession(a)
	s.plan, s.done = true, false
	if body.Category != nil {
		s.category = string(*body.Category)
	}
	if d := deref(body.StartDateLocal); len(d) >= len(ymd) {
		s.date, s.last = d[:len(ymd)], d[:len(ymd)]
	}
	if body.Type != nil {
		s.label.Sport = *body.Type
	}
	if body.Name != nil {
		s.label.Name = *body.Name
	}
	s.label.Category = s.category
	if body.Description != nil {
		s.text = *body.Description
	}
	if body.MovingTime != nil {
		s.secs = int(*body.MovingTime)
	}
	if body.LoadTarget != nil {
		s.load, s.intensity = int(*body.LoadTarget), 0
	}
	if checked.ok {
		s.secs, s.load, s.intensity = int(checked.sum.Duration.Seconds()), int(math.Round(checked.sum.Load)), 0
	}
	return calendarWrite{placed: []calSession{s}, gone: goneByID(deref(old.Id))}
}

// over says whether value is above limit as the answer shows it, rounded to 1/prec (a ratio
// of 1.304 is shown 1.30, not above 1.3).
func over(value, limit, prec float64) bool {
	return math.Round(value*prec) > math.Round(limit*prec)
}

// trains says whether the write places a workout of the sport in the week (not a race only).
func (c *checkData) trains(monday, kind string) bool {
	for _, p := range c.placed {
		if mondayOf(p.date) == monday && p.kind() == kind && p.category == "WORKOUT" {
			return true
		}
	}
	return false
}
