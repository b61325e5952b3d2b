package format

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/load"
)

// PlannedSession is a session of plan_sessions as written, with what the tool knows of it.
type PlannedSession struct {
	Date          string // YYYY-MM-DD
	Event         intervals.EventEx
	Seconds       int     // planned time, 0 when unknown
	TimeEstimated bool    // Seconds is a race's time estimated from its distance
	Metres        float64 // planned distance (given, or of distance steps), 0 when unknown
	TimedMetres   float64 // distance of timed steps, estimated at their target pace
	Unpaced       int     // seconds of a run or swim whose distance is not known
	Load          int     // planned load, 0 when unknown
	LoadEstimated bool    // the load is an estimate (from the workout, or a race's), not one given
	ID            int32   // the event's id (0 before it is written)
	Status        string  // "new", "updated", "unchanged" or "done, left as is"
	Targets       string  // its workout's relative targets in the athlete's units, "" for none
}

// PlanAnswer is what plan_sessions did (or, checking only, would do) and what it found.
type PlanAnswer struct {
	Plan      string
	Sessions  []PlannedSession
	Stale     []Session // earlier sessions of the plan on these dates, left as they are
	Warnings  []PlanWarning
	Race      *RaceIntensity // how race loads were estimated, nil when none was
	FormNote  string         // why form on race days was not projected ("" when it was, or no race is near)
	CheckOnly bool           // nothing was written
	Today     time.Time
	// Blocks are the plan's training blocks, and what the calendar says of them.
	Blocks        []PlanBlock
	BlockWarnings []string
}

// RaceIntensity is the intensity factor a race's load was estimated at: the median of the
// athlete's races of the last year (Races of them), or an assumed one when Races is 0.
type RaceIntensity struct {
	IF    float64
	Races int
}

// Kinds of PlanWarning.
const (
	WarnRaceDay    = "race day"     // a session on the day of a race
	WarnPeriod     = "period"       // a session in a holiday, sick or injured period
	WarnTwoHard    = "two hard"     // two hard sessions on one day
	WarnAfterARace = "after A race" // a hard session in the days after an A race
	WarnForm       = "form"         // projected form going into a race outside its target
)

// Label names an event or a planned session: category, sport, name.
type Label struct{ Category, Sport, Name string }

// String reads `Run "Long run"` for a workout, `RACE_B Run "Harbour Half"` for others.
func (l Label) String() string {
	var parts []string
	if l.Category != "WORKOUT" {
		parts = append(parts, l.Category)
	}
	if l.Sport != "" {
		parts = append(parts, l.Sport)
	}
	return strings.Join(append(parts, quote(&l.Name)), " ")
}

// PlanWarning is one thing the check of the calendar found about a plan.
type PlanWarning struct {
	Kind    string // a Warn* constant
	Date    string // YYYY-MM-DD: the session's, or (WarnForm) the race's
	Session Label  // the plan's session; WarnForm: the race
	Other   Label  // what it meets (not for WarnForm)
	Until   string // WarnPeriod: the period's last day
	// WarnAfterARace: the days since the race, and the easy days an A race asks.
	Days, Recovery int
	// Fitness and form projected with the plan (when Projected): WarnForm at the end of the
	// day before the race (Without: the calendar alone, nil when not known), WarnAfterARace
	// at the end of the session's day.
	Form, Fitness float64
	Projected     bool
	Without       *float64
	// WarnForm: the form going into the race with the plan, against its target.
	RaceForm *load.RaceForm
}

// Plan is the answer of plan_sessions: the counts written (or to be written), what the check
// of the calendar found, a summary per Monday-based week with its sessions while the answer
// fits the budget (else the weeks alone), then the earlier sessions of the plan on these
// dates that the call left as they are (stale, in the order given).
func (u Units) Plan(a PlanAnswer, budget int) string {
	counts := map[string]int{}
	for _, s := range a.Sessions {
		counts[s.Status]++
	}
	var b strings.Builder
	verb := "written all or nothing"
	if a.CheckOnly {
		verb = "checked, nothing written (check_only): would be"
	}
	fmt.Fprintf(&b, "Plan %q: %d session(s) %s: %d new, %d updated, %d unchanged", strings.TrimSpace(a.Plan), len(a.Sessions), verb, counts["new"], counts["updated"], counts["unchanged"])
	if n := counts["done, left as is"]; n > 0 {
		fmt.Fprintf(&b, ", %d already done (left as is)", n)
	}
	b.WriteString(".\n")
	if r := a.Race; r != nil {
		if r.Races > 0 {
			fmt.Fprintf(&b, "Race load estimated at intensity %.2f, the median of %d race(s) of the last year.\n", r.IF, r.Races)
		} else {
			fmt.Fprintf(&b, "Race load estimated at intensity %.2f (no race in the last year to go by).\n", r.IF)
		}
	}
	if a.FormNote != "" {
		b.WriteString(a.FormNote + "\n")
	}
	b.WriteString(planBlocks(a.Blocks, a.BlockWarnings))
	if len(a.Warnings) > 0 {
		var ws []string
		for _, w := range a.Warnings {
			ws = append(ws, "- "+w.String())
		}
		head := fmt.Sprintf("%d warning(s) from the calendar and the projected load:", len(a.Warnings))
		b.WriteString(List{Head: head, Items: ws, Noun: "warnings", Hint: "plan fewer weeks a call to see them all"}.Render(budget/3) + "\n")
	} else {
		b.WriteString("Calendar checked: no race day, period, hard-day or race-form conflict.\n")
	}
	var heads []string
	var long strings.Builder
	for _, w := range u.planWeeks(a.Sessions) {
		head := fmt.Sprintf("Week of %s: %d session(s), %s%s", Day(w.monday), w.n, approx(w.timeEstimated), Duration(float64(w.secs)))
		if m := w.metres + w.timed; m > 0 {
			head += ", " + approx(w.timed > 0) + u.Distance(m, "")
		}
		if w.unpaced > 0 {
			head += " (+" + Duration(float64(w.unpaced)) + " of unknown pace)"
		}
		head += ", load " + approx(w.estimated) + fmt.Sprint(w.load)
		heads = append(heads, head)
		long.WriteString(head + "\n")
		for _, l := range w.lines {
			long.WriteString(l + "\n")
		}
	}
	out := b.String()
	if long.Len()+len(out) < budget-1000 {
		out += long.String()
	} else {
		out = List{Head: out, Items: heads, Tail: "(sessions not listed, to keep the answer short: get_events shows them)",
			Noun: "weeks", Hint: "get_events shows them"}.Render(budget) + "\n"
	}
	if len(a.Stale) > 0 {
		head := fmt.Sprintf("%d earlier session(s) of this plan on these dates are not in this call and were left as they are:", len(a.Stale))
		out += List{Head: head, Items: u.sessionLines(a.Stale, a.Today), Noun: "sessions", Hint: "get_events shows them"}.Render(max(budget-len(out), 200))
	}
	return Clip(out, budget)
}

