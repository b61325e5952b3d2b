package tools

import (
	"context"
	"fmt"

	"github.com/intervals-mcp/intervals-mcp/internal/charts"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// The charts toolset: fitness, curves and volume drawn from the numbers of get_training_load,
// get_athlete_power_curves and get_training_volume (the same reads and computations). A
// chart goes to the client as the data of the MCP Apps view (charts.View) when the client
// renders views, as a PNG when it does not or when png is set, and always with a short text
// summary for the model.

// chartView is the one view every chart tool names: it draws any charts.Chart.
var chartView = &manifest.View{URI: charts.ViewURI, Name: "training-charts", Title: "Training charts", HTML: charts.ViewHTML}

// chartTool defines a chart tool: a read tool of the charts toolset with the charts view. A
// client that asked is told its phases (toolcall.Report): reading, drawing (sendChart), done.
func chartTool[In any](d manifest.Def, call func(ctx context.Context, env *toolcall.Env, in In) (string, error)) manifest.Tool {
	d.Toolset, d.Access = manifest.Charts, manifest.Read
	t := manifest.New(d, func(ctx context.Context, env *toolcall.Env, in In) (string, error) {
		toolcall.Report(ctx, 0, chartPhases, "reading from Intervals.icu")
		text, err := call(ctx, env, in)
		if err == nil {
			toolcall.Report(ctx, chartPhases, chartPhases, "the chart is ready")
		}
		return text, err
	})
	t.View = chartView
	return t
}

// chartPhases are a chart call's phases told as progress: read, drawn.
const chartPhases = 2

// sendChart hands c to the caller's output (the view's data when the client renders views; a
// PNG when it does not, or when png asks for one) and returns the summary for the model.
func sendChart(ctx context.Context, env *toolcall.Env, c *charts.Chart, png bool) (string, error) {
	toolcall.Report(ctx, 1, chartPhases, "drawing the chart")
	text := charts.Summary(c)
	out := toolcall.OutputOf(ctx)
	if out == nil {
		return format.Clip(text, env.MaxChars()), nil
	}
	if out.UI {
		out.Structured = c
	}
	if !out.UI || png {
		b, err := charts.PNG(c)
		if err != nil {
			return "", fmt.Errorf("draw the %s chart: %w", c.Kind, err)
		}
		out.PNG = b
	}
	note := "\nThe chart is attached as an image."
	if out.UI {
		note = "\nThe user sees this as an interactive chart."
	}
	return format.Clip(text, env.MaxChars()-len(note)) + note, nil
}
