package workout

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Intervals.icu's structured form of a workout, workout_doc (on an event, and the reference
// server's add_or_update_event argument): the part of it this project reads. Durations are
// seconds, distances metres; fields that change nothing Intervals.icu's text can say
// (intensity, hidepower, until_lap_press ...) are not read.
//
// The reference server (mvilanova/intervals-mcp-server) checks its argument with pydantic's
// lax mode, so its callers write numbers as JSON numbers or as strings ("value": "80",
// "duration": "900", "reps": "2") and flags as true or "true"; they also write a zone as
// "Z2". Number and Flag take each of these as written; what a value means is decided where
// its units are known.

// Doc is a workout_doc: a description and steps, with the totals Intervals.icu computes.
type Doc struct {
	Description   string    `json:"description,omitempty"`
	Duration      Number    `json:"duration,omitzero"`
	Distance      Number    `json:"distance,omitzero"`
	ThresholdPace float64   `json:"threshold_pace,omitempty"`
	Steps         []DocStep `json:"steps"`
}

// DocStep is one step of a Doc; a repeat has reps and steps.
type DocStep struct {
	Text          string    `json:"text,omitempty"`
	Duration      Number    `json:"duration,omitzero"`
	Distance      Number    `json:"distance,omitzero"`
	Reps          Number    `json:"reps,omitzero"`
	Warmup        Flag      `json:"warmup,omitzero"`
	Cooldown      Flag      `json:"cooldown,omitzero"`
	Ramp          Flag      `json:"ramp,omitzero"`
	Freeride      Flag      `json:"freeride,omitzero"`
	UntilLapPress Flag      `json:"until_lap_press,omitzero"`
	Steps         []DocStep `json:"steps,omitempty"`
	Power         *DocValue `json:"power,omitempty"`
	HR            *DocValue `json:"hr,omitempty"`
	Pace          *DocValue `json:"pace,omitempty"`
	Cadence       *DocValue `json:"cadence,omitempty"`
}

// DocValue is a target: a value or a range (start, end), in units (%ftp, w, power_zone,
// %hr, %lthr, hr_zone, %pace, pace_zone ...). Target is the power a device holds it against
// ("1s": power=1s in the text).
type DocValue struct {
	Value  *Number `json:"value,omitempty"`
	Start  *Number `json:"start,omitempty"`
	End    *Number `json:"end,omitempty"`
	Units  string  `json:"units,omitempty"`
	Target string  `json:"target,omitempty"`
}

// Number is a workout_doc number as written: a JSON number, or a string ("80", "Z2",
// "4:30"). Text is the string as given ("" for a JSON number); Value is the number, when
// the JSON number or the string is one (OK). Anything else (true, an object) is kept in
// Text as its JSON, for the reader to refuse with the step it is in.
type Number struct {
	Value float64
	Text  string
	OK    bool
}

// UnmarshalJSON reads a number, or a string holding one; null is no number.
func (n *Number) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	*n = Number{}
	if bytes.Equal(b, []byte("null")) {
		return nil
	}
	if f, err := strconv.ParseFloat(string(b), 64); err == nil {
		n.Value, n.OK = f, true
		return nil
	}
	var s string
	if json.Unmarshal(b, &s) != nil {
		n.Text = string(b)
		return nil
	}
	n.Text = strings.TrimSpace(s)
	if f, err := strconv.ParseFloat(n.Text, 64); err == nil {
		n.Value, n.OK = f, true
	}
	return nil
}

// MarshalJSON writes the number as a JSON number, or its text as a string.
func (n Number) MarshalJSON() ([]byte, error) {
	if n.OK {
		return strconv.AppendFloat(nil, n.Value, 'f', -1, 64), nil
	}
	return json.Marshal(n.Text)
}

// Num is the Number of v.
func Num(v float64) Number { return Number{Value: v, OK: true} }

// String is the number as given: its text, or the JSON number.
func (n Number) String() string {
	if n.Text != "" || !n.OK {
		return n.Text
	}
	return strconv.FormatFloat(n.Value, 'f', -1, 64)
}

// Set reports whether a number (or any text) was given.
func (n Number) Set() bool { return n.OK || n.Text != "" }

// Flag is a workout_doc flag: true, or the strings and numbers pydantic reads as true
// ("true", "yes", "1", 1).
type Flag bool

// UnmarshalJSON reads a flag; anything that does not read as true is false.
func (f *Flag) UnmarshalJSON(b []byte) error {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	switch x := v.(type) {
	case bool:
		*f = Flag(x)
	case float64:
		*f = x == 1
	case string:
		switch strings.ToLower(strings.TrimSpace(x)) {
		case "true", "yes", "on", "1", "t", "y":
			*f = true
		default:
			*f = false
		}
	default:
		*f = false
	}
	return nil
}

