package tools

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/load"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// What the check of the calendar (calendar_check.go) sees of a session, and what
// plan_sessions adds to it: form going into each race outside its priority's target
// (load.RaceTargets), projected with the plan by internal/load as get_training_load projects
// it. These are warnings: the plan is written all the same.

const (
	hardIF   = 0.85 // an intensity factor from which a session is hard (tempo, threshold, intervals)
	hardLoad = 100  // a load from which a session is hard (a long one)
	// lookAround is how far around the plan's dates the calendar is read: the A races whose
	// recovery days reach into the plan, the races just after it that its load still tires.
	lookAround = 7
)

// raceRecovery is how many days after an A race should stay easy: a day per hour raced (part
// hours up), at least 2 and at most 7; 3 when its time is not known.
func raceRecovery(secs int) int {
	if secs <= 0 {
		return 3
	}
	return min(7, max(2, int(math.Ceil(float64(secs)/3600))))
}

// calSession is a session of the calendar or of the plan, as the checks see it.
type calSession struct {
	date, last string // local dates, first and last (periods span days)
	category   string
	label      format.Label
	secs, load int
	metres     float64 // planned distance (given, or estimated from steps), 0 when not known
	intensity  float64 // intensity factor (0.85), 0 when not known
	text       string  // the workout text (the event's description): its steps' zones
	key        string  // the event's external id, else its id: the same session before and after a write
	plan       bool    // a session of this call
	done       bool    // paired with a recorded activity
	moved      bool    // an event the write moves (not a new one)
}

// hard reports whether the session is a race, a long session or an intense one.
func (c calSession) hard() bool {
	return c.load >= hardLoad || c.intense()
}

// intense says whether a session is done at intensity: a race, or an intensity factor of
// hardIF or more (its own, else the one its time and load imply); a long easy session is
// hard (hard) without being intense.
func (c calSession) intense() bool {
	if strings.HasPrefix(c.category, "RACE_") {
		return true
	}
	f := c.intensity
	if f == 0 && c.secs > 0 && c.load > 0 {
		f = math.Sqrt(float64(c.load) * 36 / float64(c.secs)) // load = hours × IF² × 100
	}
	return f >= hardIF
}

func (p planned) calSession() calSession {
	cat := string(deref(p.event.Category))
	return calSession{date: p.date, last: p.date, category: cat, plan: true, secs: p.seconds, load: p.load,
		metres: p.metres + p.timed, key: deref(p.event.ExternalId), text: deref(p.event.Description),
		label: format.Label{Category: cat, Sport: deref(p.event.Type), Name: deref(p.event.Name)}}
}

func (e planEvent) calSession(a *athleteCtx) calSession {
	cat := string(deref(e.Category))
	c := calSession{date: e.day(), last: lastDay(e, a), category: cat, secs: int(deref(e.MovingTime)), load: int(deref(e.IcuTrainingLoad)), done: e.activity != "", text: deref(e.Description),
		label: format.Label{Category: cat, Sport: deref(e.Type), Name: deref(e.Name)}}
	if c.load == 0 {
		c.load = int(deref(e.LoadTarget)) // add_or_update_event's load
	}
	c.metres = float64(deref(e.Distance))
	if c.key = deref(e.ExternalId); c.key == "" && deref(e.Id) != 0 {
		c.key = fmt.Sprint("id:", deref(e.Id))
	}
	if v := deref(e.IcuIntensity); v > 0 {
		c.intensity = float64(v) / 100
	}
	return c
}

func workoutOrRace(cat string) bool { return cat == "WORKOUT" || strings.HasPrefix(cat, "RACE_") }

// sortWarnings orders warnings by date, then kind as format lists them.
func sortWarnings(ws []format.PlanWarning) {
	rank := map[string]int{}
	for i, k := range format.WarnKinds {
		rank[k] = i
	}
	sort.SliceStable(ws, func(i, j int) bool {
		if ws[i].Date != ws[j].Date {
			return ws[i].Date < ws[j].Date
		}
		return rank[ws[i].Kind] < rank[ws[j].Kind]
	})
}

