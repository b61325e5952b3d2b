package format

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// PlannedSession is a session of plan_sessions as written, with what the tool knows of it.
type PlannedSession struct {
	Date          string // YYYY-MM-DD
	Event         intervals.EventEx
	Seconds       int     // planned time, 0 when unknown
	Metres        float64 // planned distance, 0 when unknown
	Load          int     // planned load, 0 when unknown
	LoadEstimated bool    // the load is the estimate from the workout, not one given
	ID            int32   // the event's id
	Status        string  // "new", "updated", "unchanged" or "done, left as is"
}

// Plan is the answer of plan_sessions: the counts written, a summary per Monday-based week
// with its sessions while the answer fits the budget (else the weeks alone), then the earlier
// sessions of the plan on these dates that the call left as they are (stale, in the order
// given).
func (u Units) Plan(plan string, sessions []PlannedSession, stale []Session, today time.Time, budget int) string {
	counts := map[string]int{}
	for _, s := range sessions {
		counts[s.Status]++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Plan %q: %d session(s) written all or nothing: %d new, %d updated, %d unchanged", strings.TrimSpace(plan), len(sessions), counts["new"], counts["updated"], counts["unchanged"])
	if n := counts["done, left as is"]; n > 0 {
		fmt.Fprintf(&b, ", %d already done (left as is)", n)
	}
	b.WriteString(".\n")
	var heads []string
	var long strings.Builder
	for _, w := range u.planWeeks(sessions) {
		head := fmt.Sprintf("Week of %s: %d session(s), %s", Day(w.monday), w.n, Duration(float64(w.secs)))
		if w.metres > 0 {
			head += ", " + u.Distance(w.metres, "")
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
	if len(stale) > 0 {
		head := fmt.Sprintf("%d earlier session(s) of this plan on these dates are not in this call and were left as they are:", len(stale))
		out += List{Head: head, Items: u.sessionLines(stale, today), Noun: "sessions", Hint: "get_events shows them"}.Render(max(budget-len(out), 200))
	}
	return Clip(out, budget)
}

// planWeek is a Monday-based week of a plan: its sums and one line per session.
type planWeek struct {
	monday        time.Time
	n, secs, load int
	metres        float64
	estimated     bool // a load is the estimate from the workout
	lines         []string
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
		w.load += p.Load
		w.estimated = w.estimated || (p.Load > 0 && p.LoadEstimated)
		w.lines = append(w.lines, fmt.Sprintf("  %s %s (id %d, %s)", t.Format("Mon 01-02"), u.plannedShort(p), p.ID, p.Status))
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
		s += " " + Duration(float64(p.Seconds))
	}
	if p.Metres > 0 {
		s += " " + u.Distance(p.Metres, str(e.Type))
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
