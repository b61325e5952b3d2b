package tools

import (
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
)

// The day checks of checkCalendar (calendar_check.go): each session a write places, against
// the others it places and the calendar it lands on.

// placementWarnings checks the sessions placed against each other and against the calendar
// kept (as read, less what the write takes off): race days, periods, the same sport or two
// hard sessions on a day, hard days back to back, hard sessions in the days after an A race.
func placementWarnings(placed, kept []calSession) []format.PlanWarning {
	pl := newPlacement(placed, kept)
	raceDay, out := pl.onRaceDays()
	out = append(out, pl.inPeriods()...)
	out = append(out, pl.sameDay(raceDay)...)
	recovering, afterA := pl.afterARace()
	out = append(out, afterA...)
	return append(out, pl.backToBack(recovering)...)
}

// placement is a write's sessions (plan: those placed, notes left out) and the calendar they
// land on (kept); all is both, the plan first, so that an index below len(plan) is the
// plan's.
type placement struct {
	plan, kept, all []calSession
}

func newPlacement(placed, kept []calSession) placement {
	var plan []calSession
	for _, p := range placed {
		if p.category != "NOTE" {
			plan = append(plan, p)
		}
	}
	return placement{plan: plan, kept: kept, all: append(append([]calSession{}, plan...), kept...)}
}

// onRaceDays warns of each session placed on the day of a race (two races of the write on a
// day are said once, on the first), and returns the days it warned of.
func (pl placement) onRaceDays() (map[string]bool, []format.PlanWarning) {
	raceDay := map[string]bool{}
	var out []format.PlanWarning
	for i, p := range pl.plan {
		for j, o := range pl.all {
			if j == i || o.date != p.date || !strings.HasPrefix(o.category, "RACE_") || o.plan && strings.HasPrefix(p.category, "RACE_") && j < i {
				continue
			}
			raceDay[p.date] = true
			out = append(out, format.PlanWarning{Kind: format.WarnRaceDay, Date: p.date, Session: p.label, Other: o.label})
		}
	}
	return raceDay, out
}

// inPeriods warns of each session placed in a holiday, sick or injured period.
func (pl placement) inPeriods() []format.PlanWarning {
	var out []format.PlanWarning
	for _, p := range pl.plan {
		for _, o := range pl.kept {
			switch o.category {
			case "HOLIDAY", "SICK", "INJURED":
				if o.date <= p.date && p.date <= o.last {
					out = append(out, format.PlanWarning{Kind: format.WarnPeriod, Date: p.date, Session: p.label, Other: o.label, Until: o.last})
				}
			}
		}
	}
	return out
}

// sameDay warns, on a day without a race (a race day is said already), of a session of the
// same sport as one already there (both hard, said with it), else of two hard sessions, one
// of the write.
func (pl placement) sameDay(raceDay map[string]bool) []format.PlanWarning {
	var out []format.PlanWarning
	for i, p := range pl.plan {
		if raceDay[p.date] {
			continue
		}
		if w, ok := pl.sameSport(p); ok {
			out = append(out, w)
		} else if w, ok := pl.twoHard(i); ok {
			out = append(out, w)
		}
	}
	return out
}

// sameSport finds a session of p's sport already on p's day.
func (pl placement) sameSport(p calSession) (format.PlanWarning, bool) {
	for _, o := range pl.kept {
		if o.date == p.date && workoutOrRace(o.category) && o.kind() == p.kind() {
			return format.PlanWarning{Kind: format.WarnSameSport, Date: p.date, Session: p.label, Other: o.label, BothHard: p.hard() && o.hard()}, true
		}
	}
	return format.PlanWarning{}, false
}

// twoHard finds, when the write's session i is hard, another hard session on its day: a
// pair of the write is said once, on its later session; two sessions it moves were moved
// together, as they were.
func (pl placement) twoHard(i int) (format.PlanWarning, bool) {
	p := pl.plan[i]
	if !p.hard() {
		return format.PlanWarning{}, false
	}
	for j, o := range pl.all {
		if j != i && o.date == p.date && workoutOrRace(o.category) && o.hard() && !(o.plan && j < i) && !(p.moved && o.moved) {
			return format.PlanWarning{Kind: format.WarnTwoHard, Date: p.date, Session: p.label, Other: o.label}, true
		}
	}
	return format.PlanWarning{}, false
}

// afterARace warns of the hard sessions placed in the recovery days after an A race, and
// returns them (by index in plan).
func (pl placement) afterARace() (map[int]bool, []format.PlanWarning) {
	recovering := map[int]bool{}
	var out []format.PlanWarning
	for _, r := range pl.all {
		if r.category != "RACE_A" {
			continue
		}
		n := raceRecovery(r.secs)
		for i, p := range pl.plan {
			if days, ok := calendarDays(r.date, p.date); ok && days >= 1 && days <= n && p.hard() {
				recovering[i] = true
				out = append(out, format.PlanWarning{Kind: format.WarnAfterARace, Date: p.date, Session: p.label, Other: r.label, Days: days, Recovery: n})
			}
		}
	}
	return recovering, out
}

// backToBack warns of each hard session placed the day before or after another hard one,
// unless it is said already to be in an A race's recovery days (recovering) or is a race.
func (pl placement) backToBack(recovering map[int]bool) []format.PlanWarning {
	var out []format.PlanWarning
	for i, p := range pl.plan {
		if recovering[i] || !p.hard() || strings.HasPrefix(p.category, "RACE_") {
			continue
		}
		if w, ok := pl.hardNeighbour(i); ok {
			out = append(out, w)
		}
	}
	return out
}

// hardNeighbour finds a hard session the day before or after the write's session i: a pair of
// the write is said once, on its later day; two sessions it moves were moved together, as
// they were.
func (pl placement) hardNeighbour(i int) (format.PlanWarning, bool) {
	p := pl.plan[i]
	for j, o := range pl.all {
		d, _ := calendarDays(p.date, o.date)
		if j == i || (d != -1 && d != 1) || !workoutOrRace(o.category) || !o.hard() || o.plan && d == 1 || p.moved && o.moved {
			continue
		}
		return format.PlanWarning{Kind: format.WarnBackToBack, Date: p.date, Session: p.label, Other: o.label, Days: d}, true
	}
	return format.PlanWarning{}, false
}
