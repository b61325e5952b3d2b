package load

import (
	"fmt"
	"time"
)

// dateLayout is how Intervals.icu writes a civil date (a wellness id, the date part of
// start_date_local).
const dateLayout = "2006-01-02"

// maxDays bounds the number of days one call walks, so that a mistyped year cannot make a
// projection allocate millions of days.
const maxDays = 20 * 366

// day is a civil date as a count of days since 1970-01-01. Arithmetic on it has no time
// zones and no daylight-saving gaps.
type day int

// parseDate reads a YYYY-MM-DD date. what names the argument in the error.
func parseDate(what, s string) (day, error) {
	t, err := time.Parse(dateLayout, s)
	if err != nil {
		return 0, fmt.Errorf("%s: date %q is not a calendar date: write it as YYYY-MM-DD, e.g. 2024-01-31", what, s)
	}
	return day(t.Unix() / 86400), nil
}

// String writes the date as YYYY-MM-DD.
func (d day) String() string {
	return time.Unix(int64(d)*86400, 0).UTC().Format(dateLayout)
}

// monday is the Monday on or before d.
func (d day) monday() day {
	// 1970-01-01 was a Thursday: day 0 is 3 days after a Monday. The double modulo keeps
	// the offset in 0..6 for dates before 1970 too.
	return d - ((d+3)%7+7)%7
}
