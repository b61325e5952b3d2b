package tools

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/intervals-mcp/intervals-mcp/internal/workout"
)

// The reference server's workout_doc (add_or_update_event), read as our steps: the same
// workout, built and checked by the same code as steps given in our form. It is read in every
// form the reference server accepts (its docstring's examples, and what pydantic's lax mode
// lets through: numbers as strings, the whole doc as a JSON string), and zones as "Z2".
// A step with text only has no line of its own in our steps: its words join the description.
// The doc's own duration and distance are Intervals.icu's totals, which the reference server
// does not send either: moving_time and distance are the arguments for those.

// workoutDocArgs turns a workout_doc into our steps (and its description into ours).
func workoutDocArgs(v json.RawMessage) (map[string]json.RawMessage, error) {
	var text string
	if json.Unmarshal(v, &text) == nil { // the doc as a JSON string, as FastMCP takes it too
		v = json.RawMessage(text)
	}
	var doc workout.Doc
	if err := json.Unmarshal(v, &doc); err != nil {
		return nil, fmt.Errorf("expected an object with steps (the reference server's workout_doc): %v", err)
	}
	words := []string{strings.TrimSpace(doc.Description)}
	steps, err := docSteps(doc.Steps, "", &words)
	if err != nil {
		return nil, err
	}
	out := map[string]json.RawMessage{}
	if len(steps) > 0 {
		out["steps"], _ = json.Marshal(steps)
	}
	if d := strings.TrimSpace(strings.Join(words, "\n")); d != "" {
		out["description"], _ = json.Marshal(d)
	}
	return out, nil
}

// docSteps reads steps at one level; the words of text-only steps go to words.
func docSteps(in []workout.DocStep, path string, words *[]string) ([]step, error) {
	var out []step
	for i, s := range in {
		at := path + strconv.Itoa(i+1)
		reps, err := docReps(s.Reps, at)
		if err != nil {
			return nil, err
		}
		switch {
		case len(s.Steps) > 0 && reps > 1:
			block := step{Label: s.Text, Repeat: reps}
			for j, c := range s.Steps {
				leaf, err := docStep(c, at+"."+strconv.Itoa(j+1))
				if err != nil {
					return nil, err
				}
				block.Steps = append(block.Steps, leaf)
			}
			out = append(out, block)
		case len(s.Steps) > 0: // steps once: the same steps at this level
			more, err := docSteps(s.Steps, at+".", words)
			if err != nil {
				return nil, err
			}
			out = append(out, more...)
		case !given(s.Duration) && !given(s.Distance):
			// a text-only step (the reference's examples end with {"text": ""})
			if t := strings.TrimSpace(s.Text); t != "" {
				*words = append(*words, t)
			}
		default:
			st, err := docStep(s, at)
			if err != nil {
				return nil, err
			}
			out = append(out, st)
		}
	}
	return out, nil
}

// given reports whether a duration or distance is there: a number above 0, or any text.
func given(n workout.Number) bool { return (n.OK && n.Value > 0) || (!n.OK && n.Text != "") }

// docReps is a step's reps: a whole number (or its string), 0 when not given.
func docReps(n workout.Number, at string) (int, error) {
	switch {
	case !n.Set():
		return 0, nil
	case !n.OK || n.Value != math.Trunc(n.Value) || n.Value < 0 || n.Value > 1000:
		return 0, fmt.Errorf("step %s: reps %s is not a number of repeats: write e.g. 3", at, n)
	}
	return int(n.Value), nil
}

// docStep is one step with a duration or a distance.
func docStep(s workout.DocStep, at string) (step, error) {
	st := step{Label: s.Text}
	if st.Label == "" && s.Warmup {
		st.Label = "Warmup"
	}
	if st.Label == "" && s.Cooldown {
		st.Label = "Cooldown"
	}
	switch d := s.Duration; {
	case d.OK && d.Value > 0:
		st.Duration = strconv.Itoa(int(math.Round(d.Value)))
	case !d.OK && d.Text != "":
		st.Duration = d.Text // "15:00": our steps read it, or say what to write
	}
	switch d := s.Distance; {
	case d.OK && d.Value > 0:
		st.Distance = num(d.Value) + "m"
	case !d.OK && d.Text != "":
		st.Distance = d.Text // "5km"
	}
	var targets []string
	for _, t := range []struct {
		of string
		v  *workout.DocValue
	}{{"power", s.Power}, {"hr", s.HR}, {"pace", s.Pace}} {
		if t.v == nil {
			continue
		}
		text, err := docTarget(t.of, *t.v)
		if err != nil {
			return st, fmt.Errorf("step %s: %v", at, err)
		}
		targets = append(targets, text)
	}
	switch {
	case len(targets) > 1:
		return st, fmt.Errorf("step %s: give one of power, hr or pace", at)
	case bool(s.Freeride): // Intervals.icu takes one target a step: freeride, not its suggested power
		st.Target = "freeride"
	case len(targets) == 1 && bool(s.Ramp):
		st.Target = "ramp " + targets[0]
	case len(targets) == 1:
		st.Target = targets[0]
	}
	if s.Cadence != nil { // written after the target, as our steps take it
		rpm, err := docCadence(*s.Cadence)
		if err != nil {
			return st, fmt.Errorf("step %s: %v", at, err)
		}
		st.Target = strings.TrimSpace(st.Target + " " + rpm)
	}
	return st, nil
}

