package synth

import (
	"math/rand/v2"
	"slices"
	"time"
)

// session is one planned or done session on the athlete's calendar.
type session struct {
	start   time.Time // local start (for a planned-only session, its planned time)
	w       workout
	planned bool // a WORKOUT (or race) event is on the calendar for it
	done    bool // an activity did it
	race    string
	stub    bool // done, but recorded on Strava: the API shows a stub only
}

// period is a run of days [from, to) on the calendar.
type period struct{ from, to time.Time }

func (p period) has(d time.Time) bool { return !d.Before(p.from) && d.Before(p.to) }

// race is a race on the calendar.
type race struct {
	date     time.Time
	category string // RACE_A, RACE_B, RACE_C
	name     string
	sport    string
	secs     int
	w        *workout // done races have a workout (the race and its warm-up)
}

// plan is an athlete's whole calendar: what happened in the history and what is planned.
type plan struct {
	first, today time.Time // first day of history; today (local midnight)
	planFrom     time.Time // the day planned workouts start (the training plan was applied)
	sick         *period
	holiday      *period
	races        []race
	sessions     []session // sorted by start
}

// horizon is how many days ahead the calendar holds planned workouts.
const horizon = 28

// saturdayNear is the Saturday on or after today+days.
func saturdayNear(today time.Time, days int) time.Time {
	d := day(today, days)
	return day(d, (int(time.Saturday)-int(d.Weekday())+7)%7)
}

// mondayOf is the Monday on or before d.
func mondayOf(d time.Time) time.Time { return day(d, -((int(d.Weekday()) + 6) % 7)) }

// makePlan lays out the athlete's sessions day by day from the first day of history to the
// horizon: training weeks in blocks of three build weeks and an easy one, a sick week and a
// holiday week (primary athlete), races, a few missed sessions.
func makePlan(p person, r, later *rand.Rand, today time.Time) *plan {
	pl := &plan{first: day(today, -p.historyDays), today: today}
	pl.planFrom = day(today, -42)
	if p.primary {
		pl.planFrom = day(today, -98)
		s := day(today, -92)
		pl.sick = &period{s, day(s, 6)}
		h := mondayOf(day(today, -200))
		pl.holiday = &period{h, day(h, 7)}
		park := runRace()
		pl.races = []race{
			{date: saturdayNear(today, -40), category: "RACE_C", name: "Park 5k", sport: "Run", w: &park},
			{date: saturdayNear(today, 13), category: "RACE_C", name: "Club 40k Time Trial", sport: "Ride", secs: 3600},
			{date: saturdayNear(today, 27).AddDate(0, 0, 1), category: "RACE_B", name: "Harbour Half Marathon", sport: "Run", secs: 5400},
			{date: saturdayNear(today, 55), category: "RACE_A", name: "Coastal 70.3 Triathlon", sport: "Other", secs: 17400},
		}
	} else {
		rc := race{date: saturdayNear(today, 20+r.IntN(30)).AddDate(0, 0, 1), category: "RACE_A",
			name: p.city + " Marathon", sport: "Run", secs: 3*3600 + 1800}
		if p.id == taperingAthlete {
			rc.date = taperRaceDay(today, mondayOf(pl.first))
		}
		if isCyclist(p) {
			rc.name, rc.sport, rc.secs = p.city+" Gran Fondo", "Ride", 5*3600
		}
		pl.races = []race{rc}
	}
	raceOn := func(d time.Time) *race {
		for i := range pl.races {
			if pl.races[i].date.Equal(d) {
				return &pl.races[i]
			}
		}
		return nil
	}
	first := mondayOf(pl.first)
	end := day(today, horizon)
	if p.id == taperingAthlete {
		end = pl.races[0].date // the whole run-up to the race is planned
	}
	for wk := 0; ; wk++ {
		monday := day(first, 7*wk)
		if monday.After(end) {
			break
		}
		wr := r
		if monday.After(day(today, horizon)) {
			wr = later // weeks past the usual horizon draw apart, so that nothing else moves
		}
		week := p.week(wr, wk, wk%4 == 3, p.volume)
		for wd := range 7 {
			d := day(monday, wd)
			if d.Before(pl.first) || d.After(end) {
				continue
			}
			if rc := raceOn(d); rc != nil {
				if rc.w != nil && d.Before(today) {
					pl.sessions = append(pl.sessions, session{start: at(d, 8, 0), w: *rc.w, planned: true, done: true, race: rc.category})
				}
				continue
			}
			if pl.sick != nil && pl.sick.has(d) {
				for _, s := range week[wd] {
					if !d.Before(pl.planFrom) {
						pl.sessions = append(pl.sessions, session{start: at(d, s.h, s.m), w: s.w, planned: true})
					}
				}
				continue
			}
			if pl.holiday != nil && pl.holiday.has(d) {
				if wd == 1 || wd == 3 || wd == 5 {
					pl.sessions = append(pl.sessions, session{start: at(d, 8, 30), w: runEasy(r, 40), done: true})
				}
				continue
			}
			for _, s := range week[wd] {
				start := at(d, s.h, s.m)
				ss := session{start: start, w: s.w, planned: !d.Before(pl.planFrom)}
				// Done only on the days before today: today's sessions are still to come whatever
				// the hour (the World is the same all day, and nothing after now is done).
				if d.Before(today) {
					ss.done = r.Float64() >= 0.06
					if !ss.done && !ss.planned {
						continue // an unplanned session that did not happen leaves no trace
					}
					ss.start = start.Add(time.Duration(r.IntN(20)) * time.Minute)
				}
				pl.sessions = append(pl.sessions, ss)
			}
			// A few commutes ridden with a phone app that syncs to Strava only.
			if p.primary && wd == 2 && d.Before(day(today, -60)) && r.Float64() < 0.1 {
				pl.sessions = append(pl.sessions, session{start: at(d, 8, 10), w: rideCommute(r), done: true, stub: true})
			}
		}
	}
	slices.SortStableFunc(pl.sessions, func(a, b session) int { return a.start.Compare(b.start) })
	if p.primary {
		pl.keepLongRuns()
	}
	pl.taper()
	return pl
}

