package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// get_capacities: the thresholds set in each sport's settings (what zones are computed from),
// Intervals.icu's own estimates (eFTP and W' from the wellness sportInfo, the models fitted to
// the last year's curves), VO2max as a device reports it, and VMA estimated from the best
// six-minute running speed. Whatever is not known is said to be unknown.

type capacitiesIn struct{}

func getCapacitiesTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "get_capacities",
		Title:       "Capacities and thresholds",
		Description: "Per sport: FTP and eFTP, W', threshold pace, LTHR, max HR; VO2max and VMA where known.",
		Toolset:     manifest.Performance,
		Access:      manifest.Read,
		Operations:  []string{"getAthlete", "listWellnessRecords", "listAthletePowerCurves", "listAthletePaceCurves"},
	}, getCapacities)
}

func getCapacities(ctx context.Context, env *toolcall.Env, _ capacitiesIn) (string, error) {
	ath, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	today := ath.today.Format(ymd)
	well, err := loadWellness(ctx, env, addDays(today, -89), today)
	if err != nil {
		return "", err
	}
	year := []string{"1y"}
	run := intervals.SportType("Run")
	power, err := env.Client.ListAthletePowerCurvesWithResponse(ctx, env.AthleteID, "", &intervals.ListAthletePowerCurvesParams{Curves: &year, Type: intervals.SportType("Ride")})
	if err != nil {
		return "", athleteAccessError(env, fmt.Errorf("read the power curves: %w", err))
	}
	pace, err := env.Client.ListAthletePaceCurvesWithResponse(ctx, env.AthleteID, "", &intervals.ListAthletePaceCurvesParams{Curves: &year, Type: &run})
	if err != nil {
		return "", athleteAccessError(env, fmt.Errorf("read the pace curves: %w", err))
	}
	var pw, pc format.CurveModels
	_ = json.Unmarshal(power.Body, &pw) // an answer without curves leaves the estimates unknown
	_ = json.Unmarshal(pace.Body, &pc)

	est, estDate := sportInfo(well)
	var settings []intervals.SportSettings
	if ath.Profile != nil && ath.Profile.SportSettings != nil {
		settings = *ath.Profile.SportSettings
	}
	return ath.units.Capacities(format.Capacities{
		Athlete: nameOr(ath.Name, env.AthleteID), Today: today, Settings: settings,
		Estimates: est, EstimatesDate: estDate, Wellness: well, Power: pw, Pace: pc,
	}, env.MaxChars()), nil
}

// sportInfo is the latest wellness day's sportInfo (eFTP, W', Pmax per sport type).
func sportInfo(well map[string]intervals.Wellness) (map[string]intervals.SportInfo, string) {
	dates := make([]string, 0, len(well))
	for d := range well {
		dates = append(dates, d)
	}
	sort.Sort(sort.Reverse(sort.StringSlice(dates)))
	for _, d := range dates {
		w := well[d]
		if w.SportInfo == nil || len(*w.SportInfo) == 0 {
			continue
		}
		out := map[string]intervals.SportInfo{}
		for _, si := range *w.SportInfo {
			if si.Type != nil {
				out[string(*si.Type)] = si
			}
		}
		return out, d
	}
	return nil, ""
}
