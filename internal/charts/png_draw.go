package charts

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// line is a plotter line of xys in a colour, dashed or not.
func line(xys plotter.XYs, c color.Color, width float64, dashed bool) *plotter.Line {
	l, _ := plotter.NewLine(xys)
	l.Color, l.Width = c, px(width)
	if dashed {
		l.Dashes = []vg.Length{px(6), px(4)}
	}
	return l
}

// vline is a vertical line at x across the plot's Y range.
func vline(p *plot.Plot, x float64, c color.Color, dashed bool) {
	l := line(plotter.XYs{{X: x, Y: p.Y.Min}, {X: x, Y: p.Y.Max}}, c, 1.2, dashed)
	p.Add(l)
}

// split cuts a daily series into its recorded and projected parts (the projected part
// starting at the last recorded point, so the two join).
func split(days []FitnessDay, v func(FitnessDay) float64) (done, proj plotter.XYs) {
	for i, d := range days {
		pt := plotter.XY{X: dayNum(d.Date), Y: v(d)}
		if !d.Projected {
			done = append(done, pt)
			continue
		}
		if len(proj) == 0 && i > 0 {
			proj = append(proj, plotter.XY{X: dayNum(days[i-1].Date), Y: v(days[i-1])})
		}
		proj = append(proj, pt)
	}
	return done, proj
}

func drawFitness(dc draw.Canvas, c *Chart) error {
	f := c.Fitness
	if len(f.Days) < 2 {
		return empty(dc, c, "Intervals.icu has no fitness values for this range.")
	}
	dc = header(dc, c.Title+" · "+c.Athlete, fmt.Sprintf("Dates in %s · solid: Intervals.icu · dashed: projected over planned sessions from %s", c.TimeZone, c.Today))
	first, last := dayNum(f.Days[0].Date), dayNum(f.Days[len(f.Days)-1].Date)
	ticks := dateTicks(first, last)

	top := newPlot()
	top.Y.Label.Text = "Fitness, fatigue (load/day)"
	var bare plot.ConstantTicks
	for _, t := range ticks {
		bare = append(bare, plot.Tick{Value: t.Value})
	}
	top.X.Tick.Marker = bare
	top.X.Min, top.X.Max = first, last
	fd, fp := split(f.Days, func(d FitnessDay) float64 { return d.Fitness })
	ad, ap := split(f.Days, func(d FitnessDay) float64 { return d.Fatigue })
	lf, la := line(fd, colFitness, 2.5, false), line(ad, colFatigue, 1.6, false)
	top.Add(lf, la, line(fp, colFitness, 2.5, true), line(ap, colFatigue, 1.6, true))
	top.Legend.Add("Fitness (CTL)", lf)
	top.Legend.Add("Fatigue (ATL)", la)
	lowest := math.Inf(1)
	for _, d := range f.Days {
		lowest = math.Min(lowest, math.Min(d.Fitness, d.Fatigue))
	}
	top.Y.Min = math.Max(0, math.Floor(lowest*0.8/10)*10)
	top.Y.Max += (top.Y.Max - top.Y.Min) * 0.22 // room for the legend and the race marks

	bottom := newPlot()
	bottom.Y.Label.Text = "Form (CTL - ATL)"
	bottom.X.Label.Text = "Date (" + c.TimeZone + ")"
	bottom.X.Tick.Marker = ticks
	bottom.X.Min, bottom.X.Max = first, last
	lo, hi := 0.0, 0.0
	for _, d := range f.Days {
		lo, hi = math.Min(lo, math.Min(d.Form, -0.35*d.Fitness)), math.Max(hi, math.Max(d.Form, 0.25*d.Fitness))
	}
	lo, hi = math.Floor(lo/5)*5-5, math.Ceil(hi/5)*5+5
	bottom.Y.Min, bottom.Y.Max = lo, hi
	for _, z := range f.Zones {
		var poly plotter.XYs
		for _, d := range f.Days {
			poly = append(poly, plotter.XY{X: dayNum(d.Date), Y: clamp(z.To/100*d.Fitness, lo, hi)})
		}
		for i := len(f.Days) - 1; i >= 0; i-- {
			d := f.Days[i]
			poly = append(poly, plotter.XY{X: dayNum(d.Date), Y: clamp(z.From/100*d.Fitness, lo, hi)})
		}
		pg, err := plotter.NewPolygon(poly)
		if err != nil {
			return err
		}
		col := parseHex(z.Color)
		pg.Color, pg.LineStyle.Width = color.NRGBA{R: col.R, G: col.G, B: col.B, A: 110}, 0
		bottom.Add(pg)
	}
	od, op := split(f.Days, func(d FitnessDay) float64 { return d.Form })
	bottom.Add(line(od, colForm, 2, false), line(op, colForm, 2, true))
	bottom.Y.Tick.Marker = signedTicks{}

	today := dayNum(c.Today)
	for _, p := range []*plot.Plot{top, bottom} {
		vline(p, today, colToday, true)
	}
	for _, r := range f.Races {
		x := dayNum(r.Date)
		vline(top, x, colRace, false)
		vline(bottom, x, colRace, false)
	}

	rows := plot.Align([][]*plot.Plot{{top}, {bottom}}, draw.Tiles{Rows: 2, Cols: 1, PadY: px(4)}, dc)
	// the top plot takes 58% of the height: draw the two into canvases split by hand
	split := dc.Min.Y + (dc.Max.Y-dc.Min.Y)*0.47
	topC, botC := rows[0][0], rows[1][0]
	topC.Min.Y, botC.Max.Y = split+px(4), split-px(4)
	top.Draw(topC)
	bottom.Draw(botC)
	// race labels at the top of the fitness panel
	data := top.DataCanvas(topC)
	tx := text(11, true, colRace)
	tx.XAlign = draw.XCenter
	for _, r := range f.Races {
		x := data.X(top.X.Norm(dayNum(r.Date)))
		label := strings.TrimPrefix(r.Category, "RACE_") + ": " + clip(r.Name, 22)
		data.FillText(tx, vg.Point{X: x, Y: data.Max.Y - px(2)}, label)
	}
	tt := text(11, false, colToday)
	tt.XAlign = draw.XCenter
	data.FillText(tt, vg.Point{X: data.X(top.X.Norm(today)), Y: data.Min.Y + px(14)}, "today")
	zoneKey(dc, f.Zones, botC)
	return nil
}

