package format

import (
	"fmt"
	"regexp"
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
	// Unplanned are the week's activities that did no planned session (no pairing).
	Unplanned SportVolume
	// Missed are the sessions due before today that no activity did, by date.
	Missed []Label
	// MissedOn are their dates (YYYY-MM-DD), Missed's order.
	MissedOn []string
}

// All is the week's plan over every sport.
func (p WeekPlan) All() PlanDone {
	var all PlanDone
	for _, v := range p.Sports {
		all.add(v)
	}
	return all
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
	if u := p.Unplanned; u.Count > 0 {
		x := fmt.Sprintf("unplanned %d× %s %s", u.Count, Duration(u.Secs), volumeLoad(u))
		if all.PlanSecs > 0 {
			x += ", all done " + share(all.DoneSecs+u.Secs, all.PlanSecs) + " of the planned time"
		}
		parts = append(parts, x)
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

// HitShare is the share of planned time that makes a week "hit": 90%, the coach's usual
// bar (a week within 10% of its plan).
const HitShare = 0.9

// AthleteWeek is one athlete's last full week as the coach's review sums it up.
type AthleteWeek struct {
	Name   string
	Monday string // YYYY-MM-DD, in the athlete's time zone
	Plan   WeekPlan
	Err    string // why the athlete's week could not be read; "" when it was
}

// TeamLine opens the coach's review: how many athletes hit 90% of their last full week's
// planned time (the time of the activities that did planned sessions), and each athlete's
// share, with what was missed and what was done besides the plan.
func TeamLine(weeks []AthleteWeek) string {
	hit, planned := 0, 0
	parts := make([]string, 0, len(weeks))
	for _, w := range weeks {
		all := w.Plan.All()
		switch {
		case w.Err != "":
			parts = append(parts, w.Name+" not read")
			continue
		case all.PlanSecs <= 0:
			parts = append(parts, w.Name+" no plan")
			continue
		}
		planned++
		if all.DoneSecs >= HitShare*all.PlanSecs {
			hit++
		}
		s := fmt.Sprintf("%s %s", w.Name, share(all.DoneSecs, all.PlanSecs))
		if m := all.Planned - all.Done; m > 0 {
			s += fmt.Sprintf(", %d missed", m)
			if len(w.Plan.Missed) > 0 {
				var named []string
				for i, l := range w.Plan.Missed {
					named = append(named, DayOf(w.Plan.MissedOn[i])+" "+l.String())
				}
				s += " (" + strings.Join(named, ", ") + ")"
			}
		}
		if u := w.Plan.Unplanned; u.Count > 0 {
			s += fmt.Sprintf(", +%d unplanned (%s in all)", u.Count, share(all.DoneSecs+u.Secs, all.PlanSecs))
		}
		parts = append(parts, s)
	}
	return fmt.Sprintf("Last full week (Monday-Sunday in each athlete's time zone): %d of %d with a plan hit 90%% of planned time. %s.", hit, planned, strings.Join(parts, "; "))
}

// Words is what an athlete said of one activity (their note, RPE, feel, their comments) or,
// Chat set, on one day in their direct chat with the coach (the messages in Comments).
type Words struct {
	Date, Sport, Name string // the activity's local date, type and name; a chat's day
	Note              string
	RPE, Feel         int // 0: not given
	Comments          []string
	Chat              bool
}

// what names the activity ("Thu 2026-11-19 Run "Easy"") or the chat's day ("Wed
// 2026-11-25 chat").
func (w Words) what() string {
	if w.Chat {
		return DayOf(w.Date) + " chat"
	}
	return fmt.Sprintf("%s %s %q", DayOf(w.Date), w.Sport, w.Name)
}

// AthleteWords lists an athlete's words on their activities, a line each, within max; what
// is cut is counted.
func AthleteWords(ws []Words, max int) string {
	var items []string
	var rpe, feel []int
	for _, w := range ws {
		if w.RPE > 0 {
			rpe = append(rpe, w.RPE)
		}
		if w.Feel >= 1 && w.Feel <= 5 {
			feel = append(feel, w.Feel)
		}
		var said []string
		if w.Note != "" {
			said = append(said, fmt.Sprintf("note %q", w.Note))
		}
		kind := "comment"
		if w.Chat {
			kind = "message"
		}
		for _, c := range w.Comments {
			said = append(said, fmt.Sprintf("%s %q", kind, c))
		}
		if len(said) == 0 {
			continue // RPE and feel are figures, not words: in the line below
		}
		items = append(items, fmt.Sprintf("- %s: %s", w.what(), strings.Join(said, "; ")))
	}
	figures := ratings(rpe, feel)
	if len(items) == 0 {
		return figures + "Their words: none written on last week's activities (no note or comment) nor in chat since."
	}
	if worth := worthReading(ws); worth != "" { // a third of the room at most: the words keep the rest
		figures += Clip(strings.TrimSuffix(worth, "\n"), (max-len(figures))/3-1) + "\n"
	}
	return figures + List{Head: "Their words (last week's notes and comments, chat since, as written):", Items: items, Noun: "entries", Hint: "read one with get_activity_messages"}.Render(max-len(figures))
}

// concern matches the words of an athlete's note or comment a coach reads first: pain,
// injury, illness, fatigue, sleep and stress, and the body parts runners and riders hurt.
var concern = regexp.MustCompile(`(?i)\b(pain\w*|sore\w*|tight\w*|injur\w*|hurt\w*|ach(e|es|ed|ing)|sick\w*|ill|illness|fever\w*|flu|tired|exhaust\w*|fatigue\w*|heavy|sleep\w*|slept|stress\w*|cramp\w*|dizz\w*|niggle\w*|knee\w*|calf|calves|achilles|shins?|hamstrings?|hips?|ankles?|foot|feet|quads?)\b`)

// worthReading names, in one line, the activities whose words say what a coach reads first
// (concern), with those words: "Worth reading first: Thu 2026-11-19 Run "Easy" (calf,
// tight).\n"; "" when none do.
func worthReading(ws []Words) string {
	var named []string
	for _, w := range ws {
		var hits []string
		seen := map[string]bool{}
		for _, text := range append([]string{w.Note}, w.Comments...) {
			for _, m := range concern.FindAllString(text, -1) {
				if m = strings.ToLower(m); !seen[m] {
					seen[m] = true
					hits = append(hits, m)
				}
			}
		}
		if len(hits) > 0 {
			named = append(named, fmt.Sprintf("%s (%s)", w.what(), strings.Join(hits, ", ")))
		}
	}
	if len(named) == 0 {
		return ""
	}
	return "Worth reading first: " + strings.Join(named, "; ") + ".\n"
}

// ratings is "Ratings on last week's activities: RPE 6.0/10 mean of 4 (4-8); feel 2.5/5 mean
// of 2 (2-3).\n" for the ratings given, "" for none.
func ratings(rpe, feel []int) string {
	var parts []string
	for _, r := range []struct {
		name string
		of   int
		v    []int
	}{{"RPE", 10, rpe}, {"feel", 5, feel}} {
		if len(r.v) == 0 {
			continue
		}
		lo, hi, sum := r.v[0], r.v[0], 0
		for _, x := range r.v {
			lo, hi, sum = min(lo, x), max(hi, x), sum+x
		}
		parts = append(parts, fmt.Sprintf("%s %.1f/%d mean of %d (%d-%d)", r.name, float64(sum)/float64(len(r.v)), r.of, len(r.v), lo, hi))
	}
	if len(parts) == 0 {
		return ""
	}
	return "Ratings on last week's activities: " + strings.Join(parts, "; ") + ".\n"
}
