package charts

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/vector"
)

// canvas is a PNG's pixels, y down as in the view's SVG, and the three things the charts draw
// on them: filled polygons, strokes (solid or dashed) and text, anti-aliased by
// golang.org/x/image/vector.
type canvas struct {
	img *image.RGBA
	z   vector.Rasterizer
	t   *typesetter
}

func newCanvas(w, h int, background color.Color) (*canvas, error) {
	t, err := newTypesetter()
	if err != nil {
		return nil, err
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(background), image.Point{}, draw.Src)
	return &canvas{img: img, t: t}, nil
}

// shape is an outline being built, in pixels: closed contours of lines and quadratic or cubic
// curves. Where contours overlap the pixels are covered once (the rasterizer adds the
// contours' signed areas and caps the sum at full): strokes are built of pieces all turning
// the same way, so that their union is drawn, never an overlap twice as dark.
type shape struct {
	ops    []shapeOp
	n      int     // points added
	x0, y0 float64 // the bounds of the points, control points included
	x1, y1 float64
}

type shapeOp struct {
	kind byte // 'M' move, 'L' line, 'Q' quadratic, 'C' cubic
	p    [3][2]float64
}

func (s *shape) grow(q [2]float64) {
	if s.n == 0 {
		s.x0, s.y0, s.x1, s.y1 = q[0], q[1], q[0], q[1]
	}
	s.n++
	s.x0, s.y0 = math.Min(s.x0, q[0]), math.Min(s.y0, q[1])
	s.x1, s.y1 = math.Max(s.x1, q[0]), math.Max(s.y1, q[1])
}

func (s *shape) add(kind byte, pts ...[2]float64) {
	var o shapeOp
	o.kind = kind
	for i, q := range pts {
		s.grow(q)
		o.p[i] = q
	}
	s.ops = append(s.ops, o)
}

// polygon adds the closed polygon through pts, turning the positive way (a positive area
// in y-down pixels) whatever the order of pts.
func (s *shape) polygon(pts [][2]float64) {
	if len(pts) < 3 {
		return
	}
	area := 0.0
	for i, q := range pts {
		r := pts[(i+1)%len(pts)]
		area += q[0]*r[1] - r[0]*q[1]
	}
	s.add('M', pts[0])
	if area >= 0 {
		for _, q := range pts[1:] {
			s.add('L', q)
		}
		return
	}
	for i := len(pts) - 1; i > 0; i-- {
		s.add('L', pts[i])
	}
}

// fill draws the shape in col, over what is there.
func (c *canvas) fill(s *shape, col color.Color) {
	if len(s.ops) == 0 {
		return
	}
	r := image.Rect(int(math.Floor(s.x0)), int(math.Floor(s.y0)), int(math.Ceil(s.x1))+1, int(math.Ceil(s.y1))+1)
	r = r.Intersect(c.img.Bounds())
	if r.Empty() {
		return
	}
	z := &c.z
	z.Reset(r.Dx(), r.Dy())
	z.DrawOp = draw.Over
	dx, dy := float64(r.Min.X), float64(r.Min.Y)
	pt := func(q [2]float64) (float32, float32) { return float32(q[0] - dx), float32(q[1] - dy) }
	open := false
	for _, o := range s.ops {
		switch o.kind {
		case 'M':
			if open {
				z.ClosePath()
			}
			z.MoveTo(pt(o.p[0]))
			open = true
		case 'L':
			z.LineTo(pt(o.p[0]))
		case 'Q':
			bx, by := pt(o.p[0])
			cx, cy := pt(o.p[1])
			z.QuadTo(bx, by, cx, cy)
		case 'C':
			bx, by := pt(o.p[0])
			cx, cy := pt(o.p[1])
			ex, ey := pt(o.p[2])
			z.CubeTo(bx, by, cx, cy, ex, ey)
		}
	}
	if open {
		z.ClosePath()
	}
	z.Draw(c.img, r, image.NewUniform(col), image.Point{})
}

// polygonFill fills the polygon through pts.
func (c *canvas) polygonFill(pts [][2]float64, col color.Color) {
	var s shape
	s.polygon(pts)
	c.fill(&s, col)
}

