package charts

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"math"
	"strings"
)

// The PNG's size: readable as is at 800x450 pixels (96 dpi).
const (
	WidthPx  = 800
	HeightPx = 450
)

// PNG draws c as a PNG image of WidthPx x HeightPx: the same layout as the view, drawn in pure
// Go (golang.org/x/image's rasterizer) with the one font it embeds (font.go).
func PNG(c *Chart) ([]byte, error) {
	cv, err := newCanvas(WidthPx, HeightPx, color.White)
	if err != nil {
		return nil, err
	}
	p := &pic{c: cv}
	switch {
	case c.Fitness != nil:
		err = p.fitness(c)
	case c.Curves != nil:
		err = p.curves(c)
	case c.Volume != nil:
		err = p.volume(c)
	default:
		err = fmt.Errorf("chart %q has no data", c.Kind)
	}
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, cv.img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// pic draws on the PNG canvas in pixels from the top-left corner, as the view's SVG does.
type pic struct {
	c      *canvas
	labels []placedLabel // the race labels drawn (fitness), for the tests of their layout
}

// line strokes the polyline xys (pixels) in a colour; dashed draws 6-4 dashes.
func (p *pic) line(xys [][2]float64, col color.Color, width float64, dashed bool) {
	if len(xys) < 2 {
		return
	}
	var dash []float64
	if dashed {
		dash = []float64{6, 4}
	}
	p.c.stroke(xys, width, col, dash)
}

// fill fills the polygon xys.
func (p *pic) fill(xys [][2]float64, col color.Color) { p.c.polygonFill(xys, col) }

// rect fills x, y, w, h (pixels, y down), with an outline when stroke is set.
func (p *pic) rect(x, y, w, h float64, col, stroke color.Color) {
	box := [][2]float64{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}
	p.fill(box, col)
	if stroke != nil {
		p.line(append(box, box[0]), stroke, 1, false)
	}
}

// Text alignments: the anchor is the left, centre or right of the text's baseline.
const (
	left   = 0.0
	centre = -0.5
	right  = -1.0
)

// text writes s with its baseline at y.
func (p *pic) text(x, y float64, s string, size float64, bold bool, col color.Color, align float64) {
	p.c.text(x, y, strings.ReplaceAll(s, "\n", " "), size, bold, col, align, false)
}

// vtext writes s turned a quarter left, centred on x, y (an axis title).
func (p *pic) vtext(x, y float64, s string, size float64, col color.Color) {
	p.c.text(x, y, s, size, false, col, centre, true)
}

func (p *pic) width(s string, size float64, bold bool) float64 {
	return p.c.t.width(s, size, bold)
}

var (
	black     = rgb(0x1a, 0x1a, 0x1a)
	muted     = rgb(0x5f, 0x63, 0x68)
	gridCol   = rgb(0xe6, 0xe6, 0xe6)
	panelCol  = rgb(0xf3, 0xf4, 0xf6)
	colFit    = rgb(0x1f, 0x77, 0xb4)
	colFat    = rgb(0x9b, 0x59, 0xb6)
	colForm   = rgb(0x33, 0x33, 0x33)
	colRace   = rgb(0xd6, 0x27, 0x28)
	colToday  = rgb(0x88, 0x88, 0x88)
	curveCols = []color.RGBA{rgb(0xe6, 0x7e, 0x22), rgb(0x5d, 0x6d, 0x7e)}
	// sportColors and otherColors are the view's (view.html) too.
	sportColors = map[string]color.RGBA{"Ride": rgb(0x1f, 0x77, 0xb4), "VirtualRide": rgb(0x4a, 0x9a, 0xd4), "Run": rgb(0xe6, 0x7e, 0x22), "Swim": rgb(0x16, 0xa0, 0x85), "WeightTraining": rgb(0x8e, 0x44, 0xad)}
	otherColors = []color.RGBA{rgb(0x27, 0xae, 0x60), rgb(0xc0, 0x39, 0x2b), rgb(0x7f, 0x8c, 0x8d), rgb(0xf1, 0xc4, 0x0f)}
)

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{R: r, G: g, B: b, A: 255} }

// alpha is c at opacity a (0-1), for fills over a white background.
func alpha(c color.RGBA, a float64) color.NRGBA {
	return color.NRGBA{R: c.R, G: c.G, B: c.B, A: uint8(math.Round(a * 255))}
}

