package format

import (
	"fmt"
	"sort"
	"strings"
)

// PlanDone is how a sport's planned sessions of a week went: how many were done (paired with
// a recorded activity), and the time and load of those activities against the plan's. The
// time and load shares are over the sessions whose plan has a time (a load): a missed
// session adds its plan and nothing done.
type PlanDone struct {
	Planned, Done      int
	PlanSecs, DoneSecs float64 // over the sessions planned with a time
	PlanLoad, DoneLoad float64 // over the sessions planned with a load
}

// add sums q into p.
func (p *PlanDone) add(q PlanDone) {
	p.Planned += q.Planned
	p.Done += q.Done
	p.PlanSecs += q.PlanSecs
	p.DoneSecs += q.DoneSecs
	p.PlanLoad += q.PlanLoad
	p.DoneLoad += q.DoneLoad
}

// WeekPlan is a week's compliance: by sport (the planned session's type), the sessions due by
// today, and how many are still to come (later this week, or today and not done yet).
type WeekPlan struct {
	Sports map[string]PlanDone
	ToCome int
}

// planLine is a week's compliance: "plan 6/7, time 74% of 5:49:56, load 82% of 298; Run
// 1/2 (time 44%, load 45%); 2 to come", sports apart only where a session was missed (the
// answer stays short where the plan was kept). "" for a week without planned sessions.
func planLine(p WeekPlan) string {
	if len(p.Sports) == 0 && p.ToCome == 0 {
		return ""
	}
	var all PlanDone
	sports := make([]string, 0, len(p.Sports))
	for s, v := range p.Sports {
		all.add(v)
		if v.Done < v.Planned {
			sports = append(sports, s)
		}
	}
	sort.Strings(sports)
	var parts []string
	if all.Planned > 0 {
		parts = append(parts, planShares(all, true))
		for _, s := range sports {
			parts = append(parts, s+" "+planShares(p.Sports[s], false))
		}
	}
	if p.ToCome > 0 {
		parts = append(parts, fmt.Sprintf("%d to come", p.ToCome))
	}
	return "plan " + strings.Join(parts, "; ")
}

// planShares is "6/7, time 74% of 5:49:56, load 82% of 298" (with the plan's totals) or
// "1/2 (time 44%, load 45%)", each share where the plan has it.
func planShares(v PlanDone, totals bool) string {
	var of []string
	if v.PlanSecs > 0 {
		of = append(of, "time "+share(v.DoneSecs, v.PlanSecs))
		if totals {
			of[len(of)-1] += " of " + Duration(v.PlanSecs)
		}
	}
	if v.PlanLoad > 0 {
		of = append(of, "load "+share(v.DoneLoad, v.PlanLoad))
		if totals {
			of[len(of)-1] += fmt.Sprintf(" of %.0f", v.PlanLoad)
		}
	}
	s := fmt.Sprintf("%d/%d", v.Done, v.Planned)
	switch {
	case len(of) == 0:
		return s
	case totals:
		return s + ", " + strings.Join(of, ", ")
	}
	return s + " (" + strings.Join(of, ", ") + ")"
}

// share is done as a whole percentage of planned.
func share(done, planned float64) string {
	return fmt.Sprintf("%.0f%%", 100*done/planned)
}
