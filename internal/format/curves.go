package format

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// StandardDurations are the durations (seconds) power and HR curves are shown at.
var StandardDurations = []int{5, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600, 5400}

// standardDistances are the distances (metres, name) pace curves are shown at.
var standardDistances = []struct {
	m    float64
	name string
}{{400, "400m"}, {1000, "1km"}, {1609.344, "1mi"}, {5000, "5km"}, {10000, "10km"}, {21097.5, "half"}, {42195, "marathon"}}

var swimDistances = []struct {
	m    float64
	name string
}{{50, "50m"}, {100, "100m"}, {200, "200m"}, {400, "400m"}, {800, "800m"}, {1500, "1500m"}}

// durationName writes 5 → "5s", 120 → "2m", 5400 → "90m".
func durationName(s int) string {
	if s < 60 {
		return fmt.Sprintf("%ds", s)
	}
	return fmt.Sprintf("%dm", s/60)
}

func curveHead(c intervals.DataCurve, acts *map[string]intervals.Activity, u Units) string {
	var span string
	if a, b, fromFirst := CurveSpan(c, acts, u.loc()); a != "" {
		span = " (" + a + ".." + b
		if fromFirst {
			span += ", from the first activity on the curve"
		}
		span += ")"
	}
	label := orMissing(str(c.Label), str(c.Id))
	if c.FilterLabel != nil && *c.FilterLabel != "" {
		label += ", " + *c.FilterLabel
	}
	return label + span
}

// CurveSpan is the local dates a curve covers, "" when unknown. The API starts all time (the
// curve "all") at 1986-01-01, before anyone's data: that curve starts at the first activity its
// points come from (in the curve set's activities) instead, and fromFirst says so.
func CurveSpan(c intervals.DataCurve, acts *map[string]intervals.Activity, loc *time.Location) (oldest, newest string, fromFirst bool) {
	a, ok := ParseLocal(str(c.StartDateLocal), loc)
	b, ok2 := ParseLocal(str(c.EndDateLocal), loc)
	if !ok || !ok2 {
		return "", "", false
	}
	oldest, newest = a.Format("2006-01-02"), b.Format("2006-01-02")
	if str(c.Id) != "all" || c.ActivityId == nil || acts == nil {
		return oldest, newest, false
	}
	first := ""
	for _, id := range *c.ActivityId {
		if act, ok := (*acts)[id]; ok {
			if t, ok := ParseLocal(str(act.StartDateLocal), loc); ok && (first == "" || t.Format("2006-01-02") < first) {
				first = t.Format("2006-01-02")
			}
		}
	}
	if first != "" && first > oldest {
		return first, newest, true
	}
	return oldest, newest, false
}

// atSecs finds the value at a duration: the exact point, or the nearest within 3%.
func atSecs(c intervals.DataCurve, want int) (float64, bool) {
	if c.Secs == nil || c.Values == nil {
		return 0, false
	}
	secs, vals := *c.Secs, *c.Values
	best, bestD := -1, math.Inf(1)
	for i := range min(len(secs), len(vals)) {
		if d := math.Abs(float64(secs[i]-int32(want))) / float64(want); d < bestD {
			best, bestD = i, d
		}
	}
	if best < 0 || bestD > 0.03 || vals[best] <= 0 {
		return 0, false
	}
	return float64(vals[best]), true
}

// CurveAt is a power or HR curve's value at a duration (seconds), as the answers show it: the
// exact point, or the nearest within 3%.
func CurveAt(c intervals.DataCurve, secs int) (float64, bool) { return atSecs(c, secs) }

// PaceAt is a pace curve's best time (seconds) for a distance (metres), as the answers show
// it: the point nearest the distance within 2%, with that point's own distance.
func PaceAt(c intervals.DataCurve, want float64) (secs, metres float64, ok bool) {
	if c.Distance == nil || c.Values == nil {
		return 0, 0, false
	}
	ds, vs := *c.Distance, *c.Values
	best, bestD := -1, math.Inf(1)
	for i := range min(len(ds), len(vs)) {
		if d := math.Abs(float64(ds[i])-want) / want; d < bestD {
			best, bestD = i, d
		}
	}
	if best < 0 || bestD > 0.02 || vs[best] <= 0 {
		return 0, 0, false
	}
	return float64(vs[best]), float64(ds[best]), true
}

