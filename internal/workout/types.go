package workout

import (
	"fmt"
	"strings"
	"time"
)

// Sport is the Intervals.icu activity type a workout is written for. Only the
// families that change the syntax are distinguished; see [SportFor].
type Sport string

// The sports the workout syntax distinguishes.
const (
	Ride  Sport = "Ride"
	Run   Sport = "Run"
	Swim  Sport = "Swim"
	Other Sport = "Other"
)

// SportFor maps an Intervals.icu activity type ("VirtualRide", "TrailRun",
// "OpenWaterSwim", ...) to the sport family whose syntax rules apply.
func SportFor(activityType string) Sport {
	t := strings.ToLower(strings.TrimSpace(activityType))
	switch {
	case t == "swim" || t == "openwaterswim":
		return Swim
	case t == "run" || t == "virtualrun" || t == "trailrun":
		return Run
	case strings.HasSuffix(t, "ride") || t == "velomobile" || t == "handcycle":
		return Ride
	}
	return Other
}

// Step is one step of a workout in plain units, as a model or a user writes it.
// A step has a duration or a distance; a repeat block has Repeat > 1 and Steps.
type Step struct {
	Label    string `json:"label,omitempty"`
	Duration string `json:"duration,omitempty"` // seconds ("90") or h:mm:ss / m:ss ("1:30:00", "5:00")
	Distance string `json:"distance,omitempty"` // "400m" (metres), "5km", "1mi", "200yd"
	Target   string `json:"target,omitempty"`   // "75% FTP", "Z2 HR", "4:35/km", "ramp 50-75% FTP", ...
	Cadence  string `json:"cadence,omitempty"`  // "90rpm", "85-95rpm"
	Repeat   int    `json:"repeat,omitempty"`   // >1 with Steps: a repeat block
	Steps    []Step `json:"steps,omitempty"`
}

// Thresholds are the athlete's values that turn relative targets into absolute ones
// and make load estimable. Zero means unknown.
type Thresholds struct {
	FTP               float64 // watts
	LTHR              float64 // bpm
	MaxHR             float64 // bpm
	ThresholdPace     float64 // m/s, running
	VMA               float64 // m/s, for "% VMA" targets (written as absolute pace)
	SwimThresholdPace float64 // m/s
	// Zones' upper bounds, as the sport settings give them: power in % of FTP, heart rate in
	// bpm, pace in % of threshold speed (a last bound of 999 or more is open: "max"). They
	// turn zone targets into absolute values (Target.Absolute).
	PowerZones, HRZones, PaceZones []float64
	// PaceUnit is the unit paces are shown in ("km", "mi", "100m", "100y", ...); "" is the
	// sport's usual one.
	PaceUnit string
}

// TargetKind says what a target is relative to.
type TargetKind string

// The target kinds Intervals.icu understands. Low and High of a [Target] are in the
// unit the kind names: percent, watts, bpm, a zone number, or seconds per pace unit.
const (
	TargetNone       TargetKind = ""
	TargetPowerFTP   TargetKind = "power_%ftp"
	TargetPowerWatts TargetKind = "power_w"
	TargetPowerZone  TargetKind = "power_zone"
	TargetPowerMMP   TargetKind = "power_%mmp"
	TargetHRMax      TargetKind = "hr_%max"
	TargetHRLTHR     TargetKind = "hr_%lthr"
	TargetHRBpm      TargetKind = "hr_bpm"
	TargetHRZone     TargetKind = "hr_zone"
	TargetPacePct    TargetKind = "pace_%threshold"
	TargetPaceAbs    TargetKind = "pace_abs"
	TargetPaceZone   TargetKind = "pace_zone"
	TargetFreeride   TargetKind = "freeride"
)

// Target is a resolved intensity target. For a single value Low == High. A ramp goes
// from Low to High over the step. For TargetPaceAbs, Low and High are seconds per
// PaceUnit ("km", "mi", "100m", "100y", "500m", "400m", "250m"; "" means the
// athlete's default unit). MMP is the duration of a TargetPowerMMP target.
type Target struct {
	Kind     TargetKind    `json:"kind,omitempty"`
	Low      float64       `json:"low,omitempty"`
	High     float64       `json:"high,omitempty"`
	Ramp     bool          `json:"ramp,omitempty"`
	PaceUnit string        `json:"pace_unit,omitempty"`
	MMP      time.Duration `json:"mmp,omitempty"`
}

