package charts

import (
	_ "embed"
	"errors"
	"sync"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// fontTTF is the one font of the PNGs: Chart Sans, a subset of Liberation Sans Regular (Latin,
// Greek, Cyrillic and the punctuation the charts write), the face the view's screenshots use;
// SIL Open Font License (font/OFL.txt), made as font/README.md says.
//
//go:embed font/ChartSans-Regular.ttf
var fontTTF []byte

// face is the parsed font, parsed on the first PNG and never at start-up: a server whose
// clients show views never pays for it.
var face = sync.OnceValues(func() (*sfnt.Font, error) { return sfnt.Parse(fontTTF) })

// typesetter lays text out in the font, for one PNG (an sfnt.Buffer is not shared).
type typesetter struct {
	f   *sfnt.Font
	buf sfnt.Buffer
	upm fixed.Int26_6 // units per em, as the ppem at which outlines come in font units
}

func newTypesetter() (*typesetter, error) {
	f, err := face()
	if err != nil {
		return nil, errors.Join(errors.New("charts: the PNG font cannot be read"), err)
	}
	return &typesetter{f: f, upm: fixed.I(int(f.UnitsPerEm()))}, nil
}

// A bold text is the regular outlines drawn again up to emboldening (a share of the size)
// to the right, a synthetic bold as browsers draw when they have no bold face; each letter
// then advances boldAdvance more, as Liberation Sans Bold's letters do on average.
const (
	emboldening = 1.0 / 20
	boldAdvance = 1.0 / 40
)

// glyph is one letter of a laid-out text: its outline in font units and its pen position in
// pixels along the baseline.
type glyph struct {
	segs sfnt.Segments
	x    float64
}

// layout places s at size pixels from 0 along its baseline, and returns its glyphs (with
// outlines unless only the width is wanted) and its width. A letter the font lacks is drawn as
// its missing-glyph box.
func (t *typesetter) layout(s string, size float64, bold, outlines bool) ([]glyph, float64) {
	scale := size / float64(t.upm)
	extra := 0.0
	if bold {
		extra = size * boldAdvance
	}
	var out []glyph
	x, prev := 0.0, sfnt.GlyphIndex(0)
	for i, r := range []rune(s) {
		gi, err := t.f.GlyphIndex(&t.buf, r)
		if err != nil {
			gi = 0
		}
		if i > 0 {
			if k, err := t.f.Kern(&t.buf, prev, gi, t.upm, xfont.HintingNone); err == nil {
				x += float64(k) * scale
			}
		}
		if outlines {
			if segs, err := t.f.LoadGlyph(&t.buf, gi, t.upm, nil); err == nil {
				out = append(out, glyph{segs: append(sfnt.Segments(nil), segs...), x: x})
			}
		}
		if adv, err := t.f.GlyphAdvance(&t.buf, gi, t.upm, xfont.HintingNone); err == nil {
			x += float64(adv)*scale + extra
		}
		prev = gi
	}
	return out, x
}

// width is the width of s in pixels.
func (t *typesetter) width(s string, size float64, bold bool) float64 {
	_, w := t.layout(s, size, bold, false)
	return w
}
