package fakeicu

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// localLayout is how Intervals.icu writes local date-times (start_date_local).
const localLayout = "2006-01-02T15:04:05"

// dateLayout is a local date.
const dateLayout = "2006-01-02"

// parseLocal reads a local date or date-time query value as the API accepts it. A bare date
// is the start of that day, or its last second when end is set (newest is inclusive).
func parseLocal(v string, end bool) (time.Time, error) {
	for _, layout := range []string{localLayout, "2006-01-02T15:04", dateLayout} {
		t, err := time.Parse(layout, v)
		if err != nil {
			continue
		}
		if layout == dateLayout && end {
			t = t.Add(24*time.Hour - time.Second)
		}
		return t, nil
	}
	return time.Time{}, fmt.Errorf("not a local date (YYYY-MM-DD) or date-time (YYYY-MM-DDTHH:MM:SS)")
}

// dateRange reads optional oldest/newest parameters (named as the operation names them),
// with defaults for when they are absent. It answers 422 naming the bad parameter and
// returns ok=false.
func dateRange(w http.ResponseWriter, oldestName string, oldest *string, newestName string, newest *string,
	defOldest, defNewest time.Time) (lo, hi time.Time, ok bool) {
	lo, hi = defOldest, defNewest
	if oldest != nil && *oldest != "" {
		t, err := parseLocal(*oldest, false)
		if err != nil {
			writeErrorf(w, http.StatusUnprocessableEntity, "Invalid %s %q: %v", oldestName, *oldest, err)
			return lo, hi, false
		}
		lo = t
	}
	if newest != nil && *newest != "" {
		t, err := parseLocal(*newest, true)
		if err != nil {
			writeErrorf(w, http.StatusUnprocessableEntity, "Invalid %s %q: %v", newestName, *newest, err)
			return lo, hi, false
		}
		hi = t
	}
	return lo, hi, true
}

// localIn reports whether a local date-time string (or date) lies in [lo, hi].
func localIn(local string, lo, hi time.Time) bool {
	t, err := parseLocal(local, false)
	if err != nil {
		return false
	}
	return !t.Before(lo) && !t.After(hi)
}

// endOfDay is the last second of t's day, as a zone-less local time.
func endOfDay(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 23, 59, 59, 0, time.UTC)
}

// startOfDay is the start of t's day, as a zone-less local time.
func startOfDay(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// selectFields keeps only the named fields of each item, as the API's fields= does (null
// values are dropped too). No fields means every field.
func selectFields[T any](items []T, fields []string) ([]json.RawMessage, error) {
	want := map[string]bool{}
	for _, f := range fields {
		for _, name := range strings.Split(f, ",") {
			if name = strings.TrimSpace(name); name != "" {
				want[name] = true
			}
		}
	}
	out := make([]json.RawMessage, 0, len(items))
	for _, it := range items {
		b, err := json.Marshal(it)
		if err != nil {
			return nil, err
		}
		if len(want) > 0 {
			if b, err = keepFields(b, want); err != nil {
				return nil, err
			}
		}
		out = append(out, b)
	}
	return out, nil
}

// keepFields filters one JSON object.
func keepFields(b []byte, want map[string]bool) ([]byte, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	for k, v := range m {
		if !want[k] || string(v) == "null" {
			delete(m, k)
		}
	}
	return json.Marshal(m)
}