// Doc is the workout_doc Intervals.icu makes of the workout: its steps with their targets in
// Intervals.icu's units, each distance step timed at its target pace where the thresholds
// tell it (as Intervals.icu does), each repeat with its total, and the workout's total time
// and distance (the timed steps' distance estimated at their target pace).
func (w *Workout) Doc(th Thresholds) Doc {
	d := Doc{Description: w.Description, Steps: []DocStep{}}
	var total, dist float64
	for _, n := range w.Steps {
		s, secs, metres := docStep(w.Sport, n, th)
		d.Steps = append(d.Steps, s)
		total += secs
		dist += metres
	}
	d.Duration, d.Distance = Num(total), Num(math.Round(dist*1000)/1000)
	return d
}

// docStep is one step or repeat of the doc, its time in seconds and its distance in metres
// (estimated for a timed step at its target pace).
func docStep(sport Sport, n Node, th Thresholds) (s DocStep, secs, metres float64) {
	if n.Repeat > 0 {
		s = DocStep{Text: n.RepeatText, Reps: Num(float64(n.Repeat))}
		for _, c := range n.Steps {
			cs, csecs, cm := docStep(sport, c, th)
			s.Steps = append(s.Steps, cs)
			secs += csecs
			metres += cm
		}
		secs *= float64(n.Repeat)
		metres *= float64(n.Repeat)
		s.Duration = Num(secs)
		return s, secs, metres
	}
	s = DocStep{Text: n.Label, Warmup: Flag(n.Warmup), Cooldown: Flag(n.Cooldown), Ramp: Flag(n.Target.Ramp),
		Freeride: Flag(n.Freeride), UntilLapPress: Flag(n.UntilLapPress)}
	secs = n.Duration.Seconds()
	v := speed(sport, n.Target, th)
	switch {
	case n.Distance > 0:
		s.Distance = Num(n.Distance)
		metres = n.Distance
		if v > 0 {
			secs = math.Round(n.Distance / v)
		}
	case v > 0:
		metres = v * secs
	}
	s.Duration = Num(secs)
	value := docValue(sport, n.Target)
	switch n.Target.Kind {
	case TargetPowerFTP, TargetPowerWatts, TargetPowerZone, TargetPowerMMP:
		s.Power = value
	case TargetHRMax, TargetHRLTHR, TargetHRBpm, TargetHRZone:
		s.HR = value
	case TargetPacePct, TargetPaceAbs, TargetPaceZone:
		s.Pace = value
	}
	if n.PowerSmoothing != "" {
		if s.Power == nil {
			s.Power = &DocValue{}
		}
		s.Power.Target = n.PowerSmoothing
	}
	if n.Cadence != (Range{}) {
		s.Cadence = rangeValue(n.Cadence.Low, n.Cadence.High, "rpm")
	}
	return s, secs, metres
}

// docUnits are the units of the targets in a workout_doc.
var docUnits = map[TargetKind]string{
	TargetPowerFTP: "%ftp", TargetPowerWatts: "w", TargetPowerZone: "power_zone", TargetPowerMMP: "%mmp",
	TargetHRMax: "%hr", TargetHRLTHR: "%lthr", TargetHRBpm: "bpm", TargetHRZone: "hr_zone",
	TargetPacePct: "%pace", TargetPaceZone: "pace_zone",
}

// docValue is a target as a workout_doc has it; nil for none (or a freeride step's).
func docValue(sport Sport, t Target) *DocValue {
	units, ok := docUnits[t.Kind]
	if t.Kind == TargetPaceAbs {
		unit := t.PaceUnit
		if unit == "" {
			unit = map[Sport]string{Swim: "100m"}[sport]
			if unit == "" {
				unit = "km"
			}
		}
		units, ok = "secs/"+unit, true
	}
	if !ok {
		return nil
	}
	return rangeValue(t.Low, t.High, units)
}

func rangeValue(lo, hi float64, units string) *DocValue {
	if lo == hi {
		v := Num(lo)
		return &DocValue{Value: &v, Units: units}
	}
	a, b := Num(lo), Num(hi)
	return &DocValue{Start: &a, End: &b, Units: units}
}

