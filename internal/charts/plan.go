package charts

import (
	_ "embed"
	"encoding/json"
)

// PlanViewURI names the plan view, the MCP Apps view of plan_sessions: the plan on a
// calendar grid before (check_only) and after it is written.
const PlanViewURI = "ui://intervals-mcp/plan.html"

// PlanViewHTML is the plan view: one self-contained HTML document (inline script and style,
// no URL of any kind) that draws a Plan from a result's structuredContent, week rows Monday
// to Sunday, opens a session's steps when clicked, lets a session be moved to another day
// (re-checked through the host), and writes the previewed plan with its "Add to calendar"
// button (Plan.Approve, called through the host's tools/call). It speaks to the host through
// the same bridge as the charts' view (bridge.js).
var PlanViewHTML = withBridge("plan.html", planHTML)

//go:embed plan.html
var planHTML string

// Plan is the data of the plan view: the plan's sessions and blocks on their days, what the
// calendar already holds there, what the calendar check found, and the form projected. Of
// kind "calendar" it is a move's, copy's or repeat's calendar before and after: the sessions
// moved or added on their new days (From, Copy) and where a moved one was (To); its weeks'
// Held figures are the calendar before, the others after; no Approve.
type Plan struct {
	Kind    string `json:"kind"` // "plan", or "calendar"
	Title   string `json:"title"`
	Athlete string `json:"athlete"`
	Today   string `json:"today"`
	Plan    string `json:"plan"`
	// Written: the plan is in the calendar (Sessions carry Intervals.icu's answer);
	// otherwise it is a preview.
	Written bool   `json:"written"`
	Summary string `json:"summary"` // the answer's first line
	// Preview identifies the plan previewed (its sessions and blocks, and when it was
	// shown): the approve tool writes it only while it is the same and not expired.
	Preview string `json:"preview"`
	Expires string `json:"expires,omitempty"` // RFC 3339
	// Approve is the app-only tool the button calls with Args (plan) and Preview (confirm).
	Approve string          `json:"approve"`
	Args    json.RawMessage `json:"args"` // plan_sessions' arguments as checked
	// First and Last are the Mondays of the first and last weeks shown.
	First    string        `json:"first"`
	Last     string        `json:"last"`
	Weeks    []PlanWeek    `json:"weeks"`
	Sessions []PlanSession `json:"sessions"` // the plan's, then the calendar's (Existing)
	Bands    []PlanBand    `json:"bands"`
	Warnings []PlanWarn    `json:"warnings"`
	Notes    []string      `json:"notes,omitempty"` // the check's notes, block warnings
	Fitness  *Fitness      `json:"fitness,omitempty"`
}

// PlanWeek is one Monday-based week: the plan's sessions, time and load, and what the
// calendar already holds (workouts and races not of the plan).
type PlanWeek struct {
	Monday       string `json:"monday"`
	Sessions     int    `json:"sessions"`
	Seconds      int    `json:"seconds"`
	Load         int    `json:"load"`
	HeldSessions int    `json:"heldSessions"`
	HeldSeconds  int    `json:"heldSeconds"`
	HeldLoad     int    `json:"heldLoad"`
}

// PlanSession is a session on its day: one of the plan's (Index, its place in Args'
// sessions) or one the calendar already holds (Existing, Index -1).
type PlanSession struct {
	Index    int    `json:"index"`
	Existing bool   `json:"existing,omitempty"`
	Date     string `json:"date"`
	Category string `json:"category"` // WORKOUT, RACE_A, RACE_B, RACE_C, NOTE
	Sport    string `json:"sport,omitempty"`
	Name     string `json:"name"`
	Seconds  int    `json:"seconds,omitempty"`
	Load     int    `json:"load,omitempty"`
	// Estimated: the time or load is ours (a race's), not what Intervals.icu computes.
	Estimated bool     `json:"estimated,omitempty"`
	Metres    float64  `json:"metres,omitempty"`
	Targets   string   `json:"targets,omitempty"` // main targets in the athlete's units
	Steps     []string `json:"steps,omitempty"`   // the workout as Intervals.icu reads it
	Status    string   `json:"status,omitempty"`  // new, updated, unchanged...
	ID        int32    `json:"id,omitempty"`
	Note      string   `json:"note,omitempty"`
	// A calendar's change (Kind "calendar"): From, the day a session moved or copied comes
	// from (a copy's source's); Copy, it is a copy; To, set on a moved session's place before
	// the move, the day it goes to.
	From string `json:"from,omitempty"`
	Copy bool   `json:"copy,omitempty"`
	To   string `json:"to,omitempty"`
}

// PlanBand is a period across days: a block of the plan, or a period of the calendar
// (holiday, sick, injured, a training block already there).
type PlanBand struct {
	Name  string `json:"name"`
	Kind  string `json:"kind"` // BLOCK, HOLIDAY, SICK, INJURED...
	First string `json:"first"`
	Last  string `json:"last"`
	Plan  bool   `json:"plan,omitempty"` // one of the plan's blocks
}

// PlanWarn is a warning of the calendar check on its day, or on its week (Week: Date is the
// Monday), with its figure in Text.
type PlanWarn struct {
	Date string `json:"date"`
	Week bool   `json:"week,omitempty"`
	Kind string `json:"kind"`
	Text string `json:"text"`
}
