package workout

import (
	"errors"
	"strings"
	"testing"
)

// TestCheckCatchesEveryTrap: each trap gives exactly one problem of the given
// severity on the given line, and the message says what to write.
func TestCheckCatchesEveryTrap(t *testing.T) {
	tests := []struct {
		name     string
		sport    Sport
		text     string
		line     int
		severity Severity
		message  string
	}{
		{"400m in a run is minutes", Run, "- 400m 90% Pace", 1, SeverityError, "400m means 400 minutes in Intervals.icu: write 400mtr for metres"},
		{"800m in a swim is minutes", Swim, "- 10m Z1 Pace\n- 800m 80% Pace", 2, SeverityError, "800m means 800 minutes in Intervals.icu: write 800mtr"},
		{"open water swim follows swim rules", "OpenWaterSwim", "- 100m 80% Pace", 1, SeverityError, "write 100mtr for metres"},
		{"trail run follows run rules", "TrailRun", "- 150m Z2 HR", 1, SeverityWarning, "150m means 150 minutes (2h30m)"},
		{"100m in a swim is minutes", Swim, "- 100m 80% Pace", 1, SeverityError, "write 100mtr for metres"},
		{"200m in a ride is implausible minutes", Ride, "- 200m 60%", 1, SeverityError, "or 3h20m if you meant minutes"},
		{"120m in a run may be a long run", Run, "- 120m Z2 HR", 1, SeverityWarning, "write 120mtr if you meant metres, or 2h"},
		{"absolute pace without the word pace", Run, "- 5m 4:30/km", 1, SeverityError, "an absolute pace needs the word pace after it: write 4:30/km pace"},
		{"absolute pace range without pace", Run, "- 1km 4:30-4:50/km", 1, SeverityError, "write 4:30-4:50/km pace"},
		{"m:ss is not a duration", Run, "- 5:00 Z2 HR", 1, SeverityError, "\"5:00\" is no duration for it: write 5m"},
		{"300% FTP for 20 minutes", Ride, "- 20m 300%", 1, SeverityWarning, "300% of FTP for 20:00 is not sustainable"},
		{"watts over twice FTP for long", Ride, "- 10m 600w", 1, SeverityWarning, "600w is over twice the FTP (250w)"},
		{"repeat without blank line before", Ride, "- 10m 50%\n3x\n- 1m 100%\n- 1m 50%", 2, SeverityError, "put a blank line before the repeat line"},
		{"repeat block without blank line after", Ride, "3x\n- 1m 100%\n- 1m 50%\nCooldown\n- 10m 50%", 4, SeverityError, "put a blank line after the repeat block of line 1"},
		{"nested repeat", Ride, "3x\n- 1m 100%\n2x\n- 30s 50%", 3, SeverityError, "nested repeats are not supported"},
		{"repeat without steps", Ride, "- 10m 50%\n\n4x\n\n- 10m 50%", 3, SeverityError, "the repeat line has no steps under it"},
		{"zero repeats", Ride, "0x\n- 1m 100%", 1, SeverityError, "repeat count \"0\" must be from 1 to 1000"},
		{"one repeat", Ride, "1x\n- 1m 100%", 1, SeverityWarning, "1x repeats its block once"},
		{"step without duration", Ride, "- 75%", 1, SeverityError, "Intervals.icu drops this line: a step needs a duration or a distance"},
		{"step of only words", Ride, "- Warmup easy", 1, SeverityError, "Intervals.icu drops this line: a step needs a duration or a distance"},
		{"note line of dashes", Ride, "--- Coach notes ---\n- 10m 50%", 1, SeverityError, "a note goes on a line without the leading -"},
		{"decimal seconds are cue text", Ride, "- Last lap 23.21s 2m 100%", 1, SeverityWarning, "\"23.21s\" is cue text for Intervals.icu"},
		{"en dash range", Ride, "- 10m 75% 85–95rpm", 1, SeverityError, "Intervals.icu reads its first value alone; write the range with a hyphen (85-95rpm)"},
		{"a number after a unit", Ride, "- Start 500w+ 30s 500w", 1, SeverityWarning, "\"500w+\" is cue text for Intervals.icu"},
		{"markdown bullet", Ride, "* 10m 75%", 1, SeverityError, "step lines start with a hyphen and a space"},
		{"en dash bullet", Ride, "– 10m 75%", 1, SeverityError, "not \"–\": write - 10m 75%"},
		{"step line without dash", Ride, "10m 75%", 1, SeverityError, "step lines start with \"- \": write - 10m 75%"},
		{"label with distance", Run, "- Run 2km easy 10m Z2 HR", 1, SeverityError, "more than one duration or distance (2km, 10m)"},
		{"label with seconds", Ride, "- Hold 30s then 1m 120%", 1, SeverityError, "more than one duration or distance (30s, 1m)"},
		{"label with minutes", Ride, "- 20min effort 20m 276w-305w", 1, SeverityError, "more than one duration or distance (20min, 20m): Intervals.icu takes the last, 20m"},
		{"header with duration", Ride, "Warmup 10m\n- 10m 60%", 1, SeverityWarning, "the header contains \"10m\""},
		{"unknown unit mins", Ride, "- 10mins 60%", 1, SeverityError, "\"10mins\" is no duration for it: write 10m"},
		{"repeat inline", Run, "- 8x400m 90% pace", 1, SeverityError, "\"8x400m\" is no duration for it: write the repeat on a line of its own (8x) with its steps below it; in Intervals.icu m is minutes and mtr metres (400mtr)"},
		{"unknown unit k", Run, "- 5k Z2 HR", 1, SeverityError, "\"5k\" is no duration for it: write 5km"},
		{"unknown unit meters", Run, "- 400meters Z4 HR", 1, SeverityError, "write 400mtr"},
		{"unknown unit yards", Swim, "- 100yd 80% Pace", 1, SeverityError, "write 100yrd"},
		{"ramp with one value", Ride, "- 10m ramp 50%", 1, SeverityError, "a ramp needs two values"},
		{"ramp with nothing", Ride, "- 10m ramp", 1, SeverityError, "ramp needs a range after it"},
		{"HR over 100% of max", Run, "- 10m 105% HR", 1, SeverityWarning, "heart rate cannot exceed 100% of max HR"},
		{"LTHR far over 100", Run, "- 10m 120% LTHR", 1, SeverityWarning, "120% of LTHR is above most athletes' max HR"},
		{"bpm is no syntax of Intervals.icu's", Run, "- 10m 150bpm", 1, SeverityError, "Intervals.icu's workout syntax has no heart rate in bpm"},
		{"zone 0", Ride, "- 10m Z0", 1, SeverityError, "zones are numbered from 1"},
		{"zone 9", Ride, "- 10m Z9", 1, SeverityWarning, "zones go up to Z7"},
		{"pace faster than world record", Run, "- 1km 1:30/km Pace", 1, SeverityWarning, "faster than world-record pace"},
		{"pace % absurd", Run, "- 10m 190% Pace", 1, SeverityWarning, "190% of threshold pace is not plausible"},
		{"pace in a ride", Ride, "- 10m 90% Pace", 1, SeverityWarning, "a pace target in a Ride"},
		{"bare zone in a run", Run, "- 10m Z2", 1, SeverityWarning, "Z2 without HR or Pace is a power zone"},
		{"bare percent in a swim", Swim, "- 100mtr 80%", 1, SeverityWarning, "80% without HR, LTHR or Pace is % of FTP"},
		{"qualifier without value", Run, "- 10m Pace", 1, SeverityError, "\"Pace\" needs a value before it"},
		{"MMP without duration", Ride, "- 5m 90% MMP", 1, SeverityError, "% MMP needs the duration"},
		{"second target", Ride, "- 10m 75% 90% LTHR", 1, SeverityError, "more than one target (75%, 90%): Intervals.icu keeps the last, 90%"},
		{"a target in the cue text", Ride, "- Z2 — durability, NP cap 269w 1h15m 198w-257w", 1, SeverityError, "more than one target (Z2, 269w, 198w-257w): Intervals.icu keeps the last, 198w-257w"},
		{"trailing words", Ride, "- 10m 75% steady", 1, SeverityWarning, "\"steady\" after the duration is not workout syntax"},
		{"zero duration", Ride, "- 0m 75%", 1, SeverityError, "\"0m\" is no length: Intervals.icu drops a step that lasts nothing"},
		{"zero distance", Run, "- 0km Z2 HR", 1, SeverityError, "\"0km\" is no length"},
		{"cadence implausible", Ride, "- 10m 75% 300rpm", 1, SeverityWarning, "cadence 300-300rpm is not plausible"},
		{"empty workout", Ride, "", 0, SeverityError, "the workout has no steps"},
		{"only text", Ride, "Easy day\n\nJust ride.", 0, SeverityError, "the workout has no steps"},
		{"step longer than a day", Ride, "- 25h Z1", 1, SeverityError, "\"25h\" is longer than a day"},
		{"distance over 1000km", Ride, "- 1001km Z1", 1, SeverityError, "\"1001km\" is longer than 1000km"},
		{"too many repeats", Ride, "1001x\n- 1m Z1", 1, SeverityError, "must be from 1 to 1000"},
		{"very long workout", Ride, "- 13h Z1", 0, SeverityWarning, "the workout lasts 13:00:00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, problems := Check(tt.sport, tt.text, testTh)
			if len(problems) != 1 {
				t.Fatalf("want 1 problem, got %d: %v", len(problems), problems)
			}
			p := problems[0]
			if p.Line != tt.line || p.Severity != tt.severity || !strings.Contains(p.Message, tt.message) {
				t.Errorf("got %v\nwant line %d %s containing %q", p, tt.line, tt.severity, tt.message)
			}
			if tt.line > 0 {
				lines := strings.Split(tt.text, "\n")
				if p.Text != strings.TrimSpace(lines[tt.line-1]) {
					t.Errorf("problem text %q, want line %d %q", p.Text, tt.line, lines[tt.line-1])
				}
			}
			_, err := Parse(tt.sport, tt.text)
			var te *TextError
			if isErr := errors.As(err, &te); isErr != (tt.severity == SeverityError) {
				t.Errorf("Parse error %v, want an error only for syntax errors", err)
			}
		})
	}
}

