package tools

import (
	"fmt"
	"sort"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
)

// The training blocks of a plan (["Base 1", "2026-12-07", "2027-01-03"]: name, first and last
// day, and a kind when it is not a BLOCK: ["Family trip", "2027-02-08", "2027-02-14",
// "HOLIDAY"]; a tuple keeps the schema small): periods (calendar_periods.go), written
// by plan_sessions in the same all-or-nothing write as its sessions. Each gets an
// external id "imcp:<plan>:block:<n>", n its rank by start among the plan's blocks, so that
// the same plan again finds its blocks and updates them (new dates, a new name) instead of
// adding duplicates.

// planBlock is one validated block, ready to write.
type planBlock struct {
	first, last string // YYYY-MM-DD, inclusive
	kind        string // a key of periodKinds: BLOCK, HOLIDAY, SICK, INJURED
	event       intervals.EventEx
}

// validateBlocks checks the plan's blocks and returns them by start, or every problem: a
// block without a name, with dates that are not dates or end before they start, in the past
// (without allow_past), of a kind that is not a period's, or overlapping another block of the
// same kind in the call (a holiday inside a training block is a plan, two training blocks at
// once are a mistake).
func validateBlocks(in planIn, a *athleteCtx) ([]planBlock, []string) {
	var out []planBlock
	var problems []string
	for i, b := range in.Blocks {
		if len(b) != 3 && len(b) != 4 {
			problems = append(problems, fmt.Sprintf(`block %d: give [name, first day, last day] and a kind if it is not a BLOCK (HOLIDAY, SICK, INJURED), e.g. ["Base 1", "2026-12-07", "2027-01-03"]`, i+1))
			continue
		}
		kind := "BLOCK"
		if len(b) == 4 {
			kind = strings.ToUpper(strings.TrimSpace(b[3]))
		}
		name := strings.TrimSpace(b[0])
		label := fmt.Sprintf("block %d (%q)", i+1, name)
		if name == "" {
			problems = append(problems, fmt.Sprintf("block %d: name is empty: give the block a name, e.g. \"Base 1\"", i+1))
			continue
		}
		if _, ok := periodKinds[kind]; !ok {
			problems = append(problems, fmt.Sprintf("%s: kind %q is not a period's: give BLOCK, HOLIDAY, SICK or INJURED", label, b[3]))
			continue
		}
		first, last, err := periodDays(b[1], b[2], 0, a.today)
		if err != nil {
			problems = append(problems, label+": "+err.Error())
			continue
		}
		if first < a.today.Format(ymd) && !in.AllowPast {
			problems = append(problems, fmt.Sprintf("%s: starts on %s, in the past (today is %s for the athlete): give a later start, or set allow_past", label, first, format.Day(a.today)))
			continue
		}
		c := intervals.EventExCategory(periodKinds[kind])
		start, end := first+"T00:00:00", exclusiveEnd(last)
		out = append(out, planBlock{first: first, last: last, kind: kind, event: intervals.EventEx{Category: &c, Name: &name, StartDateLocal: &start, EndDateLocal: &end}})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].first < out[j].first })
	last := map[string]planBlock{} // kind -> the block of that kind that starts last so far
	for _, b := range out {
		if p, ok := last[b.kind]; ok && b.first <= p.last {
			problems = append(problems, fmt.Sprintf("blocks %q (%s to %s) and %q (%s to %s) overlap: end one the day before the other starts",
				deref(p.event.Name), p.first, p.last, deref(b.event.Name), b.first, b.last))
		}
		last[b.kind] = b
	}
	if len(problems) > 0 {
		return nil, problems
	}
	prefix := planPrefix(a.ID, in.Plan)
	for i := range out {
		ext := fmt.Sprintf("%s:block:%d", prefix, i+1)
		out[i].event.ExternalId = &ext
	}
	return out, nil
}

// isBlock reports whether an event is a training block: a note over more than one day.
func isBlock(e planEvent, a *athleteCtx) bool {
	return string(deref(e.Category)) == periodKinds["BLOCK"] && lastDay(e, a) > e.day()
}

// isPeriodOf reports whether an event is a period of kind (a key of periodKinds).
func isPeriodOf(e planEvent, kind string, a *athleteCtx) bool {
	if kind == "BLOCK" {
		return isBlock(e, a)
	}
	return string(deref(e.Category)) == periodKinds[kind]
}

// calSession is the block as the calendar check reads a period: a holiday, sick or injured
// period of the plan warns of the sessions in it as one already there would.
func (b planBlock) calSession() calSession {
	cat := string(deref(b.event.Category))
	return calSession{date: b.first, last: b.last, category: cat, plan: true, label: format.Label{Category: cat, Name: deref(b.event.Name)}}
}

// blockWarnings are what the calendar says of the plan's blocks: one that overlaps a block
// already there (not one of this plan, external ids under prefix), one with days outside the
// weeks of the plan's sessions (oldest..newest, Monday to Sunday). They are warnings: the blocks are written all the same.
func blockWarnings(blocks []planBlock, existing []planEvent, a *athleteCtx, prefix, oldest, newest string) []string {
	var out []string
	for _, b := range blocks {
		name := deref(b.event.Name)
		for _, e := range existing {
			if isPeriodOf(e, b.kind, a) && !strings.HasPrefix(deref(e.ExternalId), prefix+":") && e.day() <= b.last && lastDay(e, a) >= b.first {
				out = append(out, fmt.Sprintf("block %q (%s to %s) overlaps the %s %q already there (%s to %s)", name, format.DayOf(b.first), format.DayOf(b.last), strings.ToLower(b.kind), deref(e.Name), format.DayOf(e.day()), format.DayOf(lastDay(e, a))))
			}
		}
		if from, to := mondayOf(oldest), addDays(mondayOf(newest), 6); b.first < from || b.last > to {
			out = append(out, fmt.Sprintf("block %q (%s to %s) reaches outside the plan's weeks (%s to %s)", name, format.DayOf(b.first), format.DayOf(b.last), format.DayOf(from), format.DayOf(to)))
		}
	}
	return out
}

// blockDiff returns the fields of a block that differ from the event as it is (JSON names).
func blockDiff(old planEvent, b planBlock) map[string]any {
	f := map[string]any{}
	if deref(old.Category) != intervals.EventCategory(deref(b.event.Category)) {
		f["category"] = b.event.Category
	}
	if strings.TrimSpace(deref(old.Name)) != deref(b.event.Name) {
		f["name"] = b.event.Name
	}
	if old.day() != b.first {
		f["start_date_local"] = b.event.StartDateLocal
	}
	if !strings.HasPrefix(deref(old.EndDateLocal), exclusiveEnd(b.last)[:10]) {
		f["end_date_local"] = b.event.EndDateLocal
	}
	return f
}
