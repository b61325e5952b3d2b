package tools

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/charts"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/workout"
)

// The plan view (issue 39): plan_sessions shows a client that renders MCP Apps views its
// plan on a calendar grid (charts.Plan, drawn by charts.PlanViewHTML), and any other client a
// PNG of the same grid beside the text. The view's "Add to calendar" button calls
// add_plan_to_calendar, a tool for the view only (_meta.ui.visibility ["app"]): it writes the
// plan previewed, through plan_sessions' own run (runPlan), only while the plan is the one
// previewed (planPreviewToken: a hash of its sessions, blocks and the time it was shown) and the
// preview is not older than previewTTL.

// planView is plan_sessions' view.
var planView = &manifest.View{URI: charts.PlanViewURI, Name: "plan-preview", Title: "Plan preview", HTML: charts.PlanViewHTML}

// approveTool is the name of the view's tool.
const approveTool = "add_plan_to_calendar"

// previewTTL is how long a preview may be written from the view.
const previewTTL = time.Hour

// weekKinds are the warnings of a week (their date is its Monday).
var weekKinds = map[string]bool{format.WarnWeekCount: true, format.WarnVolume: true, format.WarnMonotony: true, format.WarnStrain: true,
	format.WarnBuild: true, format.WarnWeekIntent: true, format.WarnIntensity: true}

type planApproveIn struct {
	Plan    map[string]any `json:"plan"`
	Confirm string         `json:"confirm,omitempty"`
}

func planApproveTool() manifest.Tool {
	t := manifest.New(manifest.Def{
		Name:        approveTool,
		Title:       "Add plan",
		Description: "The plan view's button: writes the plan previewed.",
		Toolset:     manifest.Calendar,
		Access:      manifest.Write,
		Idempotent:  true,
		AppOnly:     true,
		Operations:  []string{"getAthlete", "listEvents", "listWellnessRecords", "listActivities", "listFitnessModelEvents", "createMultipleEvents"},
	}, planApprove)
	t.View = planView
	return t
}

// planApprove writes the plan the view previewed (plan_sessions' arguments as the view holds
// them, confirmed by the preview's token), or without confirm checks it as plan_sessions'
// check_only does (a session moved in the view) and answers a new preview and its token.
func planApprove(ctx context.Context, env *toolcall.Env, in planApproveIn) (string, error) {
	raw, err := json.Marshal(in.Plan)
	if err != nil {
		return "", manifest.Errorf("plan: %v", err)
	}
	var p planIn
	if err := manifest.Decode(raw, &p); err != nil {
		return "", manifest.Errorf("plan is not plan_sessions' arguments: %v", err)
	}
	if len(p.Sessions) == 0 || len(p.Sessions) > 60 || len(p.Blocks) > 12 {
		return "", manifest.Errorf("plan: 1 to 60 sessions and at most 12 blocks, as plan_sessions takes")
	}
	for i := range p.Sessions {
		if p.Sessions[i].Category == "" {
			p.Sessions[i].Category = "WORKOUT" // plan_sessions' default
		}
	}
	p.CheckOnly = in.Confirm == ""
	r, err := runPlan(ctx, env, p, in.Confirm)
	if err != nil {
		return "", err
	}
	text, err := r.send(ctx, env)
	if err == nil && p.CheckOnly {
		text += fmt.Sprintf("\nTo add this plan as previewed: confirm=%q (valid %d minutes).", r.token, int(previewTTL.Minutes()))
	}
	return text, err
}

// planPreviewToken identifies a preview: when it was shown and a hash of the athlete, the plan's
// name and the events its sessions and blocks are written as (dates resolved, workouts
// built, external ids), with that time.
func planPreviewToken(a *athleteCtx, plan string, items []planned, blocks []planBlock, shown time.Time) string {
	h := sha256.New()
	enc := json.NewEncoder(h)
	_ = enc.Encode([]any{a.ID, plan, shown.Unix()}) // a hash never fails to write
	for _, p := range items {
		_ = enc.Encode(p.event)
	}
	for _, b := range blocks {
		_ = enc.Encode(b.event)
	}
	return fmt.Sprintf("%d.%s", shown.Unix(), hex.EncodeToString(h.Sum(nil))[:24])
}

