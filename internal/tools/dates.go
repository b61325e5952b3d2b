package tools

import (
	"fmt"
	"strconv"
	"strings"
	"time"

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

// resolveDate reads a local date: YYYY-MM-DD, "today" or "tomorrow" (the athlete's).
func resolveDate(s string, today time.Time) (string, error) {
	switch v := strings.ToLower(strings.TrimSpace(s)); v {
	case "today":
		return today.Format(ymd), nil
	case "tomorrow":
		return today.AddDate(0, 0, 1).Format(ymd), nil
	default:
		t, err := time.Parse(ymd, v)
		if err != nil {
			return "", fmt.Errorf("date %q: write YYYY-MM-DD (the athlete's local date), today or tomorrow", s)
		}
		return t.Format(ymd), nil
	}
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
	if hi.Sub(lo) > 3*366*24*time.Hour {
		return "", "", manifest.Errorf("the range %s..%s is longer than 3 years: ask for a shorter one", lo.Format(ymd), hi.Format(ymd))
	}
	return lo.Format(ymd), hi.Format(ymd), nil
}

func parseLocalDate(name, s string, loc *time.Location) (time.Time, error) {
	t, err := time.ParseInLocation(ymd, s, loc)
	if err != nil {
		return time.Time{}, manifest.Errorf("%s %q is not a date: write YYYY-MM-DD (the athlete's local date)", name, s)
	}
	return t, nil
}
