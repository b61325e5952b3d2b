package workout

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestParseTree(t *testing.T) {
	text := "Warmup\n- Easy spin 10m ramp 50-70% 90rpm\n\nMain set 3x\n- 2m 315w - 330w press lap\n- 1m Z1-Z2\n\n- 0.4km 4:30/km Pace\n- 1mi Z2 Pace\n- 5m 60% MMP 5m\n- 200yrd 95-100% Pace"
	w, err := Parse(Other, text)
	if err != nil {
		t.Fatal(err)
	}
	want := []Node{
		{Line: 2, Section: "Warmup", Label: "Easy spin", Duration: 10 * time.Minute, Warmup: true,
			Target: Target{Kind: TargetPowerFTP, Low: 50, High: 70, Ramp: true}, Cadence: Range{Low: 90, High: 90}},
		{Line: 4, Section: "Main set", Label: "Main set", Repeat: 3, RepeatText: "Main set 3x", Steps: []Node{
			{Line: 5, Section: "Main set", Duration: 2 * time.Minute, Target: Target{Kind: TargetPowerWatts, Low: 315, High: 330}, UntilLapPress: true},
			{Line: 6, Section: "Main set", Duration: time.Minute, Target: Target{Kind: TargetPowerZone, Low: 1, High: 2}},
		}},
		{Line: 8, Distance: 400, DistanceUnit: "km", Target: Target{Kind: TargetPaceAbs, Low: 270, High: 270, PaceUnit: "km"}},
		{Line: 9, Distance: 1609.344, DistanceUnit: "mi", Target: Target{Kind: TargetPaceZone, Low: 2, High: 2}},
		{Line: 10, Duration: 5 * time.Minute, Target: Target{Kind: TargetPowerMMP, Low: 60, High: 60, MMP: 5 * time.Minute}},
		{Line: 11, Distance: 182.88, DistanceUnit: "yrd", Target: Target{Kind: TargetPacePct, Low: 95, High: 100}},
	}
	if diff := cmp.Diff(want, w.Steps, cmp.Comparer(func(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 })); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestLexForms(t *testing.T) {
	tests := []struct {
		in     string
		kind   tokKind
		lo, hi float64
		dur    time.Duration
		unit   string
	}{
		{"10m", tDuration, 0, 0, 10 * time.Minute, ""},
		{"10M", tDuration, 0, 0, 10 * time.Minute, ""},
		{"30s", tDuration, 0, 0, 30 * time.Second, ""},
		{"1h", tDuration, 0, 0, time.Hour, ""},
		{"1h30m", tDuration, 0, 0, 90 * time.Minute, ""},
		{"1h2m30s", tDuration, 0, 0, time.Hour + 150*time.Second, ""},
		{"5m30s", tDuration, 0, 0, 330 * time.Second, ""},
		{"1m30", tDuration, 0, 0, 90 * time.Second, ""},
		{"1.5m", tUnknownUnit, 0, 0, 0, ""}, // durations are whole numbers for Intervals.icu
		{"5'", tDuration, 0, 0, 5 * time.Minute, ""},
		{"30\"", tDuration, 0, 0, 30 * time.Second, ""},
		{"1'30\"", tDuration, 0, 0, 90 * time.Second, ""},
		{"400mtr", tDistance, 400, 0, 0, "mtr"},
		{"2km", tDistance, 2, 0, 0, "km"},
		{"4.5mi", tDistance, 4.5, 0, 0, "mi"},
		{"200yrd", tDistance, 200, 0, 0, "yrd"},
		{"75%", tPercent, 75, 75, 0, ""},
		{"88-94%", tPercent, 88, 94, 0, ""},
		{"50%-75%", tPercent, 50, 75, 0, ""},
		{"220w", tWatts, 220, 220, 0, ""},
		{"200-240W", tWatts, 200, 240, 0, ""},
		{"200w-240w", tWatts, 200, 240, 0, ""},
		{"145bpm", tBpm, 145, 145, 0, ""},
		{"140-150bpm", tBpm, 140, 150, 0, ""},
		{"90rpm", tRpm, 90, 90, 0, ""},
		{"30-90rpm", tRpm, 30, 90, 0, ""},
		{"Z2", tZone, 2, 2, 0, ""},
		{"Z3-Z4", tZone, 3, 4, 0, ""},
		{"4:30/km", tPace, 270, 270, 0, "km"},
		{"4:30-4:50/km", tPace, 270, 290, 0, "km"},
		{"3:00/100m-4:00/100m", tPace, 180, 240, 0, "100m"},
		{"1:30/100y", tPace, 90, 90, 0, "100y"},
		{"5:00", tPace, 300, 300, 0, ""},
		{"4:30/km-7:30/mi", tUnknownUnit, 270, 450, 0, "km"},
		{"ramp", tRamp, 0, 0, 0, ""},
		{"FreeRide", tFreeride, 0, 0, 0, ""},
		{"10min", tDuration, 0, 0, 10 * time.Minute, ""},
		{"23.21s", tUnknownUnit, 0, 0, 0, ""},
		{"85–95rpm", tRpm, 85, 85, 0, ""},
		{"400meters", tUnknownUnit, 0, 0, 0, ""},
		{"5k", tUnknownUnit, 0, 0, 0, ""},
		{"3x", tWord, 0, 0, 0, ""},
		{"2nd", tWord, 0, 0, 0, ""},
		{"RPE9", tWord, 0, 0, 0, ""},
		{"12", tWord, 0, 0, 0, ""},
	}
	for _, tt := range tests {
		got := lex(tt.in)
		if got.kind != tt.kind || got.lo != tt.lo || got.hi != tt.hi || got.dur != tt.dur || got.unit != tt.unit {
			t.Errorf("lex(%q) = kind %d lo %v hi %v dur %v unit %q; want kind %d lo %v hi %v dur %v unit %q",
				tt.in, got.kind, got.lo, got.hi, got.dur, got.unit, tt.kind, tt.lo, tt.hi, tt.dur, tt.unit)
		}
	}
}
