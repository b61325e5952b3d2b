package format

import (
	"fmt"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// Intervals lists an activity's intervals (work and recovery) and groups of similar ones.
func (u Units) Intervals(d intervals.IntervalsDTO, sport string, max int) string {
	var ivs []intervals.Interval
	if d.IcuIntervals != nil {
		ivs = *d.IcuIntervals
	}
	if len(ivs) == 0 {
		return fmt.Sprintf("Activity %s has no intervals (Intervals.icu found none, or the activity has no streams).", str(d.Id))
	}
	items := make([]string, 0, len(ivs)+2)
	for i, iv := range ivs {
		span := ""
		if s, ok := i32(iv.StartTime); ok {
			if e, ok := i32(iv.EndTime); ok {
				span = fmt.Sprintf(" %s-%s", Duration(s), Duration(e))
			}
		}
		label := str(iv.Type)
		if iv.Label != nil && *iv.Label != "" {
			label = parts(" ", label, quote(iv.Label))
		}
		items = append(items, fmt.Sprintf("%d. %s%s: %s", i+1, orMissing(label, "interval"), span,
			orMissing(u.effort(sport, iv.MovingTime, iv.Distance, iv.AverageSpeed, iv.AverageWatts, iv.WeightedAverageWatts, iv.AverageHeartrate, iv.MaxHeartrate, iv.AverageCadence, iv.Intensity, iv.Zone), "no data")))
	}
	if d.IcuGroups != nil && len(*d.IcuGroups) > 0 {
		var g []string
		for _, gr := range *d.IcuGroups {
			n, _ := i32(gr.Count)
			g = append(g, fmt.Sprintf("%.0fx %s", n, u.effort(sport, gr.MovingTime, gr.Distance, gr.AverageSpeed, gr.AverageWatts, gr.WeightedAverageWatts, gr.AverageHeartrate, gr.MaxHeartrate, gr.AverageCadence, gr.Intensity, gr.Zone)))
		}
		items = append(items, "Groups of similar intervals: "+strings.Join(g, "; "))
	}
	head := fmt.Sprintf("Intervals of activity %s (%d; times from the start, h:mm:ss):", str(d.Id), len(ivs))
	return List{Head: head, Items: items, Noun: "intervals", Hint: "ask for get_activity_details for the summary"}.Render(max)
}

// effort formats the numbers of an interval or group.
func (u Units) effort(sport string, mt *int32, dist, speed *float32, watts, np, hr, maxHR *int32, cad *float32, intensity, zone *int32) string {
	var f []string
	if v, ok := i32(mt); ok {
		f = append(f, Duration(v))
	}
	if v, ok := f32(dist); ok && v > 0 {
		f = append(f, u.Distance(v, sport))
	}
	if v, ok := f32(speed); ok && v > 0 {
		if isFoot(sport) || isSwim(sport) {
			f = append(f, u.Pace(v, sport))
		} else {
			f = append(f, u.Speed(v))
		}
	}
	if v, ok := i32(watts); ok {
		p := fmt.Sprintf("%.0f W", v)
		if n, ok := i32(np); ok {
			p += fmt.Sprintf(" (NP %.0f)", n)
		}
		f = append(f, p)
	}
	if v, ok := i32(hr); ok {
		h := fmt.Sprintf("HR %.0f", v)
		if m, ok := i32(maxHR); ok {
			h += fmt.Sprintf(" (max %.0f)", m)
		}
		f = append(f, h+" bpm")
	}
	if v, ok := f32(cad); ok && v > 0 {
		f = append(f, fmt.Sprintf("cadence %.0f", v))
	}
	if v, ok := i32(intensity); ok {
		f = append(f, fmt.Sprintf("intensity %.0f%%", v))
	}
	if v, ok := i32(zone); ok && v > 0 {
		f = append(f, fmt.Sprintf("Z%.0f", v))
	}
	return strings.Join(f, ", ")
}
