package fakeicu

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// UpdateEvent answers PUT /athlete/{id}/events/{eventId}: the body's fields replace the
// event's; the result must still be a valid event.
func (s *server) UpdateEvent(w http.ResponseWriter, r *http.Request, id string, eventId int32) {
	var patch map[string]json.RawMessage
	if !decodeBody(w, r, &patch) {
		return
	}
	s.writeAthlete(w, r, id, func(st *store, a *synth.Athlete) {
		i := eventIndex(w, a, eventId)
		if i < 0 {
			return
		}
		for _, k := range []string{"id", "athlete_id", "uid", "created_by_id"} {
			delete(patch, k)
		}
		e, ok := mergeChecked(w, a.Events[i], patch, "event", validateEvent)
		if !ok {
			return
		}
		if _, retext := patch["description"]; retext {
			// New workout text: what was read from the old text is read again (readWorkout).
			if _, sent := patch["moving_time"]; !sent {
				e.MovingTime = nil
			}
			if _, sent := patch["distance"]; !sent {
				e.Distance = nil
			}
			if _, sent := patch["icu_training_load"]; !sent {
				e.IcuTrainingLoad = nil
			}
		}
		if _, moved := patch["start_date_local"]; moved {
			if _, keepEnd := patch["end_date_local"]; !keepEnd {
				e.EndDateLocal = nil
			}
		}
		_, retext := patch["description"]
		e = st.replaceEvent(a, a.Events[i], e, retext)
		a.Events[i] = e
		resort(a)
		writeJSON(w, http.StatusOK, out(a, e))
	})
}

// DeleteEvent answers DELETE /athlete/{id}/events/{eventId}.
func (s *server) DeleteEvent(w http.ResponseWriter, r *http.Request, id string, eventId int32, p api.DeleteEventParams) {
	s.writeAthlete(w, r, id, func(_ *store, a *synth.Athlete) {
		i := eventIndex(w, a, eventId)
		if i < 0 {
			return
		}
		removeEvents(a, func(e *api.Event) bool { return deref(e.Id) == eventId })
		writeJSON(w, http.StatusOK, map[string]any{})
	})
}

// removeEvents deletes the events doomed says, and their pairings: an activity that did a
// deleted event is no longer paired with it. It returns how many.
func removeEvents(a *synth.Athlete, doomed func(*api.Event) bool) int {
	kept := a.Events[:0]
	n := 0
	for _, e := range a.Events {
		if doomed(&e) {
			unpair(a, deref(e.Id))
			n++
			continue
		}
		kept = append(kept, e)
	}
	a.Events = kept
	return n
}

// unpair undoes the pairing of an event with the activity that did it, on both sides.
func unpair(a *synth.Athlete, eventID int32) {
	actID, ok := a.PairedActivity[eventID]
	if !ok {
		return
	}
	delete(a.PairedActivity, eventID)
	for i := range a.Activities {
		if act := &a.Activities[i]; deref(act.Id) == actID && deref(act.PairedEventId) == eventID {
			act.PairedEventId = nil
		}
	}
}

// CreateMultipleEvents answers POST /athlete/{id}/events/bulk, all or nothing: every event
// is validated first. With upsert=true an event whose external_id matches an existing one
// updates it; upsertOnUid=true does the same by uid.
func (s *server) CreateMultipleEvents(w http.ResponseWriter, r *http.Request, id string, p api.CreateMultipleEventsParams) {
	var exs []api.EventEx
	if !decodeBody(w, r, &exs) {
		return
	}
	events := make([]api.Event, len(exs))
	for i, ex := range exs {
		events[i] = cloneVia[api.Event](ex)
		if msg := validateEvent(&events[i]); msg != "" {
			writeErrorf(w, http.StatusUnprocessableEntity, "Event %d: %s", i, msg)
			return
		}
	}
	s.writeAthlete(w, r, id, func(st *store, a *synth.Athlete) {
		result := make([]api.Event, 0, len(events))
		for _, e := range events {
			if i := matchingEvent(a, e, deref(p.Upsert), p.UpsertOnUid); i >= 0 {
				e = st.replaceEvent(a, a.Events[i], e, true)
				a.Events[i] = e
			} else {
				e = st.newEvent(a, e)
				a.Events = append(a.Events, e)
			}
			result = append(result, e)
		}
		resort(a)
		writeJSON(w, http.StatusOK, outAll(a, result))
	})
}

// matchingEvent finds the event an upsert updates, or -1.
func matchingEvent(a *synth.Athlete, e api.Event, byExternalID, byUID bool) int {
	for i := range a.Events {
		old := &a.Events[i]
		switch {
		case byExternalID && deref(e.ExternalId) != "" && deref(old.ExternalId) == *e.ExternalId,
			!byExternalID && byUID && deref(e.Uid) != "" && deref(old.Uid) == *e.Uid:
			return i
		}
	}
	return -1
}

