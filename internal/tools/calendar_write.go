package tools

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/workout"
)

type eventWriteIn struct {
	EventID     int32  `json:"event_id,omitempty" jsonschema_description:"To update; omit to create"`
	Category    string `json:"category,omitempty" jsonschema:"maxLength=20" jsonschema_description:"WORKOUT (default), RACE_A/B/C, NOTE, HOLIDAY, SICK..."`
	Date        string `json:"date,omitempty" jsonschema_description:"Local YYYY-MM-DD"`
	EndDate     string `json:"end_date,omitempty" jsonschema_description:"Last day of a period"`
	Name        string `json:"name,omitempty"`
	Type        string `json:"type,omitempty" jsonschema_description:"Sport: Ride, Run, Swim..."`
	Description string `json:"description,omitempty" jsonschema:"maxLength=4000" jsonschema_description:"Workout text (10m is minutes, 400mtr metres) or note"`
	Steps       []step `json:"steps,omitempty" jsonschema_description:"Or the workout as steps"`
	Duration    string `json:"duration,omitempty" jsonschema_description:"h:mm:ss or seconds"`
	Distance    string `json:"distance,omitempty" jsonschema_description:"Planned: 30km, 10mi"` // the reference server's metres: its alias
	Load        int    `json:"load,omitempty" jsonschema:"maximum=2000"`
	AllowPast   bool   `json:"allow_past,omitempty"`
	color       string // a note's colour (add_or_update_note)
}

func addOrUpdateEventTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "add_or_update_event", Title: "Plan a session or note",
		Description: "Creates a calendar event, or updates one (event_id). Workout text is checked for syntax traps, or built from steps. Never changes a session paired with an activity.",
		Toolset:     manifest.Calendar, Access: manifest.Write, Operations: []string{"getAthlete", "createMultipleEvents", "updateEvent", "showEvent", "listEvents", "listWellnessRecords", "listActivities", "listFitnessModelEvents"},
		Aliases: []manifest.Alias{{Name: "workout_type", For: "type"}, {Name: "start_date", For: "date"},
			{Name: "moving_time", For: "duration", Convert: secondsText("duration")}, {Name: "workout_doc", For: "steps", Convert: workoutDocArgs},
			{Name: "distance", For: "distance", Convert: metresText("distance")}},
	}, addOrUpdateEvent)
}

func addOrUpdateEvent(ctx context.Context, env *toolcall.Env, in eventWriteIn) (string, error) {
	return writeEvent(ctx, env, in, "")
}

// noteIn is add_or_update_note's input: the reference server's tool, a NOTE on the calendar.
type noteIn struct {
	EventID     int32  `json:"event_id,omitempty" jsonschema_description:"To update; omit to create"`
	Date        string `json:"date,omitempty" jsonschema_description:"YYYY-MM-DD"`
	Name        string `json:"name,omitempty"`
	Description string `json:"description,omitempty" jsonschema:"maxLength=4000"`
	Color       string `json:"color,omitempty" jsonschema:"maxLength=20"`
	AllowPast   bool   `json:"allow_past,omitempty"`
}

func addOrUpdateNoteTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name: "add_or_update_note", Title: "Calendar note",
		Description: "Add a plain-text note to the calendar, or update one (event_id).",
		Toolset:     manifest.Calendar, Access: manifest.Write, Operations: []string{"getAthlete", "createMultipleEvents", "updateEvent", "showEvent"},
		Aliases: []manifest.Alias{{Name: "start_date", For: "date"}},
	}, addOrUpdateNote)
}

// addOrUpdateNote writes a NOTE through add_or_update_event's path: the same past-date rule,
// the same refusal of a session paired with a recorded activity; an event that is not a note
// is left to add_or_update_event.
func addOrUpdateNote(ctx context.Context, env *toolcall.Env, in noteIn) (string, error) {
	return writeEvent(ctx, env, eventWriteIn{EventID: in.EventID, Category: "NOTE", Date: in.Date, Name: in.Name,
		Description: in.Description, AllowPast: in.AllowPast, color: strings.TrimSpace(in.Color)}, "NOTE")
}

