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

var periodID = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(all|\d{1,4}[dwmy]|s\d)$`) })

// maxCurveSecs is the longest duration a curve is read at: a day; maxDurations the most
// durations (columns) a table has.
const (
	maxCurveSecs = 86400
	maxDurations = 20
)

type curvesIn struct {
	Kind   string `json:"kind,omitempty" jsonschema:"enum=power,enum=pace,enum=hr,default=power"`
	Sport  string `json:"sport,omitempty" jsonschema_description:"Default Ride (power) or Run"`
	Period string `json:"period,omitempty" jsonschema_description:"e.g. 42d,90d,1y,all (default 90d,1y)"`
	Oldest string `json:"oldest,omitempty" jsonschema_description:"Date range instead, YYYY-MM-DD"`
	Newest string `json:"newest,omitempty"`
	// The reference server's names, ours too: its seasons (SEASON_START to SEASON_START) and
	// the durations of its table.
	ThisSeason *bool `json:"this_season,omitempty"`
	LastSeason *bool `json:"last_season,omitempty"`
	Durations  []int `json:"durations,omitempty" jsonschema_description:"Seconds (power, hr)"`
}

func getAthletePowerCurvesTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "get_athlete_power_curves", Title: "Best power, pace and HR",
		Description: "Best efforts over periods: power (W, W/kg) at 5s-90m, pace at 400m-marathon, or HR held at 5s-90m.",
		Toolset:     manifest.Performance, Access: manifest.Read,
		Operations: []string{"getAthlete", "listAthletePowerCurves", "listAthletePaceCurves", "listAthleteHRCurves", "listEvents"},
		Aliases: aliases(rangeAliases, []manifest.Alias{{Name: "activity_type", For: "sport"},
			refused("indoor_outdoor", "curves cover indoor and outdoor together here (Intervals.icu's curve filters cannot be sent through its API): leave it out")},
			// W/kg is always shown beside W, where the period's weight is known
			dropped("include_normalised")),
	}, getAthletePowerCurves)
}

func getAthletePowerCurves(ctx context.Context, env *toolcall.Env, in curvesIn) (string, error) {
	if len(in.Durations) > maxDurations {
		return "", manifest.Errorf("durations: at most %d (the table's columns); %d given", maxDurations, len(in.Durations))
	}
	for _, d := range in.Durations {
		if d < 1 || d > maxCurveSecs {
			return "", manifest.Errorf("durations are seconds from 1 to %d (a day); %d is not", maxCurveSecs, d)
		}
	}
	if len(in.Durations) > 0 && in.Kind == "pace" {
		return "", manifest.Errorf("durations are for power and hr curves: pace curves are shown at distances (400m to the marathon; 50m to 1500m in a swim); leave durations out")
	}
	r, err := readCurves(ctx, env, in, nil)
	if err != nil {
		return "", err
	}
	max := env.MaxChars()
	switch {
	case r.power != nil:
		return r.a.units.PowerCurves(*r.power, r.sport, in.Durations, max), nil
	case r.pace != nil:
		return r.a.units.PaceCurves(*r.pace, r.sport, max), nil
	}
	return r.a.units.HRCurves(*r.hr, r.sport, in.Durations, max), nil
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
	if len(ids) == 0 {
		if ids, err = curveIDs(in, a); err != nil {
			return nil, err
		}
	}
	labels, err := seasonIDs(ctx, env, a, ids)
	if err != nil {
		return nil, err
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
		for i := range deref(r.JSON200.List) {
			c := &(*r.JSON200.List)[i]
			relabel(c.Id, &c.Label, labels)
		}
	case "pace":
		r, err := env.Client.ListAthletePaceCurvesWithResponse(ctx, env.AthleteID, "", &intervals.ListAthletePaceCurvesParams{Curves: &ids, Type: &st, Now: &now})
		if err != nil {
			return nil, apiFailed(what, err)
		}
		if r.JSON200 == nil {
			return nil, noData(what, r.StatusCode())
		}
		out.pace = r.JSON200
		for i := range deref(r.JSON200.List) {
			c := &(*r.JSON200.List)[i]
			relabel(c.Id, &c.Label, labels)
		}
	case "hr":
		r, err := env.Client.ListAthleteHRCurvesWithResponse(ctx, env.AthleteID, "", &intervals.ListAthleteHRCurvesParams{Curves: &ids, Type: &st, Now: &now})
		if err != nil {
			return nil, apiFailed(what, err)
		}
		if r.JSON200 == nil {
			return nil, noData(what, r.StatusCode())
		}
		out.hr = r.JSON200
		for i := range deref(r.JSON200.List) {
			c := &(*r.JSON200.List)[i]
			relabel(c.Id, &c.Label, labels)
		}
	default:
		return nil, manifest.Errorf("kind %q is not one of power, pace, hr", kind)
	}
	return out, nil
}

// curveIDs are the curves in asks for: its periods (90d and 1y when nothing else is asked),
// its date range, and the reference server's seasons (this_season and last_season, each asked
// for unless false once one of them is given, as the reference server defaults them).
func curveIDs(in curvesIn, a *athleteCtx) ([]string, error) {
	var ids []string
	seasons := in.ThisSeason != nil || in.LastSeason != nil
	if seasons && (in.ThisSeason == nil || *in.ThisSeason) {
		ids = append(ids, "s0")
	}
	if seasons && (in.LastSeason == nil || *in.LastSeason) {
		ids = append(ids, "s1")
	}
	if in.Oldest != "" || in.Newest != "" {
		oldest, newest, err := localRange(in.Oldest, in.Newest, a.today, -89, 0)
		if err != nil {
			return nil, err
		}
		ids = append(ids, "r."+oldest+"."+newest)
	}
	p := in.Period
	if p == "" && len(ids) == 0 && !seasons {
		p = "90d,1y"
	}
	for id := range strings.SplitSeq(p, ",") {
		if p == "" {
			break
		}
		if id = strings.TrimSpace(id); !periodID().MatchString(id) {
			return nil, manifest.Errorf("period %q is not understood: use 42d, 90d, 1y, all (comma-separated), or oldest/newest for a date range", id)
		}
		ids = append(ids, id)
	}
	if len(ids) == 0 {
		return nil, manifest.Errorf("this_season and last_season are both false: ask for one of them, a period (90d, 1y, all) or a date range (oldest, newest)")
	}
	return ids, nil
}

// seasonIDs puts each season id (s0 this season, s1 last season ...) as the date range of
// the athlete's season, and returns those ranges' labels.
func seasonIDs(ctx context.Context, env *toolcall.Env, a *athleteCtx, ids []string) (map[string]string, error) {
	n := 0
	for _, id := range ids {
		if k, ok := seasonIndex(id); ok {
			n = max(n, k+1)
		}
	}
	if n == 0 {
		return nil, nil
	}
	seasons, err := readSeasons(ctx, env, a.today, n)
	if err != nil {
		return nil, err
	}
	labels := map[string]string{}
	for i, id := range ids {
		if k, ok := seasonIndex(id); ok {
			ids[i] = seasons[k].id
			labels[seasons[k].id] = seasons[k].label
		}
	}
	return labels, nil
}

// seasonIndex reads a season id: s0 is 0.
func seasonIndex(id string) (int, bool) {
	if len(id) != 2 || id[0] != 's' || id[1] < '0' || id[1] > '9' {
		return 0, false
	}
	return int(id[1] - '0'), true
}

// relabel names a curve by the label asked for it, if any.
func relabel(id *string, label **string, labels map[string]string) {
	if l, ok := labels[deref(id)]; ok {
		*label = &l
	}
}
