package tools

import (
	"context"
	"regexp"
	"strings"
	"sync"

	"github.com/intervals-mcp/intervals-mcp/internal/charts"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// chart_curves: the power, pace or HR curve of a period against another period or all
// time, read as get_athlete_power_curves reads them (readCurves), at the durations or
// distances it shows and more between them.

var dateSpan = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\d{4}-\d\d-\d\d)\.\.(\d{4}-\d\d-\d\d)$`) })

// curveID turns a chart's period (42d, all, or a date range a..b) into a curve id of the API.
func curveID(name, p string) (string, error) {
	p = strings.TrimSpace(p)
	if m := dateSpan().FindStringSubmatch(p); m != nil {
		if m[1] > m[2] {
			return "", manifest.Errorf("%s %s: the first date must not be after the second", name, p)
		}
		return "r." + m[1] + "." + m[2], nil
	}
	if !periodID().MatchString(p) {
		return "", manifest.Errorf("%s %q is not understood: use 42d, 90d, 1y, all, or YYYY-MM-DD..YYYY-MM-DD", name, p)
	}
	return p, nil
}

// The points a curve is drawn at: durations (seconds) for power and HR, distances (metres)
// for pace; the answers' standard ones among them.
var (
	curveSecs   = []int{1, 2, 3, 5, 8, 10, 15, 20, 30, 45, 60, 90, 120, 180, 240, 300, 420, 600, 900, 1200, 1800, 2400, 3600, 5400, 7200, 10800, 14400}
	curveMetres = []float64{100, 200, 400, 800, 1000, 1500, 1609.344, 3000, 5000, 10000, 15000, 21097.5, 30000, 42195}
	swimMetres  = []float64{25, 50, 100, 200, 400, 800, 1500, 3000}
)

type chartCurvesIn struct {
	Kind   string `json:"kind,omitempty" jsonschema:"enum=power,enum=pace,enum=hr,default=power"`
	Sport  string `json:"sport,omitempty" jsonschema_description:"Default Ride (power) or Run"`
	Period string `json:"period,omitempty" jsonschema_description:"42d, 90d, 1y or YYYY-MM-DD..YYYY-MM-DD (default 90d)"`
	Versus string `json:"versus,omitempty" jsonschema_description:"Compared period: same forms, or all (default)"`
	PNG    bool   `json:"png,omitempty" jsonschema_description:"Send a PNG too"`
}

func chartCurvesTool() manifest.Tool {
	return chartTool(manifest.Def{
		Name:        "chart_curves",
		Title:       "Curve chart",
		Description: "Chart: best power, pace or HR curve of a period vs another period or all-time.",
		Operations:  []string{"getAthlete", "listAthletePowerCurves", "listAthletePaceCurves", "listAthleteHRCurves"},
	}, chartCurves)
}

func chartCurves(ctx context.Context, env *toolcall.Env, in chartCurvesIn) (string, error) {
	if in.Period == "" {
		in.Period = "90d"
	}
	if in.Versus == "" {
		in.Versus = "all"
	}
	a, err := curveID("period", in.Period)
	if err != nil {
		return "", err
	}
	b, err := curveID("versus", in.Versus)
	if err != nil {
		return "", err
	}
	r, err := readCurves(ctx, env, curvesIn{Kind: in.Kind, Sport: in.Sport}, []string{a, b})
	if err != nil {
		return "", err
	}
	c := &charts.Chart{
		Kind: "curves", Title: curveTitle(r.kind) + ", " + r.sport, Athlete: nameOr(r.a.Name, env.AthleteID),
		TimeZone: r.a.Location.String(), Today: r.a.today.Format(ymd), Tool: "chart_curves",
		Args:   charts.Args{Kind: r.kind, Sport: r.sport, Period: in.Period, Versus: in.Versus},
		Curves: curveData(r),
	}
	return sendChart(ctx, env, c, in.PNG)
}

func curveTitle(kind string) string {
	switch kind {
	case "pace":
		return "Best pace"
	case "hr":
		return "Highest heart rate held"
	}
	return "Best power"
}

// curveData samples the curves read at the chart's points, with format's rules (the same
// values get_athlete_power_curves shows).
func curveData(r *curves) *charts.Curves {
	out := &charts.Curves{Kind: r.kind, Sport: r.sport, XUnit: "s", YUnit: "W"}
	if r.kind == "hr" {
		out.YUnit = "bpm"
	}
	per := 1000.0
	metres := curveMetres
	if r.kind == "pace" {
		out.XUnit, out.YUnit = "m", "s/km"
		switch {
		case format.IsSwim(r.sport):
			per, out.YUnit, metres = 100, "s/100m", swimMetres
		case r.a.units.Miles:
			per, out.YUnit = 1609.344, "s/mi"
		}
	}
	for _, c := range r.list() {
		s := charts.Series{Label: str(c.Label)}
		if s.Label == "" {
			s.Label = str(c.Id)
		}
		s.Oldest, s.Newest, s.FromFirst = format.CurveSpan(c, r.activities(), r.a.Location)
		if r.kind == "pace" {
			for _, m := range metres {
				if secs, d, ok := format.PaceAt(c, m); ok {
					s.Points = append(s.Points, charts.Point{X: d, Y: secs / d * per})
				}
			}
		} else {
			for _, secs := range curveSecs {
				if v, ok := format.CurveAt(c, secs); ok {
					s.Points = append(s.Points, charts.Point{X: float64(secs), Y: v})
				}
			}
		}
		out.Series = append(out.Series, s)
	}
	return out
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
