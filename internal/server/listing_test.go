package server

import "testing"

func TestSummary(t *testing.T) {
	for in, want := range map[string]string{
		"Call first. Today in the athlete's time zone, zones. More here.":          "Call first. Today in the athlete's time zone, zones.",
		"Marks a training block (e.g. Base 1) with its dates and name. Then more.": "Marks a training block (e.g. Base 1) with its dates and name.",
		"Short one":               "Short one",
		"Pipes | are escaped.":    `Pipes \| are escaped.`,
		"Ends at 2.5 h. Not more": "Ends at 2.5 h. Not more",
	} {
		if got := summary(in); got != want {
			t.Errorf("summary(%q) = %q, want %q", in, got, want)
		}
	}
}