// checkPreview refuses a preview that is not the plan's (the plan was changed after it was
// shown) or is older than previewTTL, saying why and what to do.
func checkPreview(token string, a *athleteCtx, plan string, items []planned, blocks []planBlock, now time.Time) error {
	secs, _, ok := strings.Cut(token, ".")
	unix, err := strconv.ParseInt(secs, 10, 64)
	if !ok || err != nil {
		return manifest.Errorf("Nothing was written: preview %q is not a preview of this server; preview it again (plan_sessions with check_only) and add it from the new preview", token)
	}
	shown := time.Unix(unix, 0)
	if planPreviewToken(a, plan, items, blocks, shown) != token {
		return manifest.Errorf("Nothing was written: this plan is not the one previewed (its sessions or blocks changed after the preview was shown); preview it again (plan_sessions with check_only) and add it from the new preview")
	}
	if age := now.Sub(shown); age > previewTTL || age < -time.Minute {
		return manifest.Errorf("Nothing was written: the preview was shown at %s and expired after %d minutes (the calendar may have changed since); preview it again (plan_sessions with check_only) and add it from the new preview",
			shown.In(a.Location).Format("15:04"), int(previewTTL.Minutes()))
	}
	return nil
}

// send is the run's answer: the text, and for a client that renders views the plan view's
// data, for any other a PNG of its grid.
func (r *planRun) send(ctx context.Context, env *toolcall.Env) (string, error) {
	r.shown = env.Time()
	r.token = planPreviewToken(r.a, r.in.Plan, r.items, r.blocks, r.shown)
	out := toolcall.OutputOf(ctx)
	if out == nil {
		return r.a.units.Plan(r.answer, env.MaxChars()), nil
	}
	note := "\nThe plan's grid is attached as an image."
	if out.UI {
		note = "\nThe user sees the plan on a calendar grid"
		if r.in.CheckOnly {
			note += ", with a button that adds it as previewed"
		}
		note += "."
	}
	text := r.a.units.Plan(r.answer, env.MaxChars()-len(note))
	v := r.view(ctx, env, text, out.UI)
	if out.UI {
		out.Structured = v
	} else {
		b, err := charts.PlanPNG(v)
		if err != nil {
			return "", fmt.Errorf("draw the plan: %w", err)
		}
		out.PNG = b
	}
	return text + note, nil
}

