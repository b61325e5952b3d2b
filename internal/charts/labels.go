package charts

import (
	"math"
	"strings"
)

// Labels of markers on a date axis (races), laid out on one line so that none overlaps
// another: each is centred on its marker and kept inside the plot; where two would overlap,
// both are shortened (category and date, without the name), and where short ones still
// overlap they are merged into one label ("B 27 Dec · A 24 Jan") centred between their
// markers. view.html lays out its labels by the same rule (layoutLabels there), with the
// browser's text widths.

// markLabel is one marker's label: its x (pixels), its long and its short text.
type markLabel struct {
	X           float64
	Long, Short string
}

// placedLabel is a label as drawn: its text, centred on X, W wide.
type placedLabel struct {
	Text string
	X, W float64
}

// labelGap is the least room between two labels, in pixels.
const labelGap = 8

// layoutLabels places marks (sorted by X) between lo and hi, measuring text with width.
func layoutLabels(marks []markLabel, lo, hi float64, width func(string) float64) []placedLabel {
	type group struct {
		members []markLabel
		short   bool
	}
	groups := make([]*group, len(marks))
	for i, m := range marks {
		groups[i] = &group{members: []markLabel{m}}
	}
	place := func(g *group) placedLabel {
		var texts []string
		sum := 0.0
		for _, m := range g.members {
			t := m.Long
			if g.short {
				t = m.Short
			}
			texts = append(texts, t)
			sum += m.X
		}
		text := strings.Join(texts, " · ")
		w := width(text)
		x := sum / float64(len(g.members))
		x = math.Max(lo+w/2, math.Min(hi-w/2, x))
		return placedLabel{Text: text, X: x, W: w}
	}
	for {
		overlap := -1
		for i := 0; i+1 < len(groups); i++ {
			a, b := place(groups[i]), place(groups[i+1])
			if a.X+a.W/2+labelGap > b.X-b.W/2 {
				overlap = i
				break
			}
		}
		if overlap < 0 {
			break
		}
		a, b := groups[overlap], groups[overlap+1]
		if !a.short || !b.short {
			a.short, b.short = true, true
			continue
		}
		a.members = append(a.members, b.members...)
		groups = append(groups[:overlap+1], groups[overlap+2:]...)
	}
	out := make([]placedLabel, len(groups))
	for i, g := range groups {
		out[i] = place(g)
	}
	return out
}
