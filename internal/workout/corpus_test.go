package workout

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The corpus (testdata/corpus, PROVENANCE.md there) holds real workout texts with the
// workout_doc Intervals.icu made of each, recorded from the live API by public projects.
// TestReadAgreesWithIntervalsICUOnTheCorpus reads every text and compares the doc it makes
// with the recorded one: steps, repeats, durations, distances, targets with their units and
// ranges, ramps, flags, texts and the total time. Every pair must agree.

// corpusPair is one recorded pair.
type corpusPair struct {
	ID     string `json:"id"`
	Source struct {
		Repo, Commit, Path, Locator string
	} `json:"source"`
	Sport       string          `json:"sport"`
	Description *string         `json:"description"`
	WorkoutDoc  json.RawMessage `json:"workout_doc"`
	Recorded    map[string]any  `json:"recorded"`
	Thresholds  map[string]any  `json:"thresholds"`
}

func readCorpus(t *testing.T) []corpusPair {
	t.Helper()
	f, err := os.Open("testdata/corpus/pairs.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []corpusPair
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		var p corpusPair
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			t.Fatalf("pairs.jsonl: %v", err)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// thresholds are what the recorded doc says Intervals.icu used: its ftp, lthr and
// threshold_pace (m/s; a swim's is the swim threshold).
func (p corpusPair) thresholds(sport Sport) Thresholds {
	var doc struct {
		FTP           float64 `json:"ftp"`
		LTHR          float64 `json:"lthr"`
		ThresholdPace float64 `json:"threshold_pace"`
	}
	_ = json.Unmarshal(p.WorkoutDoc, &doc)
	th := Thresholds{FTP: doc.FTP, LTHR: doc.LTHR, ThresholdPace: doc.ThresholdPace}
	if sport == Swim {
		th.SwimThresholdPace, th.ThresholdPace = doc.ThresholdPace, 0
	}
	return th
}

func TestReadAgreesWithIntervalsICUOnTheCorpus(t *testing.T) {
	pairs := readCorpus(t)
	if len(pairs) < 120 {
		t.Fatalf("the corpus has %d pairs, fewer than the 120 it must hold", len(pairs))
	}
	var differ []string
	for _, p := range pairs {
		sport := SportFor(p.Sport)
		text := ""
		if p.Description != nil {
			text = *p.Description
		}
		var recorded Doc
		if err := json.Unmarshal(p.WorkoutDoc, &recorded); err != nil {
			t.Fatalf("%s: the recorded doc: %v", p.ID, err)
		}
		if keys := unmodelled(p.WorkoutDoc); len(keys) > 0 {
			t.Errorf("%s: the recorded doc has keys the comparison does not read: %s", p.ID, strings.Join(keys, ", "))
		}
		ours := Read(sport, text).Doc(p.thresholds(sport))
		want, got := comparable(recorded, p.WorkoutDoc), comparable(ours, p.WorkoutDoc)
		if diff := cmp.Diff(want, got); diff != "" {
			differ = append(differ, fmt.Sprintf("%s (%s @ %.7s : %s %s):\n%s\n(-Intervals.icu +ours):\n%s", p.ID, p.Source.Repo, p.Source.Commit, p.Source.Path, p.Source.Locator, text, diff))
		}
	}
	for _, d := range differ {
		t.Error(d)
	}
	t.Logf("%d pairs, %d read as Intervals.icu reads them", len(pairs), len(pairs)-len(differ))
}

// docKeys are the keys of a recorded doc and its steps that the comparison reads, or knows to
// be Intervals.icu's own figures about them (resolved targets, zone times, intensity
// figures), which no text says.
var docKeys = map[string]bool{
	"description": true, "duration": true, "distance": true, "steps": true, "text": true, "reps": true,
	"warmup": true, "cooldown": true, "ramp": true, "freeride": true, "until_lap_press": true,
	"power": true, "hr": true, "pace": true, "cadence": true,
	// Intervals.icu's figures and settings, not the text's
	"ftp": true, "lthr": true, "threshold_pace": true, "pace_units": true, "target": true, "zoneTimes": true,
	"options": true, "locales": true, "average_watts": true, "normalized_power": true, "variability_index": true,
	"polarization_index": true, "joules": true, "joules_above_ftp": true, "strain_score": true, "max_hr": true,
	"hrZones": true, "hrZoneTimes": true, "paceZones": true, "paceZoneTimes": true, "hrZoneNames": true,
}

// unmodelled lists the keys of a recorded doc (and its steps) the comparison does not read:
// a form of Intervals.icu's it would miss.
func unmodelled(raw json.RawMessage) []string {
	var out []string
	var walk func(v any)
	walk = func(v any) {
		m, ok := v.(map[string]any)
		if !ok {
			return
		}
		for k, x := range m {
			if !docKeys[k] && !strings.HasPrefix(k, "_") && !slices.Contains(out, k) {
				out = append(out, k)
			}
			if k == "steps" {
				for _, s := range x.([]any) {
					walk(s)
				}
			}
		}
	}
	var v any
	_ = json.Unmarshal(raw, &v)
	walk(v)
	slices.Sort(out)
	return out
}

// cmpDoc and cmpStep are a doc as compared: what the text decides, numbers rounded as
// Intervals.icu stores them.
type cmpDoc struct {
	Description string
	Duration    float64
	Distance    float64
	Steps       []cmpStep
}

type cmpStep struct {
	Text                                            string
	Duration, Distance                              float64
	Reps                                            float64
	Warmup, Cooldown, Ramp, Freeride, UntilLapPress bool
	Power, HR, Pace, Cadence                        string
	Steps                                           []cmpStep
}

// comparable is d as compared; a figure the recorded doc (raw) leaves out is left out: some
// recordings keep only the steps.
func comparable(d Doc, recorded json.RawMessage) cmpDoc {
	c := cmpDoc{Description: d.Description, Duration: d.Duration.Value, Distance: round3(d.Distance.Value)}
	var keys map[string]json.RawMessage
	_ = json.Unmarshal(recorded, &keys)
	if _, ok := keys["description"]; !ok {
		c.Description = "(not recorded)"
	}
	if _, ok := keys["distance"]; !ok {
		c.Distance = -1
	}
	for _, s := range d.Steps {
		c.Steps = append(c.Steps, comparableStep(s))
	}
	return c
}

func comparableStep(s DocStep) cmpStep {
	c := cmpStep{Text: s.Text, Duration: s.Duration.Value, Distance: round3(s.Distance.Value), Reps: s.Reps.Value,
		Warmup: bool(s.Warmup), Cooldown: bool(s.Cooldown), Ramp: bool(s.Ramp), Freeride: bool(s.Freeride),
		UntilLapPress: bool(s.UntilLapPress),
		Power:         valueText(s.Power), HR: valueText(s.HR), Pace: valueText(s.Pace), Cadence: valueText(s.Cadence)}
	for _, x := range s.Steps {
		c.Steps = append(c.Steps, comparableStep(x))
	}
	return c
}

// valueText writes a target as "start-end units" or "value units" (and its target), the
// numbers to three decimals.
func valueText(v *DocValue) string {
	if v == nil {
		return ""
	}
	var b bytes.Buffer
	n := func(x *Number) string {
		if x == nil {
			return "?"
		}
		if !x.OK {
			return x.Text
		}
		return fmt.Sprint(round3(x.Value))
	}
	switch {
	case v.Value != nil:
		b.WriteString(n(v.Value))
	case v.Start != nil || v.End != nil:
		b.WriteString(n(v.Start) + "-" + n(v.End))
	}
	b.WriteString(" " + v.Units)
	if v.Target != "" {
		b.WriteString(" target " + v.Target)
	}
	return b.String()
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// TestPlannedLoadAgreesWithIntervalsICUOnTheCorpus computes the planned load of every ride of
// the corpus whose load Intervals.icu recorded, with the FTP it used (the doc's, or the one
// its own normalized power and intensity give), and holds it to Intervals.icu's: within 5% on
// at least 90% of the rides, the median error at most 3%. It also holds the normalized power
// to Intervals.icu's own, where recorded, within 1% (the FTP of some recordings is only
// known to a watt, and a zone's watts move with it).
func TestPlannedLoadAgreesWithIntervalsICUOnTheCorpus(t *testing.T) {
	var errs []float64
	within := 0
	for _, p := range readCorpus(t) {
		sport := SportFor(p.Sport)
		load, ok := p.Recorded["icu_training_load"].(float64)
		if sport != Ride || !ok || p.Description == nil {
			continue
		}
		th := p.thresholds(sport)
		if th.FTP == 0 {
			th.FTP = number(p.Thresholds["ftp"], p.Thresholds["ftp_used_derived_by_author"], p.Thresholds["ftp_inferred_from_zoneTimes"])
		}
		if zs, ok := p.Thresholds["athlete_power_zones_at_harvest"].([]any); ok {
			for _, z := range zs {
				th.PowerZones = append(th.PowerZones, z.(float64))
			}
		}
		if th.FTP == 0 {
			continue
		}
		w := Read(sport, *p.Description)
		if np, ok := w.NormalizedPower(th); ok {
			if want, recorded := p.Recorded["workout_doc.normalized_power"].(float64); recorded && math.Abs(np-want) > want/100 {
				t.Errorf("%s: normalized power %.1f W, Intervals.icu's %v W", p.ID, np, want)
			}
		}
		got := w.Summary(th).Load
		e := (got - load) / load * 100
		errs = append(errs, e)
		if math.Abs(e) <= 5 {
			within++
		} else {
			t.Logf("%s: load %.0f, Intervals.icu's %.0f (%+.1f%%)", p.ID, got, load, e)
		}
	}
	if len(errs) < 100 {
		t.Fatalf("%d rides with a recorded load and FTP, fewer than the corpus holds", len(errs))
	}
	slices.Sort(errs)
	median := errs[len(errs)/2]
	t.Logf("%d rides: %d within 5%% of Intervals.icu's load, median error %+.2f%%, from %+.1f%% to %+.1f%%", len(errs), within, median, errs[0], errs[len(errs)-1])
	if float64(within) < 0.9*float64(len(errs)) || math.Abs(median) > 3 {
		t.Errorf("planned load: %d of %d within 5%%, median error %+.2f%%; want at least 90%% and at most 3%%", within, len(errs), median)
	}
}

// number is the first of vs that is a number above 0.
func number(vs ...any) float64 {
	for _, v := range vs {
		if f, ok := v.(float64); ok && f > 0 {
			return f
		}
	}
	return 0
}