// view is the run as the plan view shows it (text: its answer); the form projected over the
// plan only with fitness (the view draws it, the PNG does not).
func (r *planRun) view(ctx context.Context, env *toolcall.Env, text string, fitness bool) *charts.Plan {
	a := r.a
	args := r.in
	args.CheckOnly = false
	raw, _ := json.Marshal(args) // planIn's plain fields always marshal
	v := &charts.Plan{Kind: "plan", Title: fmt.Sprintf("Plan %q", r.in.Plan), Athlete: nameOr(a.Name, a.ID), Today: a.today.Format(ymd),
		Plan: r.in.Plan, Written: !r.in.CheckOnly, Approve: approveTool, Args: raw}
	v.Summary, _, _ = strings.Cut(text, "\n")
	v.Preview = r.token
	v.Expires = r.shown.Add(previewTTL).UTC().Format(time.RFC3339)
	ours := map[string]bool{}
	for i, s := range r.answer.Sessions {
		ours[deref(r.items[i].event.ExternalId)] = true
		v.Sessions = append(v.Sessions, r.viewSession(i, s))
	}
	for _, b := range r.blocks {
		ours[deref(b.event.ExternalId)] = true
	}
	for _, b := range r.answer.Blocks {
		v.Bands = append(v.Bands, charts.PlanBand{Name: b.Name, Kind: b.Kind, First: b.First, Last: b.Last, Plan: true})
	}
	held := map[string]*charts.PlanWeek{}
	for _, e := range r.existing {
		if ours[deref(e.ExternalId)] {
			continue
		}
		c := e.calSession(a)
		if !workoutOrRace(c.category) && c.category != "NOTE" {
			v.Bands = append(v.Bands, charts.PlanBand{Name: c.label.Name, Kind: c.category, First: c.date, Last: c.last})
			continue
		}
		v.Sessions = append(v.Sessions, charts.PlanSession{Index: -1, Existing: true, Date: c.date, Category: c.category, Sport: c.label.Sport,
			Name: c.label.Name, Seconds: c.secs, Load: c.load, Targets: eventTargets(a, e.Event), ID: deref(e.Id)})
		if workoutOrRace(c.category) {
			w := weekOf(held, c.date)
			w.HeldSessions, w.HeldSeconds, w.HeldLoad = w.HeldSessions+1, w.HeldSeconds+c.secs, w.HeldLoad+c.load
		}
	}
	for _, s := range r.answer.Sessions {
		if workoutOrRace(string(deref(s.Event.Category))) {
			w := weekOf(held, s.Date)
			w.Sessions, w.Seconds, w.Load = w.Sessions+1, w.Seconds+s.Seconds, w.Load+s.Load
		}
	}
	v.First, v.Last = mondayOf(r.dates.oldest), mondayOf(r.dates.newest)
	for m := v.First; m <= v.Last; m = addDays(m, 7) {
		w := weekOf(held, m)
		v.Weeks = append(v.Weeks, *w)
	}
	v.Warnings = viewWarnings(r.answer.Warnings)
	v.Notes = nonEmpty(append([]string{r.answer.CheckNote, r.answer.FormNote}, r.answer.BlockWarnings...))
	if fitness {
		if with, _, _ := projectPlan(ctx, env, a, r.items, addDays(r.dates.newest, 1)); with != nil {
			f := fitnessChart(with, env, chartFitnessIn{}).Fitness
			for _, p := range r.items { // the plan's races, with the form going into each
				if c := p.calSession(); strings.HasPrefix(c.category, "RACE_") {
					race := charts.Race{Date: c.date, Name: c.label.Name, Category: c.category}
					if rf, ok := formGoingInto(with, c); ok {
						race.FormIn = &rf
					}
					f.Races = append(f.Races, race)
				}
			}
			from := min(addDays(v.First, -7), v.Today)
			for len(f.Days) > 0 && f.Days[0].Date < from {
				f.Days = f.Days[1:]
			}
			v.Fitness = f
		}
	}
	return v
}

// nonEmpty are the strings of ss that are not empty.
func nonEmpty(ss []string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// weekOf is the week of date in weeks, added when missing.
func weekOf(weeks map[string]*charts.PlanWeek, date string) *charts.PlanWeek {
	m := mondayOf(date)
	w, ok := weeks[m]
	if !ok {
		w = &charts.PlanWeek{Monday: m}
		weeks[m] = w
	}
	return w
}

// viewSession is the plan's session i as the view shows it: its targets and steps as
// Intervals.icu reads them (its own answer once written).
func (r *planRun) viewSession(i int, s format.PlannedSession) charts.PlanSession {
	cat := string(deref(s.Event.Category))
	sport := deref(s.Event.Type)
	v := charts.PlanSession{Index: r.items[i].index - 1, Date: s.Date, Category: cat, Sport: sport, Name: deref(s.Event.Name),
		Seconds: s.Seconds, Load: s.Load, Estimated: s.TimeEstimated || (strings.HasPrefix(cat, "RACE_") && s.LoadEstimated),
		Metres: s.Metres + s.TimedMetres, Targets: s.Targets, Status: s.Status, ID: s.ID, Note: s.Note}
	steps := ""
	if saved, ok := r.m.saved[i]; ok {
		steps = eventReadingOf(r.a, saved).Steps
	} else if desc := deref(s.Event.Description); cat == "WORKOUT" && hasSteps(desc) {
		steps = workout.Read(workout.SportFor(sport), desc).Text()
	}
	for _, l := range strings.Split(steps, "\n") {
		if strings.TrimSpace(l) != "" {
			v.Steps = append(v.Steps, l)
		}
	}
	return v
}
