package tools

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// update_session changes one planned session, or with scope "following" that session and
// the later sessions of its series. A series is, in this order:
//  1. the copies repeat_session made (external id "imcp:s<id>:<date>") with their original
//     event <id>;
//  2. otherwise, the sessions of the same category, sport and name (ignoring case) on the
//     same weekday.
// Only sessions on or after the given one's date are changed; a new date shifts them all
// by the same number of days. A session paired with a recorded activity is never changed.

// seriesHorizon is how far ahead update_session looks for the following sessions.
const seriesHorizon = 366

type updateIn struct {
	ID          sessionRef `json:"id" jsonschema_description:"Event id"`
	Scope       string     `json:"scope,omitempty" jsonschema:"enum=this,enum=following,default=this"`
	Name        string     `json:"name,omitempty"`
	Date        string     `json:"date,omitempty" jsonschema_description:"YYYY-MM-DD"`
	Description string     `json:"description,omitempty" jsonschema:"maxLength=4000" jsonschema_description:"Workout text (10m is minutes, 400mtr metres) or free text"`
	Steps       []step     `json:"steps,omitempty" jsonschema_description:"Or the workout as steps"`
	Duration    string     `json:"duration,omitempty" jsonschema_description:"h:mm:ss or seconds"`
	Load        int        `json:"load,omitempty" jsonschema:"maximum=2000"`
	AllowPast   bool       `json:"allow_past,omitempty"`
}

func updateSessionTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "update_session",
		Title:       "Update a session",
		Description: "Changes a planned session (name, date, workout, duration, load); scope following: also the later ones of its series. Not done sessions.",
		Toolset:     manifest.Calendar,
		Access:      manifest.Write,
		Operations:  []string{"getAthlete", "showEvent", "listEvents", "updateEvent", "listWellnessRecords", "listActivities", "listFitnessModelEvents"},
	}, updateSession)
}

func updateSession(ctx context.Context, env *toolcall.Env, in updateIn) (string, error) {
	a, err := loadAthlete(ctx, env)
	if err != nil {
		return "", err
	}
	ids, err := eventIDs([]sessionRef{in.ID})
	if err != nil {
		return "", err
	}
	if len(ids) != 1 {
		return "", manifest.Errorf("give the id of one session (from get_events)")
	}
	this, err := readEvent(ctx, env, ids[0])
	if err != nil {
		return "", err
	}
	members := []planEvent{this}
	if in.Scope == "following" {
		if members, err = following(ctx, env, this); err != nil {
			return "", err
		}
	}
	if err := refusePaired(members, a); err != nil {
		return "", err
	}
	change, err := sessionChange(in, this, a)
	if err != nil {
		return "", err
	}
	if err := checkShift(members, change.days, a.today, in.AllowPast); err != nil {
		return "", err
	}
	check := checkCalendar(ctx, env, a, change.write(members, a))
	j := newJournal(env, a)
	var after []format.Session
	for _, e := range members {
		f := change.fields(e)
		if len(f) == 0 {
			return "", manifest.Errorf("nothing to change: give name, date, description, steps, workout, duration or load")
		}
		saved, err := j.update(ctx, e, f)
		if err != nil {
			return "", j.fail(ctx, err)
		}
		after = append(after, planEvent{Event: saved}.session()) // as Intervals.icu answered
		if line := readOtherwise(a, change.desc, saved); line != "" && !strings.Contains(change.summary, line) {
			change.summary += "\n" + line
		}
	}
	return withCheck(check, env.MaxChars(), func(n int) string { return a.units.SessionsUpdated(change.summary, after, a.today, n) }), nil
}