func TestCheckAcceptsCleanWorkouts(t *testing.T) {
	tests := []struct {
		sport Sport
		text  string
	}{
		{Ride, "Warmup\n- 10m ramp 50%-75% 90rpm\n\nMain Set 5x\n- 3m 120% 100rpm\n- 2m Z1 85rpm\n\nCooldown\n- 8m ramp 50%-40% 80rpm"},
		{Ride, "- 10m 10-30% \n- 10m 40% 30-90rpm\n- 10m ramp 10-60%\n- 10m Z2 85rpm\n- 10m Z3-Z4"},
		{Run, "- 10m 70% Pace\n- 10m 80-110% Pace\n- 10m Z2 Pace\n- 10m Z3-Z5 Pace"},
		{Run, "Warm up\n- 9m Z2 HR press lap\n\nMain set 6x\n- RPE9 - not quite all out 2m 315w - 330w press lap\n- recover 2m Z2 HR press lap\n\nCooldown\n- 9m Z2 HR"},
		{Run, "- 2km 5:00/km Pace\n\n6x\n- 400mtr 3:45-3:55/km pace\n- 200mtr 60% Pace\n\n- 1mi 7:30/mi Pace\n- 15m 60% MMP 5m"},
		{Swim, "- 400mtr 1:55/100m Pace\n\n8x\n- 50mtr 1:35/100m Pace\n- 15s freeride\n\n- 200yrd Z2 Pace"},
		{Ride, "Description line // 3x 20 (10) mins [60]\n\n- 20m 50%\n\n2x\n- 20m 70%\n- 10m 50%\n\n- 20m 70%\r\n- 45m 50%"},
		{Run, "- 95m Z2 HR"},
		{Ride, "- Steady from the first pedal stroke, no ramp into it 2m30s 390w-410w"},
		{Ride, "- Cooldown 10m Z1 power=1s Press lap"},
		{Ride, "- 60m freeride z2"},
	}
	for _, tt := range tests {
		_, problems := Check(tt.sport, tt.text, testTh)
		if len(problems) != 0 {
			t.Errorf("%s %q: unexpected problems %v", tt.sport, tt.text, problems)
		}
		if _, err := Parse(tt.sport, tt.text); err != nil {
			t.Errorf("Parse %q: %v", tt.text, err)
		}
	}
}

