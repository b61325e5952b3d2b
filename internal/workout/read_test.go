package workout

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReadReadsAsIntervalsICUReads holds each rule of Intervals.icu's reading with the
// corpus pair that shows it (testdata/corpus): a rule taken out fails its case.
func TestReadReadsAsIntervalsICUReads(t *testing.T) {
	ftp := Thresholds{FTP: 250}
	tests := []struct {
		rule, pair, text string
		want             []cmpStep
	}{
		{"the last target of a line wins; what comes before it is cue text or dropped", "rgw-028",
			"- Z2 — metabolic durability, NP cap 269w 1h15m 198w-257w",
			[]cmpStep{{Duration: 4500, Power: "198-257 w"}}},
		{"a %FTP range after a zone is the target", "rgw-051",
			"- Z6 1m 113-138%",
			[]cmpStep{{Duration: 60, Power: "113-138 %ftp"}}},
		{"a later watts target wins over % MAP", "rgw-030",
			"- Under — 82% MAP 2m 324w",
			[]cmpStep{{Text: "Under —", Duration: 120, Power: "324 w"}}},
		{"ramp only right before a range", "rgw-097",
			"- Flat from the first pedal stroke, no ramp into it. 2m30s 390w-410w",
			[]cmpStep{{Text: "Flat from the first pedal stroke, no ramp into it.", Duration: 150, Power: "390-410 w"}}},
		{"ramp before a range ramps", "rgw-026",
			"- 20m ramp 130w-220w",
			[]cmpStep{{Duration: 1200, Ramp: true, Power: "130-220 w"}}},
		{"a line that lasts nothing, or has no duration, is dropped", "rgw-001",
			"- 10m 150w\n- Cool Down 0s\n- Easy spin home",
			[]cmpStep{{Duration: 600, Power: "150 w"}}},
		{"an untimed line in a repeat is dropped from it", "rgw-054",
			"Standing starts 5x\n- MAX standing start from near-stop\n- 15s 700w\n- Easy 3m45s 150w",
			[]cmpStep{{Text: "Standing starts 5x", Reps: 5, Duration: 1200, Steps: []cmpStep{{Duration: 15, Power: "700 w"}, {Text: "Easy", Duration: 225, Power: "150 w"}}}}},
		{"decimal seconds are cue text", "rgw-092",
			"- Lap was 23.21s last week 2m 100%",
			[]cmpStep{{Text: "Lap was 23.21s last week", Duration: 120, Power: "100 %ftp"}}},
		{"an en-dash range is its first value", "rgw-034",
			"- Spin 45m 150w 85–95rpm",
			[]cmpStep{{Text: "Spin", Duration: 2700, Power: "150 w", Cadence: "85 rpm"}}},
		{"a comma after a token does not hide it", "rgw-034",
			"- Spin 45m 150w 85rpm, easy",
			[]cmpStep{{Text: "Spin", Duration: 2700, Power: "150 w", Cadence: "85 rpm"}}},
		{"the cue text ends at the first token; later words are dropped", "rgw-035",
			"- Pursuit rep — 363w-378w 3m 363w-378w steady",
			[]cmpStep{{Text: "Pursuit rep —", Duration: 180, Power: "363-378 w"}}},
		{"text before a zone that starts the tokens is dropped", "rgw-069",
			"- Easy Z2 — optional 45m 158w-217w",
			[]cmpStep{{Duration: 2700, Power: "158-217 w"}}},
		{"< is stored escaped, and a token may follow it", "rgw-031",
			"- Rest — <40% MAP. 30m 150w",
			[]cmpStep{{Text: "Rest — &lt;", Duration: 1800, Power: "150 w"}}},
		{"min is minutes", "rgw-057",
			"- 20min 276w-305w",
			[]cmpStep{{Duration: 1200, Power: "276-305 w"}}},
		{"power=1s and Press lap", "rgw-020",
			"- Cooldown 10m Z1 power=1s Press lap",
			[]cmpStep{{Text: "Cooldown", Duration: 600, Power: "1 power_zone target 1s", UntilLapPress: true}}},
		{"freeride keeps its zone", "tp2i-017",
			"  - 60m freeride z2",
			[]cmpStep{{Duration: 3600, Freeride: true, Power: "2 power_zone"}}},
		{"a Warmup header marks the steps under it", "rgw-006",
			"Warmup\n- 10m ramp 54-80%\n\n- 30s 127%",
			[]cmpStep{{Duration: 600, Warmup: true, Ramp: true, Power: "54-80 %ftp"}, {Duration: 30, Power: "127 %ftp"}}},
		{"a repeat keeps its whole line", "rgw-035",
			"Main set — 3min @ 92–96% MAP. 3x\n- 3m 363w-378w\n- 3m 150w",
			[]cmpStep{{Text: "Main set — 3min @ 92–96% MAP. 3x", Reps: 3, Duration: 1080, Steps: []cmpStep{{Duration: 180, Power: "363-378 w"}, {Duration: 180, Power: "150 w"}}}}},
		{"a distance step is timed at its target pace", "tp2i-006",
			"- 0.5km 70% Pace",
			[]cmpStep{{Duration: 857, Distance: 500, Pace: "70 %pace"}}},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			sport, th := Ride, ftp
			if tt.pair == "tp2i-006" {
				sport, th = Swim, Thresholds{SwimThresholdPace: 0.8333333}
			}
			var got []cmpStep
			for _, s := range Read(sport, tt.text).Doc(th).Steps {
				got = append(got, comparableStep(s))
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("%q (as %s shows) (-Intervals.icu +ours):\n%s", tt.text, tt.pair, diff)
			}
		})
	}
}

