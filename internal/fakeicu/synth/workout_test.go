package synth

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestFmtDur(t *testing.T) {
	for secs, want := range map[int]string{45: "45s", 600: "10m", 270: "4m30s", 5400: "1h30m", 3600: "1h", 3661: "1h1m1s"} {
		if got := fmtDur(secs); got != want {
			t.Errorf("fmtDur(%d) = %q, want %q", secs, got, want)
		}
	}
}

var testThresholds = thresholds{ftp: 250, lthr: 168, maxHR: 186, restHR: 48, runSpeed: 1000.0 / 255, swimSpeed: 100.0 / 105}

func TestWorkoutTextRepeatsAndTargets(t *testing.T) {
	w := workout{sport: "VirtualRide", name: "x", blocks: []block{
		{steps: []step{{secs: 600, pct: 60}}},
		{reps: 5, steps: []step{{secs: 240, pct: 105, work: true}, {secs: 240, pct: 50}}},
		{steps: []step{{secs: 600, pct: 50}}},
	}}
	want := "Warmup\n- 10m 60%\n\n5x\n- 4m 105%\n- 4m 50%\n\nCooldown\n- 10m 50%\n"
	if got := w.text(testThresholds); got != want {
		t.Errorf("text:\n%q\nwant\n%q", got, want)
	}
	if got := w.seconds(testThresholds); got != 600+5*480+600 {
		t.Errorf("seconds = %d", got)
	}
}

func TestWorkoutTextRunAndSwim(t *testing.T) {
	run := runTempo(rand.New(rand.NewPCG(1, 2)))
	text := run.text(testThresholds)
	if !strings.Contains(text, "/km Pace") || !strings.Contains(text, "Z2 HR") {
		t.Errorf("tempo run text lacks an absolute pace or an HR zone:\n%s", text)
	}
	swim := swimCSS(rand.New(rand.NewPCG(1, 2)))
	text = swim.text(testThresholds)
	if !strings.Contains(text, "- 400mtr 72% Pace") || strings.Contains(text, "00m ") {
		t.Errorf("swim text:\n%s", text)
	}
	// 100 m at threshold pace (1:45/100m) takes 105 s.
	segs := workout{sport: "Swim", blocks: []block{{steps: []step{{metres: 100, pct: 100}}}}}.segments(testThresholds, 1)
	if d := segs[0].End - segs[0].Start; d != 105 {
		t.Errorf("100 m at threshold pace took %d s, want 105", d)
	}
}

func TestLoadOfOneHourAtThresholdIs100(t *testing.T) {
	l, i := loadOf([]Segment{{Start: 0, End: 3600, Intensity: 1}})
	if l < 99.99 || l > 100.01 || i != 1 {
		t.Errorf("load %v, intensity %v; want 100 and 1", l, i)
	}
}

func TestWorkoutDocZoneTimesAddUp(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, w := range []workout{rideThreshold(r), rideVO2(r), runIntervals(r), swimCSS(r), runLong(r, 80)} {
		d := w.doc(testThresholds)
		sum := 0
		for _, z := range d["zoneTimes"].([]any) {
			m := z.(map[string]any)
			if m["id"] != "SS" {
				sum += m["secs"].(int)
			}
		}
		if sum != d["duration"].(int) || sum != w.seconds(testThresholds) {
			t.Errorf("%s: zone times add up to %d s, duration %v, workout %d s", w.name, sum, d["duration"], w.seconds(testThresholds))
		}
	}
}
