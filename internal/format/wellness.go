package format

import (
	"fmt"
	"strings"

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

// wellnessMetric is one measured field of a wellness row.
type wellnessMetric struct {
	name string
	get  func(w intervals.Wellness) string
}

var wellnessMetrics = []wellnessMetric{
	{"weight", func(w intervals.Wellness) string {
		return with2(f32(w.Weight))(func(v float64) string { return fmt.Sprintf("weight %.1f kg", v) })
	}},
	{"resting HR", func(w intervals.Wellness) string {
		return with2(i32(w.RestingHR))(func(v float64) string { return fmt.Sprintf("resting HR %.0f bpm", v) })
	}},
	{"HRV", func(w intervals.Wellness) string {
		return with2(f32(w.Hrv))(func(v float64) string { return fmt.Sprintf("HRV %.0f ms", v) })
	}},
	{"sleep", func(w intervals.Wellness) string {
		return with2(i32(w.SleepSecs))(func(v float64) string { return "sleep " + Duration(v) })
	}},
	{"sleep score", func(w intervals.Wellness) string {
		return with2(f32(w.SleepScore))(func(v float64) string { return "sleep score " + num(v) })
	}},
	{"sleeping HR", func(w intervals.Wellness) string {
		return with2(f32(w.AvgSleepingHR))(func(v float64) string { return fmt.Sprintf("sleeping HR %.0f bpm", v) })
	}},
	{"SpO2", func(w intervals.Wellness) string {
		return with2(f32(w.SpO2))(func(v float64) string { return "SpO2 " + num(v) + "%" })
	}},
	{"readiness", func(w intervals.Wellness) string {
		return with2(f32(w.Readiness))(func(v float64) string { return "readiness " + num(v) })
	}},
	{"steps", func(w intervals.Wellness) string {
		return with2(i32(w.Steps))(func(v float64) string { return fmt.Sprintf("steps %.0f", v) })
	}},
	{"blood pressure", func(w intervals.Wellness) string {
		s, ok1 := i32(w.Systolic)
		d, ok2 := i32(w.Diastolic)
		if !ok1 || !ok2 {
			return ""
		}
		return fmt.Sprintf("BP %.0f/%.0f", s, d)
	}},
	{"sleep quality", scaleMetric("sleepQuality", func(w intervals.Wellness) *int32 { return w.SleepQuality })},
	{"soreness", scaleMetric("soreness", func(w intervals.Wellness) *int32 { return w.Soreness })},
	{"felt fatigue", scaleMetric("fatigue", func(w intervals.Wellness) *int32 { return w.Fatigue })},
	{"stress", scaleMetric("stress", func(w intervals.Wellness) *int32 { return w.Stress })},
	{"mood", scaleMetric("mood", func(w intervals.Wellness) *int32 { return w.Mood })},
	{"motivation", scaleMetric("motivation", func(w intervals.Wellness) *int32 { return w.Motivation })},
	{"injury", scaleMetric("injury", func(w intervals.Wellness) *int32 { return w.Injury })},
	{"hydration", scaleMetric("hydration", func(w intervals.Wellness) *int32 { return w.Hydration })},
	{"comments", func(w intervals.Wellness) string {
		if w.Comments == nil || strings.TrimSpace(*w.Comments) == "" {
			return ""
		}
		return "comments " + quote(w.Comments)
	}},
}

func with2(v float64, ok bool) func(func(float64) string) string {
	return func(f func(float64) string) string { return with(v, ok, f) }
}

func scaleMetric(field string, get func(intervals.Wellness) *int32) func(intervals.Wellness) string {
	label := map[string]string{"sleepQuality": "sleep quality", "fatigue": "felt fatigue"}[field]
	if label == "" {
		label = field
	}
	return func(w intervals.Wellness) string {
		v := get(w)
		if v == nil {
			return ""
		}
		return label + " " + Scale(field, int(*v))
	}
}

// WellnessLine formats one day of wellness (the row's id is its local date).
func WellnessLine(w intervals.Wellness) string {
	day := str(w.Id)
	if t, ok := ParseLocal(day, nil); ok {
		day = Day(t)
	}
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
		if s := m.get(w); s != "" {
			f = append(f, s)
		}
	}
	return day + ": " + orMissing(strings.Join(f, "; "), "nothing recorded")
}

// Wellness lists wellness days, oldest first, and names the metrics no day of the range has
// (missing, not zero).
func Wellness(rows []intervals.Wellness, oldest, newest string, max int) string {
	if len(rows) == 0 {
		return fmt.Sprintf("No wellness data %s..%s.", oldest, newest)
	}
	seen := map[string]bool{}
	items := make([]string, len(rows))
	for i, w := range rows {
		items[i] = "- " + WellnessLine(w)
		for _, m := range wellnessMetrics {
			if m.get(w) != "" {
				seen[m.name] = true
			}
		}
	}
	var none []string
	for _, m := range wellnessMetrics {
		if !seen[m.name] && m.name != "comments" {
			none = append(none, m.name)
		}
	}
	head := fmt.Sprintf("Wellness %s..%s, %d days (fitness/fatigue/form from the training load model; 1-4 scores with Intervals.icu's labels).", oldest, newest, len(rows))
	tail := ""
	if len(none) > 0 {
		tail = "Not recorded on any day: " + strings.Join(none, ", ") + "."
	}
	return List{Head: head, Items: items, Tail: tail, Noun: "days", Hint: "narrow the range"}.Render(max)
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