// DeleteEventsBulk answers PUT /athlete/{id}/events/bulk-delete with [{id}|{external_id}].
func (s *server) DeleteEventsBulk(w http.ResponseWriter, r *http.Request, id string) {
	var doomed []api.DoomedEvent
	if !decodeBody(w, r, &doomed) {
		return
	}
	ids, ext := map[int32]bool{}, map[string]bool{}
	for _, d := range doomed {
		switch {
		case d.Id != nil:
			ids[*d.Id] = true
		case deref(d.ExternalId) != "":
			ext[*d.ExternalId] = true
		default:
			writeError(w, http.StatusUnprocessableEntity, "each event to delete needs an id or an external_id")
			return
		}
	}
	s.writeAthlete(w, r, id, func(_ *store, a *synth.Athlete) {
		n := removeEvents(a, func(e *api.Event) bool { return ids[deref(e.Id)] || ext[deref(e.ExternalId)] })
		writeJSON(w, http.StatusOK, api.DeleteEventsResponse{EventsDeleted: ptr(int32(n))})
	})
}

// DeleteEvents answers DELETE /athlete/{id}/events?oldest&newest&category: every event of
// those categories starting in the range (newest defaults to all future events).
func (s *server) DeleteEvents(w http.ResponseWriter, r *http.Request, id string, p api.DeleteEventsParams) {
	cats, ok := parseCategories(w, p.Category)
	if !ok {
		return
	}
	if len(cats) == 0 {
		writeError(w, http.StatusUnprocessableEntity, "category is required (e.g. WORKOUT)")
		return
	}
	lo, hi, ok := dateRange(w, "oldest", &p.Oldest, "newest", p.Newest, time.Time{}, time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC))
	if !ok {
		return
	}
	s.writeAthlete(w, r, id, func(_ *store, a *synth.Athlete) {
		n := removeEvents(a, func(e *api.Event) bool {
			start, _ := eventSpan(e)
			return cats[deref(e.Category)] && !start.Before(lo) && !start.After(hi) &&
				(p.CreatedById == nil || deref(e.CreatedById) == *p.CreatedById)
		})
		writeJSON(w, http.StatusOK, api.DeleteEventsResponse{EventsDeleted: ptr(int32(n))})
	})
}

// DuplicateEvents answers POST /athlete/{id}/duplicate-events: numCopies copies of each
// event, each weeksBetween weeks after the previous (defaults 1 and 1).
func (s *server) DuplicateEvents(w http.ResponseWriter, r *http.Request, id string) {
	var dto api.DuplicateEventsDTO
	if !decodeBody(w, r, &dto) {
		return
	}
	copies, weeks := int(max(deref(dto.NumCopies), 0)), int(deref(dto.WeeksBetween))
	if dto.NumCopies == nil {
		copies = 1
	}
	if dto.WeeksBetween == nil {
		weeks = 1
	}
	s.writeAthlete(w, r, id, func(st *store, a *synth.Athlete) {
		var sources []api.Event
		for _, eid := range deref(dto.EventIds) {
			i := eventIndex(w, a, eid)
			if i < 0 {
				return
			}
			sources = append(sources, a.Events[i])
		}
		var created []api.Event
		for _, src := range sources {
			for k := 1; k <= copies; k++ {
				c := cloneJSON(src)
				start, end := eventSpan(&c)
				shift := 7 * weeks * k
				c.StartDateLocal = ptr(start.AddDate(0, 0, shift).Format(localLayout))
				c.EndDateLocal = ptr(end.AddDate(0, 0, shift).Format(localLayout))
				c.ExternalId = nil
				c = st.newEvent(a, c)
				a.Events = append(a.Events, c)
				created = append(created, c)
			}
		}
		resort(a)
		writeJSON(w, http.StatusOK, outAll(a, created))
	})
}

// UpdateEvents answers PUT /athlete/{id}/events?oldest&newest: the body's fields (e.g.
// hide_from_athlete) are applied to every event starting in the range.
func (s *server) UpdateEvents(w http.ResponseWriter, r *http.Request, id string, p api.UpdateEventsParams) {
	var patch map[string]json.RawMessage
	if !decodeBody(w, r, &patch) {
		return
	}
	for _, k := range []string{"id", "athlete_id", "uid", "created_by_id", "start_date_local", "end_date_local"} {
		delete(patch, k)
	}
	lo, hi, ok := dateRange(w, "oldest", &p.Oldest, "newest", &p.Newest, time.Time{}, time.Time{})
	if !ok {
		return
	}
	s.writeAthlete(w, r, id, func(st *store, a *synth.Athlete) {
		updated := []api.Event{}
		for i := range a.Events {
			start, _ := eventSpan(&a.Events[i])
			if start.Before(lo) || start.After(hi) {
				continue
			}
			e, err := mergeJSON(a.Events[i], patch)
			if err == nil {
				if msg := validateEvent(&e); msg != "" {
					err = fmt.Errorf("%s", msg)
				}
			}
			if err != nil {
				writeErrorf(w, http.StatusUnprocessableEntity, "Invalid event: %v", err)
				return
			}
			updated = append(updated, e)
		}
		j := 0
		for i := range a.Events {
			if j < len(updated) && deref(a.Events[i].Id) == deref(updated[j].Id) {
				_, retext := patch["description"]
				a.Events[i] = st.replaceEvent(a, a.Events[i], updated[j], retext)
				updated[j] = a.Events[i]
				j++
			}
		}
		writeJSON(w, http.StatusOK, outAll(a, updated))
	})
}
