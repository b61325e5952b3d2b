package tools

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/format"
)

// What plan_sessions is told a week is meant to be ("weeks": {"2027-01-04": "recovery 4h
// load 250"}), and how the plan is reconciled with it: the calendar's week with the plan
// against the hours and load stated (within 10%), and a recovery or taper week against the
// week before it (lighter, in load).

// weekIntent is what a plan says one week is: its kind (recovery, build, taper, race; ""
// when not said), its hours and load (0 when not said), and the intensity model it follows
// (polarized, pyramidal, threshold; "" when not said).
type weekIntent struct {
	monday, said string
	kind, model  string
	secs, load   float64
}

// intentTolerance is how far a week's sessions may sum from what the plan states: 10%.
const intentTolerance = 0.10

var intentWord = regexp.MustCompile(`^(?:(recovery|build|taper|race)|(\d+(?:\.\d+)?)h|(\d+):(\d\d)|load|(polarized|pyramidal|threshold))$`)

// parseWeeks reads the plan's weeks, by any date of the week (its Monday is the week), or
// says what is wrong with each.
func parseWeeks(weeks map[string]string, a *athleteCtx) ([]weekIntent, []string) {
	var out []weekIntent
	var problems []string
	for _, d := range slices.Sorted(func(yield func(string) bool) {
		for k := range weeks {
			if !yield(k) {
				return
			}
		}
	}) {
		date, err := resolveDate(d, a.today)
		if err != nil {
			problems = append(problems, fmt.Sprintf("weeks %q: %s", d, err))
			continue
		}
		w := weekIntent{monday: mondayOf(date), said: strings.TrimSpace(weeks[d])}
		words := strings.Fields(strings.ToLower(w.said))
		bad := len(words) == 0
		for i := 0; i < len(words) && !bad; i++ {
			m := intentWord.FindStringSubmatch(words[i])
			switch {
			case m == nil:
				bad = true
			case m[1] != "":
				w.kind = m[1]
			case m[5] != "":
				w.model = m[5]
			case m[2] != "":
				h, _ := strconv.ParseFloat(m[2], 64)
				w.secs = h * 3600
			case m[3] != "":
				h, _ := strconv.Atoi(m[3])
				mn, _ := strconv.Atoi(m[4])
				w.secs = float64(h*3600 + mn*60)
			default: // load N
				if i+1 >= len(words) {
					bad = true
					break
				}
				l, err := strconv.ParseFloat(words[i+1], 64)
				bad, w.load = err != nil || l <= 0, l
				i++
			}
		}
		if bad {
			problems = append(problems, fmt.Sprintf(`weeks %q: %q: write what the week is meant to be, e.g. "recovery 4h load 250", "build 8:30 polarized", "taper load 300" (recovery, build, taper or race; hours as 4h or 4:30; load N; polarized, pyramidal or threshold)`, d, w.said))
			continue
		}
		out = append(out, w)
	}
	return out, problems
}

// planModel is the intensity model the plan's weeks name, the first week's that names one
// ("" when none does): the calendar check holds the plan's distribution to it.
func planModel(intents []weekIntent) string {
	for _, w := range intents {
		if w.model != "" {
			return w.model
		}
	}
	return ""
}

// weekWarnings reconciles the plan's weeks with the calendar's weeks with the plan (by
// Monday, the weeks before them included): the time and load stated against the sessions'
// sums (within 10%), a recovery or taper week against the week before it.
func weekWarnings(intents []weekIntent, weeks map[string]format.CalendarWeek) []format.PlanWarning {
	var out []format.PlanWarning
	for _, w := range intents {
		c, ok := weeks[w.monday]
		if !ok {
			continue // no session of the plan in it: nothing of the plan to reconcile
		}
		var off []string
		if w.secs > 0 && math.Abs(float64(c.Seconds)-w.secs) > intentTolerance*w.secs {
			off = append(off, fmt.Sprintf("its sessions last %s, not %s", format.Duration(float64(c.Seconds)), format.Duration(w.secs)))
		}
		if w.load > 0 && math.Abs(float64(c.Load)-w.load) > intentTolerance*w.load {
			off = append(off, fmt.Sprintf("their load is %d, not %.0f", c.Load, w.load))
		}
		if p, ok := weeks[addDays(w.monday, -7)]; ok && (w.kind == "recovery" || w.kind == "taper") && p.Load > 0 && c.Load >= p.Load {
			off = append(off, fmt.Sprintf("a %s week not lighter than the week before (load %d after %d)", w.kind, c.Load, p.Load))
		}
		if len(off) > 0 {
			out = append(out, format.PlanWarning{Kind: format.WarnWeekIntent, Date: w.monday, Intent: w.said, Load: float64(c.Load), Value: float64(c.Seconds), Finding: strings.Join(off, "; ")})
		}
	}
	return out
}
