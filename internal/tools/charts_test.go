package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/intervals-mcp/intervals-mcp/internal/charts"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/goldenfile"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var chartTools = []string{"chart_fitness", "chart_curves", "chart_volume"}

// appsSession is a client session on the whole catalog whose client advertises the MCP Apps
// extension (ui) or not, at a protocol version ("" is the go-sdk client's latest, 2026-07-28,
// where capabilities travel in every request's _meta; 2025-11-25 sends them in initialize).
func appsSession(t *testing.T, env *toolcall.Env, ui bool, version string) *mcp.ClientSession {
	t.Helper()
	caps := &mcp.ClientCapabilities{}
	if ui {
		caps.AddExtension(server.UIExtension, map[string]any{"mimeTypes": []string{server.AppMIMEType}})
	}
	return sessionWith(t, env, manifest.Filter{}, caps, version)
}

func callChart(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError {
		t.Fatalf("%s: %s", name, res.Content[0].(*mcp.TextContent).Text)
	}
	return res
}

// chartOf decodes a result's structuredContent.
func chartOf(t *testing.T, res *mcp.CallToolResult) *charts.Chart {
	t.Helper()
	b, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var c charts.Chart
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return &c
}

func images(res *mcp.CallToolResult) []*mcp.ImageContent {
	var out []*mcp.ImageContent
	for _, c := range res.Content {
		if img, ok := c.(*mcp.ImageContent); ok {
			out = append(out, img)
		}
	}
	return out
}

var externalURL = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)https?:|//|\b(src|href)\s*=|@import|url\((?:["']?)[^#"')]`)
})

func TestChartToolsWithTheUIExtension(t *testing.T) {
	_, env := demoFake(t)
	for _, version := range []string{"", "2025-11-25"} {
		cs := appsSession(t, env, true, version)
		ctx := context.Background()
		list, err := cs.ListTools(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		uris := map[string]bool{}
		for _, tl := range list.Tools {
			ui, _ := tl.Meta["ui"].(map[string]any)
			uri, _ := ui["resourceUri"].(string)
			if uri == charts.PlanViewURI { // the plan view (calendar_plan_view_test.go, calendar_changes_view_test.go)
				continue
			}
			if strings.HasPrefix(tl.Name, "chart_") != (uri != "") {
				t.Errorf("%s: _meta.ui.resourceUri %q", tl.Name, uri)
			}
			if uri != "" {
				uris[uri] = true
			}
		}
		if len(uris) != 1 || !uris[charts.ViewURI] {
			t.Fatalf("view URIs %v, want %s", uris, charts.ViewURI)
		}
		rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: charts.ViewURI})
		if err != nil {
			t.Fatal(err)
		}
		if len(rr.Contents) != 1 || rr.Contents[0].MIMEType != "text/html;profile=mcp-app" {
			t.Fatalf("resources/read: %+v", rr.Contents)
		}
		html := rr.Contents[0].Text
		if !strings.HasPrefix(html, "<!DOCTYPE html>") || !strings.Contains(html, "ui/initialize") {
			t.Errorf("the view is not the charts document (%d bytes)", len(html))
		}
		if m := externalURL().FindString(html); m != "" {
			t.Errorf("the view refers to something outside itself: %q", m)
		}
		for _, name := range chartTools {
			res := callChart(t, cs, name, nil)
			if len(images(res)) != 0 {
				t.Errorf("%s (%q): an image although the client renders views", name, version)
			}
			c := chartOf(t, res)
			points := 0
			switch {
			case c.Fitness != nil:
				points = len(c.Fitness.Days)
			case c.Curves != nil:
				for _, s := range c.Curves.Series {
					points += len(s.Points)
				}
			case c.Volume != nil:
				points = len(c.Volume.Weeks)
			}
			if c.Tool != name || points < 2 {
				t.Errorf("%s (%q): structuredContent of %s with %d points", name, version, c.Tool, points)
			}
			text := res.Content[0].(*mcp.TextContent).Text
			if !strings.Contains(text, "interactive chart") {
				t.Errorf("%s: the text does not say the user sees a chart:\n%s", name, text)
			}
		}
		// png asks for the image even with views.
		if res := callChart(t, cs, "chart_volume", map[string]any{"png": true}); len(images(res)) != 1 || res.StructuredContent == nil {
			t.Errorf("png:true with views: %d images, structuredContent %v", len(images(res)), res.StructuredContent != nil)
		}
	}
}

// maxPNG bounds a chart's image.
const maxPNG = 200 << 10