// writeEvent creates or updates the event in describes. only, when set, is the one category
// an updated event must already have.
func writeEvent(ctx context.Context, env *toolcall.Env, in eventWriteIn, only string) (string, error) {
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
		if cat := string(deref(e.Category)); only != "" && cat != only {
			return "", manifest.Errorf("event %d is a %s, not a %s: change it with add_or_update_event", in.EventID, cat, only)
		}
		old = e
	}
	body, checked, err := eventBody(in, old, a)
	if err != nil {
		return "", err
	}
	var check calendarCheck
	if in.EventID == 0 || in.Date != "" {
		check = checkCalendar(ctx, env, a, eventWrite(old, body, checked, a))
	}
	saved, err := saveEvent(ctx, env, in.EventID, body, a)
	if err != nil {
		return "", err
	}
	return withCheck(check, env.MaxChars(), func(int) string {
		return a.units.EventWritten(in.EventID == 0, saved, checked.said(saved, in, a), a.today)
	}), nil
}

// saveEvent creates the event body describes (id 0) or updates event id with it, and returns
// the event as Intervals.icu answered it. A create goes with an external id made of what it
// holds, in a bulk create that updates the event already there with that id: a create
// repeated (a retry after a lost answer) does not plan the session twice. A write whose
// answer cannot be read is confirmed by reading the event back, or reported undone.
func saveEvent(ctx context.Context, env *toolcall.Env, id int32, body intervals.EventEx, a *athleteCtx) (intervals.Event, error) {
	if id != 0 {
		fields, err := eventFields(body)
		if err != nil {
			return intervals.Event{}, err
		}
		saved, err := putEvent(ctx, env, id, fields)
		if err != nil {
			return intervals.Event{}, apiFailed(fmt.Sprintf("update event %d", id), err)
		}
		return saved, nil
	}
	body.ExternalId = pointer(contentID(a.ID, body))
	j := newJournal(env, a)
	created, err := j.create(ctx, []intervals.EventEx{body})
	if err != nil {
		return intervals.Event{}, err
	}
	return created[0], nil
}

// contentID is the external id of a single event created: "imcp:e" and a hash of the
// athlete and the event's category, date, sport, name and text.
func contentID(athlete string, b intervals.EventEx) string {
	sum := sha256.Sum256([]byte(strings.Join([]string{athlete, string(deref(b.Category)), deref(b.StartDateLocal), deref(b.Type), deref(b.Name), deref(b.Description)}, "\x00")))
	return "imcp:e" + hex.EncodeToString(sum[:])[:12]
}

// eventFields are the fields of an update body, by their JSON names.
func eventFields(b intervals.EventEx) (map[string]any, error) {
	raw, err := json.Marshal(b)
	if err != nil {
		return nil, err
	}
	var f map[string]any
	return f, json.Unmarshal(raw, &f)
}

