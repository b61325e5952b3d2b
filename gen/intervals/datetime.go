package intervals

import (
	"bytes"
	"fmt"
	"time"
)

// DateTime is an instant as Intervals.icu writes it: "2026-09-24T07:12:05.306+00:00".
// Reading also accepts RFC 3339 with "Z", no fraction, no offset (taken as UTC: the spec's
// date-time fields are UTC instants) and a bare date, all seen in recorded payloads.
// Local date-times such as start_date_local are plain strings in the spec, not DateTime.
type DateTime struct {
	time.Time
}

// dateTimeLayout is the form Intervals.icu writes (Java's ISO offset date-time).
const dateTimeLayout = "2006-01-02T15:04:05.000-07:00"

var dateTimeInputs = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999",
	"2006-01-02",
}

// NewDateTime returns t as a DateTime.
func NewDateTime(t time.Time) DateTime { return DateTime{t} }

// MarshalJSON writes the instant in Intervals.icu's form, or null for the zero time.
func (d DateTime) MarshalJSON() ([]byte, error) {
	if d.IsZero() {
		return []byte("null"), nil
	}
	return []byte(`"` + d.Time.Format(dateTimeLayout) + `"`), nil
}

// UnmarshalJSON reads any of the forms listed on DateTime; null leaves the zero time.
func (d *DateTime) UnmarshalJSON(b []byte) error {
	if bytes.Equal(b, []byte("null")) {
		*d = DateTime{}
		return nil
	}
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return fmt.Errorf("date-time %s: not a string", b)
	}
	s := string(b[1 : len(b)-1])
	if s == "" {
		*d = DateTime{}
		return nil
	}
	for _, layout := range dateTimeInputs {
		if t, err := time.Parse(layout, s); err == nil {
			*d = DateTime{t}
			return nil
		}
	}
	return fmt.Errorf("date-time %q: not a date or date-time Intervals.icu writes", s)
}

// String formats the instant as Intervals.icu writes it.
func (d DateTime) String() string { return d.Time.Format(dateTimeLayout) }
