package format

import (
	"fmt"
	"strings"
)

// PlanBlock is a training block of plan_sessions as written (or to be written).
type PlanBlock struct {
	Name        string
	Kind        string // BLOCK (a training block), HOLIDAY, SICK, INJURED
	First, Last string // YYYY-MM-DD, inclusive
	ID          int32  // 0 when not written yet
	Status      string // new, updated, unchanged
}

// planBlocks is the plan's blocks line, with what the calendar says of them: `4 block(s):
// "Base 1" Mon 2026-12-07 to Sun 2027-01-03 (4 weeks, id 5000400, new); ...`.
func planBlocks(bs []PlanBlock, warnings []string) string {
	if len(bs) == 0 {
		return ""
	}
	var parts []string
	for _, b := range bs {
		what := b.Status
		if b.ID != 0 {
			what = fmt.Sprintf("id %d, %s", b.ID, b.Status)
		}
		days := 1
		if d := dates(b.First, b.Last); len(d) == 2 {
			days = int(d[1].Sub(d[0]).Hours()/24+0.5) + 1
		}
		length := fmt.Sprintf("%d days", days)
		switch {
		case days == 7:
			length = "1 week"
		case days%7 == 0:
			length = fmt.Sprintf("%d weeks", days/7)
		}
		name := quote(&b.Name)
		if b.Kind != "" && b.Kind != "BLOCK" {
			name = b.Kind + " " + name
		}
		parts = append(parts, fmt.Sprintf("%s %s to %s (%s, %s)", name, DayOf(b.First), DayOf(b.Last), length, what))
	}
	s := fmt.Sprintf("%d block(s): %s.\n", len(bs), strings.Join(parts, "; "))
	for _, w := range warnings {
		s += "- " + w + "\n"
	}
	return s
}
