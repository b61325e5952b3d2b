package tools

import (
	"context"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/charts"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

// move_sessions, copy_sessions and repeat_session show a client that renders MCP Apps views
// the calendar before and after (charts.Plan of kind "calendar", drawn by the plan view): the
// sessions that move or appear on their new days, where each came from, the calendar check's
// warnings on their days; with check_only before anything is written, else as Intervals.icu
// answered. Other clients get the text alone.

// calendarChange is a session a write moves or adds: as it will be (or as Intervals.icu
// answered), the day it comes from (its own before a move, its source's for a copy), and the
// event it moves (0 for a copy).
type calendarChange struct {
	e      planEvent
	from   string
	moved  int32
	status string // "already there" for a copy found in the calendar
}

// shifted is e days later, as a preview shows it before anything is written.
func shifted(e planEvent, days int) planEvent {
	e.StartDateLocal, e.EndDateLocal = shiftLocal(e.StartDateLocal, days), shiftLocal(e.EndDateLocal, days)
	return e
}

// changesNote is what the model is told of the view, "" for a client without views; the
// answer is held to the budget less it.
func changesNote(ctx context.Context) string {
	if out := toolcall.OutputOf(ctx); out != nil && out.UI {
		return "\nThe user sees the calendar before and after."
	}
	return ""
}

// previewHead begins the answer of a move, copy or repeat with check_only, before the answer
// the write would give.
const previewHead = "Nothing written (check_only); it would be: "

// answerChanges is the answer of a move, copy or repeat: body (the write's answer in n
// characters) with the check's warnings (withCheck), begun by previewHead when nothing was
// written, within the budget less changesNote; a client that renders views is shown the
// calendar before and after under title (showChanges).
func answerChanges(ctx context.Context, env *toolcall.Env, a *athleteCtx, check calendarCheck, changes []calendarChange, title string, written bool, body func(n int) string) string {
	note := changesNote(ctx)
	text := withCheck(check, env.MaxChars()-len(note), func(n int) string {
		if written {
			return body(n)
		}
		return previewHead + body(n-len(previewHead))
	})
	showChanges(ctx, a, title, text, written, check, changes)
	return text + note
}

// showChanges gives a client that renders views the calendar before and after the changes.
func showChanges(ctx context.Context, a *athleteCtx, title, text string, written bool, check calendarCheck, changes []calendarChange) {
	out := toolcall.OutputOf(ctx)
	if out == nil || !out.UI || len(changes) == 0 {
		return
	}
	v := &charts.Plan{Kind: "calendar", Title: title, Athlete: nameOr(a.Name, a.ID), Today: a.today.Format(ymd), Written: written}
	v.Summary, _, _ = strings.Cut(text, "\n")
	moved, ours := map[int32]bool{}, map[string]bool{}
	lo, hi := changes[0].from, changes[0].from
	for _, c := range changes {
		moved[c.moved] = true
		ours[deref(c.e.ExternalId)] = true
		lo, hi = min(lo, c.from, c.e.day()), max(hi, c.from, c.e.day())
	}
	v.First, v.Last = mondayOf(lo), mondayOf(hi)
	end := addDays(v.Last, 6)
	weeks := map[string]*charts.PlanWeek{}
	for _, e := range check.cal {
		c := e.calSession(a)
		if c.date > end || c.last < v.First || ours[deref(e.ExternalId)] && deref(e.ExternalId) != "" {
			continue
		}
		if !workoutOrRace(c.category) && c.category != "NOTE" {
			v.Bands = append(v.Bands, charts.PlanBand{Name: c.label.Name, Kind: c.category, First: c.date, Last: c.last})
			continue
		}
		if workoutOrRace(c.category) {
			tally(weekOf(weeks, c.date), c, true, !moved[deref(e.Id)])
		}
		if moved[deref(e.Id)] {
			continue // drawn as a change
		}
		v.Sessions = append(v.Sessions, charts.PlanSession{Index: -1, Existing: true, Date: c.date, Category: c.category, Sport: c.label.Sport,
			Name: c.label.Name, Seconds: c.secs, Load: c.load, Targets: eventTargets(a, e.Event), ID: deref(e.Id)})
	}
	for _, ch := range changes {
		c := ch.e.calSession(a)
		s := charts.PlanSession{Index: -1, Date: c.date, From: ch.from, Copy: ch.moved == 0, Category: c.category, Sport: c.label.Sport, Name: c.label.Name,
			Seconds: c.secs, Load: c.load, Targets: eventTargets(a, ch.e.Event), ID: deref(ch.e.Id), Status: ch.status}
		for _, l := range strings.Split(eventReadingOf(a, ch.e.Event).Steps, "\n") {
			if strings.TrimSpace(l) != "" {
				s.Steps = append(s.Steps, l)
			}
		}
		if ch.moved != 0 { // its place before the move
			v.Sessions = append(v.Sessions, charts.PlanSession{Index: -1, Date: ch.from, To: c.date, Category: c.category, Sport: c.label.Sport, Name: c.label.Name, ID: ch.moved})
		} else if ch.status != "" {
			tally(weekOf(weeks, c.date), c, true, false) // already in the calendar before
		}
		v.Sessions = append(v.Sessions, s)
		if workoutOrRace(c.category) {
			tally(weekOf(weeks, c.date), c, false, true)
		}
	}
	for m := v.First; m <= v.Last; m = addDays(m, 7) {
		v.Weeks = append(v.Weeks, *weekOf(weeks, m))
	}
	v.Warnings = viewWarnings(check.warnings)
	v.Notes = nonEmpty([]string{check.note})
	out.Structured = v
}

// tally counts c in week w: before the write (Held), after it (Sessions), or both.
func tally(w *charts.PlanWeek, c calSession, before, after bool) {
	if before {
		w.HeldSessions, w.HeldSeconds, w.HeldLoad = w.HeldSessions+1, w.HeldSeconds+c.secs, w.HeldLoad+c.load
	}
	if after {
		w.Sessions, w.Seconds, w.Load = w.Sessions+1, w.Seconds+c.secs, w.Load+c.load
	}
}

// viewWarnings are the check's warnings as the plan view shows them: on their day, or on
// their week (its Monday), with their figure.
func viewWarnings(ws []format.PlanWarning) []charts.PlanWarn {
	var out []charts.PlanWarn
	for _, w := range ws {
		_, said, ok := strings.Cut(w.String(), ": ")
		if !ok {
			said = w.String()
		}
		out = append(out, charts.PlanWarn{Date: w.Date, Week: weekKinds[w.Kind], Kind: w.Kind, Text: said})
	}
	return out
}