func TestChartToolsWithoutTheUIExtension(t *testing.T) {
	_, env := demoFake(t)
	cs := appsSession(t, env, false, "")
	for _, name := range chartTools {
		res := callChart(t, cs, name, nil)
		if res.StructuredContent != nil {
			t.Errorf("%s: structuredContent for a client without views", name)
		}
		imgs := images(res)
		if len(imgs) != 1 || imgs[0].MIMEType != "image/png" {
			t.Fatalf("%s: %d images", name, len(imgs))
		}
		if n := len(imgs[0].Data); n > maxPNG {
			t.Errorf("%s: PNG of %d bytes (cap %d)", name, n, maxPNG)
		}
		img, err := png.Decode(bytes.NewReader(imgs[0].Data))
		if err != nil {
			t.Fatalf("%s: not a PNG: %v", name, err)
		}
		if b := img.Bounds(); b.Dx() != charts.WidthPx || b.Dy() != charts.HeightPx {
			t.Errorf("%s: %dx%d", name, b.Dx(), b.Dy())
		}
		if dir := os.Getenv("CHARTS_OUT"); dir != "" {
			_ = os.WriteFile(filepath.Join(dir, name+".png"), imgs[0].Data, 0o644)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if n := len(strings.Fields(text)); n > 150 || !strings.Contains(text, "attached as an image") {
			t.Errorf("%s: text of %d words:\n%s", name, n, text)
		}
	}
}

// TestChartsDrawTheTextToolsNumbers compares the charts' data with what get_training_load
// and get_athlete_power_curves answer on the demo athlete: the same days, the same values.
func TestChartsDrawTheTextToolsNumbers(t *testing.T) {
	_, env := demoFake(t)
	cs := appsSession(t, env, true, "")
	text := func(name string, args map[string]any) string {
		return callChart(t, cs, name, args).Content[0].(*mcp.TextContent).Text
	}
	fit := chartOf(t, callChart(t, cs, "chart_fitness", map[string]any{"weeks": 4, "days": 28}))
	byDate := map[string]charts.FitnessDay{}
	for _, d := range fit.Fitness.Days {
		byDate[d.Date] = d
	}
	rows := tableRows(text("get_training_load", map[string]any{"weeks": 4, "days": 28}), "day")
	if len(rows) < 28 {
		t.Fatalf("get_training_load shows %d projected days", len(rows))
	}
	for _, r := range rows {
		date := r["day"][len("Wed "):] // "Wed 2026-12-02" -> "2026-12-02"
		d, ok := byDate[date]
		if !ok || !d.Projected {
			t.Errorf("%s: projected by get_training_load, not in the chart (%v)", date, ok)
			continue
		}
		for i, v := range []float64{d.Fitness, d.Fatigue, d.Form} {
			col := []string{"fitness", "fatigue", "form"}[i]
			want, _ := strconv.ParseFloat(r[col], 64)
			if got := format.FitnessValue(v); got != format.FitnessValue(want) { // one format: never -0.0
				t.Errorf("%s: chart %s, get_training_load %s", date, got, r[col])
			}
		}
	}

	cur := chartOf(t, callChart(t, cs, "chart_curves", map[string]any{"period": "90d", "versus": "1y"}))
	answer := text("get_athlete_power_curves", map[string]any{"period": "90d,1y"})
	var got []string
	for _, s := range cur.Curves.Series {
		var pts []string
		for _, p := range s.Points {
			for _, d := range []float64{5, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600, 5400} {
				if p.X == d {
					pts = append(pts, charts.CurveLabel(p.X, "s")+" "+strconv.FormatFloat(p.Y, 'f', 0, 64)+" W")
				}
			}
		}
		got = append(got, s.Label+": "+strings.Join(pts, ", "))
	}
	var want []string
	for _, r := range tableRows(answer, "period") {
		label, _, _ := strings.Cut(r["period"], " (")
		var pts []string
		for _, d := range []string{"5s", "15s", "30s", "1m", "2m", "5m", "10m", "20m", "30m", "60m", "90m"} {
			if watts, _, _ := strings.Cut(r[d], " ("); watts != "-" { // "718 (9.96)": W (W/kg)
				pts = append(pts, d+" "+watts+" W")
			}
		}
		want = append(want, label+": "+strings.Join(pts, ", "))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("chart_curves and get_athlete_power_curves differ (-text +chart):\n%s", diff)
	}
}

// TestChartSamplesAreTheToolsData keeps internal/charts/testdata (the data the charts
// package draws its golden PNGs and screenshots from) equal to what the tools send for the
// demo athlete; -update rewrites it.
func TestChartSamplesAreTheToolsData(t *testing.T) {
	_, env := demoFake(t)
	cs := appsSession(t, env, true, "")
	for _, name := range chartTools {
		res := callChart(t, cs, name, nil)
		b, err := json.MarshalIndent(res.StructuredContent, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("..", "charts", "testdata", strings.TrimPrefix(name, "chart_")+".json")
		want := goldenfile.Want(t, path, append(b, '\n'), *update, "go test ./internal/tools -update")
		if diff := cmp.Diff(string(want), string(b)+"\n"); diff != "" {
			t.Errorf("%s differs from the tool's data (go test ./internal/tools -update rewrites it):\n%s", path, diff)
		}
	}
}

// TestChartFitnessTodayIsGetTrainingLoads: one "today" in chart and text. get_training_load
// leads with today's values so far (Intervals.icu's, before what is still planned today);
// chart_fitness draws and says the same, and the projection goes on from there.
func TestChartFitnessTodayIsGetTrainingLoads(t *testing.T) {
	_, env := demoFake(t)
	cs := appsSession(t, env, true, "")
	loadText := callChart(t, cs, "get_training_load", map[string]any{"weeks": 4, "days": 28}).Content[0].(*mcp.TextContent).Text
	if !strings.Contains(loadText, "Still to do today") {
		t.Fatalf("the demo athlete should have a session still to do today (so that today so far and once done differ):\n%s", loadText)
	}
	soFar := regexp.MustCompile(`Today so far: fitness (\S+), fatigue (\S+), form ([-\d.]+)`)
	want := soFar.FindStringSubmatch(loadText)
	if want == nil {
		t.Fatalf("get_training_load does not lead with today so far:\n%s", loadText)
	}
	res := callChart(t, cs, "chart_fitness", map[string]any{"weeks": 4, "days": 28})
	c := chartOf(t, res)
	var today *charts.FitnessDay
	for i, d := range c.Fitness.Days {
		if d.Date == c.Today {
			today = &c.Fitness.Days[i]
		}
	}
	if today == nil {
		t.Fatalf("the chart has no point for today %s", c.Today)
	}
	drawn := []string{format.FitnessValue(today.Fitness), format.FitnessValue(today.Fatigue), format.FitnessValue(today.Form)}
	if diff := cmp.Diff(want[1:], drawn); diff != "" {
		t.Errorf("chart_fitness draws another today than get_training_load's (-text +chart):\n%s", diff)
	}
	if today.Projected {
		t.Error("today so far is Intervals.icu's value, not projected")
	}
	said := soFar.FindStringSubmatch(res.Content[0].(*mcp.TextContent).Text)
	if said == nil || !cmp.Equal(said[1:], want[1:]) {
		t.Errorf("chart_fitness says %v for today, get_training_load %v", said, want[1:])
	}
}

// TestAllTimeStartsAtTheFirstActivity: the API's all-time curve starts in 1986; chart_curves
// and get_athlete_power_curves both start it at the first activity on the curve, and say so.
func TestAllTimeStartsAtTheFirstActivity(t *testing.T) {
	_, env := demoFake(t)
	cs := appsSession(t, env, true, "")
	res := callChart(t, cs, "chart_curves", map[string]any{"period": "90d", "versus": "all"})
	c := chartOf(t, res)
	var all *charts.Series
	for i, s := range c.Curves.Series {
		if strings.HasPrefix(s.Label, "All time") {
			all = &c.Curves.Series[i]
		}
	}
	if all == nil || !all.FromFirst || all.Oldest < "2025-01-01" {
		t.Fatalf("the all-time series should start at the demo's first activity (a year ago): %+v", all)
	}
	want := "All time (" + all.Oldest + ".." + all.Newest + ", from the first activity on the curve)"
	summary := res.Content[0].(*mcp.TextContent).Text
	text, _ := callText(t, cs, "get_athlete_power_curves", map[string]any{"period": "90d,all"})
	for name, s := range map[string]string{"chart_curves": summary, "get_athlete_power_curves": text} {
		if !strings.Contains(s, want) || strings.Contains(s, "1986") {
			t.Errorf("%s should say %q:\n%s", name, want, s)
		}
	}
	for _, s := range c.Curves.Series {
		if s.Label != all.Label && s.FromFirst {
			t.Errorf("%s is a period, not all time: it keeps its own start (%s)", s.Label, s.Oldest)
		}
	}
}
