package format

import (
	"fmt"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// Activities lists activities, newest first as the API gives them, within max characters.
func (u Units) Activities(acts []intervals.Activity, oldest, newest string, max int) string {
	return u.activities(acts, oldest, newest, "narrow the range or lower limit", "", max)
}

// activityColumn is a column of the activities table: its name (with its unit, which depends
// on the sports in it: m and /100m for swims) and its cell.
type activityColumn struct {
	name func(u Units, k sportKinds) string
	cell func(n activityNumbers) string
}

// sportKinds says which kinds of sport a table holds: swims, and others.
type sportKinds struct{ swims, others bool }

// unit is the unit of a column holding both kinds: "km (swims m)", "km", "m".
func (k sportKinds) unit(other, swim string) string {
	switch {
	case k.swims && k.others:
		return other + " (swims " + swim + ")"
	case k.swims:
		return swim
	}
	return other
}

// distanceUnit is the unit of distances other than swims': km, or mi.
func (u Units) distanceUnit() string {
	if u.Miles {
		return "mi"
	}
	return "km"
}

func named(s string) func(Units, sportKinds) string {
	return func(Units, sportKinds) string { return s }
}

var activityColumns = []activityColumn{
	{named("moving time"), func(n activityNumbers) string { return n.moving }},
	{func(u Units, k sportKinds) string { return "distance " + k.unit(u.distanceUnit(), "m") }, func(n activityNumbers) string { return n.distance }},
	{func(u Units, k sportKinds) string { return "pace " + k.unit("/"+u.distanceUnit(), "/100m") }, func(n activityNumbers) string { return n.pace }},
	{named("avg W"), func(n activityNumbers) string { return n.watts }},
	{named("NP W"), func(n activityNumbers) string { return n.np }},
	{named("avg HR bpm"), func(n activityNumbers) string { return n.hr }},
	{named("load"), func(n activityNumbers) string { return n.load }},
}

// activities is the table of activities: start, sport, name and id, then a column for each
// headline number some activity has, its unit in its name.
func (u Units) activities(acts []intervals.Activity, oldest, newest, hint, whole string, max int) string {
	if len(acts) == 0 {
		return fmt.Sprintf("No activities %s..%s (athlete-local dates).", oldest, newest)
	}
	nums := make([]activityNumbers, len(acts))
	stubs := false
	for i, a := range acts {
		if IsStravaStub(a) {
			stubs = true
		} else {
			nums[i] = u.numbers(a, sportOf(a))
		}
	}
	var ds []time.Time
	for _, a := range acts {
		if t, ok := u.localStart(a.StartDateLocal, a.StartDate); ok {
			ds = append(ds, t)
		}
	}
	days := daysIn(ds)
	cols := []string{days.column("start"), "sport", "name", "id"}
	var shown []activityColumn
	for _, c := range activityColumns {
		// the kinds of sport that have a value in the column choose its unit
		var kinds sportKinds
		for i, n := range nums {
			if c.cell(n) != "" {
				kinds.swims = kinds.swims || isSwim(sportOf(acts[i]))
				kinds.others = kinds.others || !isSwim(sportOf(acts[i]))
			}
		}
		if kinds.swims || kinds.others {
			shown = append(shown, c)
			cols = append(cols, c.name(u, kinds))
		}
	}
	items := make([]string, len(acts))
	for i, a := range acts {
		start := "(no date)"
		if t, ok := u.localStart(a.StartDateLocal, a.StartDate); ok {
			start = days.day(t) + t.Format(" 15:04")
		}
		cells := []string{start, sportOf(a), csvName(a.Name), str(a.Id)}
		if IsStravaStub(a) {
			cells[1], cells[2] = "-", "imported from Strava"
		}
		for _, c := range shown {
			cells = append(cells, orMissing(c.cell(nums[i]), "-"))
		}
		items[i] = row(cells...)
	}
	head := fmt.Sprintf("%d activities %s..%s (athlete-local dates), newest first, one a line (\"-\": none recorded)", len(acts), oldest, newest)
	if stubs {
		head += "; " + StravaNote
	}
	head += ":\n" + row(cols...)
	return List{Head: head, Items: items, Noun: "activities", Hint: hint, Whole: whole}.Render(max)
}

// ActivitiesUpTo is Activities asked with a limit: a list of limit activities may leave
// older ones in the range out, and the answer says so once, with one thing to do: raise the
// limit when it can be (canRaise: limit is under its maximum), else narrow the range.
func (u Units) ActivitiesUpTo(acts []intervals.Activity, oldest, newest string, limit int, canRaise bool, max int) string {
	if len(acts) != limit {
		return u.Activities(acts, oldest, newest, max)
	}
	todo := "narrow the range"
	if canRaise {
		todo += " or raise limit"
	}
	hint := fmt.Sprintf("older ones in the range may exist past the limit of %d too; narrow the range", limit)
	whole := fmt.Sprintf("(limit of %d reached: older activities in the range may exist; %s)", limit, todo)
	return u.activities(acts, oldest, newest, hint, whole, max)
}
