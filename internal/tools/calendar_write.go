package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/workout"
)

// stepIn is one structured workout step; a repeat block has repeat > 1 and steps (one level).
type stepIn struct {
	Duration string     `json:"duration,omitempty" jsonschema_description:"Seconds or h:mm:ss"`
	Distance string     `json:"distance,omitempty" jsonschema_description:"400m, 5km, 1mi"`
	Target   string     `json:"target,omitempty" jsonschema_description:"75% FTP, 220W, Z2 HR, 4:35/km, ramp 50-75% FTP"`
	Cadence  string     `json:"cadence,omitempty"`
	Label    string     `json:"label,omitempty"`
	Repeat   int        `json:"repeat,omitempty"`
	Steps    []leafStep `json:"steps,omitempty"`
}

// leafStep is a step inside a repeat block.
type leafStep struct {
	Duration string `json:"duration,omitempty"`
	Distance string `json:"distance,omitempty"`
	Target   string `json:"target,omitempty"`
	Cadence  string `json:"cadence,omitempty"`
}

type eventWriteIn struct {
	EventID     int32    `json:"event_id,omitempty" jsonschema_description:"To update; omit to create"`
	Category    string   `json:"category,omitempty" jsonschema_description:"WORKOUT (default), RACE_A/B/C, NOTE, HOLIDAY, SICK, INJURED"`
	Date        string   `json:"date,omitempty" jsonschema_description:"Local YYYY-MM-DD"`
	EndDate     string   `json:"end_date,omitempty" jsonschema_description:"Last day of a period"`
	Name        string   `json:"name,omitempty"`
	Type        string   `json:"type,omitempty" jsonschema_description:"Sport: Ride, Run, Swim..."`
	Description string   `json:"description,omitempty" jsonschema_description:"Workout text (Intervals.icu syntax) or note"`
	Steps       []stepIn `json:"steps,omitempty" jsonschema_description:"Workout as steps, instead of description"`
	Duration    string   `json:"duration,omitempty" jsonschema_description:"h:mm:ss"`
	Load        int      `json:"load,omitempty"`
}

func addOrUpdateEventTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "add_or_update_event", Title: "Plan a session or note",
		Description: "Create a calendar event or update one (event_id). Workout text is checked for syntax traps, or built from steps. Sessions paired with a recorded activity are never changed.",
		Toolset:     manifest.Calendar, Access: manifest.Write, Operations: []string{"createEvent", "updateEvent", "showEvent"},
	}, addOrUpdateEvent)
}

func addOrUpdateEvent(ctx context.Context, env *manifest.Env, in eventWriteIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	var old intervals.Event
	if in.EventID != 0 {
		e, paired, err := fetchEvent(ctx, env, in.EventID)
		if err != nil {
			return "", err
		}
		if paired != "" {
			return "", refusePairedEvent("changed", e, paired)
		}
		old = e
	}
	body, notes, err := eventBody(in, old, a)
	if err != nil {
		return "", err
	}
	verb, what := "Created", "create the event"
	var resp *http.Response
	if in.EventID == 0 {
		resp, err = env.Client.CreateEvent(ctx, env.AthleteID, &intervals.CreateEventParams{}, body)
	} else {
		verb, what = "Updated", fmt.Sprintf("update event %d", in.EventID)
		resp, err = env.Client.UpdateEvent(ctx, env.AthleteID, in.EventID, body)
	}
	if err != nil {
		return "", apiFailed(what, err)
	}
	// A 2xx is done whatever its answer holds: show the saved event, or else what was sent
	// over what was there (retrying would plan the session twice).
	saved := old
	if evs, err := answerEvents(resp); err == nil && len(evs) == 1 {
		saved = evs[0]
	} else if raw, err := json.Marshal(body); err == nil {
		_ = json.Unmarshal(raw, &saved)
	}
	out := verb + ": " + a.units.EventLine(saved, "", a.today)
	if len(notes) > 0 {
		out += "\n" + strings.Join(notes, "\n")
	}
	return out, nil
}

// eventBody builds the event to write from the arguments, over old when updating. notes are
// lines for the answer (the workout summary and syntax warnings).
func eventBody(in eventWriteIn, old intervals.Event, a *athleteCtx) (intervals.EventEx, []string, error) {
	var b intervals.EventEx
	creating := in.EventID == 0
	cat := in.Category
	switch {
	case cat == "" && creating:
		cat = "WORKOUT"
	case cat == "":
		cat = string(deref(old.Category))
	}
	if err := checkCategories([]string{cat}); err != nil {
		return b, nil, err
	}
	c := intervals.EventExCategory(cat)
	b.Category = &c
	if in.Date == "" && creating {
		return b, nil, manifest.Errorf("date is required to create an event: the athlete's local date, YYYY-MM-DD")
	}
	if in.Date != "" {
		d, err := parseLocalDate("date", in.Date, a.today.Location())
		if err != nil {
			return b, nil, err
		}
		b.StartDateLocal = pointer(d.Format(ymd) + "T00:00:00")
		if in.EndDate != "" {
			e, err := parseLocalDate("end_date", in.EndDate, a.today.Location())
			if err != nil {
				return b, nil, err
			}
			if e.Before(d) {
				return b, nil, manifest.Errorf("end_date %s is before date %s", in.EndDate, in.Date)
			}
			b.EndDateLocal = pointer(e.AddDate(0, 0, 1).Format(ymd) + "T00:00:00")
		}
	}
	if in.Name != "" {
		b.Name = &in.Name
	} else if creating {
		b.Name = pointer(strings.ToLower(strings.ReplaceAll(cat, "_", " ")))
		if in.Type != "" {
			b.Name = pointer(in.Type)
		}
	}
	sport := in.Type
	if sport == "" {
		sport = deref(old.Type)
	}
	if in.Type != "" {
		b.Type = &in.Type
	}
	if cat == "WORKOUT" && sport == "" && creating {
		return b, nil, manifest.Errorf("type (the sport: Ride, Run, Swim...) is required to plan a workout")
	}
	if in.Duration != "" {
		secs, err := seconds(in.Duration)
		if err != nil {
			return b, nil, err
		}
		b.MovingTime = pointer(int32(secs))
	}
	if in.Load > 0 {
		b.LoadTarget = pointer(int32(in.Load))
	}
	text, notes, err := workoutText(in, sport, cat, a)
	if err != nil {
		return b, nil, err
	}
	if text != "" {
		b.Description = &text
	}
	return b, notes, nil
}

