package tools

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// get_records: best efforts read from the athlete's curves (power and heart rate by duration,
// pace by distance), for a period and for all time, at the standard durations and distances
// athletes compare.

type recordsIn struct {
	Sport  string `json:"sport,omitempty" jsonschema:"enum=Ride,enum=Run,enum=Swim" jsonschema_description:"Default Ride and Run"`
	Oldest string `json:"oldest,omitempty" jsonschema_description:"Period start YYYY-MM-DD (default 90 days ago)"`
	Newest string `json:"newest,omitempty" jsonschema_description:"Period end YYYY-MM-DD (default today)"`
}

var (
	recordSecs      = []int{5, 60, 300, 1200, 3600}
	recordRunDist   = []float64{400, 1000, 5000, 10000, 21097.5}
	recordSwimDist  = []float64{100, 200, 400, 1500}
	recordDistNames = map[float64]string{400: "400m", 1000: "1km", 5000: "5km", 10000: "10km", 21097.5: "half marathon", 100: "100m", 200: "200m", 1500: "1500m"}
)

func getRecordsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "get_records",
		Title:       "Best efforts",
		Description: "Best efforts for a period and all-time: power at 5s-60m, pace at 400m-half marathon (swim 100-1500m), max HR by duration, with dates.",
		Toolset:     manifest.Performance,
		Access:      manifest.Read,
		Operations:  []string{"getAthlete", "listAthletePowerCurves", "listAthletePaceCurves", "listAthleteHRCurves"},
	}, getRecords)
}

func getRecords(ctx context.Context, env *manifest.Env, in recordsIn) (string, error) {
	ath, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	today := ath.today.Format(ymd)
	oldest, newest := in.Oldest, in.Newest
	if newest == "" {
		newest = today
	}
	if oldest == "" {
		oldest = addDays(newest, -89)
	}
	for _, d := range [][2]string{{"oldest", oldest}, {"newest", newest}} {
		if _, err := parseLocalDate(d[0], d[1], ath.Location); err != nil {
			return "", err
		}
	}
	if oldest > newest {
		return "", manifest.Errorf("newest (%s) is before oldest (%s): swap them", newest, oldest)
	}
	sports := []string{"Ride", "Run"}
	if in.Sport != "" {
		sports = []string{in.Sport}
	}
	u := ath.units
	curves := []string{"r." + oldest + "." + newest, "all"}
	var b strings.Builder
	fmt.Fprintf(&b, "Best efforts of %s: period %s..%s | all time (date of the effort)\n", nameOr(ath.Name, env.AthleteID), weekdayDate(oldest), weekdayDate(newest))
	for _, sport := range sports {
		st := intervals.SportType(sport)
		if sport == "Ride" {
			resp, err := env.Client.ListAthletePowerCurvesWithResponse(ctx, env.AthleteID, "", &intervals.ListAthletePowerCurvesParams{Curves: &curves, Type: st})
			if err != nil {
				return "", athleteAccessError(env, fmt.Errorf("read the power curves: %w", err))
			}
			if resp.JSON200 != nil {
				writeSecsRecords(&b, sport+" power", format.BaseCurves(resp.JSON200.List), curveActivities(resp.JSON200.Activities), u, func(v float64) string { return fmt.Sprintf("%.0f W", v) })
			}
		}
		if sport == "Run" || sport == "Swim" {
			resp, err := env.Client.ListAthletePaceCurvesWithResponse(ctx, env.AthleteID, "", &intervals.ListAthletePaceCurvesParams{Curves: &curves, Type: &st})
			if err != nil {
				return "", athleteAccessError(env, fmt.Errorf("read the pace curves: %w", err))
			}
			if resp.JSON200 != nil {
				dists := recordRunDist
				if sport == "Swim" {
					dists = recordSwimDist
				}
				writePaceRecords(&b, sport, format.BaseCurves(resp.JSON200.List), curveActivities(resp.JSON200.Activities), dists, u)
			}
		}
		resp, err := env.Client.ListAthleteHRCurvesWithResponse(ctx, env.AthleteID, "", &intervals.ListAthleteHRCurvesParams{Curves: &curves, Type: &st})
		if err != nil {
			return "", athleteAccessError(env, fmt.Errorf("read the heart rate curves: %w", err))
		}
		if resp.JSON200 != nil {
			writeSecsRecords(&b, sport+" heart rate", format.BaseCurves(resp.JSON200.List), curveActivities(resp.JSON200.Activities), u, func(v float64) string { return fmt.Sprintf("%.0f bpm", v) })
		}
	}
	return format.Clip(strings.TrimRight(b.String(), "\n"), env.MaxChars()), nil
}

