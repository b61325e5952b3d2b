package workout

// Intervals.icu's structured form of a workout, workout_doc (on an event, and the reference
// server's add_or_update_event argument): the part of it this project reads. Durations are
// seconds, distances metres; fields that change nothing Intervals.icu's text can say
// (intensity, hidepower, until_lap_press ...) are not read.

// Doc is a workout_doc: a description and steps.
type Doc struct {
	Description   string    `json:"description"`
	Duration      float64   `json:"duration"`
	ThresholdPace float64   `json:"threshold_pace"`
	Steps         []DocStep `json:"steps"`
}

// DocStep is one step of a Doc; a repeat has reps and steps.
type DocStep struct {
	Text     string    `json:"text"`
	Duration float64   `json:"duration"`
	Distance float64   `json:"distance"`
	Reps     int       `json:"reps"`
	Warmup   bool      `json:"warmup"`
	Cooldown bool      `json:"cooldown"`
	Ramp     bool      `json:"ramp"`
	Freeride bool      `json:"freeride"`
	Steps    []DocStep `json:"steps"`
	Power    *DocValue `json:"power"`
	HR       *DocValue `json:"hr"`
	Pace     *DocValue `json:"pace"`
	Cadence  *DocValue `json:"cadence"`
}

// DocValue is a target: a value or a range (start, end), in units (%ftp, w, power_zone,
// %hr, %lthr, hr_zone, %pace, pace_zone ...).
type DocValue struct {
	Value *float64 `json:"value"`
	Start *float64 `json:"start"`
	End   *float64 `json:"end"`
	Units string   `json:"units"`
}
