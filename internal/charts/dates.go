package charts

import (
	"math"
	"time"
)

// timeParse reads a YYYY-MM-DD local date as midnight UTC: charts place dates on a calendar
// axis, never convert them between zones (they already are the athlete's local dates).
func timeParse(date string) (time.Time, error) { return time.Parse("2006-01-02", date) }

// timeFromDay is the date of a day number (days since 1970-01-01).
func timeFromDay(d float64) time.Time { return time.Unix(int64(math.Round(d))*86400, 0).UTC() }
