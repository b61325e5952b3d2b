package tools

import (
	"context"
	"fmt"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// get_records: best efforts read from the athlete's curves (power and heart rate by duration,
// pace by distance), for a period and for all time, at the standard durations and distances
// athletes compare.

type recordsIn struct {
	Sport  string `json:"sport,omitempty" jsonschema:"enum=Ride,enum=Run,enum=Swim" jsonschema_description:"Default Ride and Run"`
	Oldest string `json:"oldest,omitempty" jsonschema_description:"Period start YYYY-MM-DD (default 90 days ago)"`
	Newest string `json:"newest,omitempty" jsonschema_description:"Period end YYYY-MM-DD (default today)"`
}

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

func getRecords(ctx context.Context, env *toolcall.Env, in recordsIn) (string, error) {
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
	curves := []string{"r." + oldest + "." + newest, "all"}
	var tables []format.RecordTable
	for _, sport := range sports {
		st := intervals.SportType(sport)
		if sport == "Ride" {
			resp, err := env.Client.ListAthletePowerCurvesWithResponse(ctx, env.AthleteID, "", &intervals.ListAthletePowerCurvesParams{Curves: &curves, Type: st})
			if err != nil {
				return "", athleteAccessError(env, fmt.Errorf("read the power curves: %w", err))
			}
			if resp.JSON200 != nil {
				tables = append(tables, format.RecordTable{Sport: sport, Kind: format.RecordPower, Curves: format.BaseCurves(resp.JSON200.List), Activities: curveActivities(resp.JSON200.Activities)})
			}
		}
		if sport == "Run" || sport == "Swim" {
			resp, err := env.Client.ListAthletePaceCurvesWithResponse(ctx, env.AthleteID, "", &intervals.ListAthletePaceCurvesParams{Curves: &curves, Type: &st})
			if err != nil {
				return "", athleteAccessError(env, fmt.Errorf("read the pace curves: %w", err))
			}
			if resp.JSON200 != nil {
				tables = append(tables, format.RecordTable{Sport: sport, Kind: format.RecordPace, Curves: format.BaseCurves(resp.JSON200.List), Activities: curveActivities(resp.JSON200.Activities)})
			}
		}
		resp, err := env.Client.ListAthleteHRCurvesWithResponse(ctx, env.AthleteID, "", &intervals.ListAthleteHRCurvesParams{Curves: &curves, Type: &st})
		if err != nil {
			return "", athleteAccessError(env, fmt.Errorf("read the heart rate curves: %w", err))
		}
		if resp.JSON200 != nil {
			tables = append(tables, format.RecordTable{Sport: sport, Kind: format.RecordHeartRate, Curves: format.BaseCurves(resp.JSON200.List), Activities: curveActivities(resp.JSON200.Activities)})
		}
	}
	return ath.units.Records(nameOr(ath.Name, env.AthleteID), oldest, newest, tables, env.MaxChars()), nil
}

func curveActivities(m *map[string]intervals.Activity) map[string]intervals.Activity {
	if m == nil {
		return nil
	}
	return *m
}