// writeSecsRecords writes, for each standard duration, the period's and all time's best.
func writeSecsRecords(b *strings.Builder, what string, list *[]intervals.DataCurve, acts map[string]intervals.Activity, u format.Units, show func(float64) string) {
	period, all := pickCurves(list)
	if period == nil && all == nil {
		fmt.Fprintf(b, "%s: no data\n", what)
		return
	}
	fmt.Fprintf(b, "%s:\n", what)
	for _, s := range recordSecs {
		name := format.Duration(float64(s))
		if s%60 == 0 {
			name = fmt.Sprintf("%dm", s/60)
		} else if s < 60 {
			name = fmt.Sprintf("%ds", s)
		}
		cells := []string{}
		for _, c := range []*intervals.DataCurve{period, all} {
			cells = append(cells, secsCell(c, s, acts, show))
		}
		fmt.Fprintf(b, "- %s: %s\n", name, strings.Join(cells, " | "))
	}
}

func secsCell(c *intervals.DataCurve, secs int, acts map[string]intervals.Activity, show func(float64) string) string {
	if c == nil || c.Secs == nil || c.Values == nil {
		return "none"
	}
	for i, s := range *c.Secs {
		if int(s) == secs && i < len(*c.Values) && (*c.Values)[i] > 0 {
			return show(float64((*c.Values)[i])) + effortDate(c, i, acts)
		}
	}
	return "none"
}

// writePaceRecords writes, for each standard distance, the best time and its pace.
func writePaceRecords(b *strings.Builder, sport string, list *[]intervals.DataCurve, acts map[string]intervals.Activity, dists []float64, u format.Units) {
	period, all := pickCurves(list)
	if period == nil && all == nil {
		fmt.Fprintf(b, "%s pace: no data\n", sport)
		return
	}
	fmt.Fprintf(b, "%s pace (time, pace):\n", sport)
	for _, d := range dists {
		cells := []string{}
		for _, c := range []*intervals.DataCurve{period, all} {
			cells = append(cells, distCell(c, d, sport, acts, u))
		}
		fmt.Fprintf(b, "- %s: %s\n", recordDistNames[d], strings.Join(cells, " | "))
	}
}

func distCell(c *intervals.DataCurve, dist float64, sport string, acts map[string]intervals.Activity, u format.Units) string {
	if c == nil || c.Distance == nil || c.Values == nil {
		return "none"
	}
	for i, d := range *c.Distance {
		if math.Abs(float64(d)-dist) <= dist*0.005 && i < len(*c.Values) && (*c.Values)[i] > 0 {
			secs := float64((*c.Values)[i])
			return fmt.Sprintf("%s (%s)", format.Duration(secs), u.Pace(dist/secs, sport)) + effortDate(c, i, acts)
		}
	}
	return "none"
}

// effortDate is the date of the activity that holds point i of a curve.
func effortDate(c *intervals.DataCurve, i int, acts map[string]intervals.Activity) string {
	if c.ActivityId == nil || i >= len(*c.ActivityId) {
		return ""
	}
	a, ok := acts[(*c.ActivityId)[i]]
	if !ok {
		return ""
	}
	if d := activityDate(a); d != "" {
		return " (" + weekdayDate(d) + ")"
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
		id := ""
		if c.Id != nil {
			id = *c.Id
		}
		switch {
		case id == "all":
			all = c
		case strings.HasPrefix(id, "r."):
			period = c
		}
	}
	return period, all
}

func curveActivities(m *map[string]intervals.Activity) map[string]intervals.Activity {
	if m == nil {
		return nil
	}
	return *m
}
