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
	Note          string  // what must be said of it: Intervals.icu read its workout otherwise, ...
}

// PlanAnswer is what plan_sessions did (or, checking only, would do) and what it found.
type PlanAnswer struct {
	Plan      string
	Sessions  []PlannedSession
	Stale     []Session // earlier sessions of the plan on these dates, left as they are
	Warnings  []PlanWarning
	Race      *RaceIntensity // how race loads were estimated, nil when none was
	FormNote  string         // why form on race days was not projected ("" when it was, or no race is near)
	CheckNote string         // why part of the calendar check could not be made ("" when all was)
	// Already is what the check found past its threshold without the plan too, and not made
	// worse by it: one line of context, not warnings.
	Already []PlanWarning
	// Unchanged: the calendar already holds the plan as given (a re-run): its check is not
	// said again.
	Unchanged bool
	// Calendar is the calendar's week with the plan, by Monday (YYYY-MM-DD).
	Calendar  map[string]CalendarWeek
	CheckOnly bool // nothing was written
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

// CalendarWeek is a Monday-based week of the calendar as a write leaves it: its sessions
// (workouts and races), their planned time and load.
type CalendarWeek struct{ Sessions, Seconds, Load int }

// Kinds of PlanWarning: those of a day, then those of a week, in the order they are listed
// for a date.
const (
	WarnRaceDay    = "race day"     // a session on the day of a race
	WarnPeriod     = "period"       // a session in a holiday, sick or injured period
	WarnSameSport  = "same sport"   // a session of the sport of one already on that day
	WarnTwoHard    = "two hard"     // two hard sessions on one day
	WarnBackToBack = "back to back" // hard days back to back
	WarnAfterARace = "after A race" // a hard session in the days after an A race
	WarnForm       = "form"         // projected form going into a race outside its target
	WarnACWR       = "acwr"         // no longer warned: the acute:chronic ratio is context of WarnSpike and WarnRamp
	WarnSpike      = "spike"        // a session longer than the longest of its sport in the 30 days before
	WarnTaper      = "taper"        // the 2 weeks before an A race not tapered as Bosquet found best
	WarnBuild      = "build"        // more than 3 weeks in a row without a lighter week
	WarnIntensity  = "intensity"    // the plan's threshold share far above the recent weeks' and their model's
	WarnWeekIntent = "week intent"  // a week of the plan is not what the plan says it is
	WarnRamp       = "ramp"         // the projected fitness ramp above the safe rate
	WarnWeekCount  = "week count"   // more sessions of a sport in a week than the 4 before held
	WarnVolume     = "volume"       // a sport's weekly time far above its 4-week mean
	WarnMonotony   = "monotony"     // Foster's monotony of the week above its limit
	WarnStrain     = "strain"       // Foster's strain of the week far above its 4-week mean
)

// WarnKinds are the kinds in the order a date lists them.
var WarnKinds = []string{WarnRaceDay, WarnPeriod, WarnSameSport, WarnTwoHard, WarnBackToBack, WarnAfterARace, WarnForm,
	WarnSpike, WarnTaper, WarnACWR, WarnRamp, WarnWeekCount, WarnVolume, WarnMonotony, WarnStrain, WarnBuild, WarnIntensity, WarnWeekIntent}

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

// PlanWarning is one thing the check of the calendar found about a write (plan_sessions,
// or any write that places or moves a session).
type PlanWarning struct {
	Kind string // a Warn* constant
	// YYYY-MM-DD: the session's; WarnForm: the race's; WarnACWR, WarnRamp: the day's; the
	// other week checks: the week's Monday
	Date    string
	Session Label  // the write's session (the week checks: its biggest of that week); WarnForm: the race
	Other   Label  // what it meets (not for WarnForm)
	Until   string // WarnPeriod: the period's last day
	// WarnAfterARace: the days since the race, and the easy days an A race asks;
	// WarnBackToBack: -1 (Other is the day before) or 1 (the day after).
	Days, Recovery int
	BothHard       bool // WarnSameSport: both sessions are hard
	// The week and load checks: the sport (WarnWeekCount, WarnVolume); the figure with the
	// write (Value: a ratio, a ramp, seconds, monotony or strain) and without it (Was, nil
	// when there was none); the mean of the weeks before it is held to (Mean, over Weeks
	// weeks); the week's load (WarnMonotony, WarnStrain); the 7- and 28-day mean daily loads
	// (WarnACWR); the week's sessions of the write, already there, and the most any of the 4
	// weeks before held (WarnWeekCount).
	Sport                 string
	Value, Mean, Load     float64
	Acute, Chronic        float64
	Was                   *float64
	Weeks                 int
	Written, There, Usual int
	// Fitness and form projected with the plan (when Projected): WarnForm at the end of the
	// day before the race (Without: the calendar alone, nil when not known), WarnAfterARace
	// at the end of the session's day.
	Form, Fitness float64
	Projected     bool
	Without       *float64
	// WarnForm: the form going into the race with the plan, against its target.
	RaceForm *load.RaceForm
	// WarnSpike: the session's time in seconds (Value), or its distance in metres when
	// Metres, over the longest of its sport in the 30 days before (Longest, on LongestOn);
	// the percentage longer (Pct; Was: without the write, when the session was there) and
	// its grade (load.SpikeGrades). WarnSpike and WarnRamp: the uncoupled acute:chronic
	// ratio of the day, Acute over Chronic, when both are known.
	Longest   float64
	LongestOn string
	Metres    bool
	Pct       float64
	Grade     load.SpikeGrade
	// WarnTaper: the taper's figures with the write (Session: the race); WarnBuild: the
	// weeks in a row without a lighter one (Weeks; Was: without the write) and the week's
	// load (Load).
	Taper *Taper
	// WarnIntensity: the plan's time in the three intensity zones against the last 8 weeks'
	// (Session: the first week's biggest session of the write).
	Mix *Intensity
	// WarnWeekIntent: what the plan says the week is, and how the calendar's week with it
	// (Value: seconds, Load) differs.
	Intent, Finding string
}

// Taper is the 14 days before an A race against the 3 weeks before them, a week's worth of
// each: time, sessions and hard sessions, the cut in time (%), and what is wrong with it.
type Taper struct {
	BaseSecs, TaperSecs     float64
	BaseSessions, TaperSess float64
	BaseHard, TaperHard     float64
	Cut                     float64
	Problems                []string
	WasCut                  *float64 // the cut without the write, when there was one
}

// Intensity is the plan's time in the three intensity zones over Weeks weeks, and the
// athlete's over the last 8 weeks, each named by the model it follows ("" none), and the
// plan's threshold share without the write (Was, nil when it had no time in zones).
type Intensity struct {
	Plan, Recent           load.Distribution
	Weeks                  int
	PlanModel, RecentModel string
	Model                  string // the model held to: the one the plan names (Named), else RecentModel
	Named                  bool
	Was                    *float64
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
			fmt.Fprintf(&b, "Race load estimated at intensity %.2f, the median of %d race(s) of the last year, for the checks (not written: give load to write one).\n", r.IF, r.Races)
		} else {
			fmt.Fprintf(&b, "Race load estimated at intensity %.2f (no race in the last year to go by), for the checks (not written: give load to write one).\n", r.IF)
		}
	}
	if a.FormNote != "" {
		b.WriteString(a.FormNote + "\n")
	}
	b.WriteString(planBlocks(a.Blocks, a.BlockWarnings))
	switch {
	case a.Unchanged:
		b.WriteString("The calendar already holds this plan as given: nothing changes, so its check is as when it was written (check_only with a change shows it).\n")
	case len(a.Warnings) > 0 || a.CheckNote != "":
		b.WriteString(CalendarWarnings(a.Warnings, a.CheckNote, "plan fewer weeks a call to see them all", budget/3))
	default:
		b.WriteString("Calendar checked: no day, week, load or race-form conflict.\n")
	}
	if !a.Unchanged {
		b.WriteString(AlreadyLine(a.Already, budget/6))
	}
	b.WriteString(sessionNotes(a.Sessions))
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
		if c, ok := a.Calendar[w.monday.Format("2006-01-02")]; ok && c.Sessions > w.n {
			head += fmt.Sprintf("; the calendar's week with it: %d sessions, %s, load %d", c.Sessions, Duration(float64(c.Seconds)), c.Load)
		}
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

