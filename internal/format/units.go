package format

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// Units says how to show values to one athlete: their time zone and whether they use miles.
type Units struct {
	Loc   *time.Location // the athlete's time zone; nil means UTC
	Miles bool           // distances in mi and paces per mile (profile measurement_preference "feet")
}

func (u Units) loc() *time.Location {
	if u.Loc == nil {
		return time.UTC
	}
	return u.Loc
}

// Day formats a local date with its weekday: "Mon 2026-11-30".
func Day(t time.Time) string { return t.Format("Mon 2006-01-02") }

// DayOf formats a local date written YYYY-MM-DD with its weekday; anything else is returned
// as it is.
func DayOf(date string) string {
	t, err := time.Parse("2006-01-02", date)
	if err != nil {
		return date
	}
	return Day(t)
}

// Monday is the Monday on or before t's day, at t's clock time (weeks start on Monday, as
// Intervals.icu's do).
func Monday(t time.Time) time.Time { return t.AddDate(0, 0, -((int(t.Weekday()) + 6) % 7)) }

// localLayouts are the forms Intervals.icu uses for local dates and date-times.
var localLayouts = []string{"2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02", "2006-01-02T15:04:05.000"}

// ParseLocal reads a local date or date-time ("2026-11-30", "2026-11-30T06:10:00") as a time
// in loc. ok is false when s is empty or not in one of those forms.
func ParseLocal(s string, loc *time.Location) (time.Time, bool) {
	if loc == nil {
		loc = time.UTC
	}
	for _, l := range localLayouts {
		if t, err := time.ParseInLocation(l, s, loc); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// localStart picks the moment an activity or event happened as the athlete sees it: the
// local date-time Intervals.icu gives (start_date_local, what its calendar and date filters
// use), or else the UTC start converted into the athlete's zone.
func (u Units) localStart(local, utc *string) (time.Time, bool) {
	if local != nil {
		if t, ok := ParseLocal(*local, u.loc()); ok {
			return t, true
		}
	}
	if utc != nil && *utc != "" {
		if t, err := time.Parse(time.RFC3339, *utc); err == nil {
			return t.In(u.loc()), true
		}
	}
	return time.Time{}, false
}

// Duration formats seconds as h:mm:ss (or m:ss under an hour).
func Duration(secs float64) string {
	s := int(math.Round(secs))
	neg := s < 0
	if neg {
		s = -s
	}
	h, m, sec := s/3600, s/60%60, s%60
	out := fmt.Sprintf("%d:%02d", m, sec)
	if h > 0 {
		out = fmt.Sprintf("%d:%02d:%02d", h, m, sec)
	}
	if neg {
		return "-" + out
	}
	return out
}

// IsSwim reports whether an activity type is a swim (distances in m, pace per 100 m).
func IsSwim(sport string) bool { return isSwim(sport) }

func isSwim(sport string) bool {
	return strings.Contains(strings.ToLower(sport), "swim")
}

// isFoot reports whether an activity type is paced on foot (run, walk, hike).
func isFoot(sport string) bool {
	s := strings.ToLower(sport)
	return strings.Contains(s, "run") || strings.Contains(s, "walk") || strings.Contains(s, "hike")
}

// Distance formats metres for a sport: m for swims, else km (or mi).
func (u Units) Distance(metres float64, sport string) string {
	switch {
	case isSwim(sport):
		return fmt.Sprintf("%.0f m", metres)
	case u.Miles:
		return fmt.Sprintf("%.2f mi", metres/1609.344)
	}
	return fmt.Sprintf("%.2f km", metres/1000)
}

// Pace formats a speed in m/s as pace for a sport: m:ss/100m for swims, m:ss/km or /mi.
// A speed of zero or less has no pace: "".
func (u Units) Pace(mps float64, sport string) string {
	if !(mps > 0) || math.IsInf(mps, 0) {
		return ""
	}
	per, unit := 1000.0, "/km"
	switch {
	case isSwim(sport):
		per, unit = 100, "/100m"
	case u.Miles:
		per, unit = 1609.344, "/mi"
	}
	return Duration(per/mps) + unit
}

// paceUnits are the distances a pace is given per, by a sport's pace_units setting, and
// their names as every answer writes them (/km, /mi, /100m, /100yd; rowing's 250, 400, 500 m).
var paceUnits = map[intervals.SportSettingsPaceUnits]struct {
	per  float64
	name string
}{
	intervals.SportSettingsPaceUnitsMINSKM: {1000, "km"}, intervals.SportSettingsPaceUnitsMINSMILE: {1609.344, "mi"},
	intervals.SportSettingsPaceUnitsSECS100M: {100, "100m"}, intervals.SportSettingsPaceUnitsSECS100Y: {91.44, "100yd"},
	intervals.SportSettingsPaceUnitsSECS250M: {250, "250m"}, intervals.SportSettingsPaceUnitsSECS400M: {400, "400m"},
	intervals.SportSettingsPaceUnitsSECS500M: {500, "500m"},
}

// SettingsPace formats m/s as a pace in the unit a sport's settings choose (pace_units: 4:30/km,
// 7:14/mi, 1:45/100m, 1:36/100yd), else as Pace does.
func (u Units) SettingsPace(mps float64, ss intervals.SportSettings, sport string) string {
	var setting intervals.SportSettingsPaceUnits
	if ss.PaceUnits != nil {
		setting = *ss.PaceUnits
	}
	unit, ok := paceUnits[setting]
	if !ok {
		return u.Pace(mps, sport)
	}
	if !(mps > 0) || math.IsInf(mps, 0) {
		return ""
	}
	return Duration(unit.per/mps) + "/" + unit.name
}

// Speed formats m/s as km/h (or mph).
func (u Units) Speed(mps float64) string {
	if u.Miles {
		return fmt.Sprintf("%.1f mph", mps*3600/1609.344)
	}
	return fmt.Sprintf("%.1f km/h", mps*3.6)
}

// num formats a number with at most one decimal, without a trailing ".0".
// FitnessValue writes a value of the fitness model (fitness, fatigue, form) as every answer
// writes it: one decimal, 64.0 as well as 7.5, so that no tool says 64 where another says 64.0.
func FitnessValue(v float64) string {
	if math.Abs(v) < 0.05 {
		v = 0 // never -0.0
	}
	return fmt.Sprintf("%.1f", v)
}

func num(v float64) string {
	s := fmt.Sprintf("%.1f", v)
	return strings.TrimSuffix(s, ".0")
}

// parts joins the non-empty strings with sep.
func parts(sep string, ss ...string) string {
	out := ss[:0:0]
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, sep)
}

// quote puts a name in double quotes, or says it has none.
func quote(s *string) string {
	if s == nil || strings.TrimSpace(*s) == "" {
		return "(no name)"
	}
	return `"` + strings.TrimSpace(*s) + `"`
}

func str[T ~string](p *T) string {
	if p == nil {
		return ""
	}
	return string(*p)
}

// f32 and i32 turn optional numbers into (value, present).
func f32(p *float32) (float64, bool) {
	if p == nil || math.IsNaN(float64(*p)) || math.IsInf(float64(*p), 0) {
		return 0, false
	}
	return float64(*p), true
}

func i32(p *int32) (float64, bool) {
	if p == nil {
		return 0, false
	}
	return float64(*p), true
}

// with formats a present value with f, or returns "".
func with(v float64, ok bool, f func(float64) string) string {
	if !ok {
		return ""
	}
	return f(v)
}

// plural writes "1 activity", "2 activities".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
