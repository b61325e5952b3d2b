package charts

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"sort"
	"strings"
	"time"
)

// The plan grid's layout, in pixels, the view's (plan.html) too: a week column, then Monday
// to Sunday; per week its bands, the sessions of each day, the warning badges of the day,
// and under the row the warnings' text.
const (
	planMargin  = 12.0
	planWeekCol = 96.0
	planHead    = 78.0 // title, summary, day names
	planBandH   = 15.0
	planChipH   = 40.0
	planBadgeH  = 14.0
	planWarnH   = 13.0
)

var (
	colBlock  = rgb(0x2e, 0x86, 0xab)
	colPeriod = rgb(0x9e, 0x9e, 0x9e)
	colWarn   = rgb(0xb0, 0x3a, 0x2e)
	colHeld   = rgb(0x75, 0x75, 0x75)
)

// PlanPNG draws the plan's grid as a PNG WidthPx wide, as tall as its weeks need: the layout
// of the plan view, without the form chart.
func PlanPNG(v *Plan) ([]byte, error) {
	weeks := planRows(v)
	h := planHead + planMargin
	for _, w := range weeks {
		h += w.height
	}
	cv, err := newCanvas(WidthPx, int(h), color.White)
	if err != nil {
		return nil, err
	}
	p := &pic{c: cv}
	p.text(planMargin, 24, clip(v.Title+" · "+v.Athlete, 80), 17, true, black, left)
	p.text(planMargin, 44, clip(v.Summary, 130), 11.5, false, muted, left)
	colW := (WidthPx - 2*planMargin - planWeekCol) / 7
	for d, name := range []string{"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"} {
		p.text(planMargin+planWeekCol+colW*float64(d)+4, 70, name, 11, true, muted, left)
	}
	y := planHead
	for _, w := range weeks {
		p.planWeek(v, w, y, colW)
		y += w.height
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, quantize(cv.img)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// planRow is a week of the grid: its sessions and badges by weekday (0 is Monday), its
// bands, its warnings, and its height.
type planRow struct {
	week     PlanWeek
	days     [7][]PlanSession
	badges   [7][]PlanWarn
	bands    []PlanBand
	warnings []PlanWarn
	height   float64
}

// planRows lays the plan out by week.
func planRows(v *Plan) []*planRow {
	var rows []*planRow
	for _, w := range v.Weeks {
		r := &planRow{week: w}
		end := planAddDays(w.Monday, 6)
		for _, s := range v.Sessions {
			if d := planDayIndex(w.Monday, s.Date); d >= 0 && d < 7 {
				r.days[d] = append(r.days[d], s)
			}
		}
		for _, b := range v.Bands {
			if b.First <= end && b.Last >= w.Monday {
				r.bands = append(r.bands, b)
			}
		}
		for _, x := range v.Warnings {
			d := planDayIndex(w.Monday, x.Date)
			if d < 0 || d > 6 {
				continue
			}
			if !x.Week {
				r.badges[d] = append(r.badges[d], x)
			}
			r.warnings = append(r.warnings, x)
		}
		most := 0
		for d := range 7 {
			most = max(most, len(r.days[d])*int(planChipH+2)+len(r.badges[d])*int(planBadgeH))
		}
		r.height = 8 + float64(len(r.bands))*(planBandH+2) + float64(max(most, 44)) + float64(len(r.warnings))*planWarnH + 4
		rows = append(rows, r)
	}
	return rows
}

// planWeek draws one week row at y.
func (p *pic) planWeek(v *Plan, r *planRow, y, colW float64) {
	x0 := planMargin + planWeekCol
	p.line([][2]float64{{planMargin, y}, {WidthPx - planMargin, y}}, gridCol, 1, false)
	w := r.week
	p.text(planMargin, y+16, shortDate(w.Monday), 12, true, black, left)
	p.text(planMargin, y+30, fmt.Sprintf("plan %s · %d", PlanHours(w.Seconds), w.Load), 10, false, black, left)
	if w.HeldSessions > 0 {
		p.text(planMargin, y+43, fmt.Sprintf("held %s · %d", PlanHours(w.HeldSeconds), w.HeldLoad), 10, false, colHeld, left)
	}
	yy := y + 4
	end := planAddDays(w.Monday, 6)
	for _, b := range r.bands {
		d0, d1 := planDayIndex(w.Monday, max(b.First, w.Monday)), planDayIndex(w.Monday, min(b.Last, end))
		col := colPeriod
		if b.Plan {
			col = colBlock
		}
		bx, bw := x0+colW*float64(d0)+1, colW*float64(d1-d0+1)-2
		p.rect(bx, yy, bw, planBandH, alpha(col, 0.18), nil)
		p.rect(bx, yy, 3, planBandH, col, nil)
		p.text(bx+6, yy+11, clip(b.Name+" · "+strings.ToLower(b.Kind), int(bw/6)), 10, true, black, left)
		yy += planBandH + 2
	}
	for d := range 7 {
		cx, cy := x0+colW*float64(d)+1, yy+2
		for _, s := range r.days[d] {
			p.planChip(s, cx, cy, colW-3)
			cy += planChipH + 2
		}
		for _, b := range r.badges[d] {
			p.rect(cx, cy+1, colW-3, planBadgeH-2, alpha(colWarn, 0.12), nil)
			p.text(cx+4, cy+10, clip("! "+b.Kind, int(colW/6)), 9.5, true, colWarn, left)
			cy += planBadgeH
		}
	}
	wy := y + r.height - float64(len(r.warnings))*planWarnH - 2
	for _, x := range r.warnings {
		where := "Week"
		if !x.Week {
			where = planWeekday(x.Date)
		}
		p.text(x0, wy+9, clip(where+": "+x.Text, 125), 9.5, false, colWarn, left)
		wy += planWarnH
	}
}

// planChip draws a session at x, y, w wide: a bar of its sport's colour, its name, time and
// load, and its main targets; one the calendar already holds is greyed, a race outlined red.
func (p *pic) planChip(s PlanSession, x, y, w float64) {
	col := sportColor(s.Sport, 2)
	var stroke color.Color
	if strings.HasPrefix(s.Category, "RACE_") {
		stroke = colRace
	}
	bg := alpha(col, 0.10)
	if s.Existing {
		col, bg = colPeriod, alpha(colPeriod, 0.12)
	}
	p.rect(x, y, w, planChipH, bg, stroke)
	p.rect(x, y, 3, planChipH, col, nil)
	n := int(w / 6.2)
	name := s.Name
	if strings.HasPrefix(s.Category, "RACE_") {
		name = strings.TrimPrefix(s.Category, "RACE_") + " race · " + name
	}
	p.text(x+6, y+12, clip(name, n), 10.5, true, black, left)
	p.text(x+6, y+24, clip(PlanFigures(s), n+2), 10, false, black, left)
	sub := s.Targets
	if s.Existing {
		sub = "in the calendar"
	}
	p.text(x+6, y+36, clip(sub, n+2), 9.5, false, muted, left)
}

// PlanFigures is a session's time and load as the grid shows them: "1:05 · 72", "~3:30 ·
// ~250" when estimated.
func PlanFigures(s PlanSession) string {
	est := ""
	if s.Estimated {
		est = "~"
	}
	var parts []string
	if s.Seconds > 0 {
		parts = append(parts, est+PlanHours(s.Seconds))
	}
	if s.Load > 0 {
		parts = append(parts, fmt.Sprintf("%s%d load", est, s.Load))
	}
	if s.Sport != "" && len(parts) == 0 {
		parts = append(parts, s.Sport)
	}
	return strings.Join(parts, " · ")
}

// PlanHours is a time as h:mm.
func PlanHours(secs int) string {
	return fmt.Sprintf("%d:%02d", secs/3600, secs%3600/60)
}

func planDay(date string) (time.Time, bool) {
	t, err := time.Parse("2006-01-02", date)
	return t, err == nil
}

// planDayIndex is the number of days from monday to date.
func planDayIndex(monday, date string) int {
	m, ok1 := planDay(monday)
	d, ok2 := planDay(date)
	if !ok1 || !ok2 {
		return -1
	}
	return int(math.Floor(d.Sub(m).Hours()/24 + 0.5))
}

func planAddDays(date string, n int) string {
	t, ok := planDay(date)
	if !ok {
		return date
	}
	return t.AddDate(0, 0, n).Format("2006-01-02")
}

func planWeekday(date string) string {
	t, ok := planDay(date)
	if !ok {
		return date
	}
	return t.Format("Mon")
}

// quantize is img in its 256 most frequent colours, each other colour (the edges of text
// and lines) drawn in the nearest of them: a quarter of the RGBA image's size, as readable.
func quantize(img *image.RGBA) *image.Paletted {
	count := map[color.RGBA]int{}
	b := img.Bounds()
	for i := 0; i+3 < len(img.Pix); i += 4 {
		count[color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}]++
	}
	cols := make([]color.RGBA, 0, len(count))
	for c := range count {
		cols = append(cols, c)
	}
	sort.Slice(cols, func(i, j int) bool {
		if count[cols[i]] != count[cols[j]] {
			return count[cols[i]] > count[cols[j]]
		}
		a, z := cols[i], cols[j]
		return uint32(a.R)<<16|uint32(a.G)<<8|uint32(a.B) < uint32(z.R)<<16|uint32(z.G)<<8|uint32(z.B)
	})
	pal := make(color.Palette, 0, 256)
	for _, c := range cols[:min(256, len(cols))] {
		pal = append(pal, c)
	}
	out := image.NewPaletted(b, pal)
	index := map[color.RGBA]uint8{}
	for i, j := 0, 0; i+3 < len(img.Pix); i, j = i+4, j+1 {
		c := color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}
		k, ok := index[c]
		if !ok {
			k = uint8(pal.Index(c))
			index[c] = k
		}
		out.Pix[j] = k
	}
	return out
}