// stroke draws the polyline through pts, width pixels wide, with round joins and square-cut
// ends; a dash pattern (on, off, ... in pixels) cuts it into dashes along its length.
func (c *canvas) stroke(pts [][2]float64, width float64, col color.Color, dash []float64) {
	var s shape
	if len(dash) == 0 {
		strokeShape(&s, pts, width)
	} else {
		for _, d := range dashes(pts, dash) {
			strokeShape(&s, d, width)
		}
	}
	c.fill(&s, col)
}

// strokeShape adds the outline of the polyline pts: a rectangle along each segment and a disc
// at each inner vertex.
func strokeShape(s *shape, pts [][2]float64, width float64) {
	h := width / 2
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		dx, dy := b[0]-a[0], b[1]-a[1]
		l := math.Hypot(dx, dy)
		if l == 0 {
			continue
		}
		nx, ny := -dy/l*h, dx/l*h
		s.polygon([][2]float64{{a[0] + nx, a[1] + ny}, {b[0] + nx, b[1] + ny}, {b[0] - nx, b[1] - ny}, {a[0] - nx, a[1] - ny}})
		if i < len(pts)-1 {
			s.polygon(disc(b, h))
		}
	}
}

// disc is a polygon close enough to a circle of radius r around q at the sizes drawn here.
func disc(q [2]float64, r float64) [][2]float64 {
	const n = 16
	out := make([][2]float64, n)
	for i := range out {
		a := float64(i) * 2 * math.Pi / n
		out[i] = [2]float64{q[0] + r*math.Cos(a), q[1] + r*math.Sin(a)}
	}
	return out
}

// dashes cuts the polyline pts into the "on" pieces of the pattern, which runs on across
// the vertices.
func dashes(pts [][2]float64, pattern []float64) [][][2]float64 {
	var out [][][2]float64
	var cur [][2]float64
	i, left, on := 0, pattern[0], true
	if on {
		cur = [][2]float64{pts[0]}
	}
	for k := 1; k < len(pts); k++ {
		a, b := pts[k-1], pts[k]
		l := math.Hypot(b[0]-a[0], b[1]-a[1])
		for pos := 0.0; l-pos > 1e-9; {
			step := math.Min(left, l-pos)
			pos += step
			left -= step
			q := [2]float64{a[0] + (b[0]-a[0])*pos/l, a[1] + (b[1]-a[1])*pos/l}
			if on {
				cur = append(cur, q)
			}
			if left <= 1e-9 {
				if on && len(cur) > 1 {
					out = append(out, cur)
				}
				i = (i + 1) % len(pattern)
				left, on = pattern[i], !on
				cur = nil
				if on {
					cur = [][2]float64{q}
				}
			}
		}
	}
	if on && len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

// text writes s in col at size pixels, its baseline starting at (x, y) (after align, a share
// of its width: 0 left, -0.5 centred, -1 right), turned a quarter left when up is set (read
// from the bottom up, as an axis title).
func (c *canvas) text(x, y float64, s string, size float64, bold bool, col color.Color, align float64, up bool) {
	glyphs, w := c.t.layout(s, size, bold, true)
	scale := size / float64(c.t.upm)
	shift := w * align
	// to maps a point of the text (u along the baseline from the anchor, v down) to pixels.
	to := func(u, v float64) [2]float64 {
		if up {
			return [2]float64{x + v, y - u}
		}
		return [2]float64{x + u, y + v}
	}
	offsets := []float64{0}
	if bold {
		e := size * emboldening
		offsets = []float64{0, e / 3, 2 * e / 3, e}
	}
	var sh shape
	for _, g := range glyphs {
		for _, off := range offsets {
			addGlyph(&sh, g.segs, func(px, py float64) [2]float64 {
				return to(shift+g.x+off+px*scale, py*scale)
			})
		}
	}
	c.fill(&sh, col)
}

// addGlyph adds a glyph's contours (font units, y down) through the mapping to pixels.
func addGlyph(s *shape, segs sfnt.Segments, to func(x, y float64) [2]float64) {
	for _, seg := range segs {
		p := func(i int) [2]float64 { return to(float64(seg.Args[i].X), float64(seg.Args[i].Y)) }
		switch seg.Op {
		case sfnt.SegmentOpMoveTo:
			s.add('M', p(0))
		case sfnt.SegmentOpLineTo:
			s.add('L', p(0))
		case sfnt.SegmentOpQuadTo:
			s.add('Q', p(0), p(1))
		case sfnt.SegmentOpCubeTo:
			s.add('C', p(0), p(1), p(2))
		}
	}
}