// following returns this session and the later ones of its series, oldest first.
func following(ctx context.Context, env *toolcall.Env, this planEvent) ([]planEvent, error) {
	start := this.day()
	t, err := time.Parse(ymd, start)
	if err != nil {
		return nil, manifest.Errorf("event %d has no date: update it alone (scope this)", deref(this.Id))
	}
	var cats []string
	if c := string(deref(this.Category)); c != "" {
		cats = []string{c}
	}
	later, err := readCalendar(ctx, env, start, t.AddDate(0, 0, seriesHorizon).Format(ymd), cats...)
	if err != nil {
		return nil, err
	}
	root := seriesRoot(this)
	inSeries := func(e planEvent) bool {
		return deref(e.Id) == root || strings.HasPrefix(deref(e.ExternalId), seriesPrefix(root))
	}
	repeated := false
	for _, e := range later {
		if deref(e.Id) != deref(this.Id) && inSeries(e) {
			repeated = true
		}
	}
	if !repeated {
		wd := t.Weekday()
		inSeries = func(e planEvent) bool {
			d, err := time.Parse(ymd, e.day())
			return err == nil && d.Weekday() == wd && deref(e.Type) == deref(this.Type) &&
				strings.EqualFold(strings.TrimSpace(deref(e.Name)), strings.TrimSpace(deref(this.Name)))
		}
	}
	out := []planEvent{this}
	for _, e := range later {
		if deref(e.Id) != deref(this.Id) && e.day() >= start && inSeries(e) {
			out = append(out, e)
		}
	}
	return out, nil
}

// sessionUpdate is a validated change, applied to each session of the scope. secs and load
// are the workout's time and load, as Intervals.icu will compute them from its steps when it
// has steps (structured: they are not written then), else as given.
type sessionUpdate struct {
	name, desc, summary string
	hasDesc, structured bool
	days, secs, load    int
}

// fields are the JSON fields that apply the change to one session.
func (c sessionUpdate) fields(e planEvent) map[string]any {
	f := map[string]any{}
	if c.name != "" {
		f["name"] = c.name
	}
	if c.hasDesc {
		f["description"] = c.desc
	}
	if c.secs > 0 && !c.structured {
		f["moving_time"] = c.secs
	}
	if c.load > 0 && !c.structured {
		f["icu_training_load"] = c.load
	}
	if c.days != 0 {
		for k, v := range shiftFields(e, c.days) {
			f[k] = v
		}
	}
	return f
}

// sessionChange validates the arguments against the session they name.
func sessionChange(in updateIn, this planEvent, a *athleteCtx) (sessionUpdate, error) {
	var c sessionUpdate
	var problems []string
	c.name = strings.TrimSpace(in.Name)
	if in.Date != "" {
		to, err := resolveDate(in.Date, a.today)
		if err != nil {
			problems = append(problems, err.Error())
		} else if !in.AllowPast && to < a.today.Format(ymd) {
			problems = append(problems, fmt.Sprintf("%s is in the past (today is %s for the athlete): give a later date, or set allow_past", to, a.today.Format(ymd)))
		} else {
			c.days, _ = calendarDays(this.day(), to)
		}
	}
	if in.Duration != "" {
		secs, err := seconds(in.Duration)
		if err != nil {
			problems = append(problems, err.Error())
		}
		c.secs = secs
	}
	if in.Load < 0 {
		problems = append(problems, "load cannot be negative")
	}
	c.load = in.Load
	if len(problems) > 0 {
		return c, manifest.Errorf("Nothing was changed: %s", strings.Join(problems, "; "))
	}
	sport := deref(this.Type)
	th := eventThresholds(a, sport)
	desc, text, err := workoutDescription(string(deref(this.Category)), sport, in.Description, in.Steps, th)
	if err != nil {
		return c, manifest.Errorf("Nothing was changed: %v", err)
	}
	if text != "" {
		sum, errs, warns := checkText(sport, text, th)
		if len(errs) > 0 {
			return c, manifest.Errorf("Nothing was changed, Intervals.icu would misread the workout:\n- %s", strings.Join(errs, "\n- "))
		}
		c.summary = format.WorkoutChecked(sum.String(), warns)
		if note := stepsWin(a.units, sport, givenFigures{secs: c.secs, load: c.load}, sum); note != "" {
			c.summary += "\n" + note
		}
		c.structured = true
		c.secs, c.load = int(sum.Duration.Seconds()), int(sum.Load+0.5)
	}
	c.desc, c.hasDesc = desc, desc != ""
	return c, nil
}