// taperingAthlete's calendar holds the whole run-up to its A race, the taper included: a
// Sunday 3 to 7 weeks away (as the other athletes' races) in the second build week of a
// block, so that the taper's two weeks are build weeks and the three before them the end of
// the block before (two build weeks and the easy one).
const taperingAthlete = "i100003"

// taperRaceDay is taperingAthlete's race day: the first Sunday 20 days or more after today
// in a block's second week (weeks counted from first, the Monday of the history's first week).
func taperRaceDay(today, first time.Time) time.Time {
	d := saturdayNear(today, 20).AddDate(0, 0, 1)
	for int(d.Sub(first).Hours()/24+0.5)/7%4 != 1 {
		d = day(d, 7)
	}
	return d
}

// taperShare is what an easy session keeps of its time in the taper.
const taperShare = 0.5

// taper cuts the sessions still to do in the 14 days before each A race as Bosquet et al.
// (2007) found best: volume down (the easy sessions' steps to taperShare of their time),
// intensity and frequency kept (the sessions with a step at 85% of threshold or more stay
// as they are, and every session stays). It draws no random number, so nothing else moves.
func (pl *plan) taper() {
	for _, rc := range pl.races {
		if rc.category != "RACE_A" {
			continue
		}
		from := day(rc.date, -14)
		for i := range pl.sessions {
			s := &pl.sessions[i]
			if s.done || s.start.Before(pl.today) || s.start.Before(from) || !s.start.Before(rc.date) || hard(s.w) {
				continue
			}
			blocks := slices.Clone(s.w.blocks)
			for b := range blocks {
				blocks[b].steps = slices.Clone(blocks[b].steps)
				for k := range blocks[b].steps {
					st := &blocks[b].steps[k]
					if st.secs >= 120 { // whole minutes; a short step (strides, a drill) stays
						st.secs = int(float64(st.secs)*taperShare/60+0.5) * 60
					}
					if st.metres >= 100 { // whole lengths of 25 m
						st.metres = float64(int(st.metres*taperShare/25+0.5) * 25)
					}
				}
			}
			s.w.blocks = blocks
		}
	}
}

// hard says whether a workout has a step at 85% of threshold or more.
func hard(w workout) bool {
	for _, b := range w.blocks {
		for _, st := range b.steps {
			if st.pct >= 85 {
				return true
			}
		}
	}
	return false
}

// plannedLongRun is the longest the primary's planned long runs go (minutes): a plan that
// opens with a 1:30 long run then starts over 10% above the longest run of the 30 days
// before it, Frandsen's spike (2025), which the calendar check warns of.
const plannedLongRun = 80

// keepLongRuns shortens the long runs still to do to plannedLongRun; it draws no random
// number, so nothing else moves.
func (pl *plan) keepLongRuns() {
	for i := range pl.sessions {
		s := &pl.sessions[i]
		if s.done || s.start.Before(pl.today) || s.w.name != "Long Run" {
			continue
		}
		blocks := slices.Clone(s.w.blocks)
		blocks[0].steps = slices.Clone(blocks[0].steps)
		blocks[0].steps[0].secs = min(blocks[0].steps[0].secs, mins(plannedLongRun))
		s.w.blocks = blocks
	}
}

func isCyclist(p person) bool { return p.id == "i100002" }
