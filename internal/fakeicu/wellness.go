package fakeicu

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/api"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/synth"
)

// ListWellnessRecords answers GET /athlete/{id}/wellness{ext}: one row per day, oldest
// first, all days when no range is given; fields= keeps only those fields.
func (s *server) ListWellnessRecords(w http.ResponseWriter, r *http.Request, id string, ext string, p api.ListWellnessRecordsParams) {
	if !jsonExt(w, r, ext) {
		return
	}
	lo, hi, ok := dateRange(w, "oldest", p.Oldest, "newest", p.Newest, time.Time{}, time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC))
	if !ok {
		return
	}
	s.readAthlete(w, r, id, func(_ *store, a *synth.Athlete) {
		rows := []api.Wellness{}
		for _, row := range a.Wellness {
			if localIn(deref(row.Id), lo, hi) {
				rows = append(rows, row)
			}
		}
		writeSelected(w, rows, deref(p.Fields))
	})
}

// wellnessDate checks a wellness date (the record id); it answers 422 when it is not one.
func wellnessDate(w http.ResponseWriter, date string) (string, bool) {
	t, err := time.Parse(dateLayout, date)
	if err != nil {
		writeErrorf(w, http.StatusUnprocessableEntity, "Invalid date %q: want a local date YYYY-MM-DD", date)
		return "", false
	}
	return t.Format(dateLayout), true
}

// wellnessIndex returns the index of a day's record, or -1.
func wellnessIndex(a *synth.Athlete, date string) int {
	for i := range a.Wellness {
		if deref(a.Wellness[i].Id) == date {
			return i
		}
	}
	return -1
}

// GetRecord answers GET /athlete/{id}/wellness/{date}; a day without data is an empty record.
func (s *server) GetRecord(w http.ResponseWriter, r *http.Request, id string, date string) {
	date, ok := wellnessDate(w, date)
	if !ok {
		return
	}
	s.readAthlete(w, r, id, func(_ *store, a *synth.Athlete) {
		if i := wellnessIndex(a, date); i >= 0 {
			writeJSON(w, http.StatusOK, a.Wellness[i])
			return
		}
		writeJSON(w, http.StatusOK, api.Wellness{Id: ptr(date)})
	})
}

// UpdateWellness answers PUT /athlete/{id}/wellness/{date}.
func (s *server) UpdateWellness(w http.ResponseWriter, r *http.Request, id string, date string) {
	date, ok := wellnessDate(w, date)
	if !ok {
		return
	}
	var patch map[string]json.RawMessage
	if !decodeBody(w, r, &patch) {
		return
	}
	s.updateWellness(w, r, id, []map[string]json.RawMessage{patch}, []string{date}, false)
}

// UpdateWellness1 answers PUT /athlete/{id}/wellness, the record's date in its id.
func (s *server) UpdateWellness1(w http.ResponseWriter, r *http.Request, id string) {
	var patch map[string]json.RawMessage
	if !decodeBody(w, r, &patch) {
		return
	}
	dates, ok := recordDates(w, []map[string]json.RawMessage{patch})
	if !ok {
		return
	}
	s.updateWellness(w, r, id, []map[string]json.RawMessage{patch}, dates, false)
}

// UpdateWellnessBulk answers PUT /athlete/{id}/wellness-bulk with a list of records.
func (s *server) UpdateWellnessBulk(w http.ResponseWriter, r *http.Request, id string) {
	var patches []map[string]json.RawMessage
	if !decodeBody(w, r, &patches) {
		return
	}
	dates, ok := recordDates(w, patches)
	if !ok {
		return
	}
	s.updateWellness(w, r, id, patches, dates, true)
}

// recordDates reads the id (date) of each record; it answers 422 when one lacks it.
func recordDates(w http.ResponseWriter, patches []map[string]json.RawMessage) ([]string, bool) {
	dates := make([]string, len(patches))
	for i, p := range patches {
		var id string
		if err := json.Unmarshal(p["id"], &id); err != nil || id == "" {
			writeError(w, http.StatusUnprocessableEntity, "id (the record's local date, YYYY-MM-DD) is required")
			return nil, false
		}
		d, ok := wellnessDate(w, id)
		if !ok {
			return nil, false
		}
		dates[i] = d
	}
	return dates, true
}

// updateWellness merges records into the athlete's wellness, all or nothing, creating days
// that have no record yet. A single update answers the record, a bulk one nothing.
func (s *server) updateWellness(w http.ResponseWriter, r *http.Request, id string, patches []map[string]json.RawMessage, dates []string, bulk bool) {
	s.writeAthlete(w, r, id, func(st *store, a *synth.Athlete) {
		rows := make([]api.Wellness, len(patches))
		for n, patch := range patches {
			row := api.Wellness{}
			if i := wellnessIndex(a, dates[n]); i >= 0 {
				row = a.Wellness[i]
			}
			delete(patch, "id")
			merged, err := mergeJSON(row, patch)
			if err != nil {
				writeErrorf(w, http.StatusUnprocessableEntity, "Invalid wellness record %s: %v", dates[n], err)
				return
			}
			merged.Id = ptr(dates[n])
			merged.Updated = ptr(intervals.NewDateTime(st.now().UTC()))
			rows[n] = merged
		}
		for n, row := range rows {
			if i := wellnessIndex(a, dates[n]); i >= 0 {
				a.Wellness[i] = row
			} else {
				a.Wellness = append(a.Wellness, row)
			}
		}
		sortedByStart(a.Wellness, func(r *api.Wellness) string { return deref(r.Id) })
		if bulk {
			w.WriteHeader(http.StatusOK)
			return
		}
		writeJSON(w, http.StatusOK, rows[0])
	})
}
