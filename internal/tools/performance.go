package tools

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

type curvesIn struct {
	Kind   string `json:"kind,omitempty" jsonschema:"enum=power,enum=pace,enum=hr,default=power"`
	Sport  string `json:"sport,omitempty" jsonschema_description:"Default Ride (power) or Run"`
	Period string `json:"period,omitempty" jsonschema_description:"e.g. 42d,90d,1y,all (default 90d,1y)"`
	Oldest string `json:"oldest,omitempty" jsonschema_description:"Date range instead, YYYY-MM-DD"`
	Newest string `json:"newest,omitempty"`
}

var periodID = regexp.MustCompile(`^(all|\d{1,4}[dwmy]|s\d)$`)

func getAthletePowerCurvesTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_athlete_power_curves", Title: "Best power, pace and HR",
		Description: "Best efforts over periods: power (W, W/kg) at 5s-90m, pace at 400m-marathon, or HR held at 5s-90m.",
		Toolset:     manifest.Performance, Access: manifest.Read,
		Operations: []string{"getAthlete", "listAthletePowerCurves", "listAthletePaceCurves", "listAthleteHRCurves"},
	}, getAthletePowerCurves)
}

func getAthletePowerCurves(ctx context.Context, env *manifest.Env, in curvesIn) (string, error) {
	sport, err := sportArg(in.Sport)
	if err != nil {
		return "", err
	}
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	kind := in.Kind
	if sport == "" {
		sport = "Ride"
		if kind != "power" {
			sport = "Run"
		}
	}
	var curves []string
	if in.Oldest != "" || in.Newest != "" {
		oldest, newest, err := localRange(in.Oldest, in.Newest, a.today, -89, 0)
		if err != nil {
			return "", err
		}
		curves = []string{"r." + oldest + "." + newest}
	} else {
		p := in.Period
		if p == "" {
			p = "90d,1y"
		}
		for _, id := range strings.Split(p, ",") {
			id = strings.TrimSpace(id)
			if !periodID.MatchString(id) {
				return "", manifest.Errorf("period %q is not understood: use 42d, 90d, 1y, all (comma-separated), or oldest/newest for a date range", id)
			}
			curves = append(curves, id)
		}
	}
	st := intervals.SportType(sport)
	now := a.today.Format(ymd)
	max := env.MaxChars()
	what := fmt.Sprintf("read the %s curves (%s)", kind, sport)
	switch kind {
	case "power":
		r, err := env.Client.ListAthletePowerCurvesWithResponse(ctx, env.AthleteID, "", &intervals.ListAthletePowerCurvesParams{Curves: &curves, Type: st, Now: &now})
		if err != nil {
			return "", apiFailed(what, err)
		}
		if r.JSON200 == nil {
			return "", noData(what, r.StatusCode())
		}
		return a.units.PowerCurves(*r.JSON200, sport, max), nil
	case "pace":
		r, err := env.Client.ListAthletePaceCurvesWithResponse(ctx, env.AthleteID, "", &intervals.ListAthletePaceCurvesParams{Curves: &curves, Type: &st, Now: &now})
		if err != nil {
			return "", apiFailed(what, err)
		}
		if r.JSON200 == nil {
			return "", noData(what, r.StatusCode())
		}
		return a.units.PaceCurves(*r.JSON200, sport, max), nil
	case "hr":
		r, err := env.Client.ListAthleteHRCurvesWithResponse(ctx, env.AthleteID, "", &intervals.ListAthleteHRCurvesParams{Curves: &curves, Type: &st, Now: &now})
		if err != nil {
			return "", apiFailed(what, err)
		}
		if r.JSON200 == nil {
			return "", noData(what, r.StatusCode())
		}
		return a.units.HRCurves(*r.JSON200, sport, max), nil
	}
	return "", manifest.Errorf("kind %q is not one of power, pace, hr", kind)
}