// sessionNotes lists what must be said of single sessions (PlannedSession.Note), whatever
// else the answer can show: a workout Intervals.icu read otherwise than it was meant, a time
// given beside steps.
func sessionNotes(ss []PlannedSession) string {
	var lines []string
	for _, s := range ss {
		if s.Note != "" {
			lines = append(lines, fmt.Sprintf("- %s %q: %s", DayOf(s.Date), str(s.Event.Name), s.Note))
		}
	}
	if len(lines) == 0 {
		return ""
	}
	return fmt.Sprintf("%d session(s) to look at:\n%s\n", len(lines), strings.Join(lines, "\n"))
}

// CalendarWarnings lists what the check of the calendar found, within max characters (the
// rest counted, with hint), and why part of it could not be made (note); "" for neither.
func CalendarWarnings(ws []PlanWarning, note, hint string, max int) string {
	var out string
	if note != "" {
		out = note + "\n"
	}
	if len(ws) == 0 {
		return out
	}
	items := make([]string, len(ws))
	for i, w := range ws {
		items[i] = "- " + w.String()
	}
	head := fmt.Sprintf("%d warning(s) from the calendar and the projected load (written all the same):", len(ws))
	return out + List{Head: head, Items: items, Noun: "warnings", Hint: hint}.Render(max) + "\n"
}

