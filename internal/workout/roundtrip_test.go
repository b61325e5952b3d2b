package workout

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

var testTh = Thresholds{FTP: 250, LTHR: 170, MaxHR: 190, ThresholdPace: 1000.0 / 270, VMA: 5, SwimThresholdPace: 100.0 / 105}

// TestBuildParseRoundTrip builds text from plain steps, parses it back, and expects
// the same steps in canonical plain units (durations as m:ss / h:mm:ss).
func TestBuildParseRoundTrip(t *testing.T) {
	tests := []struct {
		name  string
		sport Sport
		in    Step
		want  Step // zero: same as in
	}{
		{"ride % FTP", Ride, Step{Duration: "600", Target: "75% FTP"}, Step{Duration: "10:00", Target: "75% FTP"}},
		{"ride % FTP range", Ride, Step{Duration: "5:00", Target: "88-94% FTP"}, Step{}},
		{"ride decimal %", Ride, Step{Duration: "5:00", Target: "72.5% FTP"}, Step{}},
		{"ride ramp", Ride, Step{Label: "Warmup", Duration: "10:00", Target: "ramp 50-75% FTP"}, Step{}},
		{"ride ramp down", Ride, Step{Duration: "10:00", Target: "ramp 65-40% FTP"}, Step{}},
		{"ride watts", Ride, Step{Duration: "1:30", Target: "220W"}, Step{}},
		{"ride watts range", Ride, Step{Duration: "1:30", Target: "200-240W"}, Step{}},
		{"ride power zone", Ride, Step{Duration: "1:00:00", Target: "Z2"}, Step{}},
		{"ride power zone range", Ride, Step{Duration: "20:00", Target: "Z3-Z4"}, Step{}},
		{"ride power zone explicit", Ride, Step{Duration: "20:00", Target: "Z3 power"}, Step{Duration: "20:00", Target: "Z3"}},
		{"ride cadence", Ride, Step{Duration: "3:00", Target: "110% FTP", Cadence: "95rpm"}, Step{}},
		{"ride cadence range", Ride, Step{Duration: "3:00", Target: "Z2", Cadence: "85-95rpm"}, Step{}},
		{"ride freeride", Ride, Step{Duration: "20:00", Target: "freeride"}, Step{}},
		{"ride no target", Ride, Step{Duration: "45"}, Step{Duration: "0:45"}},
		{"ride HR zone", Ride, Step{Duration: "1:05:30", Target: "Z2 HR"}, Step{}},
		{"ride % LTHR", Ride, Step{Duration: "10:00", Target: "95% LTHR"}, Step{}},
		{"ride % max HR", Ride, Step{Duration: "10:00", Target: "70-75% maxHR"}, Step{}},
		{"ride bpm is written as % LTHR", Ride, Step{Duration: "10:00", Target: "145bpm"}, Step{Duration: "10:00", Target: "85% LTHR"}},
		{"ride bpm range is written as % LTHR", Ride, Step{Duration: "10:00", Target: "140-150bpm"}, Step{Duration: "10:00", Target: "82-88% LTHR"}},
		{"ride HR ramp", Ride, Step{Duration: "10:00", Target: "ramp 45-60% LTHR"}, Step{}},
		{"ride distance km", Ride, Step{Distance: "20km", Target: "Z2"}, Step{}},
		{"ride long duration", Ride, Step{Duration: "4:30:00", Target: "65% FTP"}, Step{}},
		{"run % pace", Run, Step{Duration: "600", Target: "90% pace"}, Step{Duration: "10:00", Target: "90% pace"}},
		{"run pace zone", Run, Step{Duration: "10:00", Target: "Z2 pace"}, Step{}},
		{"run pace zone range", Run, Step{Duration: "10:00", Target: "Z3-Z5 pace"}, Step{}},
		{"run absolute pace", Run, Step{Distance: "1km", Target: "4:35/km"}, Step{}},
		{"run absolute pace range", Run, Step{Distance: "400m", Target: "4:30-4:50/km"}, Step{}},
		{"run pace per mile", Run, Step{Distance: "1mi", Target: "7:30/mi"}, Step{}},
		{"run pace ramp", Run, Step{Duration: "10:00", Target: "ramp 60-80% pace"}, Step{}},
		{"run metres", Run, Step{Distance: "800m", Target: "95-100% pace"}, Step{}},
		{"run mtr input", Run, Step{Distance: "800mtr", Target: "Z4 HR"}, Step{Distance: "800m", Target: "Z4 HR"}},
		{"run decimal km", Run, Step{Distance: "0.4km", Target: "Z5 pace"}, Step{}},
		{"run VMA", Run, Step{Distance: "400m", Target: "100% VMA"}, Step{Distance: "400m", Target: "3:20/km"}},
		{"run VMA range", Run, Step{Duration: "3:00", Target: "90-95% VMA"}, Step{Duration: "3:00", Target: "3:42-3:31/km"}},
		{"run HR", Run, Step{Label: "Easy", Duration: "40:00", Target: "Z2 HR"}, Step{}},
		{"run power zone", Run, Step{Duration: "5:00", Target: "Z4 power"}, Step{}},
		{"run FTP power", Run, Step{Duration: "5:00", Target: "100% FTP"}, Step{}},
		{"swim % pace", Swim, Step{Distance: "100m", Target: "90% pace"}, Step{}},
		{"swim absolute pace", Swim, Step{Distance: "200m", Target: "1:45/100m"}, Step{}},
		{"swim pace range", Swim, Step{Distance: "400m", Target: "1:40-1:50/100m"}, Step{}},
		{"swim yards", Swim, Step{Distance: "200yd", Target: "1:30/100yd"}, Step{}},
		{"swim rest", Swim, Step{Label: "Rest", Duration: "20"}, Step{Label: "Rest", Duration: "0:20"}},
		{"other watts", Other, Step{Duration: "1:00", Target: "300W"}, Step{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := tt.want
			if cmp.Equal(want, Step{}) {
				want = tt.in
			}
			text, err := Build(tt.sport, []Step{tt.in}, testTh)
			if err != nil {
				t.Fatalf("Build: %v", err)
			}
			w, err := Parse(tt.sport, text)
			if err != nil {
				t.Fatalf("Parse(%q): %v", text, err)
			}
			if diff := cmp.Diff([]Step{want}, w.Plain()); diff != "" {
				t.Errorf("text %q round trip (-want +got):\n%s", text, diff)
			}
		})
	}
}

