package synth

import (
	"math/rand/v2"
	"time"
	_ "time/tzdata" // the athletes' time zones, whatever the host has installed

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/load"
)

// Generate makes the World for a seed and a date: the same seed and the same date (read as
// a calendar date, in each athlete's own time zone) give the same World, to the byte once
// marshalled. It reads no clock: "today" is only the date passed.
func Generate(seed int64, today time.Time) *World {
	return generateWorld(seed, func(loc *time.Location) time.Time {
		return time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, loc)
	})
}

// GenerateAt makes the World as it is at the instant now: each athlete's "today" is the
// date it is at now in the athlete's own time zone (in Sydney's morning the UTC date is
// still yesterday). Two instants on the same local dates give the same World.
func GenerateAt(seed int64, now time.Time) *World {
	return generateWorld(seed, func(loc *time.Location) time.Time {
		l := now.In(loc)
		return time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, loc)
	})
}

// generateWorld makes the athletes, each around its local midnight today(loc).
func generateWorld(seed int64, today func(loc *time.Location) time.Time) *World {
	n := newIDs()
	ps := people()
	w := &World{}
	todays := make([]time.Time, 0, len(ps))
	for k, p := range ps {
		loc, err := time.LoadLocation(p.tz)
		if err != nil {
			panic("synth: time zone " + p.tz + " (embedded by time/tzdata): " + err.Error())
		}
		t := today(loc)
		if k == 0 {
			w.Today = t
		}
		// The primary's activities get comments from a training partner, the others' from
		// their coach, the primary.
		other := ps[0]
		if k == 0 {
			other = ps[2]
		}
		a := p.generate(newRand(seed, uint64(k+1)), newRand(seed, uint64(k+101)), n, t, other)
		a.Location = loc
		coachCases(k, a, t, n, p)
		w.Athletes = append(w.Athletes, a)
		todays = append(todays, t)
	}
	coachChats(w, n, todays)
	return w
}

// generate makes one athlete: plan, activities, fitness, wellness, calendar and the rest.
func (p person) generate(r, later *rand.Rand, n *ids, today time.Time, other person) *Athlete {
	pl := makePlan(p, r, later, today)
	gear, gs := p.gearFor(n, pl.first)
	a := &Athlete{
		Intervals: map[string]api.IntervalsDTO{}, StreamSpecs: map[string]StreamSpec{},
		PairedActivity: map[int32]string{}, HiddenLoads: map[string]int32{}, Messages: map[string][]api.Message{},
		InitialCTL: p.initCTL, InitialATL: p.initATL, CustomItems: []api.CustomItem{},
		Folders: []api.Folder{}, Workouts: []api.Workout{}, StravaStubs: []string{},
	}

	// Activities, and the day loads fitness is made of (Strava stubs count, though the API
	// shows them as stubs only).
	var acts []done
	var rides efforts
	loads := map[string]float64{}
	for i := range pl.sessions {
		s := &pl.sessions[i]
		if !s.done {
			continue
		}
		var id string
		if s.stub {
			id = n.nextStub(r)
		} else {
			id = n.nextActivity(r)
		}
		d := p.build(s, id, r, gs)
		loads[d.date] += float64(d.load)
		if w := d.spec.modelBestPower(1200); w > 0 && !s.stub {
			rides = append(rides, effort{date: day(s.start, 0), watts: w})
		}
		acts = append(acts, d)
	}
	days := fitness(pl.first, today, p.initCTL, p.initATL, loads)
	fit := make(map[string]load.Day, len(days)+horizon+60)
	for _, d := range days {
		fit[d.Date] = d
	}
	for _, d := range projection(days[len(days)-1], pl, p.t, p.indoorFTP) {
		fit[d.Date] = d
	}
	a.Wellness = p.wellness(r, pl, days, rides.eftp)

	cal := &calendar{p: p, pl: pl, ids: n, r: r, fit: fit, paired: a.PairedActivity}
	cal.build(acts)
	a.Events = cal.events
	eventOf := map[string]int32{}
	for ev, act := range a.PairedActivity {
		eventOf[act] = ev
	}

	// The activities, in start order (as the sessions are), stubs among them.
	var full []done
	for i := range acts {
		d := &acts[i]
		id := *d.act.Id
		if d.sess.stub {
			a.StravaStubs = append(a.StravaStubs, id)
			a.HiddenLoads[id] = d.load
			a.Activities = append(a.Activities, api.Activity{Id: ptr(id), IcuAthleteId: ptr(p.id),
				StartDateLocal: d.act.StartDateLocal, Source: ptr(api.ActivitySourceSTRAVA)})
			continue
		}
		f := fit[d.date]
		d.act.IcuCtl, d.act.IcuAtl = f32(f.Fitness, 4), f32(f.Fatigue, 4)
		if ev, ok := eventOf[id]; ok {
			d.act.PairedEventId = ptr(ev)
		}
		a.StreamSpecs[id] = d.spec
		a.Intervals[id] = intervalsOf(id, d.spec, &d.act)
		a.Activities = append(a.Activities, d.act)
		full = append(full, *d)
	}

	addUse(gear, full)
	a.Gear = gear
	a.SportSettings = p.sportSettings(n, r, day(pl.first, -30), gear)
	a.Profile = p.profile(a.SportSettings, today, gear)
	for i := len(a.Wellness) - 1; i >= 0; i-- { // the profile shows the latest weight logged
		if wt := a.Wellness[i].Weight; wt != nil {
			a.Profile.Weight, a.Profile.IcuWeight = ptr(*wt), ptr(*wt)
			break
		}
	}
	if p.primary {
		a.Folders, a.Workouts = p.library(n, r, day(today, -20))
		a.CustomItems = p.customItems(n, day(today, -45))
	}
	a.Messages = comments(n, full, p, other)
	return a
}
