package charts

import (
	"fmt"
	"image/color"
	"math"
	"strings"
)

// The three charts as PNG, laid out as the view lays them out (view.html), in pixels.

// split cuts a daily series into its recorded and projected parts, the projected part starting
// at the last recorded point so that the two join.
func split(days []FitnessDay, xy func(FitnessDay) [2]float64) (done, proj [][2]float64) {
	for i, d := range days {
		if !d.Projected {
			done = append(done, xy(d))
			continue
		}
		if len(proj) == 0 && i > 0 {
			proj = append(proj, xy(days[i-1]))
		}
		proj = append(proj, xy(d))
	}
	return done, proj
}

func (p *pic) fitness(c *Chart) error {
	f := c.Fitness
	days := f.Days
	if len(days) < 2 {
		return p.empty(c, "Intervals.icu has no fitness values for this range.")
	}
	p.header(c.Title+" · "+c.Athlete, fmt.Sprintf("Dates in %s · solid: Intervals.icu · dashed: projected over planned sessions from %s", c.TimeZone, c.Today))
	const L, R, T0, T1, B0, B1 = 64.0, WidthPx - 14.0, 84.0, 246.0, 262.0, 386.0
	first, last := dayNum(days[0].Date), dayNum(days[len(days)-1].Date)
	x := linear(first, last, L, R)
	top, bottom, lo, hi := 0.0, math.Inf(1), 0.0, 0.0
	for _, d := range days {
		top = math.Max(top, math.Max(d.Fitness, d.Fatigue))
		bottom = math.Min(bottom, math.Min(d.Fitness, d.Fatigue))
		lo = math.Min(lo, math.Min(d.Form, -0.35*d.Fitness))
		hi = math.Max(hi, math.Max(d.Form, 0.25*d.Fitness))
	}
	bottom = math.Max(0, math.Floor(bottom*0.8/10)*10)
	top = math.Ceil((top+(top-bottom)*0.2)/10) * 10
	lo, hi = math.Floor(lo/5)*5-5, math.Ceil(hi/5)*5+5
	yt, yb := linear(bottom, top, T1, T0), linear(lo, hi, B1, B0)

	for _, z := range f.Zones {
		var poly [][2]float64
		for _, d := range days {
			poly = append(poly, [2]float64{x(dayNum(d.Date)), yb(clamp(z.To/100*d.Fitness, lo, hi))})
		}
		for i := len(days) - 1; i >= 0; i-- {
			d := days[i]
			poly = append(poly, [2]float64{x(dayNum(d.Date)), yb(clamp(z.From/100*d.Fitness, lo, hi))})
		}
		p.fill(poly, alpha(parseHex(z.Color), 0.35))
	}
	p.yAxis(L, T0, T1, yt, niceTicks(bottom, top, 5), func(v float64) string { return fmt.Sprintf("%g", v) }, "Fitness, fatigue (load/day)")
	p.yAxis(L, B0, B1, yb, niceTicks(lo, hi, 4), signed, "Form (CTL-ATL)")
	p.dateAxis(x, first, last, B1, T0)
	series := func(v func(FitnessDay) float64, y func(float64) float64, col color.Color, width float64) {
		done, proj := split(days, func(d FitnessDay) [2]float64 { return [2]float64{x(dayNum(d.Date)), y(v(d))} })
		p.line(done, col, width, false)
		p.line(proj, col, width, true)
	}
	series(func(d FitnessDay) float64 { return d.Fatigue }, yt, colFat, 1.6)
	series(func(d FitnessDay) float64 { return d.Fitness }, yt, colFit, 2.5)
	series(func(d FitnessDay) float64 { return d.Form }, yb, colForm, 2)
	if today := dayNum(c.Today); today >= first && today <= last {
		p.line([][2]float64{{x(today), T0}, {x(today), B1}}, colToday, 1, true)
		p.text(x(today)+4, T1-6, "today", 12, false, muted, left)
	}
	var marks []markLabel
	for _, r := range f.Races {
		rx := x(dayNum(r.Date))
		p.line([][2]float64{{rx, T0}, {rx, B1}}, colRace, 1.2, false)
		p.fill([][2]float64{{rx - 5, T0}, {rx + 5, T0}, {rx, T0 + 8}}, colRace)
		cat := strings.TrimPrefix(r.Category, "RACE_")
		marks = append(marks, markLabel{X: rx, Long: cat + ": " + clip(r.Name, 22) + " " + shortDate(r.Date), Short: cat + " " + shortDate(r.Date)})
	}
	p.labels = layoutLabels(marks, L, R, func(s string) float64 { return p.width(s, 12, true) })
	for _, l := range p.labels {
		p.text(l.X, T0-6, l.Text, 12, true, colRace, centre)
	}
	p.legend(L+10, T0+18, []legendItem{{label: "Fitness (CTL)", col: colFit}, {label: "Fatigue (ATL)", col: colFat, width: 1.6}, {label: "Form", col: colForm, width: 2}, {label: "projected", col: muted, width: 1.6, dashed: true}})
	var zones []legendItem
	for _, z := range f.Zones {
		zones = append(zones, legendItem{label: z.Name, col: alpha(parseHex(z.Color), 0.55), box: true})
	}
	p.legend(L+10, HeightPx-12, zones)
	p.text(R, HeightPx-12, "Date ("+c.TimeZone+")", 12, false, muted, right)
	return nil
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }

