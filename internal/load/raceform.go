package load

import "strings"

// RaceTarget is the form, in % of fitness, that a race of one priority wants going into it:
// From to To, both included.
type RaceTarget struct {
	Priority string  `json:"priority"` // A, B or C
	From     float64 `json:"from"`
	To       float64 `json:"to"`
}

// RaceTargets is the one table of target form per race priority, on Intervals.icu's form
// zones (see the package doc and internal/tools/README.md): an A race after a full taper,
// fresh (+5% to +20%) to the first points of transition; a B race after a few easier days,
// the top of the grey zone into fresh; a C race trained through, the grey zone and a little
// fresh.
var RaceTargets = []RaceTarget{
	{Priority: "A", From: 5, To: 25},
	{Priority: "B", From: 0, To: 15},
	{Priority: "C", From: -10, To: 10},
}

// TargetOf is the target of a race category (RACE_A, RACE_B, RACE_C) or priority (A, B, C).
func TargetOf(category string) (RaceTarget, bool) {
	p := strings.TrimPrefix(category, "RACE_")
	for _, t := range RaceTargets {
		if t.Priority == p {
			return t, true
		}
	}
	return RaceTarget{}, false
}

// Where form going into a race stands against its target.
const (
	TargetBelow = "below" // too tired: form under the target's From
	TargetIn    = "in"
	TargetAbove = "above" // too rested: form over the target's To, fitness being lost
)

// RaceForm is form going into a race: the race morning, before the race's own load, that is
// fitness and fatigue at the end of the day before (Eve).
type RaceForm struct {
	Eve     string     `json:"eve"` // the day before, whose end values these are
	Fitness float64    `json:"fitness"`
	Fatigue float64    `json:"fatigue"`
	Form    float64    `json:"form"`    // Fitness - Fatigue
	Pct     float64    `json:"pct"`     // Form in % of Fitness
	Zone    string     `json:"zone"`    // FormZone of it
	Target  RaceTarget `json:"target"`  // the race's priority's, from RaceTargets
	Verdict string     `json:"verdict"` // TargetBelow, TargetIn or TargetAbove
}

// FormGoingInto is the form going into a race of category (RACE_A, B, C) on date, read from
// the day before it in days (any order). It is false when days lack the day before, when the
// category is not a race's, or when fitness is 0 or less (form has no percentage then).
func FormGoingInto(days []Day, date, category string) (RaceForm, bool) {
	t, ok := TargetOf(category)
	if !ok {
		return RaceForm{}, false
	}
	d, err := parseDate("race date", date)
	if err != nil {
		return RaceForm{}, false
	}
	eve := (d - 1).String()
	for _, e := range days {
		if e.Date != eve {
			continue
		}
		zone := FormZone(e.Fitness-e.Fatigue, e.Fitness)
		if zone == "" {
			return RaceForm{}, false
		}
		r := RaceForm{Eve: eve, Fitness: e.Fitness, Fatigue: e.Fatigue, Form: e.Fitness - e.Fatigue, Zone: zone, Target: t}
		r.Pct = r.Form / r.Fitness * 100
		switch {
		case r.Pct < t.From:
			r.Verdict = TargetBelow
		case r.Pct > t.To:
			r.Verdict = TargetAbove
		default:
			r.Verdict = TargetIn
		}
		return r, true
	}
	return RaceForm{}, false
}
