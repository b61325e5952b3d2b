package tools

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/workout"
)

// The reference server's workout_doc (add_or_update_event), read as our steps: the same
// workout, built and checked by the same code as steps given in our form.

// workoutDocArgs turns a workout_doc into our steps (and its description into ours).
func workoutDocArgs(v json.RawMessage) (map[string]json.RawMessage, error) {
	var doc workout.Doc
	if err := json.Unmarshal(v, &doc); err != nil {
		return nil, fmt.Errorf("expected an object with steps (the reference server's workout_doc): %v", err)
	}
	steps, err := docSteps(doc.Steps, "")
	if err != nil {
		return nil, err
	}
	out := map[string]json.RawMessage{}
	if len(steps) > 0 {
		out["steps"], _ = json.Marshal(steps)
	}
	if d := strings.TrimSpace(doc.Description); d != "" {
		out["description"], _ = json.Marshal(d)
	}
	return out, nil
}

func docSteps(in []workout.DocStep, path string) ([]step, error) {
	var out []step
	for i, s := range in {
		at := path + strconv.Itoa(i+1)
		switch {
		case len(s.Steps) > 0 && s.Reps > 1:
			block := step{Label: s.Text, Repeat: s.Reps}
			for j, c := range s.Steps {
				leaf, err := docStep(c, at+"."+strconv.Itoa(j+1))
				if err != nil {
					return nil, err
				}
				block.Steps = append(block.Steps, leaf)
			}
			out = append(out, block)
		case len(s.Steps) > 0: // steps once: the same steps at this level
			more, err := docSteps(s.Steps, at+".")
			if err != nil {
				return nil, err
			}
			out = append(out, more...)
		case s.Duration == 0 && s.Distance == 0:
			// a text-only step (the reference's examples end with {"text": ""}): nothing to do
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

// docStep is one step with a duration or a distance.
func docStep(s workout.DocStep, at string) (step, error) {
	st := step{Label: s.Text}
	if st.Label == "" && s.Warmup {
		st.Label = "Warmup"
	}
	if st.Label == "" && s.Cooldown {
		st.Label = "Cooldown"
	}
	if s.Duration > 0 {
		st.Duration = strconv.Itoa(int(math.Round(s.Duration)))
	}
	if s.Distance > 0 {
		st.Distance = num(s.Distance) + "m"
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
	case s.Freeride:
		st.Target = "freeride"
	case len(targets) == 1 && s.Ramp:
		st.Target = "ramp " + targets[0]
	case len(targets) == 1:
		st.Target = targets[0]
	}
	if s.Cadence != nil { // written after the target, as our steps take it
		st.Target = strings.TrimSpace(st.Target + " " + docRange(*s.Cadence, num) + "rpm")
	}
	return st, nil
}

// docTarget writes a power, hr or pace target in our plain units.
func docTarget(of string, v workout.DocValue) (string, error) {
	if v.Value == nil && (v.Start == nil || v.End == nil) {
		return "", fmt.Errorf("%s needs a value, or a start and an end", of)
	}
	plain := docRange(v, num)
	switch strings.ToLower(v.Units) {
	case "%ftp":
		return plain + "% FTP", nil
	case "w":
		return plain + "W", nil
	case "power_zone":
		return "Z" + plain + " power", nil
	case "%hr":
		return plain + "% maxHR", nil
	case "%lthr":
		return plain + "% LTHR", nil
	case "hr_zone":
		return "Z" + plain + " HR", nil
	case "%pace":
		return plain + "% pace", nil
	case "pace_zone":
		return "Z" + plain + " pace", nil
	case "mins_km":
		return docRange(v, minutesClock) + "/km", nil
	case "mins_mile":
		return docRange(v, minutesClock) + "/mi", nil
	case "secs_100m":
		return docRange(v, secondsClock) + "/100m", nil
	case "secs_100y":
		return docRange(v, secondsClock) + "/100y", nil
	case "secs_500m":
		return docRange(v, secondsClock) + "/500m", nil
	}
	return "", fmt.Errorf("%s units %q have no equivalent here: use %%ftp, w, power_zone, %%hr, %%lthr, hr_zone, %%pace, pace_zone, MINS_KM, MINS_MILE or SECS_100M, or pass steps", of, v.Units)
}

// docRange writes a value, or a range start-end, each with write.
func docRange(v workout.DocValue, write func(float64) string) string {
	if v.Start != nil && v.End != nil {
		return write(*v.Start) + "-" + write(*v.End)
	}
	if v.Value != nil {
		return write(*v.Value)
	}
	return ""
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// minutesClock writes minutes (4.5) as m:ss (4:30).
func minutesClock(m float64) string { return secondsClock(m * 60) }

// secondsClock writes seconds (105) as m:ss (1:45).
func secondsClock(s float64) string {
	n := int(math.Round(s))
	return fmt.Sprintf("%d:%02d", n/60, n%60)
}
