package format

import (
	"fmt"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// recordSecs are the durations (seconds) best power and heart rate are shown at.
var recordSecs = []int{5, 60, 300, 1200, 3600}

// recordRunDistances and recordSwimDistances are the distances best paces are shown at.
var (
	recordRunDistances = []struct {
		m    float64
		name string
	}{{400, "400m"}, {1000, "1km"}, {5000, "5km"}, {10000, "10km"}, {21097.5, "half marathon"}}
	recordSwimDistances = []struct {
		m    float64
		name string
	}{{100, "100m"}, {200, "200m"}, {400, "400m"}, {1500, "1500m"}}
)

// RecordKind is what a table of best efforts measures.
type RecordKind int

const (
	RecordPower     RecordKind = iota + 1 // W by duration
	RecordHeartRate                       // bpm by duration
	RecordPace                            // time and pace by distance
)

// RecordTable is one table of best efforts: a curve answer of one sport holding the period's
// curve (an "r." id) and the all-time curve ("all"), with the activities its points come from.
type RecordTable struct {
	Sport      string
	Kind       RecordKind
	Curves     *[]intervals.DataCurve
	Activities map[string]intervals.Activity
}

// Records is the answer of get_records: for each table, the period's best and the all-time
// best side by side, each with the date of the effort; a missing best is "none".
func (u Units) Records(athlete, oldest, newest string, tables []RecordTable, max int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Best efforts of %s: period %s..%s | all time (date of the effort)\n", athlete, DayOf(oldest), DayOf(newest))
	for _, t := range tables {
		b.WriteString(u.recordTable(t))
	}
	return Clip(strings.TrimRight(b.String(), "\n"), max)
}

func (u Units) recordTable(t RecordTable) string {
	period, all := pickCurves(t.Curves)
	what := t.Sport + " power"
	switch t.Kind {
	case RecordHeartRate:
		what = t.Sport + " heart rate"
	case RecordPace:
		what = t.Sport + " pace"
	}
	if period == nil && all == nil {
		return what + ": no data\n"
	}
	var b strings.Builder
	row := func(name string, cell func(*intervals.DataCurve) string) {
		fmt.Fprintf(&b, "- %s: %s | %s\n", name, cell(period), cell(all))
	}
	if t.Kind == RecordPace {
		fmt.Fprintf(&b, "%s (time, pace):\n", what)
		dists := recordRunDistances
		if isSwim(t.Sport) {
			dists = recordSwimDistances
		}
		for _, d := range dists {
			row(d.name, func(c *intervals.DataCurve) string { return u.distCell(c, d.m, t.Sport, t.Activities) })
		}
		return b.String()
	}
	unit := "W"
	if t.Kind == RecordHeartRate {
		unit = "bpm"
	}
	fmt.Fprintf(&b, "%s:\n", what)
	for _, s := range recordSecs {
		row(durationName(s), func(c *intervals.DataCurve) string { return secsCell(c, s, unit, t.Activities) })
	}
	return b.String()
}

// secsCell is a curve's value at a duration, read as get_athlete_power_curves reads it
// (secsPoint), with the date of the effort, or "none".
func secsCell(c *intervals.DataCurve, secs int, unit string, acts map[string]intervals.Activity) string {
	if c == nil {
		return "none"
	}
	i := secsPoint(*c, secs)
	if i < 0 {
		return "none"
	}
	return fmt.Sprintf("%.0f %s", float64((*c.Values)[i]), unit) + effortDate(c, i, acts)
}

// distCell is a pace curve's best time over a distance and its pace, read as
// get_athlete_power_curves reads it (the nearest point, distancePoint, at its own distance),
// with the date of the effort, or "none".
func (u Units) distCell(c *intervals.DataCurve, dist float64, sport string, acts map[string]intervals.Activity) string {
	if c == nil {
		return "none"
	}
	i := distancePoint(*c, dist)
	if i < 0 {
		return "none"
	}
	secs, metres := float64((*c.Values)[i]), float64((*c.Distance)[i])
	return fmt.Sprintf("%s (%s)", Duration(secs), u.Pace(metres/secs, sport)) + effortDate(c, i, acts)
}

// effortDate is " (Mon 2026-11-30)", the date of the activity that holds point i of a curve,
// or "" when it is not known.
func effortDate(c *intervals.DataCurve, i int, acts map[string]intervals.Activity) string {
	if c.ActivityId == nil || i >= len(*c.ActivityId) {
		return ""
	}
	a, ok := acts[(*c.ActivityId)[i]]
	if !ok {
		return ""
	}
	if d := str(a.StartDateLocal); len(d) >= len("2006-01-02") {
		return " (" + DayOf(d[:len("2006-01-02")]) + ")"
	}
	return ""
}

// pickCurves returns the period curve (an "r." range) and the all-time curve of a list.
func pickCurves(list *[]intervals.DataCurve) (period, all *intervals.DataCurve) {
	if list == nil {
		return nil, nil
	}
	for i := range *list {
		c := &(*list)[i]
		switch id := str(c.Id); {
		case id == "all":
			all = c
		case strings.HasPrefix(id, "r."):
			period = c
		}
	}
	return period, all
}
