package charts

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strings"

	stdfont "golang.org/x/image/font"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// The PNG's size: readable as is at 800x450 pixels (96 dpi).
const (
	WidthPx  = 800
	HeightPx = 450
	dpi      = 96
)

var (
	colFitness  = rgb(0x1f, 0x77, 0xb4)
	colFatigue  = rgb(0x9b, 0x59, 0xb6)
	colForm     = rgb(0x33, 0x33, 0x33)
	colToday    = rgb(0x88, 0x88, 0x88)
	colRace     = rgb(0xd6, 0x27, 0x28)
	colGrid     = rgb(0xe6, 0xe6, 0xe6)
	seriesCols  = []color.Color{rgb(0xe6, 0x7e, 0x22), rgb(0x5d, 0x6d, 0x7e)}
	sportColors = map[string]color.Color{"Ride": rgb(0x1f, 0x77, 0xb4), "VirtualRide": rgb(0x4a, 0x9a, 0xd4), "Run": rgb(0xe6, 0x7e, 0x22), "Swim": rgb(0x16, 0xa0, 0x85), "WeightTraining": rgb(0x8e, 0x44, 0xad)}
	otherColors = []color.Color{rgb(0x27, 0xae, 0x60), rgb(0xc0, 0x39, 0x2b), rgb(0x7f, 0x8c, 0x8d), rgb(0xf1, 0xc4, 0x0f)}
)

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{R: r, G: g, B: b, A: 255} }

// sportColor is a sport's colour in the volume chart; the view uses the same.
func sportColor(sport string, i int) color.Color {
	if c, ok := sportColors[sport]; ok {
		return c
	}
	return otherColors[i%len(otherColors)]
}

// lighter is c mixed with white: a planned bar beside the done one.
func lighter(c color.Color) color.Color {
	r, g, b, _ := c.RGBA()
	mix := func(v uint32) uint8 { return uint8((v>>8)*45/100 + 255*55/100) }
	return color.RGBA{R: mix(r), G: mix(g), B: mix(b), A: 255}
}

// PNG draws c as a PNG image of WidthPx x HeightPx.
func PNG(c *Chart) ([]byte, error) {
	cv := vgimg.NewWith(vgimg.UseWH(px(WidthPx), px(HeightPx)), vgimg.UseDPI(dpi), vgimg.UseBackgroundColor(color.White))
	dc := draw.New(cv)
	var err error
	switch {
	case c.Fitness != nil:
		err = drawFitness(dc, c)
	case c.Curves != nil:
		err = drawCurves(dc, c)
	case c.Volume != nil:
		err = drawVolume(dc, c)
	default:
		err = fmt.Errorf("chart %q has no data", c.Kind)
	}
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: cv}).WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// px is a length in pixels at the PNG's resolution.
func px(n float64) vg.Length { return vg.Length(n) * vg.Inch / dpi }

// sans is Liberation Sans (embedded in gonum/plot) at a size in pixels.
func sans(size float64, bold bool) font.Font {
	f := font.Font{Typeface: "Liberation", Variant: "Sans", Size: px(size)}
	if bold {
		f.Weight = stdfont.WeightBold
	}
	return f
}

// newPlot is a plot in the charts' style: sans-serif text, a light grid, the legend inside at
// the top left.
func newPlot() *plot.Plot {
	p := plot.New()
	g := plotter.NewGrid()
	g.Vertical.Color, g.Horizontal.Color = colGrid, colGrid
	p.Add(g)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = sans(13, false)
		a.Tick.Label.Font = sans(12, false)
		a.Label.Padding = px(2)
	}
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.TextStyle.Font = sans(12, false)
	p.Legend.XOffs, p.Legend.YOffs = px(8), -px(4)
	p.Legend.ThumbnailWidth = px(24)
	p.Legend.Padding = px(2)
	return p
}

// text is a text style of the charts.
func text(size float64, bold bool, c color.Color) draw.TextStyle {
	return draw.TextStyle{Color: c, Font: sans(size, bold), Handler: plot.DefaultTextHandler, XAlign: draw.XLeft, YAlign: draw.YTop}
}

// header writes the chart's title and its subtitle at the top of dc and returns what is left.
func header(dc draw.Canvas, title, sub string) draw.Canvas {
	dc.FillText(text(17, true, color.Black), vg.Point{X: dc.Min.X + px(12), Y: dc.Max.Y - px(8)}, sanitize(title))
	dc.FillText(text(12, false, rgb(0x55, 0x55, 0x55)), vg.Point{X: dc.Min.X + px(12), Y: dc.Max.Y - px(30)}, sanitize(sub))
	return draw.Crop(dc, px(4), -px(12), px(4), -px(50))
}

// dayNum is a local date as a number of days (the charts' X for dates).
func dayNum(date string) float64 {
	t, err := timeParse(date)
	if err != nil {
		return math.NaN()
	}
	return float64(t.Unix()) / 86400
}

// dateTicks labels Mondays between first and last (day numbers), one in every few so that
// at most nine carry a label, the others as minor ticks.
func dateTicks(first, last float64) plot.ConstantTicks {
	weeks := (last - first) / 7
	step := 1
	for _, s := range []int{1, 2, 4, 8, 13} {
		step = s
		if weeks/float64(s) <= 9 {
			break
		}
	}
	var ticks plot.ConstantTicks
	// 1970-01-01 was a Thursday: day n is a Monday when (n+3) % 7 == 0.
	start := math.Ceil(first)
	for int(start+3)%7 != 0 {
		start++
	}
	for i, d := 0, start; d <= last; i, d = i+1, d+7 {
		label := ""
		if i%step == 0 {
			t := timeFromDay(d)
			label = t.Format("2 Jan")
		}
		ticks = append(ticks, plot.Tick{Value: d, Label: label})
	}
	return ticks
}

func sanitize(s string) string { return strings.ReplaceAll(s, "\n", " ") }