// docUnits are the units a workout_doc target takes, as our plain targets write them (the
// value or range, then the suffix); zone units write "Z" before the value, paces a clock.
var docUnits = map[string]struct{ before, after string }{
	"%ftp": {"", "% FTP"}, "w": {"", "W"}, "watts": {"", "W"}, "power_zone": {"Z", " power"},
	"%hr": {"", "% maxHR"}, "%lthr": {"", "% LTHR"}, "bpm": {"", "bpm"}, "hr_zone": {"Z", " HR"},
	"%pace": {"", "% pace"}, "pace_zone": {"Z", " pace"},
	"mins_km": {"", "/km"}, "mins_mile": {"", "/mi"}, "secs_100m": {"", "/100m"}, "secs_100y": {"", "/100y"}, "secs_500m": {"", "/500m"},
}

// zoneOf is the zone units of a target of power, hr or pace: a value "Z2" without units is
// a zone of the step's target.
var zoneOf = map[string]string{"power": "power_zone", "hr": "hr_zone", "pace": "pace_zone"}

const docUnitNames = "%ftp, w, power_zone, %hr, %lthr, bpm, hr_zone, %pace, pace_zone, MINS_KM, MINS_MILE, SECS_100M, SECS_100Y or SECS_500M"

// docTarget writes a power, hr or pace target in our plain units.
func docTarget(of string, v workout.DocValue) (string, error) {
	if v.Value == nil && (v.Start == nil || v.End == nil) {
		return "", fmt.Errorf("%s needs a value, or a start and an end", of)
	}
	units := strings.ToLower(strings.TrimSpace(v.Units))
	if units == "" && zoneText(first(v)) {
		units = zoneOf[of]
	}
	if units == "%mmp" {
		return "", fmt.Errorf("%s units \"%%mmp\" need the duration of the best power they are a share of, which workout_doc has no place for: use %%ftp or w, or write the whole workout as text in description (- 5m 90%% MMP 5m)", of)
	}
	u, ok := docUnits[units]
	if !ok {
		return "", fmt.Errorf("%s units %q have no equivalent here: use %s, or pass steps", of, v.Units, docUnitNames)
	}
	read := func(n workout.Number) (string, error) { return docNumber(n, units, of) }
	r, err := docRange(v, read)
	if err != nil {
		return "", err
	}
	return u.before + r + u.after, nil
}

// docCadence writes a cadence (units cadence, rpm or none) as our "90rpm".
func docCadence(v workout.DocValue) (string, error) {
	switch strings.ToLower(strings.TrimSpace(v.Units)) {
	case "", "cadence", "rpm":
	default:
		return "", fmt.Errorf("cadence units %q: use cadence (rpm)", v.Units)
	}
	if v.Value == nil && (v.Start == nil || v.End == nil) {
		return "", fmt.Errorf("cadence needs a value, or a start and an end")
	}
	r, err := docRange(v, func(n workout.Number) (string, error) { return docNumber(n, "rpm", "cadence") })
	return r + "rpm", err
}

// first is the value, or else the start, of a target.
func first(v workout.DocValue) workout.Number {
	switch {
	case v.Value != nil:
		return *v.Value
	case v.Start != nil:
		return *v.Start
	}
	return workout.Number{}
}

var zoneForm = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[zZ]\s*(\d{1,2})$`) })
var percentForm = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\d+(\.\d+)?\s*%$`) })
var clockForm = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\d{1,2}:[0-5]\d$`) })

// zoneText reports whether a value is written as a zone, "Z2".
func zoneText(n workout.Number) bool { return !n.OK && zoneForm().MatchString(n.Text) }

// docNumber writes one value of a target in units: a number, a zone number ("Z2" or 2), a
// pace as m:ss (MINS_KM takes minutes, 4.5 or "4:30"; SECS_* seconds, 105 or "1:45").
func docNumber(n workout.Number, units, of string) (string, error) {
	pace := strings.HasPrefix(units, "mins_") || strings.HasPrefix(units, "secs_")
	switch {
	case n.OK && n.Value <= 0:
		return "", fmt.Errorf("%s value %s must be more than 0", of, num(n.Value))
	case n.OK && strings.HasPrefix(units, "mins_"):
		return minutesClock(n.Value), nil
	case n.OK && strings.HasPrefix(units, "secs_"):
		return secondsClock(n.Value), nil
	case n.OK:
		return num(n.Value), nil
	case strings.HasSuffix(units, "_zone") && zoneText(n):
		return zoneForm().FindStringSubmatch(n.Text)[1], nil
	case pace && clockForm().MatchString(n.Text):
		return n.Text, nil
	case strings.HasPrefix(units, "%") && percentForm().MatchString(n.Text): // "80%"
		return strings.TrimSpace(strings.TrimSuffix(n.Text, "%")), nil
	case zoneText(n):
		return "", fmt.Errorf("%s value %q is a zone: give units %s", of, n.Text, zoneOf[of])
	case pace:
		return "", fmt.Errorf("%s value %s: write the pace as a number (%s) or as m:ss (\"4:30\")", of, n.Text, map[bool]string{true: "minutes, 4.5", false: "seconds, 105"}[strings.HasPrefix(units, "mins_")])
	}
	return "", fmt.Errorf("%s value %s is not a number: write e.g. 80 or \"80\"", of, n.Text)
}

// docRange writes a value, or a range start-end, each read by read.
func docRange(v workout.DocValue, read func(workout.Number) (string, error)) (string, error) {
	if v.Start != nil && v.End != nil {
		lo, err := read(*v.Start)
		if err != nil {
			return "", err
		}
		hi, err := read(*v.End)
		return lo + "-" + hi, err
	}
	return read(*v.Value)
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// minutesClock writes minutes (4.5) as m:ss (4:30).
func minutesClock(m float64) string { return secondsClock(m * 60) }

// secondsClock writes seconds (105) as m:ss (1:45).
func secondsClock(s float64) string {
	n := int(math.Round(s))
	return fmt.Sprintf("%d:%02d", n/60, n%60)
}
