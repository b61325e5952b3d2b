package synth

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/load"
)

// calendar builds the athlete's events: a WORKOUT for every planned session (paired with
// the activity that did it, or missed), the races, the sick and holiday periods, the season
// start and a few notes. Events carry fitness and fatigue of their day, projected from the
// planned loads after today.
type calendar struct {
	p      person
	pl     *plan
	ids    *ids
	r      *rand.Rand
	fit    map[string]load.Day // by date: history and projection
	events []api.Event
	paired map[int32]string
}

// midnight is how Intervals.icu writes the start of an all-day event.
func midnight(d time.Time) string { return d.Format(dateLayout) + "T00:00:00" }

func (c *calendar) uid() string {
	b := make([]byte, 16)
	for i := range b {
		b[i] = byte(c.r.IntN(256))
	}
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

func (c *calendar) base(d time.Time, cat api.EventCategory, name string) api.Event {
	e := api.Event{
		Id: ptr(c.ids.nextEvent()), AthleteId: ptr(c.p.id), CalendarId: ptr(int32(1)), Uid: ptr(c.uid()),
		Category: ptr(cat), Name: ptr(name), StartDateLocal: ptr(midnight(d)),
		Updated:     stamp(day(d, -3-c.r.IntN(20)).Add(time.Duration(c.r.IntN(86400)) * time.Second)),
		CreatedById: ptr(c.p.id), NotOnFitnessChart: ptr(false), ShowAsNote: ptr(false), ShowOnCtlLine: ptr(false),
		AthleteCannotEdit: ptr(false), HideFromAthlete: ptr(false), StructureReadOnly: ptr(false), Entered: ptr(false),
	}
	if f, ok := c.fit[d.Format(dateLayout)]; ok {
		e.IcuCtl, e.IcuAtl = f32(f.Fitness, 4), f32(f.Fatigue, 4)
	}
	return e
}

// workoutEvent is the planned WORKOUT event of a session.
func (c *calendar) workoutEvent(s *session) api.Event {
	d := day(s.start, 0)
	e := c.base(d, api.EventCategoryWORKOUT, s.w.name)
	t := c.p.t
	if s.w.sport == "VirtualRide" {
		t.ftp = c.p.indoorFTP
	}
	segs := s.w.segments(t, 1)
	l, intensity := loadOf(segs)
	secs := segs[len(segs)-1].End
	e.Type = ptr(s.w.sport)
	e.EndDateLocal = ptr(midnight(day(d, 1)))
	e.Description = ptr(s.w.text(t))
	e.MovingTime = ptr(int32(secs))
	e.IcuTrainingLoad = i32(l)
	e.LoadTarget = i32(l)
	e.IcuIntensity = f32(intensity*100, 4)
	e.Indoor = ptr(s.w.sport == "VirtualRide")
	doc := s.w.doc(t)
	e.WorkoutDoc = &doc
	e.Distance = ptr(float32(s.w.metres()))
	e.Joules, e.JoulesAboveFtp = ptr(int32(0)), ptr(int32(0))
	if isRide(s.w.sport) {
		e.IcuFtp = ptr(int32(t.ftp))
		j := 0.0
		for _, sg := range segs {
			j += float64(t.ftp) * sg.Intensity * float64(sg.End-sg.Start)
		}
		e.Joules = i32(j)
		e.JoulesAboveFtp = i32(joulesAbove(segs, t.ftp))
	}
	return e
}

func (c *calendar) build(acts []done) {
	// Planned sessions, paired with what did them.
	byStart := map[*session]string{}
	for _, a := range acts {
		byStart[a.sess] = *a.act.Id
	}
	for i := range c.pl.sessions {
		s := &c.pl.sessions[i]
		if !s.planned || s.race != "" {
			continue
		}
		e := c.workoutEvent(s)
		if s.done && !s.stub {
			c.paired[*e.Id] = byStart[s]
		}
		if !day(s.start, 0).Before(day(c.pl.today, 7)) && c.r.Float64() < 0.5 {
			e.ExternalId = ptr(fmt.Sprintf("coach-plan-%s-%d", c.p.id, *e.Id))
		}
		c.events = append(c.events, e)
	}
	for _, rc := range c.pl.races {
		e := c.base(rc.date, api.EventCategory(rc.category), rc.name)
		e.Type = ptr(rc.sport)
		e.EndDateLocal = ptr(midnight(day(rc.date, 1)))
		secs := rc.secs
		if rc.w != nil {
			secs = rc.w.seconds(c.p.t)
		}
		e.MovingTime = ptr(int32(secs))
		e.IcuTrainingLoad = i32(float64(secs) / 3600 * 0.85 * 0.85 * 100)
		e.Description = ptr(fmt.Sprintf("%s race. Goal: pace it evenly, fuel every 30 minutes.", rc.category[5:]+"-priority"))
		e.SubType = ptr(api.EventSubTypeRACE)
		for i := range c.pl.sessions {
			if s := &c.pl.sessions[i]; s.race != "" && day(s.start, 0).Equal(rc.date) && s.done {
				c.paired[*e.Id] = byStart[s]
			}
		}
		c.events = append(c.events, e)
	}
	if sk := c.pl.sick; sk != nil {
		e := c.base(sk.from, api.EventCategorySICK, "Sick: flu")
		e.EndDateLocal = ptr(midnight(sk.to))
		e.Description = ptr("Fever and aches. No training until the fever has been gone for two days.")
		c.events = append(c.events, e)
	}
	if h := c.pl.holiday; h != nil {
		e := c.base(h.from, api.EventCategoryHOLIDAY, "Family holiday")
		e.EndDateLocal = ptr(midnight(h.to))
		e.Description = ptr("Away with the family: easy runs only.")
		c.events = append(c.events, e)
	}
	season := c.base(c.pl.planFrom, api.EventCategorySEASONSTART, "Season start: build to the A race")
	c.events = append(c.events, season)
	c.notes()
	slices.SortStableFunc(c.events, func(a, b api.Event) int {
		if n := compareStr(*a.StartDateLocal, *b.StartDateLocal); n != 0 {
			return n
		}
		return int(*a.Id - *b.Id)
	})
}

// notes are free-text NOTE events: block themes for the week, and reminders.
func (c *calendar) notes() {
	for wk := -8; wk <= 3; wk += 4 {
		d := mondayOf(day(c.pl.today, 7*wk))
		e := c.base(d, api.EventCategoryNOTE, "Block focus")
		e.Description = ptr("Three build weeks, then an easy week: keep the easy days easy so the key sessions can be hard.")
		e.ForWeek = ptr(true)
		e.EndDateLocal = ptr(midnight(day(d, 7)))
		c.events = append(c.events, e)
	}
	d := day(c.pl.today, 2+c.r.IntN(4))
	e := c.base(d, api.EventCategoryNOTE, "Bike fit")
	e.Description = ptr("Bike fit at 17:30, bring cycling shoes and bib shorts.")
	e.EndDateLocal = ptr(midnight(day(d, 1)))
	c.events = append(c.events, e)
}

func compareStr(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// projection extends the fitness series past today over the planned workouts' loads.
func projection(today load.Day, pl *plan, t thresholds, indoorFTP int) []load.Day {
	loads := map[string]float64{}
	for _, s := range pl.sessions {
		if s.done || !day(s.start, 0).After(pl.today) {
			continue
		}
		tt := t
		if s.w.sport == "VirtualRide" {
			tt.ftp = indoorFTP
		}
		l, _ := loadOf(s.w.segments(tt, 1))
		loads[s.start.Format(dateLayout)] += math.Round(l)
	}
	days, err := load.Default().Project(today, loads, nil, day(pl.today, horizon+60).Format(dateLayout))
	if err != nil {
		panic("synth: fitness projection: " + err.Error())
	}
	return days
}

// joulesAbove is the work done above FTP, in joules.
func joulesAbove(segs []Segment, ftp int) float64 {
	j := 0.0
	for _, s := range segs {
		if s.Intensity > 1 {
			j += (s.Intensity - 1) * float64(ftp) * float64(s.End-s.Start)
		}
	}
	return j
}