// zoneKey writes the form zones' colours and names in a row above the form panel, at its right.
func zoneKey(dc draw.Canvas, zones []FormZone, panel draw.Canvas) {
	st := text(11, false, rgb(0x44, 0x44, 0x44))
	st.YAlign = draw.YCenter
	x := panel.Max.X
	y := panel.Max.Y + px(1)
	for i := len(zones) - 1; i >= 0; i-- {
		z := zones[i]
		w := st.Width(z.Name)
		x -= w
		dc.FillText(st, vg.Point{X: x, Y: y}, z.Name)
		x -= px(14)
		col := parseHex(z.Color)
		dc.SetColor(color.NRGBA{R: col.R, G: col.G, B: col.B, A: 160})
		dc.Fill(vg.Rectangle{Min: vg.Point{X: x, Y: y - px(5)}, Max: vg.Point{X: x + px(11), Y: y + px(5)}}.Path())
		x -= px(10)
	}
	st.XAlign = draw.XRight
	dc.FillText(st, vg.Point{X: x, Y: y}, "Form zones (% of fitness):")
}

// clip shortens s to n characters.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// signedTicks label an axis in whole numbers with their sign (form).
type signedTicks struct{}

func (signedTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for _, t := range (plot.DefaultTicks{}).Ticks(lo, hi) {
		if t.Label != "" {
			t.Label = fmt.Sprintf("%+.0f", t.Value)
			if t.Value == 0 {
				t.Label = "0"
			}
		}
		ts = append(ts, t)
	}
	return ts
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }

// parseHex reads #rrggbb.
func parseHex(s string) color.RGBA {
	var r, g, b uint8
	if _, err := fmt.Sscanf(s, "#%02x%02x%02x", &r, &g, &b); err != nil {
		return rgb(0x99, 0x99, 0x99)
	}
	return rgb(r, g, b)
}

// axisName is what a curve chart's axes say.
func axisName(cv *Curves) (x, y string) {
	switch cv.Kind {
	case "pace":
		return "Distance (log scale)", "Pace (min" + strings.TrimPrefix(cv.YUnit, "s") + ", faster up)"
	case "hr":
		return "Duration (log scale)", "Heart rate held (bpm)"
	}
	return "Duration (log scale)", "Power (W)"
}