func TestCheckReportsAllProblemsInLineOrder(t *testing.T) {
	text := "- 400m 4:30/km\n- 10m 75%\n- 10mins 60%\n3x\n- 1m 110%"
	_, problems := Check(Run, text, testTh)
	var lines []int
	for _, p := range problems {
		lines = append(lines, p.Line)
	}
	for i := 1; i < len(lines); i++ {
		if lines[i] < lines[i-1] {
			t.Fatalf("problems out of line order: %v", problems)
		}
	}
	errs := 0
	for _, p := range problems {
		if p.Severity == SeverityError {
			errs++
		}
	}
	if errs != 4 { // 400m, pace word, 10mins, blank line before 3x
		t.Errorf("want 4 errors, got %d: %v", errs, problems)
	}
	_, err := Parse(Run, text)
	var te *TextError
	if !errors.As(err, &te) || len(te.Problems) != 4 || !strings.Contains(err.Error(), "line 1: 400m means 400 minutes") {
		t.Errorf("Parse error = %v", err)
	}
}

func TestCheckSummarisesEvenWithErrors(t *testing.T) {
	sum, problems := Check(Ride, "- 10m 100%\n- 10mins 50%", testTh)
	if len(problems) != 1 || sum.Duration.Minutes() != 10 {
		t.Errorf("summary %v problems %v", sum, problems)
	}
}
