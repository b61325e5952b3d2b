package charts

import (
	"testing"

	"golang.org/x/image/font/sfnt"
)

// TestTheFontHasTheLettersOfNames: athletes', races' and sports' names are drawn in the one
// embedded font; the letters of European languages must not come out as boxes.
func TestTheFontHasTheLettersOfNames(t *testing.T) {
	f, err := face()
	if err != nil {
		t.Fatal(err)
	}
	var b sfnt.Buffer
	for _, s := range []string{
		"Fitness, fatigue and form · Alex Demo … 5k 24 Oct (h) +20 −20 ≈ ≤ ≥ –",
		"Zoë Ólafsdóttir, François Müller, Łukasz Dąbrowski, Şenay Ţurcanu, Øyvind Åsen",
		"Γιώργος Παπαδόπουλος", "Олександр Шевченко",
	} {
		for _, r := range s {
			if gi, err := f.GlyphIndex(&b, r); err != nil || gi == 0 {
				t.Errorf("%q: no glyph for %q", s, r)
			}
		}
	}
}

// TestBoldIsWider: a bold text (the regular face emboldened) is wider than the regular one,
// by about what Liberation Sans Bold adds.
func TestBoldIsWider(t *testing.T) {
	ts, err := newTypesetter()
	if err != nil {
		t.Fatal(err)
	}
	const s = "Fitness, fatigue and form · Alex Demo"
	reg, bold := ts.width(s, 18, false), ts.width(s, 18, true)
	if reg < 250 || reg > 350 {
		t.Errorf("regular: %.1f px", reg)
	}
	if bold <= reg || bold > reg*1.1 {
		t.Errorf("bold %.1f px against regular %.1f", bold, reg)
	}
}
