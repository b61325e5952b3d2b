package format

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// Fitness formats fitness (CTL), fatigue (ATL) and form (CTL-ATL, also as % of fitness).
func Fitness(ctl, atl float64) string {
	s := fmt.Sprintf("fitness %s, fatigue %s, form %s", FitnessValue(ctl), FitnessValue(atl), FitnessValue(ctl-atl))
	if ctl > 0 {
		s += fmt.Sprintf(" (%.0f%% of fitness)", (ctl-atl)/ctl*100)
	}
	return s
}

// wellnessMetric is one measured field of a wellness row: its value alone (a table's cell)
// and, on a line of its own, with its label and unit ("weight 71.5 kg").
type wellnessMetric struct {
	name  string // as the answers call it; a table's column is name and unit
	label string // on a line, when it is not name ("BP")
	unit  string // after the value on a line: " kg", "%"; "" for none
	scale string // a 1-4 score's field (scales.go): "2/4 Avg" on a line, 2 in a table
	text  bool   // free text: in quotes on a line, a quoted cell in a table
	value func(w intervals.Wellness) string
}

func (m wellnessMetric) line(w intervals.Wellness) string {
	v := m.value(w)
	if v == "" {
		return ""
	}
	label := orMissing(m.label, m.name)
	switch {
	case m.scale != "":
		n, _ := strconv.Atoi(v)
		return label + " " + Scale(m.scale, n)
	case m.text:
		return label + ` "` + v + `"`
	}
	return label + " " + v + m.unit
}

// cell is the metric's value in a table, "-" when the day does not have it.
func (m wellnessMetric) cell(w intervals.Wellness) string {
	v := m.value(w)
	switch {
	case v == "":
		return "-"
	case m.text:
		return csvText(v)
	}
	return v
}

// column is the metric's column name in a table: "weight kg", "SpO2 %".
func (m wellnessMetric) column() string {
	if u := strings.TrimSpace(m.unit); u != "" {
		return m.name + " " + u
	}
	return m.name
}

// metricF and metricI are metrics of an optional number, written with f.
func metricF(name, unit string, get func(intervals.Wellness) *float32, f func(float64) string) wellnessMetric {
	return wellnessMetric{name: name, unit: unit, value: func(w intervals.Wellness) string { return with2(f32(get(w)))(f) }}
}

func metricI(name, unit string, get func(intervals.Wellness) *int32, f func(float64) string) wellnessMetric {
	return wellnessMetric{name: name, unit: unit, value: func(w intervals.Wellness) string { return with2(i32(get(w)))(f) }}
}

func whole(v float64) string { return fmt.Sprintf("%.0f", v) }

var wellnessMetrics = []wellnessMetric{
	metricF("weight", " kg", func(w intervals.Wellness) *float32 { return w.Weight }, func(v float64) string { return fmt.Sprintf("%.1f", v) }),
	metricI("resting HR", " bpm", func(w intervals.Wellness) *int32 { return w.RestingHR }, whole),
	metricF("HRV", " ms", func(w intervals.Wellness) *float32 { return w.Hrv }, whole),
	metricI("sleep", "", func(w intervals.Wellness) *int32 { return w.SleepSecs }, Duration),
	metricF("sleep score", "", func(w intervals.Wellness) *float32 { return w.SleepScore }, num),
	metricF("sleeping HR", " bpm", func(w intervals.Wellness) *float32 { return w.AvgSleepingHR }, whole),
	metricF("SpO2", "%", func(w intervals.Wellness) *float32 { return w.SpO2 }, num),
	metricF("readiness", "", func(w intervals.Wellness) *float32 { return w.Readiness }, num),
	metricI("steps", "", func(w intervals.Wellness) *int32 { return w.Steps }, whole),
	{name: "blood pressure", label: "BP", value: func(w intervals.Wellness) string {
		s, ok1 := i32(w.Systolic)
		d, ok2 := i32(w.Diastolic)
		if !ok1 || !ok2 {
			return ""
		}
		return fmt.Sprintf("%.0f/%.0f", s, d)
	}},
	scaleMetric("sleep quality", "sleepQuality", func(w intervals.Wellness) *int32 { return w.SleepQuality }),
	scaleMetric("soreness", "soreness", func(w intervals.Wellness) *int32 { return w.Soreness }),
	scaleMetric("felt fatigue", "fatigue", func(w intervals.Wellness) *int32 { return w.Fatigue }),
	scaleMetric("stress", "stress", func(w intervals.Wellness) *int32 { return w.Stress }),
	scaleMetric("mood", "mood", func(w intervals.Wellness) *int32 { return w.Mood }),
	scaleMetric("motivation", "motivation", func(w intervals.Wellness) *int32 { return w.Motivation }),
	scaleMetric("injury", "injury", func(w intervals.Wellness) *int32 { return w.Injury }),
	scaleMetric("hydration", "hydration", func(w intervals.Wellness) *int32 { return w.Hydration }),
	{name: "comments", text: true, value: func(w intervals.Wellness) string { return strings.Join(strings.Fields(str(w.Comments)), " ") }},
}

func with2(v float64, ok bool) func(func(float64) string) string {
	return func(f func(float64) string) string { return with(v, ok, f) }
}

func scaleMetric(name, field string, get func(intervals.Wellness) *int32) wellnessMetric {
	return wellnessMetric{name: name, scale: field, value: func(w intervals.Wellness) string {
		if v := get(w); v != nil {
			return strconv.Itoa(int(*v))
		}
		return ""
	}}
}