// String is the warning's line.
func (w PlanWarning) String() string {
	day := DayOf(w.Date)
	switch w.Kind {
	case WarnRaceDay:
		return fmt.Sprintf("%s: %s is on the day of %s", day, w.Session, w.Other)
	case WarnPeriod:
		to := ""
		if w.Until != "" && w.Until != w.Date {
			to = " (to " + DayOf(w.Until) + ")"
		}
		return fmt.Sprintf("%s: %s falls in %s%s", day, w.Session, w.Other, to)
	case WarnTwoHard:
		return fmt.Sprintf("%s: two hard sessions, %s and %s", day, w.Session, w.Other)
	case WarnAfterARace:
		s := fmt.Sprintf("%s: hard %s %d day(s) after %s", day, w.Session, w.Days, w.Other)
		if w.Projected {
			s += fmt.Sprintf(", projected form that day %.1f%s", w.Form, formZoneNote(w.Form, w.Fitness))
		}
		return s + fmt.Sprintf("; keep %d days easy after an A race", w.Recovery)
	case WarnForm:
		if w.RaceForm == nil {
			break
		}
		s := fmt.Sprintf("%s: %s with this plan: projected %s", day, w.Session, RaceForm(*w.RaceForm))
		if w.Without != nil {
			s += fmt.Sprintf("; %s without the plan", FitnessValue(*w.Without))
		}
		return s
	}
	return day + ": " + w.Kind
}

// planWeek is a Monday-based week of a plan: its sums and one line per session.
type planWeek struct {
	monday                 time.Time
	n, secs, load, unpaced int
	metres, timed          float64
	estimated              bool // a load is an estimate
	timeEstimated          bool // a time is an estimate
	lines                  []string
}

// planWeeks groups sessions by Monday-based week, by date (stable for a date's sessions).
func (u Units) planWeeks(sessions []PlannedSession) []*planWeek {
	order := make([]int, len(sessions))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(x, y int) bool { return sessions[order[x]].Date < sessions[order[y]].Date })
	var weeks []*planWeek
	byMonday := map[string]*planWeek{}
	for _, i := range order {
		p := sessions[i]
		t, _ := time.ParseInLocation("2006-01-02", p.Date, u.loc())
		mon := Monday(t)
		w := byMonday[mon.Format("2006-01-02")]
		if w == nil {
			w = &planWeek{monday: mon}
			byMonday[mon.Format("2006-01-02")] = w
			weeks = append(weeks, w)
		}
		w.n++
		w.secs += p.Seconds
		w.metres += p.Metres
		w.timed += p.TimedMetres
		w.unpaced += p.Unpaced
		w.load += p.Load
		w.estimated = w.estimated || (p.Load > 0 && p.LoadEstimated)
		w.timeEstimated = w.timeEstimated || p.TimeEstimated
		id := ""
		if p.ID != 0 {
			id = fmt.Sprintf("id %d, ", p.ID)
		}
		line := fmt.Sprintf("  %s %s (%s%s)", t.Format("Mon 01-02"), u.plannedShort(p), id, p.Status)
		if p.Targets != "" {
			line += ": " + p.Targets
		}
		w.lines = append(w.lines, line)
	}
	return weeks
}

// plannedShort is a planned session's category, sport, name, time, distance and load, each
// only when known; an estimated load is marked "~".
func (u Units) plannedShort(p PlannedSession) string {
	e := p.Event
	s := str(e.Category)
	if t := str(e.Type); t != "" {
		s += " " + t
	}
	s += fmt.Sprintf(" %q", str(e.Name))
	if p.Seconds > 0 {
		s += " " + approx(p.TimeEstimated) + Duration(float64(p.Seconds))
	}
	if m := p.Metres + p.TimedMetres; m > 0 {
		s += " " + approx(p.TimedMetres > 0) + u.Distance(m, str(e.Type))
	}
	if p.Load > 0 {
		s += " load " + approx(p.LoadEstimated) + fmt.Sprint(p.Load)
	}
	return s
}

// approx marks an estimated value.
func approx(estimated bool) string {
	if estimated {
		return "~"
	}
	return ""
}