// projectPlan projects fitness, fatigue and form through until with the plan's loads (the
// sessions it rewrites left out) and without them, as get_training_load projects them. note
// says why no projection was made, when none could be ("" otherwise).
func projectPlan(ctx context.Context, env *toolcall.Env, a *athleteCtx, items []planned, until string) (with, without *trainingLoad, note string) {
	today := a.today.Format(ymd)
	rewritten := map[string]bool{}
	extra := map[string]float64{}
	for _, p := range items {
		rewritten[deref(p.event.ExternalId)] = true
		if p.date >= today && p.load > 0 {
			extra[p.date] += float64(p.load)
		}
	}
	data, err := readLoads(ctx, env, a, 1, until)
	if err != nil {
		return nil, nil, "Form not projected: " + err.Error()
	}
	with, err = data.project(env, loadQuery{weeks: 1, until: until, extra: extra, skip: func(e calEvent) bool { return rewritten[e.ExternalID] }})
	if err != nil {
		return nil, nil, "Form not projected: " + err.Error()
	}
	without, _ = data.project(env, loadQuery{weeks: 1, until: until}) // the same reads: it fails as with does, or not at all
	return with, without, ""
}

// formWarnings adds to the warnings what the projection says: the form of each day after an
// A race that has a hard session, and a warning for each race from tomorrow through until
// that the plan makes the athlete start outside its priority's target (load.FormGoingInto,
// as get_training_load and chart_fitness read it). The projection is made only when
// a race is due or an A race's recovery is in the plan; note says why it could not be.
func formWarnings(ctx context.Context, env *toolcall.Env, a *athleteCtx, items []planned, existing []planEvent, check calendarCheck, until string) (warnings, already []format.PlanWarning, note string) {
	warnings, already = check.warnings, check.already
	today := a.today.Format(ymd)
	rewritten := map[string]bool{}
	var due []calSession
	for _, p := range items {
		rewritten[deref(p.event.ExternalId)] = true
		if s := p.calSession(); strings.HasPrefix(s.category, "RACE_") && s.date > today && s.date <= until {
			due = append(due, s)
		}
	}
	for _, e := range existing {
		if s := e.calSession(a); strings.HasPrefix(s.category, "RACE_") && !rewritten[deref(e.ExternalId)] && s.date > today && s.date <= until {
			due = append(due, s)
		}
	}
	afterA := false
	for _, w := range warnings {
		afterA = afterA || w.Kind == format.WarnAfterARace
	}
	if len(due) == 0 && !afterA {
		return warnings, already, ""
	}
	with, without, note := projectPlan(ctx, env, a, items, until)
	if with == nil {
		return warnings, already, note
	}
	for i, w := range warnings {
		if d, ok := dayOf(with, w.Date); ok && w.Kind == format.WarnAfterARace {
			warnings[i].Form, warnings[i].Fitness, warnings[i].Projected = d.Form, d.Fitness, true
		}
	}
	for _, r := range due {
		f, ok := formGoingInto(with, r)
		if !ok || f.Verdict == load.TargetIn {
			continue
		}
		w := format.PlanWarning{Kind: format.WarnForm, Date: r.date, Session: r.label, Form: f.Form, Fitness: f.Fitness, Projected: true, RaceForm: &f}
		if b, ok := formGoingInto(without, r); ok && !r.plan {
			w.Without = &b.Form
			if !formWorse(f, b) {
				already = append(already, w)
				continue
			}
		}
		warnings = append(warnings, w)
	}
	sortWarnings(warnings)
	sortWarnings(already)
	return warnings, already, ""
}

// formWorse says whether form going into a race with a write (f, outside its target) is
// made so by it or made worse than without it (b): further below or above, as shown (0.1).
func formWorse(f, b load.RaceForm) bool {
	fw, bw := math.Round(f.Form*10), math.Round(b.Form*10)
	switch {
	case b.Verdict != f.Verdict:
		return true
	case f.Verdict == load.TargetBelow:
		return fw < bw
	default:
		return fw > bw
	}
}

// dayOf is the day of a projection (or of the values before it) at date.
func dayOf(t *trainingLoad, date string) (load.Day, bool) {
	if t == nil {
		return load.Day{}, false
	}
	for _, d := range t.series {
		if d.Date == date {
			return d, true
		}
	}
	return load.Day{}, false
}