// BaseCurves views a set's typed curves (PowerCurve, PaceCurve, HRCurve) as their common
// base, DataCurve, whose fields (label, dates, secs or distance, values, weight) carry the same
// JSON names in each: the formatters read only those.
func BaseCurves[C any](list *[]C) *[]intervals.DataCurve {
	out := []intervals.DataCurve{}
	if list == nil {
		return &out
	}
	if b, err := json.Marshal(*list); err == nil && json.Unmarshal(b, &out) == nil {
		return &out
	}
	return &[]intervals.DataCurve{}
}

// PowerCurves shows best power at standard durations, with W/kg where the weight is known.
func (u Units) PowerCurves(set intervals.DataCurveSetPowerCurve, sport string, max int) string {
	return u.durationCurves("Best power", "W (W/kg at the period's weight)", sport, BaseCurves(set.List), set.Activities, func(v float64, c intervals.DataCurve) string {
		s := fmt.Sprintf("%.0f", v)
		if w, ok := f32(c.Weight); ok && w > 0 {
			s += fmt.Sprintf(" (%.2f)", v/w)
		}
		return s
	}, max)
}

// HRCurves shows the highest heart rate held for standard durations.
func (u Units) HRCurves(set intervals.DataCurveSetHRCurve, sport string, max int) string {
	return u.durationCurves("Highest heart rate held", "bpm", sport, BaseCurves(set.List), set.Activities, func(v float64, _ intervals.DataCurve) string {
		return fmt.Sprintf("%.0f", v)
	}, max)
}

// curveNote says how to read a curves table.
const curveNote = `a period a line ("-": no data)`

// durationCurves is a table of curves: a period a line, a column for each standard duration.
func (u Units) durationCurves(what, unit, sport string, list *[]intervals.DataCurve, acts *map[string]intervals.Activity, show func(float64, intervals.DataCurve) string, max int) string {
	if list == nil || len(*list) == 0 {
		return fmt.Sprintf("%s (%s): no curve for this period (no %s activities with that data).", what, sport, sport)
	}
	cols := []string{"period"}
	for _, d := range StandardDurations {
		cols = append(cols, durationName(d))
	}
	var items []string
	for _, c := range *list {
		cells := []string{csvCell(curveHead(c, acts, u))}
		for _, d := range StandardDurations {
			if v, ok := atSecs(c, d); ok {
				cells = append(cells, show(v, c))
			} else {
				cells = append(cells, "-")
			}
		}
		items = append(items, row(cells...))
	}
	head := fmt.Sprintf("%s, %s, in %s; %s:\n%s", what, sport, unit, curveNote, row(cols...))
	return List{Head: head, Items: items, Noun: "curves", Hint: "ask for one period"}.Render(max)
}

// PaceCurves shows best times and paces at standard distances.
func (u Units) PaceCurves(set intervals.DataCurveSetPaceCurve, sport string, max int) string {
	if set.List == nil || len(*set.List) == 0 {
		return fmt.Sprintf("Best pace (%s): no curve for this period.", sport)
	}
	dists := standardDistances
	if isSwim(sport) {
		dists = swimDistances
	}
	cols := []string{"period"}
	for _, d := range dists {
		cols = append(cols, d.name)
	}
	_, unit, _ := strings.Cut(u.Pace(1, sport), "/")
	var items []string
	for _, c := range *BaseCurves(set.List) {
		cells := []string{csvCell(curveHead(c, set.Activities, u))}
		for _, want := range dists {
			secs, metres, ok := PaceAt(c, want.m)
			if !ok {
				cells = append(cells, "-")
				continue
			}
			pace, _, _ := strings.Cut(u.Pace(metres/secs, sport), "/")
			cells = append(cells, fmt.Sprintf("%s (%s)", Duration(secs), pace))
		}
		items = append(items, row(cells...))
	}
	head := fmt.Sprintf("Best pace, %s, as the time for the distance (pace /%s); %s:\n%s", sport, unit, curveNote, row(cols...))
	return List{Head: head, Items: items, Noun: "curves", Hint: "ask for one period"}.Render(max)
}
