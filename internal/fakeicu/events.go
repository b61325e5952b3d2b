package fakeicu

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// eventOut is an event as the real API sends it: the spec's Event plus paired_activity_id,
// which the API writes (null when unpaired) but the spec does not declare.
type eventOut struct {
	api.Event
	PairedActivityID *string `json:"paired_activity_id"`
}

// out returns an event as sent, with its pairing. The API's event flags are Java booleans,
// always sent (false when unset), so they are filled in here whatever the store holds.
func out(a *synth.Athlete, e api.Event) eventOut {
	for _, flag := range []**bool{
		&e.AthleteCannotEdit, &e.Entered, &e.ForWeek, &e.HideFromAthlete, &e.Indoor,
		&e.NotOnFitnessChart, &e.ShowAsNote, &e.ShowOnCtlLine, &e.StructureReadOnly,
	} {
		if *flag == nil {
			*flag = ptr(false)
		}
	}
	o := eventOut{Event: e}
	if id, ok := a.PairedActivity[deref(e.Id)]; ok {
		o.PairedActivityID = ptr(id)
	}
	return o
}

// outAll returns events as sent.
func outAll(a *synth.Athlete, events []api.Event) []eventOut {
	o := make([]eventOut, 0, len(events))
	for _, e := range events {
		o = append(o, out(a, e))
	}
	return o
}

// eventCategories are the categories the API accepts.
var eventCategories = []api.EventCategory{
	api.EventCategoryWORKOUT, api.EventCategoryRACEA, api.EventCategoryRACEB, api.EventCategoryRACEC,
	api.EventCategoryNOTE, api.EventCategoryPLAN, api.EventCategoryHOLIDAY, api.EventCategorySICK,
	api.EventCategoryINJURED, api.EventCategorySETEFTP, api.EventCategoryFITNESSDAYS,
	api.EventCategorySEASONSTART, api.EventCategoryTARGET, api.EventCategorySETFITNESS,
}

// parseCategories reads a category list (comma separated or repeated); it answers 422 for
// an unknown one.
func parseCategories(w http.ResponseWriter, raw []string) (map[api.EventCategory]bool, bool) {
	set := map[api.EventCategory]bool{}
	for _, r := range raw {
		for _, c := range strings.Split(r, ",") {
			c = strings.TrimSpace(c)
			if c == "" {
				continue
			}
			if !slices.Contains(eventCategories, api.EventCategory(c)) {
				writeErrorf(w, http.StatusUnprocessableEntity, "Invalid category %q", c)
				return nil, false
			}
			set[api.EventCategory(c)] = true
		}
	}
	return set, true
}

// eventSpan is an event's local start and (exclusive) end.
func eventSpan(e *api.Event) (time.Time, time.Time) {
	start, _ := parseLocal(deref(e.StartDateLocal), false)
	end, err := parseLocal(deref(e.EndDateLocal), false)
	if err != nil || !end.After(start) {
		end = start
	}
	return start, end
}

// overlaps reports whether an event touches the local range [lo, hi].
func overlaps(e *api.Event, lo, hi time.Time) bool {
	start, end := eventSpan(e)
	if start.After(hi) {
		return false
	}
	return !start.Before(lo) || end.After(lo)
}

// ListEvents answers GET /athlete/{id}/events{format}: today..today+6 by default.
func (s *server) ListEvents(w http.ResponseWriter, r *http.Request, id string, format string, p api.ListEventsParams) {
	if !jsonExt(w, r, format) {
		return
	}
	s.readAthlete(w, r, id, func(st *store, a *synth.Athlete) {
		today := startOfDay(st.today(a))
		lo, hi, ok := dateRange(w, "oldest", p.Oldest, "newest", p.Newest, today, endOfDay(today.AddDate(0, 0, 6)))
		if !ok {
			return
		}
		cats, ok := parseCategories(w, deref(p.Category))
		if !ok {
			return
		}
		var found []api.Event
		for i := range a.Events {
			e := &a.Events[i]
			if !overlaps(e, lo, hi) || (len(cats) > 0 && !cats[deref(e.Category)]) {
				continue
			}
			if p.Limit != nil && len(found) >= int(*p.Limit) {
				break
			}
			found = append(found, *e)
		}
		writeJSON(w, http.StatusOK, outAll(a, found))
	})
}

// jsonExt accepts the JSON forms of a glued extension parameter ("" and ".json"). CSV and
// file forms are answered 501, anything else 404.
func jsonExt(w http.ResponseWriter, r *http.Request, ext string) bool {
	switch ext = param(ext); ext {
	case "", ".json":
		return true
	case ".csv", ".zwo", ".mrc", ".erg", ".fit":
		writeErrorf(w, http.StatusNotImplemented, "the fake Intervals.icu serves JSON only, not %s: drop the extension", ext)
	default:
		writeErrorf(w, http.StatusNotFound, "Unknown format %q", ext)
	}
	return false
}

