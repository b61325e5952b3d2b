package tools

import (
	"context"
	"math"
	"sort"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/charts"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// chart_volume: weekly time, distance or load per sport, done (as get_training_volume sums
// it, weeklyVolume) against planned (the calendar's planned sessions), over the past weeks
// and the next two.

// volumeAhead is how many weeks after this one the volume chart shows (planned only).
const volumeAhead = 2

type chartVolumeIn struct {
	Weeks  int    `json:"weeks,omitempty" jsonschema:"minimum=1,maximum=52" jsonschema_description:"Past weeks (default 8); 2 ahead are added"`
	Metric string `json:"metric,omitempty" jsonschema:"enum=time,enum=distance,enum=load,default=time"`
	PNG    bool   `json:"png,omitempty" jsonschema_description:"Send a PNG too"`
}

func chartVolumeTool() manifest.Tool {
	return chartTool(manifest.Def{
		Name:        "chart_volume",
		Title:       "Volume chart",
		Description: "Chart: weekly time, distance or load per sport, planned vs done.",
		Operations:  []string{"getAthlete", "listActivities", "listEvents"},
	}, chartVolume)
}

func chartVolume(ctx context.Context, env *toolcall.Env, in chartVolumeIn) (string, error) {
	if in.Weeks == 0 {
		in.Weeks = 8
	}
	if in.Metric == "" {
		in.Metric = "time"
	}
	ath, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	today := ath.today.Format(ymd)
	first := addDays(mondayOf(today), -7*(in.Weeks-1))
	last := addDays(mondayOf(today), 7*volumeAhead+6)
	acts, err := loadActivities(ctx, env, first, today)
	if err != nil {
		return "", err
	}
	evs, err := loadEvents(ctx, env, first, last)
	if err != nil {
		return "", err
	}
	done, _, _ := weeklyVolume(acts, first, today)
	planned := map[string]map[string]format.SportVolume{}
	for _, e := range evs {
		l, ok := e.plannedLoad()
		d := e.date()
		if d == "" || !(ok || e.Category == "WORKOUT") {
			continue
		}
		sport := e.Type
		if sport == "" {
			sport = "Other"
		}
		wk := mondayOf(d)
		if planned[wk] == nil {
			planned[wk] = map[string]format.SportVolume{}
		}
		v := planned[wk][sport]
		v.Count++
		v.Load += l
		if e.MovingTime != nil {
			v.Secs += *e.MovingTime
		}
		if e.Distance != nil {
			v.Metres += *e.Distance
		}
		planned[wk][sport] = v
	}
	vol := &charts.Volume{Metric: in.Metric}
	var pick func(format.SportVolume) float64
	switch in.Metric {
	case "distance":
		per := 1000.0
		vol.Unit = "km"
		if ath.units.Miles {
			per, vol.Unit = 1609.344, "mi"
		}
		pick = func(v format.SportVolume) float64 { return round1(v.Metres / per) }
	case "load":
		vol.Unit = "load"
		pick = func(v format.SportVolume) float64 { return math.Round(v.Load) }
	default:
		vol.Unit = "h"
		pick = func(v format.SportVolume) float64 { return round1(v.Secs / 3600) }
	}
	totals := map[string]float64{}
	for wk := first; wk <= last; wk = addDays(wk, 7) {
		w := charts.VolumeWeek{Monday: wk, Done: map[string]float64{}, Planned: map[string]float64{}}
		for sport, v := range done[wk] {
			if x := pick(v); x > 0 {
				w.Done[sport] = x
				totals[sport] += x
			}
		}
		for sport, v := range planned[wk] {
			if x := pick(v); x > 0 {
				w.Planned[sport] = x
				totals[sport] += x / 1e6 // a sport only planned still gets a place, last
			}
		}
		vol.Weeks = append(vol.Weeks, w)
	}
	for sport := range totals {
		vol.Sports = append(vol.Sports, sport)
	}
	sort.Slice(vol.Sports, func(i, j int) bool {
		a, b := vol.Sports[i], vol.Sports[j]
		if totals[a] != totals[b] {
			return totals[a] > totals[b]
		}
		return strings.Compare(a, b) < 0
	})
	c := &charts.Chart{
		Kind: "volume", Title: "Weekly " + in.Metric + " per sport", Athlete: nameOr(ath.Name, env.AthleteID),
		TimeZone: ath.Location.String(), Today: today, Tool: "chart_volume",
		Args: charts.Args{Weeks: in.Weeks, Metric: in.Metric}, Volume: vol,
	}
	return sendChart(ctx, env, c, in.PNG)
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }
