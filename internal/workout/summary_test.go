package workout

import (
	"math"
	"strings"
	"testing"
	"time"
)

func summarise(t *testing.T, sport Sport, text string, th Thresholds) Summary {
	t.Helper()
	return Read(sport, text).Summary(th)
}

func TestSummaryLoad(t *testing.T) {
	tests := []struct {
		name  string
		sport Sport
		text  string
		th    Thresholds
		load  float64
	}{
		{"an hour at FTP is 100", Ride, "- 1h 100%", testTh, 100},
		{"half an hour at 75%", Ride, "- 30m 75%", testTh, 28.1},                               // 0.5 × 0.75² × 100
		{"range uses its midpoint", Ride, "- 1h 70-80%", testTh, 56.3},                         // 0.75²
		{"a ramp's normalized power", Ride, "- 1h ramp 50-100%", testTh, 61.9},                 // NP of a linear ramp, ((1-0.5⁵)/(5×0.5))^¼ = 0.789 unsmoothed; the 30 s smoothing takes a little off
		{"watts over FTP", Ride, "- 1h 200w", testTh, 64},                                      // (200/250)²
		{"power zone midpoint", Ride, "- 1h Z2", testTh, 42.3},                                 // 0.65²
		{"repeats take their normalized power", Ride, "5x\n- 6m 100%\n- 6m 50%", testTh, 72.4}, // NP (0.5×1⁴ + 0.5×0.5⁴)^¼ = 0.854 unsmoothed, less the 30 s smoothing at each change
		{"% LTHR", Run, "- 1h 90% LTHR", testTh, 81},                                           // 0.9²
		{"% max HR converts to % LTHR", Run, "- 1h 85% HR", testTh, 90.3},                      // (0.85 × 190/170)² = 0.95²
		{"% max HR without LTHR", Run, "- 1h 80% HR", Thresholds{}, 64},                        // 0.8²
		{"bpm over LTHR", Run, "- 1h 153bpm", testTh, 81},                                      // (153/170)²
		{"HR zone midpoint", Run, "- 1h Z2 HR", testTh, 72.3},                                  // 0.85²
		{"% pace", Run, "- 1h 80% Pace", testTh, 64},                                           // 0.8²
		{"absolute pace against threshold", Run, "- 1h 4:30/km Pace", testTh, 100},             // threshold is 4:30/km
		{"pace zone midpoint", Run, "- 1h Z2 Pace", testTh, 69.1},                              // Intervals.icu's Z2 of 78.5-87.7%: 0.831²
		{"distance step timed at its pace", Run, "- 10km 4:30/km Pace", testTh, 75},            // 45 minutes at IF 1
		{"swim pace uses swim threshold", Swim, "- 1000mtr 1:45/100m Pace", testTh, 29.2},      // 1050 s at IF 1
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := summarise(t, tt.sport, tt.text, tt.th)
			if math.Abs(s.Load-tt.load) > 0.11 {
				t.Errorf("load %v, want %v (note %q)", s.Load, tt.load, s.Note)
			}
		})
	}
}

func TestSummaryLoadNotEstimable(t *testing.T) {
	tests := []struct {
		name, text, note string
		th               Thresholds
	}{
		{"watts without FTP", "- 1h 200w", "needs the athlete's FTP", Thresholds{}},
		{"bpm without LTHR", "- 1h 150bpm", "needs the athlete's LTHR", Thresholds{}},
		{"pace without threshold", "- 1h 4:30/km Pace", "needs the athlete's threshold pace", Thresholds{}},
		{"no target", "- 1h", "step without a target", testTh},
		{"freeride", "- 1h freeride", "freeride", testTh},
		{"MMP", "- 1h 80% MMP 5m", "% MMP", testTh},
		{"distance without pace", "- 1h Z2 HR\n- 5km Z2 HR", "line 2: time unknown", testTh},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := summarise(t, Run, tt.text, tt.th)
			if s.Load != 0 || !strings.Contains(s.Note, tt.note) {
				t.Errorf("load %v note %q, want 0 and a note containing %q", s.Load, s.Note, tt.note)
			}
			if !strings.Contains(s.String(), "load not estimable") {
				t.Errorf("String %q does not say load is not estimable", s)
			}
		})
	}
}

func TestSummaryTotals(t *testing.T) {
	s := summarise(t, Run, "- 10m Z1 HR\n\n6x\n- 400mtr 3:45/km Pace\n- 90s Z1 HR\n\n- 2km 90% Pace", testTh)
	// 10:00 + 6 × (90 s + 90 s) + 2000 m at 0.9 × 3.7037 m/s (600 s).
	if want := 10*time.Minute + 6*3*time.Minute + 600*time.Second; s.Duration != want {
		t.Errorf("duration %v, want %v", s.Duration, want)
	}
	if s.Distance != 6*400+2000 {
		t.Errorf("distance %v, want 4400", s.Distance)
	}
	if s.Steps != 1+12+1 || !s.EstimatedDuration {
		t.Errorf("steps %d estimated %v", s.Steps, s.EstimatedDuration)
	}
	if got := s.String(); !strings.HasPrefix(got, "~0:38:00") && !strings.HasPrefix(got, "~38:00") {
		t.Errorf("String %q", got)
	}
}

func TestSummaryString(t *testing.T) {
	tests := []struct {
		s    Summary
		want string
	}{
		{Summary{Duration: 75 * time.Minute, Distance: 10240, Load: 78.4}, "1:15:00, 10.2 km, load ~78"},
		{Summary{Duration: 45 * time.Minute, Load: 40}, "45:00, load ~40"},
		{Summary{Duration: 20 * time.Minute, Distance: 800, EstimatedDuration: true}, "~20:00, 800 m, load not estimable"},
	}
	for _, tt := range tests {
		if got := tt.s.String(); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}

// TestSummaryEstimatesTheDistanceOfTimedSteps: a timed step covers its time at its target
// pace, as Intervals.icu estimates it; a step without a pace to go by (heart rate) is counted
// as unpaced time, not as distance.
func TestSummaryEstimatesTheDistanceOfTimedSteps(t *testing.T) {
	th := Thresholds{ThresholdPace: 1000.0 / 255, LTHR: 168} // 4:15/km
	w, err := Parse(Run, "- 10m 5:00/km Pace\n- 20m 95% Pace\n- 10m Z2 HR\n- 10m 75% LTHR\n- 2km 5:00/km Pace")
	if err != nil {
		t.Fatal(err)
	}
	s := w.Summary(th)
	// 600 s at 3.333 m/s + 1200 s at 0.95 × 3.922 = 2000 + 4471
	want := 2000 + 1200*0.95*1000/255
	if math.Abs(s.TimedDistance-want) > 1 || s.Distance != 2000 || s.Unpaced != 20*time.Minute {
		t.Errorf("timed %.0f m (want %.0f), distance steps %.0f m, unpaced %v (want 20m0s)", s.TimedDistance, want, s.Distance, s.Unpaced)
	}
	if got := s.String(); !strings.Contains(got, "~8.5 km") {
		t.Errorf("summary %q does not mark the estimated distance", got)
	}
	if s := w.Summary(Thresholds{}); s.TimedDistance != 2000 || s.Unpaced != 40*time.Minute {
		t.Errorf("without threshold pace only the absolute pace is estimable: timed %.0f m, unpaced %v", s.TimedDistance, s.Unpaced)
	}
}
