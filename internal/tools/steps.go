package tools

import (
	"fmt"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/workout"
)

// step is one structured workout step; a repeat block has repeat > 1 and steps, which are
// steps too (the schema says so once, as $defs/step); workout.Build refuses a repeat inside
// a repeat, which Intervals.icu does not have.
type step struct {
	Duration string `json:"duration,omitempty" jsonschema_description:"Seconds or h:mm:ss"`
	Distance string `json:"distance,omitempty" jsonschema_description:"400m, 5km, 1mi"`
	Target   string `json:"target,omitempty" jsonschema_description:"75% FTP 90rpm, 220W, Z2 HR, 4:35/km, ramp 50-75%"`
	Label    string `json:"label,omitempty" jsonschema_description:"Cue text; Warmup, Cooldown flag it"`
	Repeat   int    `json:"repeat,omitempty"`
	Steps    []step `json:"steps,omitempty"`
}

// checkText checks workout text for the traps of Intervals.icu's syntax, split into errors
// (Intervals.icu would misread it) and warnings (almost surely a mistake, but valid).
func checkText(sport, text string, th workout.Thresholds) (s workout.Summary, errs, warns []string) {
	s, problems := checkWorkout(sport, text, th)
	for _, p := range problems {
		if p.Severity == workout.SeverityError {
			errs = append(errs, p.String())
		} else {
			warns = append(warns, p.String())
		}
	}
	return s, errs, warns
}

// checkWorkout checks workout text as it will be written for the athlete: the traps of
// Intervals.icu's syntax (workout.Check), and the targets the watch would get nothing for,
// their threshold missing from the athlete's settings (Workout.Unresolved).
func checkWorkout(sport, text string, th workout.Thresholds) (workout.Summary, []workout.Problem) {
	ws := workout.SportFor(sport)
	s, problems := workout.Check(ws, text, th)
	return s, append(problems, workout.Read(ws, text).Unresolved(th)...)
}

// hasSteps reports whether text has workout step lines ("- ..."): Intervals.icu reads only
// those as a workout (a repeat header such as "5x" repeats the step lines under it), so text
// without them is words ("8x hill sprints, walk back") and has no syntax to get wrong.
func hasSteps(text string) bool {
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "-") {
			return true
		}
	}
	return false
}

func toSteps(in []step) []workout.Step {
	if len(in) == 0 {
		return nil
	}
	out := make([]workout.Step, len(in))
	for i, s := range in {
		out[i] = workout.Step{Label: s.Label, Duration: s.Duration, Distance: s.Distance, Target: s.Target, Repeat: s.Repeat, Steps: toSteps(s.Steps)}
	}
	return out
}

// workoutDescription is an event's description: the free text, then the workout built from
// steps. text is the part to check as workout text: the built steps, or the whole
// description of a WORKOUT when a line of it is a step ("- ...").
func workoutDescription(cat, sport, free string, steps []step, th workout.Thresholds) (desc, text string, err error) {
	desc = strings.TrimSpace(free)
	if len(steps) > 0 {
		built, err := workout.Build(workout.SportFor(sport), toSteps(steps), th)
		if err != nil {
			return "", "", fmt.Errorf("%s", strings.TrimPrefix(err.Error(), "workout: "))
		}
		if desc != "" {
			return desc + "\n\n" + built, desc + "\n\n" + built, nil
		}
		return built, built, nil
	}
	if cat == "WORKOUT" && hasSteps(desc) {
		return desc, desc, nil
	}
	return desc, "", nil
}