// withoutWrite is a warning's figure without the write, as f says it ("" when not known).
func withoutWrite(was *float64, f string) string {
	if was == nil {
		return ""
	}
	return fmt.Sprintf(f, *was)
}

// String is the warning's line.
func (w PlanWarning) String() string {
	day := DayOf(w.Date)
	week := "Week of " + day
	// without is the figure without the write, to open the parenthesis after the figure
	without := func(f string) string {
		if w.Was == nil {
			return " ("
		}
		return fmt.Sprintf(" ("+f+" without this write; ", *w.Was)
	}
	with := ""
	if w.Session.Name != "" {
		with = ", with " + w.Session.String()
	}
	switch w.Kind {
	case WarnSameSport:
		s := fmt.Sprintf("%s: %s on a day that already holds %s", day, w.Session, w.Other)
		if w.BothHard {
			s += ", both hard"
		}
		return s
	case WarnBackToBack:
		rel := "after"
		if w.Days > 0 {
			rel = "before"
		}
		return fmt.Sprintf("%s: hard %s the day %s hard %s: hard days back to back", day, w.Session, rel, w.Other)
	case WarnWeekCount:
		return fmt.Sprintf("%s: %d %s sessions, %d of this write and %d already there; none of the 4 weeks before held more than %d", week, w.Written+w.There, w.Sport, w.Written, w.There, w.Usual)
	case WarnVolume:
		prev := " ("
		if w.Was != nil {
			prev = " (" + Duration(*w.Was) + " without this write; "
		}
		return fmt.Sprintf("%s: %s %s%s%+.0f%% on its mean of the %d weeks before, %s); above +%.0f%%%s", week, w.Sport, Duration(w.Value), prev,
			(w.Value/w.Mean-1)*100, w.Weeks, Duration(w.Mean), (load.VolumeJump-1)*100, with)
	case WarnMonotony:
		return fmt.Sprintf("%s: monotony %.2f%sweek load %.0f, mean daily load / sd); above %.1f%s", week, w.Value, without("%.2f"), w.Load, load.MonotonyHigh, with)
	case WarnStrain:
		return fmt.Sprintf("%s: strain %.0f%sload %.0f x monotony %.2f), %.2fx its mean of the %d weeks before (%.0f); above %.1fx%s", week, w.Value, without("%.0f"),
			w.Load, w.Value/w.Load, w.Value/w.Mean, w.Weeks, w.Mean, load.StrainSpike, with)
	case WarnACWR:
		zone := fmt.Sprintf("above the %.1f-%.1f sweet spot", load.ACWRLow, load.ACWRHigh)
		return fmt.Sprintf("%s: acute:chronic load %.2f%s7-day mean %.0f, 28-day mean %.0f); %s%s", day, w.Value, without("%.2f"), w.Acute, w.Chronic, zone, with)
	case WarnRamp:
		return fmt.Sprintf("%s: projected fitness ramp %+.1f/week%s; above the safe %.0f/week%s", day, w.Value, withoutWrite(w.Was, " (%+.1f without this write)"),
			load.RampSafe, with) + w.acwr()
	case WarnSpike:
		length, longest := Duration(w.Value), Duration(w.Longest)
		if w.Metres {
			length, longest = fmt.Sprintf("%.1f km", w.Value/1000), fmt.Sprintf("%.1f km", w.Longest/1000)
		}
		return fmt.Sprintf("%s: %s %s, %+.0f%% on the longest %s of the 30 days before (%s, %s%s); over +%.0f%%, injury rate x%.2f (Frandsen 2025)", day, w.Session, length,
			w.Pct, w.Session.Sport, longest, DayOf(w.LongestOn), withoutWrite(w.Was, "; %+.0f%% without this write"), w.Grade.Over, w.Grade.Rate) + w.acwr()
	case WarnTaper:
		if w.Taper == nil {
			break
		}
		t := w.Taper
		was := withoutWrite(t.WasCut, ", %.0f%% without this write")
		return fmt.Sprintf("%s: taper into %s: the 14 days before cut weekly time %.0f%% (%s a week from %s over the 3 weeks before%s), sessions %.1f a week from %.1f, hard %.1f from %.1f: %s; Bosquet 2007: cut volume 41-60%%, keep intensity and frequency",
			day, w.Session, t.Cut, Duration(t.TaperSecs), Duration(t.BaseSecs), was, t.TaperSess, t.BaseSessions, t.TaperHard, t.BaseHard, strings.Join(t.Problems, ", "))
	case WarnBuild:
		return fmt.Sprintf("%s: %d weeks in a row without a lighter week (load down 20%% or more)%s, week load %.0f; plan a lighter week after at most 3%s",
			week, w.Weeks, withoutWrite(w.Was, " (%.0f without this write)"), w.Load, with)
	case WarnWeekIntent:
		return fmt.Sprintf("%s: meant as %q, %s", week, w.Intent, w.Finding)
	case WarnIntensity:
		if w.Mix == nil {
			break
		}
		m := w.Mix
		was := withoutWrite(m.Was, " (%.0f%% without this write)")
		named := ""
		if m.Named {
			named = ", the plan's model"
		}
		return fmt.Sprintf("%s: threshold share %.0f%%%s of the plan's %s a week in zones over %d week(s) (%s), against %.0f%% in the last 8 weeks (%s) and %.0f%% of %s%s; over %.0f points above both (Seiler; Stöggl & Sperlich 2014; Treff 2019)",
			week, m.Plan.Share()[1], was, Duration(m.Plan.Total()/float64(m.Weeks)), m.Weeks, mixName(m.Plan, m.PlanModel), m.Recent.Share()[1], mixName(m.Recent, m.RecentModel),
			load.ModelThreshold[m.Model], m.Model, named, load.ThresholdRise)
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

// acwr is the uncoupled acute:chronic ratio beside a spike or a ramp, as context ("" when
// not known).
func (w PlanWarning) acwr() string {
	if !(w.Chronic > 0) {
		return ""
	}
	return fmt.Sprintf("; acute:chronic %.2f (7-day mean load %.0f over the 21 days before, %.0f)", w.Acute/w.Chronic, w.Acute, w.Chronic)
}

// AlreadyLine says in one line what the check found that is so without the write too, and
// that the write does not make worse ("" for nothing): context, not warnings.
func AlreadyLine(ws []PlanWarning, max int) string {
	if len(ws) == 0 || max < 100 { // no room: the warnings are what matters
		return ""
	}
	line := fmt.Sprintf("Already so without this write, not made worse by it (%d): ", len(ws))
	for i, w := range ws {
		item := w.String()
		if i > 0 {
			item = " | " + item
		}
		if rest := len(ws) - i; i > 0 && len(line)+len(item) > max-20 {
			line += fmt.Sprintf(" | %d more", rest)
			break
		}
		line += item
	}
	return line + "\n"
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

// mixName reads a distribution as its three shares and its model: "62/30/8%, pyramidal".
func mixName(d load.Distribution, model string) string {
	s := d.Share()
	out := fmt.Sprintf("%.0f/%.0f/%.0f%%", s[0], s[1], s[2])
	if model != "" {
		out += ", " + model
	}
	return out
}