// wellnessDay is a row's local date with its weekday (the row's id is its date).
func wellnessDay(w intervals.Wellness) string {
	day := str(w.Id)
	if t, ok := ParseLocal(day, nil); ok {
		day = Day(t)
	}
	return day
}

// WellnessLine formats one day of wellness, each value with its label and unit.
func WellnessLine(w intervals.Wellness) string {
	var f []string
	ctl, okc := f32(w.Ctl)
	atl, oka := f32(w.Atl)
	if okc && oka {
		f = append(f, Fitness(ctl, atl))
	}
	if v, ok := f32(w.RampRate); ok {
		f = append(f, "ramp "+num(v))
	}
	for _, m := range wellnessMetrics {
		if s := m.line(w); s != "" {
			f = append(f, s)
		}
	}
	return wellnessDay(w) + ": " + orMissing(strings.Join(f, "; "), "nothing recorded")
}

// Wellness lists wellness days, oldest first, as a table: a column for each metric some day
// has (each unit said once, in its column's name; a day without it "-"), the 1-4 scores as
// numbers with Intervals.icu's labels said once; the metrics no day has are named (missing,
// not zero).
func Wellness(rows []intervals.Wellness, oldest, newest string, max int) string {
	if len(rows) == 0 {
		return fmt.Sprintf("No wellness data %s..%s.", oldest, newest)
	}
	model := false
	seen := map[string]bool{}
	for _, w := range rows {
		model = model || w.Ctl != nil && w.Atl != nil || w.RampRate != nil
		for _, m := range wellnessMetrics {
			if m.value(w) != "" {
				seen[m.name] = true
			}
		}
	}
	var ds []time.Time
	for _, w := range rows {
		if t, ok := ParseLocal(str(w.Id), nil); ok {
			ds = append(ds, t)
		}
	}
	days := daysIn(ds)
	cols := []string{days.column("day")}
	if model {
		cols = append(cols, "fitness", "fatigue", "form", "form % of fitness", "ramp")
	}
	var none []string
	var scales []wellnessMetric
	for _, m := range wellnessMetrics {
		switch {
		case seen[m.name]:
			cols = append(cols, m.column())
			if m.scale != "" {
				scales = append(scales, m)
			}
		case m.name != "comments":
			none = append(none, m.name)
		}
	}
	if !model {
		none = append([]string{"fitness/fatigue/form"}, none...)
	}
	items := make([]string, len(rows))
	for i, w := range rows {
		day := str(w.Id)
		if t, ok := ParseLocal(day, nil); ok {
			day = days.day(t)
		}
		cells := []string{day}
		if model {
			cells = append(cells, wellnessModelCells(w)...)
		}
		for _, m := range wellnessMetrics {
			if seen[m.name] {
				cells = append(cells, m.cell(w))
			}
		}
		items[i] = row(cells...)
	}
	head := fmt.Sprintf("Wellness %s..%s, %d days, a day a line (\"-\": not recorded that day)", oldest, newest, len(rows))
	if model {
		head += "; fitness, fatigue and form from the training load model"
	}
	if len(scales) > 0 {
		head += "; " + scaleLegends(scales)
	}
	head += ".\n" + row(cols...)
	tail := ""
	if len(none) > 0 {
		tail = "Not recorded on any day: " + strings.Join(none, ", ") + "."
	}
	return List{Head: head, Items: items, Tail: tail, Noun: "days", Hint: "narrow the range"}.Render(max)
}

// wellnessModelCells are a day's fitness, fatigue, form, form as % of fitness and ramp rate.
func wellnessModelCells(w intervals.Wellness) []string {
	out := []string{"-", "-", "-", "-", "-"}
	ctl, okc := f32(w.Ctl)
	atl, oka := f32(w.Atl)
	if okc && oka {
		out[0], out[1], out[2] = FitnessValue(ctl), FitnessValue(atl), FitnessValue(ctl-atl)
		if ctl > 0 {
			out[3] = fmt.Sprintf("%.0f", (ctl-atl)/ctl*100)
		}
	}
	if v, ok := f32(w.RampRate); ok {
		out[4] = num(v)
	}
	return out
}

// scaleLegends says once what the 1-4 scores shown mean, scores of one scale together: "1-4
// scores, Intervals.icu's labels: sleep quality 1 Great, 2 Good, 3 Avg, 4 Poor; soreness,
// felt fatigue, stress 1 Low, 2 Avg, 3 High, 4 Extreme".
func scaleLegends(ms []wellnessMetric) string {
	var order []string
	names := map[string][]string{}
	for _, m := range ms {
		l := ScaleLegend(m.scale)
		if names[l] == nil {
			order = append(order, l)
		}
		names[l] = append(names[l], m.name)
	}
	parts := make([]string, len(order))
	for i, l := range order {
		parts[i] = strings.Join(names[l], ", ") + " " + l
	}
	return "1-4 scores, Intervals.icu's labels: " + strings.Join(parts, "; ")
}

// MetricsLogged is the answer of log_metrics: the day's values sent, then the whole day as
// Intervals.icu now has it (now is nil when its answer could not be read).
func MetricsLogged(sent intervals.Wellness, now *intervals.Wellness) string {
	out := "Recorded " + WellnessLine(sent)
	if now != nil {
		if now.Id == nil {
			day := *now
			day.Id = sent.Id
			now = &day
		}
		out += "\nThe day now reads: " + strings.SplitN(WellnessLine(*now), ": ", 2)[1]
	}
	return out
}
