package format

import "fmt"

// The subjective wellness scores of Intervals.icu are 1-4 scales whose direction differs from
// one field to the next (1 is the best sleep but the lowest soreness). The labels below are
// the ones Intervals.icu's wellness form shows next to each value; they are the one definition
// used by every tool. Sources: the wellness entry form of intervals.icu (Wellness > edit day),
// as transcribed identically by several independent Intervals.icu clients (for example the
// sleep-quality fix "1=Great, 4=Poor" in CrankAddict/section-11 PR #4, and the injury states
// "NONE → NIGGLE → POOR → INJURED" quoted in revo2wheels/intervalsicugptcoach-public #62).
var scales = map[string][4]string{
	"sleepQuality": {"Great", "Good", "Avg", "Poor"},
	"soreness":     {"Low", "Avg", "High", "Extreme"},
	"fatigue":      {"Low", "Avg", "High", "Extreme"},
	"stress":       {"Low", "Avg", "High", "Extreme"},
	"mood":         {"Great", "Good", "OK", "Grumpy"},
	"motivation":   {"Extreme", "High", "Avg", "Low"},
	"injury":       {"None", "Niggle", "Poor", "Injured"},
	"hydration":    {"Good", "OK", "Poor", "Bad"},
}

// ScaleFields lists the wellness fields that use a 1-4 scale, in display order.
var ScaleFields = []string{"sleepQuality", "soreness", "fatigue", "stress", "mood", "motivation", "injury", "hydration"}

// Scale labels a 1-4 wellness score of field: "2/4 Avg". A value outside 1-4 is shown as is,
// with no label, so a change of scale upstream is visible rather than mislabelled.
func Scale(field string, v int) string {
	labels, ok := scales[field]
	if !ok || v < 1 || v > 4 {
		return fmt.Sprintf("%d", v)
	}
	return fmt.Sprintf("%d/4 %s", v, labels[v-1])
}

// ScaleLegend describes one field's scale: "1 Great, 2 Good, 3 Avg, 4 Poor".
func ScaleLegend(field string) string {
	l := scales[field]
	return fmt.Sprintf("1 %s, 2 %s, 3 %s, 4 %s", l[0], l[1], l[2], l[3])
}
