package tools

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/workout"
)

// planned is one validated session, ready to write.
type planned struct {
	index   int    // 1-based position in the call
	date    string // YYYY-MM-DD
	event   intervals.EventEx
	seconds int // planned time, 0 when unknown
	// timeEstimated: seconds is a race's time estimated from its distance (not written)
	timeEstimated bool
	metres        float64 // planned distance (given, or of distance steps), 0 when unknown
	timed         float64 // distance of timed steps, estimated at their target pace
	unpaced       int     // seconds of a run or swim whose distance is not known
	load          int     // planned load, 0 when unknown
	// given says which of time, distance and load the model gave for a session without
	// steps, which are written as given; the others are estimated (a race's load), or
	// Intervals.icu's to compute from the steps, never written.
	given      struct{ time, distance, load bool }
	structured bool   // the session has steps: Intervals.icu reads its time and load from them
	note       string // what the session's answer must say of it: a duration given beside steps
}

// sessionCategories are the categories plan_sessions writes.
var sessionCategories = []string{"WORKOUT", "RACE_A", "RACE_B", "RACE_C", "NOTE"}

// validatePlan checks every session and returns them ready to write, or every problem.
func validatePlan(in planIn, a *athleteCtx) ([]planned, []string) {
	var problems []string
	if strings.TrimSpace(in.Plan) == "" {
		problems = append(problems, `plan: give the plan a name, e.g. "Marathon block 1"`)
	}
	if len(problems) > 0 {
		return nil, problems
	}
	prefix := planPrefix(a.ID, in.Plan)
	seen := map[string]int{}   // date|category|name -> index
	perDay := map[string]int{} // date -> sessions so far
	var out []planned
	for i, s := range in.Sessions {
		p, errs := checkSession(i+1, s, a, in.AllowPast)
		label := sessionLabel(i+1, s)
		for _, e := range errs {
			problems = append(problems, label+": "+e)
		}
		if len(errs) > 0 {
			continue
		}
		key := p.date + "|" + string(deref(p.event.Category)) + "|" + strings.ToLower(strings.TrimSpace(s.Name))
		if j, dup := seen[key]; dup {
			problems = append(problems, fmt.Sprintf("%s: same date, category and name as session %d: remove one or rename it", label, j))
			continue
		}
		seen[key] = i + 1
		perDay[p.date]++
		ext := fmt.Sprintf("%s:%s:%d", prefix, strings.ReplaceAll(p.date, "-", ""), perDay[p.date])
		p.event.ExternalId = &ext
		out = append(out, p)
	}
	return out, problems
}

// planPrefix is the external-id prefix of a plan: stable for the same athlete and plan name.
func planPrefix(athleteID, plan string) string {
	sum := sha256.Sum256([]byte(athleteID + "\x00" + strings.ToLower(strings.Join(strings.Fields(plan), " "))))
	return "imcp:" + hex.EncodeToString(sum[:])[:8]
}

func sessionLabel(n int, s planSession) string {
	if name := strings.TrimSpace(s.Name); name != "" {
		return fmt.Sprintf("session %d (%s %q)", n, s.Date, name)
	}
	return fmt.Sprintf("session %d (%s)", n, s.Date)
}

