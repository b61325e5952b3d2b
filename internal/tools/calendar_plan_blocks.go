package tools

import (
	"fmt"
	"sort"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
)

// The training blocks of a plan (["Base 1", "2026-12-07", "2027-01-03"]: name, first and last
// day; a tuple keeps the schema small): periods of kind BLOCK (calendar_periods.go), written
// by plan_sessions in the same all-or-nothing write as its sessions. Each gets an
// external id "imcp:<plan>:block:<n>", n its rank by start among the plan's blocks, so that
// the same plan again finds its blocks and updates them (new dates, a new name) instead of
// adding duplicates.

// planBlock is one validated block, ready to write.
type planBlock struct {
	first, last string // YYYY-MM-DD, inclusive
	event       intervals.EventEx
}

// validateBlocks checks the plan's blocks and returns them by start, or every problem: a
// block without a name, with dates that are not dates or end before they start, in the past
// (without allow_past), or overlapping another block of the call.
func validateBlocks(in planIn, a *athleteCtx) ([]planBlock, []string) {
	var out []planBlock
	var problems []string
	for i, b := range in.Blocks {
		if len(b) != 3 {
			problems = append(problems, fmt.Sprintf(`block %d: give [name, first day, last day], e.g. ["Base 1", "2026-12-07", "2027-01-03"]`, i+1))
			continue
		}
		name := strings.TrimSpace(b[0])
		label := fmt.Sprintf("block %d (%q)", i+1, name)
		if name == "" {
			problems = append(problems, fmt.Sprintf("block %d: name is empty: give the block a name, e.g. \"Base 1\"", i+1))
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
		c := intervals.EventExCategory(periodKinds["BLOCK"])
		start, end := first+"T00:00:00", exclusiveEnd(last)
		out = append(out, planBlock{first: first, last: last, event: intervals.EventEx{Category: &c, Name: &name, StartDateLocal: &start, EndDateLocal: &end}})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].first < out[j].first })
	for i := 1; i < len(out); i++ {
		if p := out[i-1]; out[i].first <= p.last {
			problems = append(problems, fmt.Sprintf("blocks %q (%s to %s) and %q (%s to %s) overlap: end one the day before the other starts",
				deref(p.event.Name), p.first, p.last, deref(out[i].event.Name), out[i].first, out[i].last))
		}
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

// blockWarnings are what the calendar says of the plan's blocks: one that overlaps a block
// already there (not one of this plan, external ids under prefix), one with days outside the
// weeks of the plan's sessions (oldest..newest, Monday to Sunday). They are warnings: the blocks are written all the same.
func blockWarnings(blocks []planBlock, existing []planEvent, a *athleteCtx, prefix, oldest, newest string) []string {
	var out []string
	for _, b := range blocks {
		name := deref(b.event.Name)
		for _, e := range existing {
			if isBlock(e, a) && !strings.HasPrefix(deref(e.ExternalId), prefix+":") && e.day() <= b.last && lastDay(e, a) >= b.first {
				out = append(out, fmt.Sprintf("block %q (%s to %s) overlaps the block %q already there (%s to %s)", name, format.DayOf(b.first), format.DayOf(b.last), deref(e.Name), format.DayOf(e.day()), format.DayOf(lastDay(e, a))))
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