// TestReadKeepsTheFirstLineBeforeTheStepsAsTheDescription: Intervals.icu's doc keeps the
// first line of text before the steps (tp2i-017, tp2i-013).
func TestReadKeepsTheFirstLineBeforeTheStepsAsTheDescription(t *testing.T) {
	w := Read(Ride, "A steady endurance ride today.\n\nRide as you feel.\n\n- 60m Z2")
	if w.Description != "A steady endurance ride today." {
		t.Errorf("description %q", w.Description)
	}
}

// TestFromDocReadsBackWhatDocWrote: the corpus's recorded docs read into the tree and written
// as a doc again give the same doc (FromDoc is Doc's inverse on Intervals.icu's own docs).
func TestFromDocReadsBackWhatDocWrote(t *testing.T) {
	for _, p := range readCorpus(t) {
		sport := SportFor(p.Sport)
		var recorded Doc
		if err := json.Unmarshal(p.WorkoutDoc, &recorded); err != nil {
			t.Fatal(err)
		}
		th := p.thresholds(sport)
		again := FromDoc(sport, recorded).Doc(th)
		want, got := comparable(recorded, p.WorkoutDoc), comparable(again, p.WorkoutDoc)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: (-recorded +read back):\n%s", p.ID, diff)
		}
		if d := Differences(recorded, again); len(d) > 0 {
			t.Errorf("%s: differences %v", p.ID, d)
		}
	}
}

// TestDifferencesSayWhatIntervalsICUReadOtherwise: a step read twice as long, a target and a
// step missing are each said, with the total time.
func TestDifferencesSayWhatIntervalsICUReadOtherwise(t *testing.T) {
	asked := Read(Ride, "- 10m 60%\n\n3x\n- 1m 120%\n- 1m 50%").Doc(Thresholds{})
	read := Read(Ride, "- 20m 60%\n\n3x\n- 1m 120%").Doc(Thresholds{})
	got := strings.Join(Differences(asked, read), "; ")
	want := "step 1 is 20:00 60 %ftp, not 10:00 60 %ftp; step 2(x3).2 (1:00 50 %ftp) is missing; it lasts 23:00, not 16:00"
	if got != want {
		t.Errorf("differences:\n%s\nwant\n%s", got, want)
	}
}

// TestTextOfADocIsReadAsThatDoc: the text a read tool shows for a recorded doc (FromDoc, Text)
// is read back as the same steps: showing Intervals.icu's reading loses nothing of it, warm-up
// and cool-down flags included (written as their header lines).
func TestTextOfADocIsReadAsThatDoc(t *testing.T) {
	for _, p := range readCorpus(t) {
		sport := SportFor(p.Sport)
		var recorded Doc
		if err := json.Unmarshal(p.WorkoutDoc, &recorded); err != nil {
			t.Fatal(err)
		}
		th := p.thresholds(sport)
		text := FromDoc(sport, recorded).Text()
		again := Read(sport, text).Doc(th)
		if d := Differences(recorded, again); len(d) > 0 {
			t.Errorf("%s: %v\n%s", p.ID, d, text)
		}
		if a, b := flags(recorded.Steps), flags(again.Steps); a != b {
			t.Errorf("%s: warm-up and cool-down flags %s, read back %s:\n%s", p.ID, a, b, text)
		}
	}
}

// flags lists the steps' warm-up (w) and cool-down (c) flags: "w--c".
func flags(steps []DocStep) string {
	var b strings.Builder
	for _, s := range steps {
		switch {
		case len(s.Steps) > 0:
			b.WriteString("(" + flags(s.Steps) + ")")
		case bool(s.Warmup):
			b.WriteString("w")
		case bool(s.Cooldown):
			b.WriteString("c")
		default:
			b.WriteString("-")
		}
	}
	return b.String()
}
