package tools

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// seconds reads "4500" (seconds), "75:00" (m:ss) or "1:15:00" (h:mm:ss).
func seconds(s string) (int, error) {
	p := strings.Split(strings.TrimSpace(s), ":")
	total := 0
	for i, f := range p {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || len(p) > 3 || (i > 0 && n >= 60) {
			return 0, manifest.Errorf("duration %q is not understood: write seconds (4500) or h:mm:ss (1:15:00)", s)
		}
		total = total*60 + n
	}
	return total, nil
}

// weekdayDate formats a local date (YYYY-MM-DD) with its weekday, "Mon 2026-11-30".
func weekdayDate(date string) string { return format.DayOf(date) }

// addDays moves a YYYY-MM-DD date by n days.
func addDays(date string, n int) string {
	t, err := time.Parse(ymd, date)
	if err != nil {
		return date
	}
	return t.AddDate(0, 0, n).Format(ymd)
}

// mondayOf is the Monday on or before a YYYY-MM-DD date.
func mondayOf(date string) string {
	t, err := time.Parse(ymd, date)
	if err != nil {
		return date
	}
	return format.Monday(t).Format(ymd)
}

// resolveDate reads a local date: YYYY-MM-DD, "today" or "tomorrow" (the athlete's), in
// the accepted range (firstDate..lastDate).
func resolveDate(s string, today time.Time) (string, error) {
	switch v := strings.ToLower(strings.TrimSpace(s)); v {
	case "today":
		return today.Format(ymd), nil
	case "tomorrow":
		return today.AddDate(0, 0, 1).Format(ymd), nil
	default:
		t, err := time.Parse(ymd, v)
		if err != nil {
			return "", fmt.Errorf("date %s: write YYYY-MM-DD (the athlete's local date), today or tomorrow", excerpt(s))
		}
		if err := inRange("date", t.Format(ymd)); err != nil {
			return "", err
		}
		return t.Format(ymd), nil
	}
}

// The dates the tools read and write are in firstDate..lastDate, the one place this range is
// set: Intervals.icu stores years 1900 to 2099 (outside, it refuses the event or files it
// wrongly), and a date further out is always a mistake of the model.
const (
	firstDate = "1900-01-01"
	lastDate  = "2099-12-31"
	// maxShift bounds a shift in days: the whole accepted range.
	maxShift = 200 * 366
)

// inRange refuses a YYYY-MM-DD date outside firstDate..lastDate, naming the range.
func inRange(name, date string) error {
	if date < firstDate || date > lastDate {
		return manifest.Errorf("%s %s is outside the dates Intervals.icu accepts (%s to %s)", name, date, firstDate, lastDate)
	}
	return nil
}

// calendarDays is the number of calendar days from one YYYY-MM-DD date to another, counted
// on the calendar (Unix days of UTC midnights), never through time.Duration, which holds
// only 292 years. ok is false when either is not a date.
func calendarDays(from, to string) (n int, ok bool) {
	t1, err1 := time.Parse(ymd, from)
	t2, err2 := time.Parse(ymd, to)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return int((t2.Unix() - t1.Unix()) / 86400), true
}

// shiftTarget is the day a YYYY-MM-DD date lands on after a shift of days, refused when it
// leaves the accepted range or, unless allowPast, lands before today.
func shiftTarget(day string, days int, today time.Time, allowPast bool) (string, error) {
	if days > maxShift || days < -maxShift {
		return "", manifest.Errorf("a shift of %d days leaves the dates Intervals.icu accepts (%s to %s)", days, firstDate, lastDate)
	}
	to := addDays(day, days)
	if err := inRange("the new date", to); err != nil {
		return "", err
	}
	if !allowPast && to < today.Format(ymd) {
		return "", manifest.Errorf("%s is in the past (today is %s for the athlete): give a later date, or set allow_past", to, today.Format(ymd))
	}
	return to, nil
}

// excerpt quotes at most the first 40 characters of a value the model sent, so that an
// error never echoes a huge argument back.
func excerpt(s string) string {
	const max = 40
	if len(s) <= max {
		return strconv.Quote(s)
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + fmt.Sprintf("... (%d characters)", len(s))
}

// shiftLocal moves a local date or date-time by days, keeping its form; nil stays nil.
func shiftLocal(s *string, days int) *string {
	if s == nil || len(*s) < 10 {
		return s
	}
	t, err := time.Parse(ymd, (*s)[:10])
	if err != nil {
		return s
	}
	out := t.AddDate(0, 0, days).Format(ymd) + (*s)[10:]
	return &out
}

const ymd = "2006-01-02"

// localRange resolves optional oldest/newest local dates: defaults are today+from..today+to
// days; a missing oldest counts back from newest. It refuses bad dates and reversed ranges.
func localRange(oldest, newest string, today time.Time, from, to int) (string, string, error) {
	var lo, hi time.Time
	var err error
	if newest == "" {
		hi = today.AddDate(0, 0, to)
	} else if hi, err = parseLocalDate("newest", newest, today.Location()); err != nil {
		return "", "", err
	}
	if oldest == "" {
		lo = hi.AddDate(0, 0, from-to)
	} else if lo, err = parseLocalDate("oldest", oldest, today.Location()); err != nil {
		return "", "", err
	}
	if hi.Before(lo) {
		return "", "", manifest.Errorf("newest (%s) is before oldest (%s): swap them", hi.Format(ymd), lo.Format(ymd))
	}
	if n, _ := calendarDays(lo.Format(ymd), hi.Format(ymd)); n > 3*366 {
		return "", "", manifest.Errorf("the range %s..%s is longer than 3 years: ask for a shorter one", lo.Format(ymd), hi.Format(ymd))
	}
	return lo.Format(ymd), hi.Format(ymd), nil
}

func parseLocalDate(name, s string, loc *time.Location) (time.Time, error) {
	t, err := time.ParseInLocation(ymd, s, loc)
	if err != nil {
		return time.Time{}, manifest.Errorf("%s %s is not a date: write YYYY-MM-DD (the athlete's local date)", name, excerpt(s))
	}
	if err := inRange(name, t.Format(ymd)); err != nil {
		return time.Time{}, err
	}
	return t, nil
}
