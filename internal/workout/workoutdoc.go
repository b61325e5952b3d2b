package workout

import (
	"bytes"
	"encoding/json"
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

// Doc is a workout_doc: a description and steps.
type Doc struct {
	Description   string    `json:"description"`
	Duration      Number    `json:"duration"`
	Distance      Number    `json:"distance"`
	ThresholdPace float64   `json:"threshold_pace"`
	Steps         []DocStep `json:"steps"`
}

// DocStep is one step of a Doc; a repeat has reps and steps.
type DocStep struct {
	Text     string    `json:"text"`
	Duration Number    `json:"duration"`
	Distance Number    `json:"distance"`
	Reps     Number    `json:"reps"`
	Warmup   Flag      `json:"warmup"`
	Cooldown Flag      `json:"cooldown"`
	Ramp     Flag      `json:"ramp"`
	Freeride Flag      `json:"freeride"`
	Steps    []DocStep `json:"steps"`
	Power    *DocValue `json:"power"`
	HR       *DocValue `json:"hr"`
	Pace     *DocValue `json:"pace"`
	Cadence  *DocValue `json:"cadence"`
}

// DocValue is a target: a value or a range (start, end), in units (%ftp, w, power_zone,
// %hr, %lthr, hr_zone, %pace, pace_zone ...).
type DocValue struct {
	Value *Number `json:"value"`
	Start *Number `json:"start"`
	End   *Number `json:"end"`
	Units string  `json:"units"`
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
