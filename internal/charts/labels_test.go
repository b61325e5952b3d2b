package charts

import (
	"image/color"
	"strings"
	"testing"
)

// noOverlap fails when two placed labels overlap or one leaves lo..hi.
func noOverlap(t *testing.T, ls []placedLabel, lo, hi float64) {
	t.Helper()
	for i, l := range ls {
		if l.X-l.W/2 < lo-0.5 || l.X+l.W/2 > hi+0.5 {
			t.Errorf("label %q (%.0f..%.0f) leaves the plot %.0f..%.0f", l.Text, l.X-l.W/2, l.X+l.W/2, lo, hi)
		}
		if i > 0 {
			if p := ls[i-1]; p.X+p.W/2 > l.X-l.W/2 {
				t.Errorf("labels %q and %q overlap (%.0f > %.0f)", p.Text, l.Text, p.X+p.W/2, l.X-l.W/2)
			}
		}
	}
}

func TestLayoutLabels(t *testing.T) {
	width := func(s string) float64 { return 7 * float64(len(s)) }
	far := []markLabel{{X: 100, Long: "C: Park 5k 24 Oct", Short: "C 24 Oct"}, {X: 500, Long: "A: Coastal 70.3 24 Jan", Short: "A 24 Jan"}}
	if got := layoutLabels(far, 0, 800, width); len(got) != 2 || got[0].Text != far[0].Long || got[1].Text != far[1].Long {
		t.Errorf("labels with room keep their long text: %+v", got)
	}
	close := []markLabel{{X: 400, Long: "C: Club 40k Time Trial 19 Dec", Short: "C 19 Dec"}, {X: 480, Long: "B: Harbour Half Marathon 3 Jan", Short: "B 3 Jan"}}
	got := layoutLabels(close, 0, 800, width)
	if len(got) != 2 || got[0].Text != "C 19 Dec" || got[1].Text != "B 3 Jan" {
		t.Errorf("two close labels should be shortened: %+v", got)
	}
	noOverlap(t, got, 0, 800)
	closer := []markLabel{close[0], {X: 420, Long: close[1].Long, Short: close[1].Short}, {X: 790, Long: "A: Coastal 70.3 24 Jan", Short: "A 24 Jan"}}
	got = layoutLabels(closer, 0, 800, width)
	if len(got) != 2 || got[0].Text != "C 19 Dec · B 3 Jan" {
		t.Errorf("short labels that still overlap should be merged: %+v", got)
	}
	noOverlap(t, got, 0, 800)
}

// TestRaceLabelsOfTheFitnessPNGNeverOverlap draws the demo's fitness chart with races a day,
// two weeks and four weeks apart (a 56-day projection's) and checks the labels drawn.
func TestRaceLabelsOfTheFitnessPNGNeverOverlap(t *testing.T) {
	c := sample(t, "fitness")
	days := c.Fitness.Days
	last := days[len(days)-1].Date
	c.Fitness.Races = []Race{
		{Date: days[len(days)-30].Date, Name: "Club 40k Time Trial", Category: "RACE_C"},
		{Date: days[len(days)-15].Date, Name: "Harbour Half Marathon", Category: "RACE_B"},
		{Date: days[len(days)-14].Date, Name: "Bay Run", Category: "RACE_C"},
		{Date: last, Name: "Coastal 70.3 Triathlon", Category: "RACE_A"},
	}
	cv, err := newCanvas(WidthPx, HeightPx, color.White)
	if err != nil {
		t.Fatal(err)
	}
	p := &pic{c: cv}
	if err := p.fitness(c); err != nil {
		t.Fatal(err)
	}
	noOverlap(t, p.labels, 64, WidthPx-14)
	all := ""
	for _, l := range p.labels {
		all += l.Text + " | "
	}
	for _, r := range c.Fitness.Races {
		if !strings.Contains(all, shortDate(r.Date)) {
			t.Errorf("race of %s is in no label: %s", r.Date, all)
		}
	}
}