func drawCurves(dc draw.Canvas, c *Chart) error {
	cv := c.Curves
	p := newPlot()
	p.X.Label.Text, p.Y.Label.Text = axisName(cv)
	p.X.Scale = plot.LogScale{}
	var ticks plot.ConstantTicks
	xs := []float64{1, 5, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200, 14400}
	if cv.XUnit == "m" {
		xs = []float64{25, 50, 100, 200, 400, 1000, 1609.344, 5000, 10000, 21097.5, 42195}
	}
	xmin, xmax := math.Inf(1), math.Inf(-1)
	for _, s := range cv.Series {
		for _, pt := range s.Points {
			xmin, xmax = math.Min(xmin, pt.X), math.Max(xmax, pt.X)
		}
	}
	if math.IsInf(xmin, 0) {
		return empty(dc, c, "No efforts in these periods.")
	}
	for _, x := range xs {
		if x >= xmin*0.97 && x <= xmax*1.03 {
			ticks = append(ticks, plot.Tick{Value: x, Label: CurveLabel(x, cv.XUnit)})
		}
	}
	dc = header(dc, c.Title+" · "+c.Athlete, fmt.Sprintf("Best efforts · dates in %s", c.TimeZone))
	p.X.Tick.Marker = ticks
	p.X.Min, p.X.Max = xmin, xmax
	if strings.HasPrefix(cv.YUnit, "s/") {
		p.Y.Scale = plot.InvertedScale{Normalizer: plot.LinearScale{}}
		p.Y.Tick.Marker = paceTicks{}
		p.Legend.Top = false
	}
	for i, s := range cv.Series {
		var xys plotter.XYs
		for _, pt := range s.Points {
			xys = append(xys, plotter.XY{X: pt.X, Y: pt.Y})
		}
		if len(xys) == 0 {
			continue
		}
		l := line(xys, seriesCols[i%len(seriesCols)], 2.5-float64(i)*0.8, i > 0)
		sc, _ := plotter.NewScatter(xys)
		sc.Color, sc.Radius, sc.Shape = seriesCols[i%len(seriesCols)], px(2.5), draw.CircleGlyph{}
		p.Add(l, sc)
		label := s.Label
		if s.Oldest != "" {
			label += " (" + s.Oldest + ".." + s.Newest + ")"
		}
		p.Legend.Add(label, l)
	}
	if !strings.HasPrefix(cv.YUnit, "s/") {
		p.Y.Min = math.Max(0, p.Y.Min*0.9)
		p.Y.Max *= 1.05
	}
	p.Legend.Left = false
	p.Legend.XOffs = -px(8)
	p.Draw(dc)
	return nil
}

// paceTicks label a pace axis (seconds) in m:ss.
type paceTicks struct{}

func (paceTicks) Ticks(lo, hi float64) []plot.Tick {
	step := 15.0
	for (hi-lo)/step > 8 {
		step *= 2
	}
	var ts []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		ts = append(ts, plot.Tick{Value: v, Label: fmt.Sprintf("%d:%02d", int(v)/60, int(v)%60)})
	}
	return ts
}

func drawVolume(dc draw.Canvas, c *Chart) error {
	v := c.Volume
	n := len(v.Weeks)
	if n == 0 || v.Metric == "" {
		return empty(dc, c, "No weeks to show.")
	}
	dc = header(dc, c.Title+" · "+c.Athlete, fmt.Sprintf("Weeks from Monday, dates in %s · solid: done · light: planned", c.TimeZone))
	p := newPlot()
	p.Y.Label.Text = strings.ToUpper(v.Metric[:1]) + v.Metric[1:] + " (" + v.Unit + ")"
	p.X.Label.Text = "Week (Monday)"
	var names []string
	for _, w := range v.Weeks {
		t, _ := timeParse(w.Monday)
		name := t.Format("2 Jan")
		if w.Monday <= c.Today && addWeek(w.Monday) > c.Today {
			name += "*"
		}
		names = append(names, name)
	}
	dataW := (dc.Max.X - dc.Min.X) * 0.85
	barW := dataW / vg.Length(n) * 0.36
	var doneOn, planOn *plotter.BarChart
	for i, sport := range v.Sports {
		col := sportColor(sport, i)
		done, plan := make(plotter.Values, n), make(plotter.Values, n)
		for j, w := range v.Weeks {
			done[j], plan[j] = w.Done[sport], w.Planned[sport]
		}
		bd, err := plotter.NewBarChart(done, barW)
		if err != nil {
			return err
		}
		bp, err := plotter.NewBarChart(plan, barW)
		if err != nil {
			return err
		}
		bd.Color, bd.LineStyle.Width = col, 0
		bp.Color, bp.LineStyle.Color, bp.LineStyle.Width = lighter(col), col, px(0.8)
		bd.Offset, bp.Offset = -barW/2-px(1), barW/2+px(1)
		if doneOn != nil {
			bd.StackOn(doneOn)
			bp.StackOn(planOn)
		}
		doneOn, planOn = bd, bp
		p.Add(bd, bp)
		p.Legend.Add(sport, bd)
	}
	p.NominalX(names...)
	p.X.Tick.Label.Font = sans(11, false)
	p.Y.Min = 0
	p.Y.Max *= 1.15
	p.Legend.Left = false
	p.Legend.XOffs = -px(8)
	p.Draw(dc)
	ts := text(11, false, colToday)
	ts.XAlign, ts.YAlign = draw.XRight, draw.YBottom
	dc.FillText(ts, vg.Point{X: dc.Max.X - px(4), Y: dc.Min.Y}, "* this week")
	return nil
}

// empty draws a chart with nothing to show: its title, and why.
func empty(dc draw.Canvas, c *Chart, why string) error {
	dc = header(dc, c.Title+" · "+c.Athlete, "Dates in "+c.TimeZone)
	st := text(15, false, rgb(0x55, 0x55, 0x55))
	st.XAlign, st.YAlign = draw.XCenter, draw.YCenter
	dc.FillText(st, dc.Center(), why)
	return nil
}