// eventBody builds the event to write from the arguments, over old when updating, with what
// its workout was checked as, for the answer.
func eventBody(in eventWriteIn, old intervals.Event, a *athleteCtx) (intervals.EventEx, checkedWorkout, error) {
	var b intervals.EventEx
	var none checkedWorkout
	typ, err := sportArg(in.Type)
	if err != nil {
		return b, none, err
	}
	in.Type = typ
	creating := in.EventID == 0
	cat := in.Category
	switch {
	case cat == "" && creating:
		cat = "WORKOUT"
	case cat == "":
		cat = string(deref(old.Category))
	}
	if cat, err = eventCategoryArg(cat); err != nil {
		return b, none, err
	}
	c := intervals.EventExCategory(cat)
	b.Category = &c
	if in.Date == "" && creating {
		return b, none, manifest.Errorf("date is required to create an event: the athlete's local date, YYYY-MM-DD")
	}
	if in.Date != "" {
		d, err := parseLocalDate("date", in.Date, a.today.Location())
		if err != nil {
			return b, none, err
		}
		if !in.AllowPast && d.Format(ymd) < a.today.Format(ymd) {
			return b, none, manifest.Errorf("%s is in the past (today is %s for the athlete): give a later date, or set allow_past", d.Format(ymd), a.today.Format(ymd))
		}
		b.StartDateLocal = pointer(d.Format(ymd) + "T00:00:00")
		if in.EndDate != "" {
			e, err := parseLocalDate("end_date", in.EndDate, a.today.Location())
			if err != nil {
				return b, none, err
			}
			if e.Before(d) {
				return b, none, manifest.Errorf("end_date %s is before date %s", in.EndDate, in.Date)
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
		return b, none, manifest.Errorf("type (the sport: Ride, Run, Swim...) is required to plan a workout")
	}
	if in.color != "" {
		b.Color = &in.color
	}
	text, checked, err := workoutText(in, sport, cat, a)
	if err != nil {
		return b, none, err
	}
	if text != "" {
		b.Description = &text
	}
	// Time, distance and load go as given only with no steps: Intervals.icu computes them
	// from the steps of a workout (the answer says so when they were given too).
	g := givenFigures{load: in.Load}
	if in.Duration != "" {
		if g.secs, err = seconds(in.Duration); err != nil {
			return b, none, err
		}
	}
	if in.Distance != "" {
		if g.metres, err = workout.ReadDistance(in.Distance); err != nil {
			return b, none, manifest.Errorf("%v", err)
		}
	}
	if checked.ok {
		checked.note = stepsWin(a.units, sport, g, checked.sum)
		return b, checked, nil
	}
	if g.secs > 0 {
		b.MovingTime = pointer(int32(g.secs))
	}
	if g.metres > 0 {
		b.Distance = pointer(float32(g.metres))
	}
	if g.load > 0 {
		b.LoadTarget = pointer(int32(g.load))
	}
	return b, checked, nil
}

// checkedWorkout is what a workout written was checked as: its summary, the text built from
// steps ("" for text given), the text written (its words and steps), the warnings it was
// written with, and what the answer must say of figures given beside steps; ok is false for
// no workout.
type checkedWorkout struct {
	ok    bool
	sum   workout.Summary
	built string
	text  string
	warns []string
	note  string
}

// said is the answer's word on the workout beside the event saved: its steps (repeats
// counted) and their figures the event's line does not state (the line's time, distance and
// load are Intervals.icu's), where Intervals.icu read it otherwise than it was meant, the
// text built, and the warnings. "" for no workout.
func (c checkedWorkout) said(saved intervals.Event, in eventWriteIn, a *athleteCtx) string {
	if !c.ok {
		return ""
	}
	steps := c.sum.Steps
	if w, _, ok := eventReading(saved); ok {
		steps = w.Summary(workout.Thresholds{}).Steps
	}
	parts := c.sum.Parts()
	shown := [3]bool{deref(saved.MovingTime) > 0 || deref(saved.TimeTarget) > 0,
		deref(saved.Distance) > 0 || deref(saved.DistanceTarget) > 0,
		saved.IcuTrainingLoad != nil || saved.LoadTarget != nil}
	figs := []string{fmt.Sprintf("%d steps", steps)}
	if steps == 1 {
		figs[0] = "1 step"
	}
	for i, p := range parts {
		if !shown[i] && p != "" {
			figs = append(figs, p)
		}
	}
	out := format.WorkoutChecked(strings.Join(figs, ", "), c.warns)
	for _, l := range []string{c.note, readOtherwise(a, c.text, saved)} {
		if l != "" {
			out += "\n" + l
		}
	}
	if c.built != "" {
		out += "\n" + c.built
	}
	return out
}

// workoutText builds the text from steps, or checks the text given, for the traps of
// Intervals.icu's workout syntax (400m is 400 minutes; pace needs the word pace; ...).
func workoutText(in eventWriteIn, sport, cat string, a *athleteCtx) (string, checkedWorkout, error) {
	var none checkedWorkout
	th := eventThresholds(a, sport)
	ws := workout.SportFor(sport)
	if len(in.Steps) > 0 {
		if hasSteps(in.Description) {
			return "", none, manifest.Errorf("give the workout either as steps or as workout text in description, not both")
		}
		built, err := workout.Build(ws, toSteps(in.Steps), th)
		if err != nil {
			return "", none, manifest.Errorf("the steps cannot be written as an Intervals.icu workout: %v", err)
		}
		text := built
		if words := strings.TrimSpace(in.Description); words != "" {
			text = words + "\n\n" + built // words above the steps, as plan_sessions writes them
		}
		checked, err := checkWritten(sport, text, th)
		checked.built = built
		return text, checked, err
	}
	if cat != "WORKOUT" || !hasSteps(in.Description) {
		// notes, and sessions described in words only, have no syntax to get wrong
		return in.Description, none, nil
	}
	checked, err := checkWritten(sport, in.Description, th)
	return in.Description, checked, err
}

// checkWritten checks the whole text a workout is written with, words included (a line of
// words such as "Main set 3x" is a repeat line to Intervals.icu), as plan_sessions does.
func checkWritten(sport, text string, th workout.Thresholds) (checkedWorkout, error) {
	s, errs, warns := checkText(sport, text, th)
	if len(errs) > 0 {
		return checkedWorkout{}, manifest.Errorf("the workout text would be misread by Intervals.icu; nothing was written. Fix these and call again (or pass steps instead):\n- %s", strings.Join(errs, "\n- "))
	}
	return checkedWorkout{ok: true, sum: s, text: text, warns: warns}, nil
}
