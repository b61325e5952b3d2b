package tools

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

type curvesIn struct {
	Kind   string `json:"kind,omitempty" jsonschema:"enum=power,enum=pace,enum=hr,default=power"`
	Sport  string `json:"sport,omitempty" jsonschema_description:"Default Ride (power) or Run"`
	Period string `json:"period,omitempty" jsonschema_description:"e.g. 42d,90d,1y,all (default 90d,1y)"`
	Oldest string `json:"oldest,omitempty" jsonschema_description:"Date range instead, YYYY-MM-DD"`
	Newest string `json:"newest,omitempty"`
}

var periodID = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(all|\d{1,4}[dwmy]|s\d)$`) })

func getAthletePowerCurvesTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_athlete_power_curves", Title: "Best power, pace and HR",
		Description: "Best efforts over periods: power (W, W/kg) at 5s-90m, pace at 400m-marathon, or HR held at 5s-90m.",
		Toolset:     manifest.Performance, Access: manifest.Read,
		Operations: []string{"getAthlete", "listAthletePowerCurves", "listAthletePaceCurves", "listAthleteHRCurves"},
		Aliases: aliases(rangeAliases, []manifest.Alias{{Name: "activity_type", For: "sport"},
			refused("indoor_outdoor", "curves cover indoor and outdoor together here (Intervals.icu's curve filters cannot be sent through its API): leave it out")},
			// our answer has its own durations and periods (90d, 1y by default, or period), with W/kg
			dropped("durations", "this_season", "last_season", "include_normalised")),
	}, getAthletePowerCurves)
}

func getAthletePowerCurves(ctx context.Context, env *toolcall.Env, in curvesIn) (string, error) {
	r, err := readCurves(ctx, env, in, nil)
	if err != nil {
		return "", err
	}
	max := env.MaxChars()
	switch {
	case r.power != nil:
		return r.a.units.PowerCurves(*r.power, r.sport, max), nil
	case r.pace != nil:
		return r.a.units.PaceCurves(*r.pace, r.sport, max), nil
	}
	return r.a.units.HRCurves(*r.hr, r.sport, max), nil
}

// curves is what get_athlete_power_curves reads, and chart_curves draws: one of power, pace
// or hr is set.
type curves struct {
	a           *athleteCtx
	kind, sport string
	power       *intervals.DataCurveSetPowerCurve
	pace        *intervals.DataCurveSetPaceCurve
	hr          *intervals.DataCurveSetHRCurve
}

// list is the curves read, as their common base.
func (c *curves) list() []intervals.DataCurve {
	switch {
	case c.power != nil:
		return *format.BaseCurves(c.power.List)
	case c.pace != nil:
		return *format.BaseCurves(c.pace.List)
	case c.hr != nil:
		return *format.BaseCurves(c.hr.List)
	}
	return nil
}

// activities is the curve set's activities, those its points come from.
func (c *curves) activities() *map[string]intervals.Activity {
	switch {
	case c.power != nil:
		return c.power.Activities
	case c.pace != nil:
		return c.pace.Activities
	case c.hr != nil:
		return c.hr.Activities
	}
	return nil
}

// readCurves reads the curves of in's kind and sport over the curve ids given (42d, all,
// r.<oldest>.<newest>), or else over in's periods (or date range).
func readCurves(ctx context.Context, env *toolcall.Env, in curvesIn, ids []string) (*curves, error) {
	sport, err := sportArg(in.Sport)
	if err != nil {
		return nil, err
	}
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return nil, err
	}
	kind := in.Kind
	if kind == "" {
		kind = "power"
	}
	if sport == "" {
		sport = "Ride"
		if kind != "power" {
			sport = "Run"
		}
	}
	switch {
	case len(ids) > 0:
	case in.Oldest != "" || in.Newest != "":
		oldest, newest, err := localRange(in.Oldest, in.Newest, a.today, -89, 0)
		if err != nil {
			return nil, err
		}
		ids = []string{"r." + oldest + "." + newest}
	default:
		p := in.Period
		if p == "" {
			p = "90d,1y"
		}
		for _, id := range strings.Split(p, ",") {
			id = strings.TrimSpace(id)
			if !periodID().MatchString(id) {
				return nil, manifest.Errorf("period %q is not understood: use 42d, 90d, 1y, all (comma-separated), or oldest/newest for a date range", id)
			}
			ids = append(ids, id)
		}
	}
	st := intervals.SportType(sport)
	now := a.today.Format(ymd)
	what := fmt.Sprintf("read the %s curves (%s)", kind, sport)
	out := &curves{a: a, kind: kind, sport: sport}
	switch kind {
	case "power":
		r, err := env.Client.ListAthletePowerCurvesWithResponse(ctx, env.AthleteID, "", &intervals.ListAthletePowerCurvesParams{Curves: &ids, Type: st, Now: &now})
		if err != nil {
			return nil, apiFailed(what, err)
		}
		if r.JSON200 == nil {
			return nil, noData(what, r.StatusCode())
		}
		out.power = r.JSON200
	case "pace":
		r, err := env.Client.ListAthletePaceCurvesWithResponse(ctx, env.AthleteID, "", &intervals.ListAthletePaceCurvesParams{Curves: &ids, Type: &st, Now: &now})
		if err != nil {
			return nil, apiFailed(what, err)
		}
		if r.JSON200 == nil {
			return nil, noData(what, r.StatusCode())
		}
		out.pace = r.JSON200
	case "hr":
		r, err := env.Client.ListAthleteHRCurvesWithResponse(ctx, env.AthleteID, "", &intervals.ListAthleteHRCurvesParams{Curves: &ids, Type: &st, Now: &now})
		if err != nil {
			return nil, apiFailed(what, err)
		}
		if r.JSON200 == nil {
			return nil, noData(what, r.StatusCode())
		}
		out.hr = r.JSON200
	default:
		return nil, manifest.Errorf("kind %q is not one of power, pace, hr", kind)
	}
	return out, nil
}
