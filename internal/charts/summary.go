package charts

import (
	"fmt"
	"math"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/load"
)

// Summary is the text a chart tool answers with, for the model: the numbers that matter, in a
// few lines (well under 300 tokens), whatever the client shows of the chart.
func Summary(c *Chart) string {
	var b strings.Builder
	switch {
	case c.Fitness != nil:
		fitnessSummary(&b, c)
	case c.Curves != nil:
		curvesSummary(&b, c)
	case c.Volume != nil:
		volumeSummary(&b, c)
	}
	return strings.TrimRight(b.String(), "\n")
}

func dayLine(d FitnessDay) string {
	s := fmt.Sprintf("fitness %s, fatigue %s, form %s", format.FitnessValue(d.Fitness), format.FitnessValue(d.Fatigue), format.FitnessValue(d.Form))
	if z := load.FormZone(d.Form, d.Fitness); z != "" {
		s += " (" + z + ")"
	}
	return s
}

func fitnessSummary(b *strings.Builder, c *Chart) {
	days := c.Fitness.Days
	fmt.Fprintf(b, "Chart %q of %s (dates in %s).\n", c.Title, c.Athlete, c.TimeZone)
	if len(days) == 0 {
		b.WriteString("No fitness values for this range.\n")
		return
	}
	fmt.Fprintf(b, "Range %s..%s, projected from %s.\n", format.DayOf(days[0].Date), format.DayOf(days[len(days)-1].Date), format.DayOf(c.Today))
	first, last := days[0], days[len(days)-1]
	fmt.Fprintf(b, "Start: %s.\n", dayLine(first)) // its date opens the range
	for _, d := range days {
		if d.Date == c.Today {
			when := "Today so far" // Intervals.icu's values, as get_training_load leads with them
			if d.Projected {
				when = "Today (projected)"
			}
			after := ""
			if a := c.Fitness.AfterToday; a != nil && !d.Projected {
				after = "; after today's plan: form " + format.FitnessValue(a.Form) + " (" + load.FormZone(a.Form, a.Fitness) + ")"
			}
			fmt.Fprintf(b, "%s: %s%s.\n", when, dayLine(d), after)
		}
	}
	fmt.Fprintf(b, "End %s: %s.\n", last.Date, dayLine(last))
	hi, lo := days[0], days[0]
	for _, d := range days {
		if d.Fitness > hi.Fitness {
			hi = d
		}
		if d.Form < lo.Form {
			lo = d
		}
	}
	fmt.Fprintf(b, "Peak fitness %s on %s; lowest form %s on %s.\n", format.FitnessValue(hi.Fitness), format.DayOf(hi.Date), format.FitnessValue(lo.Form), format.DayOf(lo.Date))
	for i, r := range c.Fitness.Races {
		if i == 4 {
			fmt.Fprintf(b, "… %d more races.\n", len(c.Fitness.Races)-i)
			break
		}
		b.WriteString(format.RaceLine(r.Date, r.Category, r.Name, r.FormIn) + ".\n")
	}
}

// CurveLabel writes a curve point's X: 5s, 20m, 1h30m for durations; 400m, 5km for distances.
func CurveLabel(x float64, unit string) string {
	if unit == "m" {
		switch {
		case math.Abs(x-1609.344) < 20:
			return "1mi"
		case math.Abs(x-21097.5) < 300:
			return "half"
		case math.Abs(x-42195) < 600:
			return "marathon"
		case x >= 1000:
			return fmt.Sprintf("%gkm", math.Round(x/100)/10)
		}
		return fmt.Sprintf("%.0fm", x)
	}
	s := int(math.Round(x))
	switch {
	case s < 60:
		return fmt.Sprintf("%ds", s)
	case s%60 != 0:
		return fmt.Sprintf("%dm%02ds", s/60, s%60)
	case s < 7200 || s%3600 != 0:
		return fmt.Sprintf("%dm", s/60)
	}
	return fmt.Sprintf("%dh", s/3600)
}

// curveValue writes a curve's Y in its unit: 312 W, 171 bpm, 4:35/km.
func curveValue(y float64, unit string) string {
	if rest, ok := strings.CutPrefix(unit, "s/"); ok {
		return format.Duration(y) + "/" + rest
	}
	return fmt.Sprintf("%.0f %s", y, unit)
}