// ListFitnessModelEvents answers GET /athlete/{id}/fitness-model-events: the events that
// change the fitness model (SET_EFTP, FITNESS_DAYS, SET_FITNESS).
func (s *server) ListFitnessModelEvents(w http.ResponseWriter, r *http.Request, id string) {
	s.readAthlete(w, r, id, func(_ *store, a *synth.Athlete) {
		var found []api.Event
		for _, e := range a.Events {
			switch deref(e.Category) {
			case api.EventCategorySETEFTP, api.EventCategoryFITNESSDAYS, api.EventCategorySETFITNESS:
				found = append(found, e)
			}
		}
		writeJSON(w, http.StatusOK, outAll(a, found))
	})
}

// eventIndex finds an event by id; it answers 404 when there is none.
func eventIndex(w http.ResponseWriter, a *synth.Athlete, id int32) int {
	for i := range a.Events {
		if deref(a.Events[i].Id) == id {
			return i
		}
	}
	writeErrorf(w, http.StatusNotFound, "Event %d not found", id)
	return -1
}

// ShowEvent answers GET /athlete/{id}/events/{eventId}.
func (s *server) ShowEvent(w http.ResponseWriter, r *http.Request, id string, eventId int32) {
	s.readAthlete(w, r, id, func(_ *store, a *synth.Athlete) {
		if i := eventIndex(w, a, eventId); i >= 0 {
			writeJSON(w, http.StatusOK, out(a, a.Events[i]))
		}
	})
}

// validateEvent checks what the API requires of an event: a known category and a local
// start date. It returns the error message, or "".
func validateEvent(e *api.Event) string {
	switch {
	case e.Category == nil || *e.Category == "":
		return "category is required"
	case !slices.Contains(eventCategories, *e.Category):
		return fmt.Sprintf("Invalid category %q", *e.Category)
	case deref(e.StartDateLocal) == "":
		return "start_date_local is required"
	}
	if _, err := parseLocal(*e.StartDateLocal, false); err != nil {
		return fmt.Sprintf("Invalid start_date_local %q: %v", *e.StartDateLocal, err)
	}
	if e.EndDateLocal != nil && *e.EndDateLocal != "" {
		if _, err := parseLocal(*e.EndDateLocal, false); err != nil {
			return fmt.Sprintf("Invalid end_date_local %q: %v", *e.EndDateLocal, err)
		}
	}
	return ""
}

// newEvent completes a validated event the caller sent with what the server assigns.
func (st *store) newEvent(a *synth.Athlete, e api.Event) api.Event {
	st.nextEventID++
	e.Id = ptr(st.nextEventID)
	e.AthleteId = a.Profile.Id
	e.CreatedById = st.w.Athletes[0].Profile.Id
	e.Uid = ptr(fmt.Sprintf("fake-%d@intervals.icu", st.nextEventID))
	if e.CalendarId == nil {
		e.CalendarId = ptr(int32(1))
	}
	st.completeEvent(a, &e, true)
	return e
}

// replaceEvent gives an existing event the fields of e, keeping what the server assigned;
// its workout is read again when the write sent its text (retext), or changed its sport or
// category.
func (st *store) replaceEvent(a *synth.Athlete, old, e api.Event, retext bool) api.Event {
	e.Id, e.AthleteId, e.CreatedById, e.Uid, e.CalendarId = old.Id, old.AthleteId, old.CreatedById, old.Uid, old.CalendarId
	reread := retext || deref(e.Type) != deref(old.Type) || deref(e.Category) != deref(old.Category)
	st.completeEvent(a, &e, reread)
	return e
}

// completeEvent does what the server does to every event it stores: the start in the
// API's local form, the end the next midnight when none was sent, the time of the change,
// and, when the workout is new or its text changed (reread), the text read (readWorkout):
// its workout_doc, duration, distance and load.
func (st *store) completeEvent(a *synth.Athlete, e *api.Event, reread bool) {
	start, _ := parseLocal(*e.StartDateLocal, false)
	e.StartDateLocal = ptr(start.Format(localLayout))
	if deref(e.EndDateLocal) == "" {
		e.EndDateLocal = ptr(startOfDay(start).AddDate(0, 0, 1).Format(localLayout))
	}
	e.Updated = ptr(intervals.NewDateTime(st.now().UTC()))
	if reread {
		readWorkout(a, e, st.misread)
	}
}

// resort keeps a calendar sorted by start after an edit.
func resort(a *synth.Athlete) {
	sortedByStart(a.Events, func(e *api.Event) string { return deref(e.StartDateLocal) })
}

// CreateEvent answers POST /athlete/{id}/events; upsertOnUid=true updates the event with
// the same uid instead.
func (s *server) CreateEvent(w http.ResponseWriter, r *http.Request, id string, p api.CreateEventParams) {
	var ex api.EventEx
	if !decodeBody(w, r, &ex) {
		return
	}
	e := cloneVia[api.Event](ex)
	if msg := validateEvent(&e); msg != "" {
		writeError(w, http.StatusUnprocessableEntity, msg)
		return
	}
	s.writeAthlete(w, r, id, func(st *store, a *synth.Athlete) {
		if i := matchingEvent(a, e, false, p.UpsertOnUid); i >= 0 {
			e = st.replaceEvent(a, a.Events[i], e, true)
			a.Events[i] = e
		} else {
			e = st.newEvent(a, e)
			a.Events = append(a.Events, e)
		}
		resort(a)
		writeJSON(w, http.StatusOK, out(a, e))
	})
}