func TestBuildParseRoundTripWholeWorkouts(t *testing.T) {
	steps := []Step{
		{Label: "Warmup", Duration: "10:00", Target: "ramp 50-75% FTP", Cadence: "90rpm"},
		{Label: "Main set", Repeat: 5, Steps: []Step{
			{Duration: "3:00", Target: "110% FTP"},
			{Label: "Recover", Duration: "2:00", Target: "Z1"},
		}},
		{Repeat: 3, Steps: []Step{
			{Duration: "0:30", Target: "150% FTP"},
			{Duration: "0:30", Target: "50% FTP"},
		}},
		{Label: "Cooldown", Duration: "10:00", Target: "55% FTP"},
	}
	text, err := Build(Ride, steps, testTh)
	if err != nil {
		t.Fatal(err)
	}
	want := "Warmup\n- 10m ramp 50-75% 90rpm\n\nMain set 5x\n- 3m 110%\n- Recover 2m Z1\n\n3x\n- 30s 150%\n- 30s 50%\n\nCooldown\n- 10m 55%"
	if text != want {
		t.Fatalf("Build text:\n%s\nwant:\n%s", text, want)
	}
	w, err := Parse(Ride, text)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(steps, w.Plain()); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	sum, problems := Check(Ride, text, testTh)
	if len(problems) != 0 {
		t.Errorf("built text has problems: %v", problems)
	}
	if sum.Steps != 2+5*2+3*2 {
		t.Errorf("steps %d, want 18", sum.Steps)
	}
}

func TestParseTextRoundTripsThroughPlainAndBuild(t *testing.T) {
	// Text as people write it: Intervals.icu's own variants must survive Parse → Plain → Build → Parse.
	text := "Warmup\n- 5m30s 60% 90rpm\n- 1m30 ramp 50%-75%\n\nMain Set 4x\n- 2m 315w - 330w press lap\n- 5' Z2 HR\n\n- 1h2m30s 70-80% HR\n- 1'30\" 95% LTHR"
	w, err := Parse(Ride, text)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Build(Ride, w.Plain(), testTh)
	if err != nil {
		t.Fatal(err)
	}
	w2, err := Parse(Ride, again)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(w.Plain(), w2.Plain()); diff != "" {
		t.Errorf("(-first +second):\n%s", diff)
	}
	want := []Step{
		{Label: "Warmup", Duration: "5:30", Target: "60% FTP", Cadence: "90rpm"}, // both under the header
		{Label: "Warmup", Duration: "1:30", Target: "ramp 50-75% FTP"},
		{Label: "Main Set", Repeat: 4, Steps: []Step{{Duration: "2:00", Target: "315-330W"}, {Duration: "5:00", Target: "Z2 HR"}}},
		{Duration: "1:02:30", Target: "70-80% maxHR"},
		{Duration: "1:30", Target: "95% LTHR"},
	}
	if diff := cmp.Diff(want, w.Plain()); diff != "" {
		t.Errorf("parsed (-want +got):\n%s", diff)
	}
}

func TestBuildRunWorkoutChecksCleanWithSummary(t *testing.T) {
	steps := []Step{
		{Label: "Warmup", Duration: "15:00", Target: "Z2 HR"},
		{Label: "Track", Repeat: 6, Steps: []Step{
			{Distance: "800m", Target: "100% VMA"},
			{Label: "Jog", Duration: "2:00", Target: "60% pace"},
		}},
		{Label: "Cooldown", Distance: "2km", Target: "5:30/km"},
	}
	text, err := Build(Run, steps, testTh)
	if err != nil {
		t.Fatal(err)
	}
	want := "Warmup\n- 15m Z2 HR\n\nTrack 6x\n- 800mtr 3:20/km Pace\n- Jog 2m 60% Pace\n\nCooldown\n- 2km 5:30/km Pace"
	if text != want {
		t.Fatalf("text\n%s\nwant\n%s", text, want)
	}
	sum, problems := Check(Run, text, testTh)
	if len(problems) != 0 {
		t.Errorf("problems %v", problems)
	}
	// 15:00 + 6 × (2:40 + 2:00) + 2 km at 5:30/km (11:00) = 54:00; 6.8 km of distance
	// steps, and the timed ones with a pace target at it, threshold 4:30/km (3.70 m/s): 6 ×
	// 2m at 60% (1,600 m), ~8.4 km in all (the heart-rate warm-up has no pace to go by).
	// Load: 0.25h×0.85² + 6×(160s at IF 1.35 + 2m at 0.6) + 11m at IF 0.818
	// = 18.1 + 48.6 + 7.2 + 12.3 = 86.
	if got := sum.String(); got != "~54:00, ~8.4 km, load ~86" {
		t.Errorf("summary %q", got)
	}
}