// shortDate writes a YYYY-MM-DD date as "24 Oct".
func shortDate(date string) string {
	t, err := timeParse(date)
	if err != nil {
		return date
	}
	return t.Format("2 Jan")
}

// paceLabel writes a pace (seconds) as m:ss.
func paceLabel(v float64) string {
	s := int(math.Round(v))
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

func (p *pic) curves(c *Chart) error {
	cv := c.Curves
	xmin, xmax, ymin, ymax := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, s := range cv.Series {
		for _, q := range s.Points {
			xmin, xmax = math.Min(xmin, q.X), math.Max(xmax, q.X)
			ymin, ymax = math.Min(ymin, q.Y), math.Max(ymax, q.Y)
		}
	}
	if math.IsInf(xmin, 0) {
		return p.empty(c, "No efforts in these periods.")
	}
	p.header(c.Title+" · "+c.Athlete, "Best efforts · dates in "+c.TimeZone)
	const L, R, T0, T1 = 70.0, WidthPx - 14.0, 66.0, 388.0
	pace := strings.HasPrefix(cv.YUnit, "s/")
	pad := (ymax - ymin) * 0.08
	if pad == 0 {
		pad = 5
	}
	lo, hi := ymin-pad, ymax+pad
	if !pace {
		lo = math.Max(0, lo)
	}
	lx := linear(math.Log(xmin), math.Log(xmax), L+6, R-6)
	x := func(v float64) float64 { return lx(math.Log(v)) }
	y := linear(lo, hi, T1, T0)
	ticks := niceTicks(lo, hi, 6)
	title, label := "Power (W)", func(v float64) string { return fmt.Sprintf("%g", v) }
	switch {
	case pace:
		y = linear(lo, hi, T0, T1) // faster up
		title, label = "Pace (min"+strings.TrimPrefix(cv.YUnit, "s")+", faster up)", paceLabel
		var whole []float64
		for _, v := range ticks {
			if math.Mod(v, 5) == 0 {
				whole = append(whole, v)
			}
		}
		ticks = whole
	case cv.Kind == "hr":
		title = "Heart rate held (bpm)"
	}
	p.yAxis(L, T0, T1, y, ticks, label, title)
	xs := []float64{1, 5, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200, 14400}
	if cv.XUnit == "m" {
		xs = []float64{25, 50, 100, 200, 400, 1000, 1609.344, 5000, 10000, 21097.5, 42195}
	}
	for _, v := range xs {
		if v < xmin*0.97 || v > xmax*1.03 {
			continue
		}
		p.line([][2]float64{{x(v), T0}, {x(v), T1}}, gridCol, 1, false)
		p.text(x(v), T1+16, CurveLabel(v, cv.XUnit), 12, false, muted, centre)
	}
	p.line([][2]float64{{L, T1}, {R, T1}}, muted, 1, false)
	axis := "Duration (log scale)"
	if cv.XUnit == "m" {
		axis = "Distance (log scale)"
	}
	p.text((L+R)/2, T1+38, axis, 13, false, black, centre)
	var items []legendItem
	for i := len(cv.Series) - 1; i >= 0; i-- {
		s, col := cv.Series[i], curveCols[i%len(curveCols)]
		var pts [][2]float64
		for _, q := range s.Points {
			pts = append(pts, [2]float64{x(q.X), y(q.Y)})
		}
		width := 2.6
		if i > 0 {
			width = 1.8
		}
		p.line(pts, col, width, i > 0)
		for _, q := range pts {
			p.fill(circle(q, 2.6), col)
		}
	}
	for i, s := range cv.Series {
		label := s.Label
		if s.Oldest != "" {
			label += " (" + s.Oldest + ".." + s.Newest + ")"
		}
		w := 2.6
		if i > 0 {
			w = 1.8
		}
		items = append(items, legendItem{label: label, col: curveCols[i%len(curveCols)], width: w, dashed: i > 0})
	}
	ly := T0 + 16
	if pace {
		ly = T1 - 10
	}
	p.legend(L+12, ly, items)
	return nil
}

// circle is a small polygon around q (a curve's point).
func circle(q [2]float64, r float64) [][2]float64 {
	var out [][2]float64
	for i := 0; i < 12; i++ {
		a := float64(i) * math.Pi / 6
		out = append(out, [2]float64{q[0] + r*math.Cos(a), q[1] + r*math.Sin(a)})
	}
	return out
}

func (p *pic) volume(c *Chart) error {
	v := c.Volume
	n := len(v.Weeks)
	if n == 0 || v.Metric == "" {
		return p.empty(c, "No weeks to show.")
	}
	p.header(c.Title+" · "+c.Athlete, "Weeks from Monday, dates in "+c.TimeZone+" · solid: done · light: planned")
	const L, R, T0, T1 = 64.0, WidthPx - 14.0, 84.0, 388.0
	sum := func(m map[string]float64) float64 {
		t := 0.0
		for _, s := range v.Sports {
			t += m[s]
		}
		return t
	}
	top := 0.0
	for _, w := range v.Weeks {
		top = math.Max(top, math.Max(sum(w.Done), sum(w.Planned)))
	}
	if top > 0 {
		top *= 1.12
	} else {
		top = 1
	}
	y := linear(0, top, T1, T0)
	band := (R - L) / float64(n)
	bw := math.Min(34, band*0.36)
	title := strings.ToUpper(v.Metric[:1]) + v.Metric[1:] + " (" + v.Unit + ")"
	p.yAxis(L, T0, T1, y, niceTicks(0, top, 5), func(t float64) string { return fmt.Sprintf("%g", t) }, title)
	for i, w := range v.Weeks {
		cx := L + band*(float64(i)+0.5)
		cur := w.Monday <= c.Today && addWeek(w.Monday) > c.Today
		if cur {
			p.rect(L+band*float64(i), T0, band, T1-T0, panelCol, nil)
		}
		yd, yp := T1, T1
		for j, s := range v.Sports {
			col := sportColor(s, j)
			if d := w.Done[s]; d > 0 {
				h := T1 - y(d)
				yd -= h
				p.rect(cx-bw-1, yd, bw, h, col, nil)
			}
			if q := w.Planned[s]; q > 0 {
				h := T1 - y(q)
				yp -= h
				p.rect(cx+1, yp, bw, h, alpha(col, 0.35), col)
			}
		}
		p.text(cx, T1+16, shortDate(w.Monday), 12, cur, muted, centre)
	}
	p.line([][2]float64{{L, T1}, {R, T1}}, muted, 1, false)
	p.text((L+R)/2, T1+38, "Week from Monday (bold: this week)", 13, false, black, centre)
	var items []legendItem
	for j, s := range v.Sports {
		items = append(items, legendItem{label: s, col: sportColor(s, j), box: true})
	}
	items = append(items, legendItem{label: "planned (light)", col: alpha(muted, 0.35), box: true})
	p.legend(L+12, T0-10, items)
	return nil
}