// Range is a low-high pair; a single value has Low == High, none is the zero Range.
type Range struct {
	Low  float64 `json:"low,omitempty"`
	High float64 `json:"high,omitempty"`
}

// Node is one parsed step, or a repeat block (Repeat > 0 with Steps).
// Distance is in metres; DistanceUnit is the unit it was written in
// ("mtr", "km", "mi", "yrd"). Section is the header line in force, if any.
type Node struct {
	Line         int           `json:"line"`
	Section      string        `json:"section,omitempty"`
	Label        string        `json:"label,omitempty"` // the cue text, as Intervals.icu stores it ("<" as &lt;)
	Duration     time.Duration `json:"duration,omitempty"`
	Distance     float64       `json:"distance,omitempty"`
	DistanceUnit string        `json:"distance_unit,omitempty"`
	Target       Target        `json:"target"`
	Cadence      Range         `json:"cadence"`
	Repeat       int           `json:"repeat,omitempty"`
	RepeatText   string        `json:"repeat_text,omitempty"` // a repeat's whole line ("Main set 4x")
	Steps        []Node        `json:"steps,omitempty"`
	// Warmup and Cooldown mark the steps under a "Warmup" or "Cooldown" header line.
	Warmup   bool `json:"warmup,omitempty"`
	Cooldown bool `json:"cooldown,omitempty"`
	// Freeride turns the trainer's ERG mode off for the step (its target, if any, stays).
	Freeride bool `json:"freeride,omitempty"`
	// UntilLapPress: the step lasts until the lap button ("Press lap").
	UntilLapPress bool `json:"until_lap_press,omitempty"`
	// PowerSmoothing is the power the device holds the target against ("power=1s"): "1s".
	PowerSmoothing string `json:"power_smoothing,omitempty"`
}

// Workout is parsed workout text: top-level steps and repeat blocks in order.
type Workout struct {
	Sport Sport `json:"sport"`
	// Description is the first line of text before the steps, which Intervals.icu keeps as
	// the workout's description.
	Description string `json:"description,omitempty"`
	Steps       []Node `json:"steps"`
}

// Severity separates syntax errors (Intervals.icu would misread the text) from
// plausibility warnings (it reads it, but it is probably not what was meant).
type Severity string

// Severities of a [Problem].
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
)

// Problem is one trap found in workout text: the 1-based line (0 for the whole
// text), the line's text, and a message saying what is wrong and what to write.
type Problem struct {
	Line     int      `json:"line"`
	Text     string   `json:"text,omitempty"`
	Message  string   `json:"message"`
	Severity Severity `json:"severity"`
}

func (p Problem) String() string {
	if p.Line == 0 {
		return fmt.Sprintf("%s: %s", p.Severity, p.Message)
	}
	return fmt.Sprintf("line %d (%s): %s: %s", p.Line, p.Text, p.Severity, p.Message)
}

// StepProblem is one invalid input step of [Build]: its 1-based path ("3.2" is the
// second step of the third) and what to write instead.
type StepProblem struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

// Error is returned by [Build]: every invalid step, each with its path.
type Error struct {
	Problems []StepProblem
}

func (e *Error) Error() string {
	parts := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		if p.Path == "" {
			parts[i] = p.Message
		} else {
			parts[i] = "step " + p.Path + ": " + p.Message
		}
	}
	return "workout: " + strings.Join(parts, "; ")
}

// TextError is returned by [Parse] when the text has syntax errors; it lists them
// all with their lines.
type TextError struct {
	Problems []Problem
}

func (e *TextError) Error() string {
	parts := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		if p.Line == 0 {
			parts[i] = p.Message
		} else {
			parts[i] = fmt.Sprintf("line %d: %s", p.Line, p.Message)
		}
	}
	return "workout text: " + strings.Join(parts, "; ")
}
