package format

import (
	"fmt"
	"sort"
	"strings"
	"time"
)

// SportVolume is what a sport adds up to over a week or a range of weeks.
type SportVolume struct {
	Count  int     // activities
	Secs   float64 // moving time
	Metres float64 // distance
	Load   float64 // training load, of the activities that have one
	// Unloaded counts the activities without a load: missing, never counted as 0.
	Unloaded int
}

// VolumeWeek is one Monday-based week's volume by sport, and how its plan went.
type VolumeWeek struct {
	Monday string // YYYY-MM-DD
	Sports map[string]SportVolume
	Plan   WeekPlan
}

// TrainingVolume is what get_training_volume is made of, summed by the tool.
type TrainingVolume struct {
	Athlete        string
	Oldest, Newest string                 // YYYY-MM-DD: the first week's Monday, today
	StravaStubs    int                    // activities the API does not serve, not counted
	Total          map[string]SportVolume // the full weeks by sport (this week so far is its own week)
	Weeks          []VolumeWeek           // latest first
}

// TrainingVolume is the answer of get_training_volume: the totals per sport, then one line
// per week, within max.
func (u Units) TrainingVolume(v TrainingVolume, max int) string {
	head := fmt.Sprintf("Training volume of %s, %s %s..%s (weeks start Monday, %s)", v.Athlete, plural(len(v.Weeks), "week", "weeks"), DayOf(v.Oldest), DayOf(v.Newest), u.loc())
	if full := len(v.Weeks) - 1; full >= 1 && v.Weeks[0].Monday == mondayOf(v.Newest) {
		head = fmt.Sprintf("Training volume of %s, %s %s..%s and this week so far, to %s (weeks start Monday, %s)", v.Athlete, plural(full, "full week", "full weeks"), DayOf(v.Oldest), DayOf(addDays(v.Weeks[0].Monday, -1)), DayOf(v.Newest), u.loc())
	}
	if v.StravaStubs > 0 {
		head += fmt.Sprintf("\n%d Strava-sourced activities are not readable through the API and are not counted.", v.StravaStubs)
	}
	if len(v.Weeks) > 1 && v.Weeks[0].Monday == mondayOf(v.Newest) {
		head += fmt.Sprintf("\nTotals of the %s (this week so far apart, below): ", plural(len(v.Weeks)-1, "full week", "full weeks")) + u.volumeLine(v.Total)
	} else {
		head += "\nTotals: " + u.volumeLine(v.Total)
	}
	items := make([]string, len(v.Weeks))
	planned := false
	for i, w := range v.Weeks {
		items[i] = "- " + DayOf(w.Monday) + ": " + u.volumeLine(w.Sports)
		if i == 0 && w.Monday == mondayOf(v.Newest) && len(v.Weeks) > 1 {
			items[i] = "- this week so far, " + DayOf(w.Monday) + ": " + u.volumeLine(w.Sports)
		}
		if line := planLine(w.Plan); line != "" {
			items[i] += "\n  " + line
			planned = true
		}
	}
	if planned {
		head += "\nplan: planned sessions due by today done (paired with an activity)/planned, their activities' time and load as % of the plan's; by sport where one was missed."
	}
	return List{Head: head, Items: items, Noun: "weeks", Hint: "ask for fewer weeks"}.Render(max)
}

// volumeLine lists sports by time spent, most first, then their sums; "no activities" when
// there are none.
func (u Units) volumeLine(m map[string]SportVolume) string {
	if len(m) == 0 {
		return "no activities"
	}
	sports := make([]string, 0, len(m))
	sum := SportVolume{}
	for s, v := range m {
		sports = append(sports, s)
		sum.Count += v.Count
		sum.Secs += v.Secs
		sum.Load += v.Load
		sum.Unloaded += v.Unloaded
	}
	sort.Slice(sports, func(i, j int) bool {
		a, b := m[sports[i]], m[sports[j]]
		if a.Secs != b.Secs {
			return a.Secs > b.Secs
		}
		return sports[i] < sports[j]
	})
	parts := make([]string, len(sports))
	for i, s := range sports {
		parts[i] = u.sportVolume(s, m[s])
	}
	return strings.Join(parts, "; ") + fmt.Sprintf(" | all %d× %s %s", sum.Count, Duration(sum.Secs), volumeLoad(sum))
}

// sportVolume is "Ride 3× 4:30:00 120.00 km load 250"; the distance only when there is one.
func (u Units) sportVolume(sport string, v SportVolume) string {
	s := fmt.Sprintf("%s %d× %s", sport, v.Count, Duration(v.Secs))
	if v.Metres > 0 {
		s += " " + u.Distance(v.Metres, sport)
	}
	return s + " " + volumeLoad(v)
}

// volumeLoad is "load 250", "load 250 (1 without)" when some activities have no load, and
// "load n/a" when none has: a missing load is never shown as 0.
func volumeLoad(v SportVolume) string {
	switch {
	case v.Unloaded >= v.Count:
		return "load n/a"
	case v.Unloaded > 0:
		return fmt.Sprintf("load %.0f (%d without)", v.Load, v.Unloaded)
	}
	return fmt.Sprintf("load %.0f", v.Load)
}

// mondayOf is the Monday of a date's week, both YYYY-MM-DD ("" for a date it cannot read).
func mondayOf(date string) string {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return ""
	}
	return d.AddDate(0, 0, -(int(d.Weekday())+6)%7).Format(time.DateOnly)
}

// addDays is date n days on, both YYYY-MM-DD.
func addDays(date string, n int) string {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return date
	}
	return d.AddDate(0, 0, n).Format(time.DateOnly)
}