// checkSession validates one session and builds its event.
func checkSession(n int, s planSession, a *athleteCtx, allowPast bool) (planned, []string) {
	var errs []string
	p := planned{index: n}
	date, err := resolveDate(s.Date, a.today)
	if err != nil {
		errs = append(errs, err.Error())
	} else if date < a.today.Format(ymd) && !allowPast {
		errs = append(errs, fmt.Sprintf("%s is in the past (today is %s for the athlete): give a later date, or set allow_past", date, format.Day(a.today)))
	}
	p.date = date
	cat := s.Category
	name := strings.TrimSpace(s.Name)
	if name == "" {
		errs = append(errs, "name is empty: give the session a name")
	}
	sport := ""
	if cat != "NOTE" {
		if sport, err = canonicalSport(s.Sport); err != nil {
			errs = append(errs, err.Error())
		}
	}
	if len(s.Steps) > 0 && cat != "WORKOUT" {
		errs = append(errs, "steps are for category WORKOUT only: put the text in description")
	}
	if s.Duration != "" {
		if secs, err := seconds(s.Duration); err != nil || secs == 0 {
			errs = append(errs, fmt.Sprintf("duration %q: write seconds (2700) or h:mm:ss (0:45:00)", s.Duration))
		} else {
			p.seconds = secs
		}
	}
	if s.DistanceKm < 0 || s.Load < 0 {
		errs = append(errs, "distance_km and load cannot be negative")
	}
	if len(errs) > 0 {
		return p, errs
	}
	th := eventThresholds(a, sport)
	desc, text, err := workoutDescription(cat, sport, s.Description, s.Steps, th)
	if err != nil {
		return p, []string{err.Error()}
	}
	p.metres = s.DistanceKm * 1000
	p.load = s.Load
	p.given.time, p.given.distance, p.given.load = p.seconds > 0, p.metres > 0, p.load > 0
	if text != "" {
		// Warnings block too: each is almost surely a mistake (Z2 in a run is power, a heart
		// rate over max...), and one unambiguous rewrite of the step clears it.
		sum, problems := checkWorkout(sport, text, th)
		for _, pr := range problems {
			errs = append(errs, "workout "+pr.String())
		}
		if len(errs) > 0 {
			return p, errs
		}
		// Intervals.icu computes the time, distance and load of a workout with steps from them:
		// these are its figures, as this project reads the steps; what was given for them is
		// not written, and the answer says so.
		p.note = stepsWin(a.units, sport, givenFigures{secs: p.seconds, load: p.load, metres: p.metres}, sum)
		p.seconds, p.load = int(sum.Duration.Seconds()), int(math.Round(sum.Load))
		p.given.time, p.given.load = false, false
		if p.metres == 0 {
			p.metres = sum.Distance
			p.timed, p.unpaced = sum.TimedDistance, int(sum.Unpaced.Seconds())
		}
		p.structured = true
	} else if p.metres == 0 {
		p.unpaced = p.seconds
	}
	if k := workout.SportFor(sport); k != workout.Run && k != workout.Swim {
		p.unpaced = 0 // a ride's distance is not asked of its plan
	}
	c := intervals.EventExCategory(cat)
	start := p.date + "T00:00:00"
	p.event = intervals.EventEx{Category: &c, StartDateLocal: &start, Name: &name}
	if sport != "" {
		p.event.Type = &sport
	}
	if desc != "" {
		p.event.Description = &desc
	}
	// What Intervals.icu reads, and for a session without steps what was given: never a
	// figure it computes.
	if p.given.time {
		v := int32(p.seconds)
		p.event.MovingTime = &v
	}
	if p.given.distance {
		v := float32(p.metres)
		p.event.Distance = &v
	}
	if p.given.load {
		v := int32(p.load)
		p.event.IcuTrainingLoad = &v
	}
	return p, nil
}

// given is what a caller gave for a session's time, distance and load beside its steps (0
// for what was not given).
type givenFigures struct {
	secs, load int
	metres     float64
}

// stepsWin says, for a session given a time, a distance or a load beside its steps, that the
// steps' figures are the ones Intervals.icu keeps; "" when none was given or they agree.
func stepsWin(u format.Units, sport string, g givenFigures, sum workout.Summary) string {
	var said []string
	stepSecs := int(sum.Duration.Seconds())
	if g.secs > 0 && (g.secs != stepSecs || sum.Untimed > 0) {
		last := format.Duration(float64(stepSecs))
		if sum.Untimed > 0 {
			last += fmt.Sprintf(" plus %d distance step(s) Intervals.icu times itself", sum.Untimed)
		}
		said = append(said, fmt.Sprintf("duration %s given, the steps last %s", format.Duration(float64(g.secs)), last))
	}
	if covered := sum.Distance + sum.TimedDistance; g.metres > 0 && math.Abs(g.metres-covered) >= 10 {
		d := "distance " + u.Distance(g.metres, sport) + " given" // the steps' is the answer's
		if covered == 0 {
			d += ", the steps have none"
		}
		said = append(said, d)
	}
	if g.load > 0 && sum.Load > 0 && g.load != int(math.Round(sum.Load)) {
		said = append(said, fmt.Sprintf("load %d given, the steps' is %.0f", g.load, sum.Load))
	}
	if len(said) == 0 {
		return ""
	}
	return strings.Join(said, "; ") + ": Intervals.icu takes the steps'"
}