// parseHex reads #rrggbb.
func parseHex(s string) color.RGBA {
	var r, g, b uint8
	if _, err := fmt.Sscanf(s, "#%02x%02x%02x", &r, &g, &b); err != nil {
		return rgb(0x99, 0x99, 0x99)
	}
	return rgb(r, g, b)
}

func sportColor(sport string, i int) color.RGBA {
	if c, ok := sportColors[sport]; ok {
		return c
	}
	return otherColors[i%len(otherColors)]
}

// header writes the chart's title and its subtitle.
func (p *pic) header(title, sub string) {
	p.text(12, 26, title, 18, true, black, left)
	p.text(12, 46, sub, 12, false, muted, left)
}

// empty draws a chart with nothing to show: its title, and why.
func (p *pic) empty(c *Chart, why string) error {
	p.header(c.Title+" · "+c.Athlete, "Dates in "+c.TimeZone)
	p.text(WidthPx/2, HeightPx/2, why, 15, false, muted, centre)
	return nil
}

// linear maps [d0, d1] onto [r0, r1].
func linear(d0, d1, r0, r1 float64) func(float64) float64 {
	return func(v float64) float64 {
		if d1 == d0 {
			return (r0 + r1) / 2
		}
		return r0 + (v-d0)*(r1-r0)/(d1-d0)
	}
}

// niceTicks are round values from lo to hi, about count of them.
func niceTicks(lo, hi float64, count int) []float64 {
	span := hi - lo
	if span <= 0 {
		span = 1
	}
	raw := span / float64(count)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := 10 * mag
	for _, m := range []float64{1, 2, 5} {
		if raw/mag <= m {
			step = m * mag
			break
		}
	}
	var out []float64
	for v := math.Ceil(lo/step) * step; v <= hi+1e-9; v += step {
		out = append(out, math.Round(v*1e6)/1e6)
	}
	return out
}

// yAxis draws horizontal grid lines and labels at vals, the axis line from y0 to y1 at x, and
// the axis title.
func (p *pic) yAxis(x, y0, y1 float64, sc func(float64) float64, vals []float64, label func(float64) string, title string) {
	for _, v := range vals {
		p.line([][2]float64{{x, sc(v)}, {WidthPx - 14, sc(v)}}, gridCol, 1, false)
		p.text(x-6, sc(v)+4, label(v), 12, false, muted, right)
	}
	p.line([][2]float64{{x, y0}, {x, y1}}, muted, 1, false)
	p.vtext(18, (y0+y1)/2, title, 13, black)
}

// legendItem is one entry of a legend: a line (dashed or not) or a box.
type legendItem struct {
	label  string
	col    color.Color
	width  float64
	dashed bool
	box    bool
}

// legend writes items in a row from x with their baseline at y.
func (p *pic) legend(x, y float64, items []legendItem) {
	for _, it := range items {
		if it.box {
			p.rect(x, y-10, 14, 10, it.col, nil)
			x += 18
		} else {
			w := it.width
			if w == 0 {
				w = 2.5
			}
			p.line([][2]float64{{x, y - 4}, {x + 20, y - 4}}, it.col, w, it.dashed)
			x += 24
		}
		p.text(x, y, it.label, 12, false, black, left)
		x += p.width(it.label, 12, false) + 16
	}
}

// dayNum is a local date as a number of days since 1970-01-01 (the charts' X for dates).
func dayNum(date string) float64 {
	t, err := timeParse(date)
	if err != nil {
		return math.NaN()
	}
	return float64(t.Unix()) / 86400
}

// dateAxis draws a grid line on each Monday between first and last and labels one in every
// few, so that at most nine carry a label, below y.
func (p *pic) dateAxis(x func(float64) float64, first, last, y, top float64) {
	weeks := (last - first) / 7
	step := 1
	for _, s := range []int{1, 2, 4, 8, 13} {
		step = s
		if weeks/float64(s) <= 9 {
			break
		}
	}
	i := 0
	for d := math.Ceil(first); d <= last; d++ {
		t := timeFromDay(d)
		if t.Weekday() != 1 {
			continue
		}
		p.line([][2]float64{{x(d), top}, {x(d), y}}, gridCol, 1, false)
		if i%step == 0 {
			p.text(x(d), y+16, t.Format("2 Jan"), 12, false, muted, centre)
		}
		i++
	}
}

// clip shortens s to n characters.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func signed(x float64) string {
	if math.Round(x) == 0 {
		return "0"
	}
	return fmt.Sprintf("%+.0f", x)
}
