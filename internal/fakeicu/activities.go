package fakeicu

import (
	"cmp"
	"encoding/json"
	"net/http"
	"slices"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// stravaStub is what the list endpoints return for an activity synced from Strava, whose
// data Intervals.icu may not pass on (../shared/fixtures/extra/activities-list.strava-stub.json).
type stravaStub struct {
	ID             string `json:"id"`
	IcuAthleteID   string `json:"icu_athlete_id"`
	StartDateLocal string `json:"start_date_local"`
	Source         string `json:"source"`
	Note           string `json:"_note"`
}

// isStrava reports whether an activity came from Strava.
func isStrava(a *api.Activity) bool {
	return a.Source != nil && *a.Source == api.ActivitySourceSTRAVA
}

// ListActivities answers GET /athlete/{id}/activities: newest first, oldest required.
func (s *server) ListActivities(w http.ResponseWriter, r *http.Request, id string, p api.ListActivitiesParams) {
	s.readAthlete(w, r, id, func(st *store, a *synth.Athlete) {
		lo, hi, ok := dateRange(w, "oldest", &p.Oldest, "newest", p.Newest, time.Time{}, endOfDay(st.today(a)))
		if !ok {
			return
		}
		var out []any
		for i := len(a.Activities) - 1; i >= 0; i-- {
			act := &a.Activities[i]
			if !localIn(deref(act.StartDateLocal), lo, hi) {
				continue
			}
			if p.Limit != nil && len(out) >= int(*p.Limit) {
				break
			}
			if isStrava(act) {
				out = append(out, stravaStub{
					ID: deref(act.Id), IcuAthleteID: deref(act.IcuAthleteId),
					StartDateLocal: deref(act.StartDateLocal), Source: "STRAVA",
					Note: "STRAVA activities are not available via the API",
				})
				continue
			}
			out = append(out, act)
		}
		writeSelected(w, out, deref(p.Fields))
	})
}

// writeSelected writes a list, keeping only fields= when given.
func writeSelected[T any](w http.ResponseWriter, items []T, fields []string) {
	if items == nil {
		items = []T{}
	}
	sel, err := selectFields(items, fields)
	if err != nil {
		writeError(w, http.StatusInternalServerError, "fake could not encode its answer: "+err.Error())
		return
	}
	writeJSON(w, http.StatusOK, sel)
}

// activity finds an activity the caller may read; it answers 404/403/422 (Strava) itself.
func (s *server) activity(w http.ResponseWriter, r *http.Request, st *store, id string) (*synth.Athlete, *api.Activity) {
	a, i := st.findActivity(id)
	if a == nil {
		writeError(w, http.StatusNotFound, "Activity not found")
		return nil, nil
	}
	if !st.sees(st.self(r), a) {
		writeError(w, http.StatusForbidden, msgAccessDenied)
		return nil, nil
	}
	act := &a.Activities[i]
	if isStrava(act) {
		writeError(w, http.StatusUnprocessableEntity, msgStrava)
		return nil, nil
	}
	return a, act
}

// withActivity runs fn on an activity the caller may read and the athlete who did it,
// under the lock (exclusive when write is set); see activity for the errors it answers.
func (s *server) withActivity(w http.ResponseWriter, r *http.Request, id string, write bool, fn func(st *store, a *synth.Athlete, act *api.Activity)) {
	s.locked(write, func(st *store) {
		if a, act := s.activity(w, r, st, id); act != nil {
			fn(st, a, act)
		}
	})
}

// readActivity runs fn on an activity for a handler that only reads it.
func (s *server) readActivity(w http.ResponseWriter, r *http.Request, id string, fn func(st *store, a *synth.Athlete, act *api.Activity)) {
	s.withActivity(w, r, id, false, fn)
}

// writeActivity runs fn on an activity for a handler that changes it or its comments.
func (s *server) writeActivity(w http.ResponseWriter, r *http.Request, id string, fn func(st *store, a *synth.Athlete, act *api.Activity)) {
	s.withActivity(w, r, id, true, fn)
}

// GetActivity answers GET /activity/{id}; intervals=true adds icu_intervals and icu_groups.
func (s *server) GetActivity(w http.ResponseWriter, r *http.Request, id string, p api.GetActivityParams) {
	s.readActivity(w, r, id, func(_ *store, a *synth.Athlete, act *api.Activity) {
		if !deref(p.Intervals) {
			writeJSON(w, http.StatusOK, act)
			return
		}
		full := cloneVia[api.ActivityWithIntervals](act)
		iv := a.Intervals[id]
		full.IcuIntervals = ptr(deref(iv.IcuIntervals))
		full.IcuGroups = ptr(deref(iv.IcuGroups))
		if *full.IcuIntervals == nil {
			full.IcuIntervals = &[]api.Interval{}
		}
		if *full.IcuGroups == nil {
			full.IcuGroups = &[]api.IntervalGroup{}
		}
		writeJSON(w, http.StatusOK, full)
	})
}

// GetIntervals answers GET /activity/{id}/intervals.
func (s *server) GetIntervals(w http.ResponseWriter, r *http.Request, id string) {
	s.readActivity(w, r, id, func(_ *store, a *synth.Athlete, act *api.Activity) {
		iv, ok := a.Intervals[id]
		if !ok {
			iv = api.IntervalsDTO{Id: ptr(id), IcuIntervals: &[]api.Interval{}, IcuGroups: &[]api.IntervalGroup{}}
		}
		writeJSON(w, http.StatusOK, iv)
	})
}

// UpdateActivity answers PUT /activity/{id}: the body's fields replace the activity's
// (name, description, perceived_exertion, icu_rpe, feel, gear ...); id and athlete stay.
func (s *server) UpdateActivity(w http.ResponseWriter, r *http.Request, id string) {
	var patch map[string]json.RawMessage
	if !decodeBody(w, r, &patch) {
		return
	}
	s.writeActivity(w, r, id, func(_ *store, _ *synth.Athlete, act *api.Activity) {
		delete(patch, "id")
		delete(patch, "icu_athlete_id")
		updated, err := mergeJSON(*act, patch)
		if err != nil {
			writeErrorf(w, http.StatusUnprocessableEntity, "Invalid activity: %v", err)
			return
		}
		*act = updated
		writeJSON(w, http.StatusOK, act)
	})
}

// ListActivityMessages answers GET /activity/{id}/messages, oldest first.
func (s *server) ListActivityMessages(w http.ResponseWriter, r *http.Request, id string, p api.ListActivityMessagesParams) {
	s.readActivity(w, r, id, func(_ *store, a *synth.Athlete, act *api.Activity) {
		out := []api.Message{}
		for _, m := range a.Messages[id] {
			if p.SinceId != nil && deref(m.Id) <= *p.SinceId {
				continue
			}
			out = append(out, m)
		}
		if p.Limit != nil && len(out) > int(*p.Limit) {
			out = out[len(out)-int(*p.Limit):]
		}
		writeJSON(w, http.StatusOK, out)
	})
}

// SendActivityMessage answers POST /activity/{id}/messages: the comment is by the caller.
func (s *server) SendActivityMessage(w http.ResponseWriter, r *http.Request, id string) {
	var msg api.NewActivityMsg
	if !decodeBody(w, r, &msg) {
		return
	}
	if deref(msg.Content) == "" {
		writeError(w, http.StatusUnprocessableEntity, "content is required")
		return
	}
	s.writeActivity(w, r, id, func(st *store, a *synth.Athlete, act *api.Activity) {
		me := st.w.Athletes[0]
		st.nextMessageID++
		m := api.Message{
			Id:         ptr(st.nextMessageID),
			ActivityId: ptr(id),
			AthleteId:  me.Profile.Id,
			Name:       me.Profile.Name,
			Content:    msg.Content,
			Created:    ptr(intervals.NewDateTime(st.now().UTC())),
			Type:       ptr(api.MessageTypeTEXT),
			Seen:       ptr(true),
		}
		if a.Messages == nil {
			a.Messages = map[string][]api.Message{}
		}
		a.Messages[id] = append(a.Messages[id], m)
		writeJSON(w, http.StatusOK, api.NewMsg{Id: m.Id})
	})
}

// mergeJSON overlays JSON fields on a value of a generated type.
func mergeJSON[T any](v T, patch map[string]json.RawMessage) (T, error) {
	var zero T
	b, err := json.Marshal(v)
	if err != nil {
		return zero, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return zero, err
	}
	for k, val := range patch {
		m[k] = val
	}
	if b, err = json.Marshal(m); err != nil {
		return zero, err
	}
	var out T
	err = json.Unmarshal(b, &out)
	return out, err
}

// mergeChecked overlays a patch on v and checks the result with check, which returns what
// is wrong or "". Either failure is answered 422: "Invalid <what>: ..." for a patch that
// does not fit the type, check's message for a result the API would refuse.
func mergeChecked[T any](w http.ResponseWriter, v T, patch map[string]json.RawMessage, what string, check func(*T) string) (T, bool) {
	out, err := mergeJSON(v, patch)
	if err != nil {
		writeErrorf(w, http.StatusUnprocessableEntity, "Invalid %s: %v", what, err)
		return out, false
	}
	if msg := check(&out); msg != "" {
		writeError(w, http.StatusUnprocessableEntity, msg)
		return out, false
	}
	return out, true
}

// cloneVia converts between generated types with the same JSON fields.
func cloneVia[T any](v any) T {
	b, err := json.Marshal(v)
	if err != nil {
		panic("fakeicu: convert: " + err.Error())
	}
	var out T
	if err := json.Unmarshal(b, &out); err != nil {
		panic("fakeicu: convert: " + err.Error())
	}
	return out
}

// sortedByStart sorts values with a local start date-time.
func sortedByStart[T any](items []T, start func(*T) string) {
	slices.SortStableFunc(items, func(a, b T) int { return cmp.Compare(start(&a), start(&b)) })
}
