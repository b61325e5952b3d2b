package fakeicu

import (
	"net/http"
	"sync"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// store is the fake's in-memory data: the synthetic world, changed in place by writes.
// Every handler holds mu (read or write) for as long as it touches the world: it takes it
// through locked, or readAthlete/writeAthlete and readActivity/writeActivity, which also
// resolve the path's athlete or activity and answer the errors of a bad one.
type store struct {
	mu  sync.RWMutex
	w   *synth.World
	now func() time.Time

	nextEventID   int32
	nextItemID    int32
	nextWorkoutID int32
	nextMessageID int64
	zones         map[string]*time.Location // by athlete id
	misread       bool                      // the write in progress is hit by FaultMisread

	cacheMu   sync.Mutex
	bestCache map[string][]float64 // "power:<activity id>" ...: best efforts, see cachedBest
}

// newStore indexes a world: time zones, and the next free id of each kind.
func newStore(w *synth.World, now func() time.Time) *store {
	s := &store{w: w, now: now, zones: map[string]*time.Location{}, bestCache: map[string][]float64{}}
	for _, a := range w.Athletes {
		loc := time.UTC
		if a.Profile.Timezone != nil {
			if l, err := time.LoadLocation(*a.Profile.Timezone); err == nil {
				loc = l
			}
		}
		s.zones[deref(a.Profile.Id)] = loc
		for _, e := range a.Events {
			s.nextEventID = max(s.nextEventID, deref(e.Id))
		}
		for _, c := range a.CustomItems {
			s.nextItemID = max(s.nextItemID, deref(c.Id))
		}
		for _, wk := range a.Workouts {
			s.nextWorkoutID = max(s.nextWorkoutID, deref(wk.Id))
		}
		for _, f := range a.Folders {
			s.nextWorkoutID = max(s.nextWorkoutID, deref(f.Id))
		}
		for _, msgs := range a.Messages {
			for _, m := range msgs {
				s.nextMessageID = max(s.nextMessageID, deref(m.Id))
			}
		}
	}
	for _, c := range w.Chats {
		for _, m := range c.Messages {
			s.nextMessageID = max(s.nextMessageID, deref(m.Id))
		}
	}
	return s
}

// athlete returns the athlete with an id ("0": the primary athlete), or nil.
func (s *store) athlete(id string) *synth.Athlete {
	if len(s.w.Athletes) == 0 {
		return nil
	}
	if id == "0" {
		return s.w.Athletes[0]
	}
	for _, a := range s.w.Athletes {
		if deref(a.Profile.Id) == id {
			return a
		}
	}
	return nil
}

// location is an athlete's time zone.
func (s *store) location(a *synth.Athlete) *time.Location {
	if loc, ok := s.zones[deref(a.Profile.Id)]; ok {
		return loc
	}
	return time.UTC
}

// today is the current local date of an athlete, at midnight in its zone.
func (s *store) today(a *synth.Athlete) time.Time {
	t := s.now().In(s.location(a))
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, t.Location())
}

// findActivity returns the athlete owning an activity and its index, or nil.
func (s *store) findActivity(id string) (*synth.Athlete, int) {
	for _, a := range s.w.Athletes {
		for i := range a.Activities {
			if deref(a.Activities[i].Id) == id {
				return a, i
			}
		}
	}
	return nil, -1
}

// server implements api.ServerInterface over the store. The embedded interface is nil:
// operations the fake does not implement never reach it, because serveAPI answers them 501
// (see implemented).
type server struct {
	api.ServerInterface
	f *Fake
}

// access resolves the athlete path parameter for the credential's owner (see self): "0",
// the owner's id, or, when the owner is the primary athlete (who coaches the others), a
// coached athlete's id. Anything else is answered 403, as Intervals.icu does, and nil
// returned.
func (s *server) access(w http.ResponseWriter, r *http.Request, st *store, id string) *synth.Athlete {
	me := st.self(r)
	a := me
	if id != "0" {
		a = st.athlete(id)
	}
	if a == nil || !st.sees(me, a) {
		writeError(w, http.StatusForbidden, msgAccessDenied)
		return nil
	}
	return a
}

// self is the athlete behind the request's credential: the primary athlete for the API key
// and Options.BearerToken, the athlete who signed in for an OAuth token; nil if unknown.
func (st *store) self(r *http.Request) *synth.Athlete {
	if id := callerOf(r).athleteID; id != "" {
		return st.athlete(id)
	}
	return st.athlete("0")
}

// sees reports whether me may read and write a's data: their own, and the primary athlete
// coaches every other athlete of the world.
func (st *store) sees(me, a *synth.Athlete) bool {
	return me != nil && a != nil && (me == a || me == st.w.Athletes[0])
}

// locked runs fn under the store's lock: shared when it only reads, exclusive when it
// writes. Handlers answer into a buffer (see serveAPI), so no client holds the lock.
func (s *server) locked(write bool, fn func(st *store)) {
	st := s.f.store()
	if write {
		st.mu.Lock()
		defer st.mu.Unlock()
	} else {
		st.mu.RLock()
		defer st.mu.RUnlock()
	}
	fn(st)
}

// withAthlete runs fn on the athlete of the path parameter id, under the lock. An athlete
// the caller may not see is answered 403 (see access) and fn does not run.
func (s *server) withAthlete(w http.ResponseWriter, r *http.Request, id string, write bool, fn func(st *store, a *synth.Athlete)) {
	s.locked(write, func(st *store) {
		if write {
			st.misread = misreading(r.Context())
			defer func() { st.misread = false }()
		}
		if a := s.access(w, r, st, id); a != nil {
			fn(st, a)
		}
	})
}

// readAthlete runs fn on an athlete for a handler that only reads its data.
func (s *server) readAthlete(w http.ResponseWriter, r *http.Request, id string, fn func(st *store, a *synth.Athlete)) {
	s.withAthlete(w, r, id, false, fn)
}

// writeAthlete runs fn on an athlete for a handler that changes its data.
func (s *server) writeAthlete(w http.ResponseWriter, r *http.Request, id string, fn func(st *store, a *synth.Athlete)) {
	s.withAthlete(w, r, id, true, fn)
}

// deref returns *p, or the zero value for nil.
func deref[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}

// ptr returns a pointer to v.
func ptr[T any](v T) *T { return &v }