// DocFromValue is the Doc of a workout_doc already decoded as JSON into Go's generic values
// (objects map[string]any, numbers float64 or json.Number, as the Intervals.icu client
// gives it): what json.Unmarshal of its encoding into a Doc gives, without the encoding and
// the second decoding (a read of the calendar converts every event's). Keys are matched
// exactly, as Intervals.icu writes them. The error is json.Unmarshal's case: a field of the
// wrong type (a description that is not a string, steps that are not a list of objects).
func DocFromValue(v map[string]any) (Doc, error) {
	var d Doc
	var err error
	if d.Description, err = textOf(v, "description"); err != nil {
		return Doc{}, err
	}
	d.Duration, d.Distance = numberOf(v["duration"]), numberOf(v["distance"])
	switch x := v["threshold_pace"].(type) {
	case nil:
	case float64:
		d.ThresholdPace = x
	case json.Number:
		if d.ThresholdPace, err = x.Float64(); err != nil {
			return Doc{}, fmt.Errorf("workout_doc: threshold_pace %s is not a number", x)
		}
	default:
		return Doc{}, fmt.Errorf("workout_doc: threshold_pace is %T, not a number", x)
	}
	if d.Steps, err = stepsOf(v["steps"]); err != nil {
		return Doc{}, err
	}
	return d, nil
}

func stepsOf(v any) ([]DocStep, error) {
	if v == nil {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("workout_doc: steps are %T, not a list", v)
	}
	steps := make([]DocStep, 0, len(list))
	for _, x := range list {
		if x == nil { // json.Unmarshal leaves a null element zero
			steps = append(steps, DocStep{})
			continue
		}
		m, ok := x.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("workout_doc: a step is %T, not an object", x)
		}
		s, err := stepOf(m)
		if err != nil {
			return nil, err
		}
		steps = append(steps, s)
	}
	return steps, nil
}

func stepOf(m map[string]any) (DocStep, error) {
	var s DocStep
	var err error
	if s.Text, err = textOf(m, "text"); err != nil {
		return DocStep{}, err
	}
	s.Duration, s.Distance, s.Reps = numberOf(m["duration"]), numberOf(m["distance"]), numberOf(m["reps"])
	s.Warmup, s.Cooldown, s.Ramp = flagOf(m["warmup"]), flagOf(m["cooldown"]), flagOf(m["ramp"])
	s.Freeride, s.UntilLapPress = flagOf(m["freeride"]), flagOf(m["until_lap_press"])
	if s.Steps, err = stepsOf(m["steps"]); err != nil {
		return DocStep{}, err
	}
	for _, t := range []struct {
		key string
		to  **DocValue
	}{{"power", &s.Power}, {"hr", &s.HR}, {"pace", &s.Pace}, {"cadence", &s.Cadence}} {
		if *t.to, err = valueOf(m, t.key); err != nil {
			return DocStep{}, err
		}
	}
	return s, nil
}

func valueOf(m map[string]any, key string) (*DocValue, error) {
	x := m[key]
	if x == nil {
		return nil, nil
	}
	o, ok := x.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("workout_doc: %s is %T, not an object", key, x)
	}
	var v DocValue
	var err error
	if v.Units, err = textOf(o, "units"); err != nil {
		return nil, err
	}
	if v.Target, err = textOf(o, "target"); err != nil {
		return nil, err
	}
	for _, n := range []struct {
		key string
		to  **Number
	}{{"value", &v.Value}, {"start", &v.Start}, {"end", &v.End}} {
		if x, ok := o[n.key]; ok && x != nil {
			num := numberOf(x)
			*n.to = &num
		}
	}
	return &v, nil
}

// textOf is m[key] as a string: "" when absent or null.
func textOf(m map[string]any, key string) (string, error) {
	switch x := m[key].(type) {
	case nil:
		return "", nil
	case string:
		return x, nil
	default:
		return "", fmt.Errorf("workout_doc: %s is %T, not a string", key, x)
	}
}

// numberOf is Number.UnmarshalJSON of x's encoding.
func numberOf(x any) Number {
	switch v := x.(type) {
	case nil:
		return Number{}
	case float64:
		return Num(v)
	case json.Number:
		if f, err := strconv.ParseFloat(string(v), 64); err == nil {
			return Num(f)
		}
		return Number{Text: string(v)}
	case string:
		n := Number{Text: strings.TrimSpace(v)}
		if f, err := strconv.ParseFloat(n.Text, 64); err == nil {
			n.Value, n.OK = f, true
		}
		return n
	default:
		b, _ := json.Marshal(v)
		return Number{Text: string(b)}
	}
}

// flagOf is Flag.UnmarshalJSON of x's encoding.
func flagOf(x any) Flag {
	switch v := x.(type) {
	case bool:
		return Flag(v)
	case float64:
		return v == 1
	case json.Number:
		f, err := v.Float64()
		return err == nil && f == 1
	case string:
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "true", "yes", "on", "1", "t", "y":
			return true
		}
	}
	return false
}