// summaryPoints are the X values the curve summary quotes.
var summaryPoints = map[string][]float64{
	"s": {5, 60, 300, 1200, 3600},
	"m": {400, 1000, 5000, 10000, 21097.5, 42195},
}

func curvesSummary(b *strings.Builder, c *Chart) {
	cv := c.Curves
	fmt.Fprintf(b, "Chart %q of %s (dates in %s).\n", c.Title, c.Athlete, c.TimeZone)
	if len(cv.Series) == 0 {
		b.WriteString("No curve for these periods.\n")
		return
	}
	for _, s := range cv.Series {
		fmt.Fprintf(b, "- %s", s.Label)
		if s.Oldest != "" {
			fmt.Fprintf(b, " (%s..%s", s.Oldest, s.Newest)
			if s.FromFirst {
				b.WriteString(", from the first activity on the curve")
			}
			b.WriteString(")")
		}
		var pts []string
		for _, want := range summaryPoints[cv.XUnit] {
			for _, p := range s.Points {
				if math.Abs(p.X-want)/want <= 0.03 {
					pts = append(pts, CurveLabel(want, cv.XUnit)+" "+curveValue(p.Y, cv.YUnit))
					break
				}
			}
		}
		if len(pts) == 0 {
			b.WriteString(": no efforts\n")
			continue
		}
		b.WriteString(": " + strings.Join(pts, ", ") + "\n")
	}
}

func volumeSummary(b *strings.Builder, c *Chart) {
	v := c.Volume
	fmt.Fprintf(b, "Chart %q (%s) of %s (dates in %s), weeks from Monday.\n", c.Title, v.Unit, c.Athlete, c.TimeZone)
	if v.Metric == "distance" {
		b.WriteString("Planned distance counts only the sessions that give one.\n")
	}
	if len(v.Weeks) == 0 {
		return
	}
	fmt.Fprintf(b, "Weeks %s..%s.\n", format.DayOf(v.Weeks[0].Monday), format.DayOf(v.Weeks[len(v.Weeks)-1].Monday))
	sum := func(m map[string]float64) float64 {
		t := 0.0
		for _, x := range m {
			t += x
		}
		return t
	}
	var past []VolumeWeek
	for _, w := range v.Weeks {
		if w.Monday <= c.Today {
			past = append(past, w)
		}
	}
	if len(past) > 1 {
		var done, plan float64
		for _, w := range past[:len(past)-1] {
			done += sum(w.Done)
			plan += sum(w.Planned)
		}
		n := float64(len(past) - 1)
		fmt.Fprintf(b, "Past %d weeks: average %.1f %s done, %.1f planned.\n", len(past)-1, done/n, v.Unit, plan/n)
	}
	for _, w := range v.Weeks {
		if w.Monday > c.Today && w.Monday > addWeek(c.Today) {
			continue
		}
		label := "This week"
		if w.Monday > c.Today {
			label = "Next week"
		} else if addWeek(w.Monday) <= c.Today {
			continue
		}
		fmt.Fprintf(b, "%s (%s): %.1f %s done of %.1f planned", label, w.Monday, sum(w.Done), v.Unit, sum(w.Planned))
		var parts []string
		for _, s := range v.Sports {
			if w.Done[s] > 0 || w.Planned[s] > 0 {
				parts = append(parts, fmt.Sprintf("%s %g/%g", s, w.Done[s], w.Planned[s]))
			}
		}
		if len(parts) > 0 {
			b.WriteString(" (" + strings.Join(parts, ", ") + ")")
		}
		b.WriteString(".\n")
	}
	tot := map[string]float64{}
	for _, w := range past {
		for s, x := range w.Done {
			tot[s] += x
		}
	}
	var parts []string
	for _, s := range v.Sports {
		if tot[s] > 0 {
			parts = append(parts, fmt.Sprintf("%s %.1f", s, tot[s]))
		}
	}
	if len(parts) > 0 {
		fmt.Fprintf(b, "Done in the range by sport (%s): %s.\n", v.Unit, strings.Join(parts, ", "))
	}
}

// addWeek is the date seven days after a YYYY-MM-DD date.
func addWeek(date string) string {
	t, err := timeParse(date)
	if err != nil {
		return date
	}
	return t.AddDate(0, 0, 7).Format("2006-01-02")
}