// workoutText builds the text from steps, or checks the text given, for the traps of
// Intervals.icu's workout syntax (400m is 400 minutes; pace needs the word pace; ...).
func workoutText(in eventWriteIn, sport, cat string, a *athleteCtx) (string, []string, error) {
	th := eventThresholds(a, sport)
	ws := workout.SportFor(sport)
	if len(in.Steps) > 0 {
		if in.Description != "" {
			return "", nil, manifest.Errorf("give either steps or description (workout text), not both")
		}
		text, err := workout.Build(ws, toSteps(in.Steps), th)
		if err != nil {
			return "", nil, manifest.Errorf("the steps cannot be written as an Intervals.icu workout: %v", err)
		}
		s, _ := workout.Check(ws, text, th)
		return text, []string{"Workout: " + s.String() + "\n" + text}, nil
	}
	if cat != "WORKOUT" || !hasSteps(in.Description) {
		// notes, and sessions described in words only, have no syntax to get wrong
		return in.Description, nil, nil
	}
	s, errs, warns := checkText(sport, in.Description, th)
	if len(errs) > 0 {
		return "", nil, manifest.Errorf("the workout text would be misread by Intervals.icu; nothing was written. Fix these and call again (or pass steps instead):\n- %s", strings.Join(errs, "\n- "))
	}
	notes := []string{"Workout: " + s.String()}
	if len(warns) > 0 {
		notes = append(notes, "Check these (written as given):\n- "+strings.Join(warns, "\n- "))
	}
	return in.Description, notes, nil
}

// checkText checks workout text for the traps of Intervals.icu's syntax, split into errors
// (Intervals.icu would misread it) and warnings (almost surely a mistake, but valid).
func checkText(sport, text string, th workout.Thresholds) (s workout.Summary, errs, warns []string) {
	s, problems := workout.Check(workout.SportFor(sport), text, th)
	for _, p := range problems {
		if p.Severity == workout.SeverityError {
			errs = append(errs, p.String())
		} else {
			warns = append(warns, p.String())
		}
	}
	return s, errs, warns
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

func toSteps(in []stepIn) []workout.Step {
	out := make([]workout.Step, len(in))
	for i, s := range in {
		out[i] = workout.Step{Label: s.Label, Duration: s.Duration, Distance: s.Distance, Target: s.Target, Cadence: s.Cadence, Repeat: s.Repeat}
		for _, l := range s.Steps {
			out[i].Steps = append(out[i].Steps, workout.Step{Duration: l.Duration, Distance: l.Distance, Target: l.Target, Cadence: l.Cadence})
		}
	}
	return out
}

// sportSettings returns the athlete's settings for a sport: those whose types include it
// (case-insensitive) or, with family and failing that, those of the same family of sports
// (VirtualRide uses Ride's). nil when there are none.
func sportSettings(a *manifest.Athlete, sport string, family bool) *intervals.SportSettings {
	if a.Profile == nil || a.Profile.SportSettings == nil {
		return nil
	}
	all := *a.Profile.SportSettings
	kind := workout.SportFor(sport)
	var near *intervals.SportSettings
	for i := range all {
		for _, t := range deref(all[i].Types) {
			switch {
			case strings.EqualFold(string(t), sport):
				return &all[i]
			case family && near == nil && kind != workout.Other && workout.SportFor(string(t)) == kind:
				near = &all[i]
			}
		}
	}
	return near
}

// eventThresholds takes the athlete's thresholds for a sport from its sport settings (or
// its family's), for the targets of a workout.
func eventThresholds(a *athleteCtx, sport string) workout.Thresholds {
	var th workout.Thresholds
	pick := sportSettings(a.Athlete, sport, true)
	if pick == nil {
		return th
	}
	th.FTP = float64(deref(pick.Ftp))
	th.LTHR = float64(deref(pick.Lthr))
	th.MaxHR = float64(deref(pick.MaxHr))
	if workout.SportFor(sport) == workout.Swim {
		th.SwimThresholdPace = float64(deref(pick.ThresholdPace))
	} else {
		th.ThresholdPace = float64(deref(pick.ThresholdPace))
	}
	return th
}

// seconds reads "4500" (seconds), "75:00" (m:ss) or "1:15:00" (h:mm:ss).
func seconds(s string) (int, error) {
	p := strings.Split(strings.TrimSpace(s), ":")
	total := 0
	for i, f := range p {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || len(p) > 3 || (i > 0 && n >= 60) {
			return 0, manifest.Errorf("duration %q is not understood: write seconds (4500) or h:mm:ss (1:15:00)", s)
		}
		total = total*60 + n
	}
	return total, nil
}
