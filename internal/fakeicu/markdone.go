package fakeicu

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// MarkEventAsDone answers POST /athlete/{id}/events/{eventId}/mark-done: a manual activity
// is created from the planned workout and paired with it.
func (s *server) MarkEventAsDone(w http.ResponseWriter, r *http.Request, id string, eventId int32) {
	s.writeAthlete(w, r, id, func(st *store, a *synth.Athlete) {
		i := eventIndex(w, a, eventId)
		if i < 0 {
			return
		}
		e := a.Events[i]
		if prev, done := a.PairedActivity[eventId]; done {
			writeErrorf(w, http.StatusUnprocessableEntity, "Event %d is already paired with activity %s", eventId, prev)
			return
		}
		start, _ := parseLocal(deref(e.StartDateLocal), false)
		utc := time.Date(start.Year(), start.Month(), start.Day(), start.Hour(), start.Minute(), start.Second(), 0, st.location(a)).UTC()
		act := api.Activity{
			Id:              ptr(st.nextActivityID()),
			IcuAthleteId:    a.Profile.Id,
			Name:            e.Name,
			Description:     e.Description,
			Type:            e.Type,
			StartDateLocal:  ptr(start.Format(localLayout)),
			StartDate:       ptr(utc.Format("2006-01-02T15:04:05Z")),
			MovingTime:      e.MovingTime,
			ElapsedTime:     e.MovingTime,
			Distance:        e.Distance,
			IcuTrainingLoad: e.IcuTrainingLoad,
			IcuIntensity:    e.IcuIntensity,
			PairedEventId:   ptr(eventId),
			Source:          ptr(api.ActivitySourceMANUAL),
		}
		a.Activities = append(a.Activities, act)
		sortedByStart(a.Activities, func(x *api.Activity) string { return deref(x.StartDateLocal) })
		if a.PairedActivity == nil {
			a.PairedActivity = map[int32]string{}
		}
		a.PairedActivity[eventId] = *act.Id
		writeJSON(w, http.StatusOK, act)
	})
}

// nextActivityID is a fresh activity id in the API's "i<number>" form, after the highest
// one. Strava activities' ids (bare numbers from Strava's own, far larger, sequence) do not
// count: the next Intervals.icu id does not follow them.
func (st *store) nextActivityID() string {
	var top int64
	for _, a := range st.w.Athletes {
		for _, act := range a.Activities {
			num, ok := strings.CutPrefix(deref(act.Id), "i")
			if !ok {
				continue
			}
			if n, err := strconv.ParseInt(num, 10, 64); err == nil && n > top {
				top = n
			}
		}
	}
	return fmt.Sprintf("i%d", top+1)
}
