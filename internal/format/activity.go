package format

import (
	"fmt"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// StravaNote is what is said of an activity that came from Strava: the API does not serve it.
const StravaNote = "imported from Strava: not available through the Intervals.icu API (only a stub comes back); open it on intervals.icu or Strava, or upload the file to Intervals.icu"

// IsStravaStub reports whether a is a Strava-sourced activity, which the API returns as an
// empty stub.
func IsStravaStub(a intervals.Activity) bool {
	return a.Source != nil && *a.Source == intervals.ActivitySourceSTRAVA
}

// when formats an activity's local start: "Thu 2026-09-24 16:25".
func (u Units) when(a intervals.Activity) string {
	t, ok := u.localStart(a.StartDateLocal, a.StartDate)
	if !ok {
		return "(no date)"
	}
	return t.Format("Mon 2006-01-02 15:04")
}

func sportOf(a intervals.Activity) string {
	if a.Type == nil || *a.Type == "" {
		return "Activity"
	}
	return *a.Type
}

// ActivityLine is the one-line summary of an activity used in lists.
func (u Units) ActivityLine(a intervals.Activity) string {
	id := str(a.Id)
	if IsStravaStub(a) {
		return fmt.Sprintf("%s [%s] %s", u.when(a), id, StravaNote)
	}
	sport := sportOf(a)
	head := fmt.Sprintf("%s %s %s [%s]", u.when(a), sport, quote(a.Name), id)
	return head + ": " + orMissing(u.activityFigures(a, sport), "no time, distance or load recorded")
}

// activityNumbers are an activity's headline numbers, each "" when it has none: moving time,
// distance and pace with their units (a table says them once), average power, NP, average
// HR and load.
type activityNumbers struct {
	moving, distance, distUnit, pace, paceUnit, watts, np, hr, load string
}

func (u Units) numbers(a intervals.Activity, sport string) activityNumbers {
	var n activityNumbers
	if v, ok := i32(a.MovingTime); ok && v > 0 {
		n.moving = Duration(v)
	}
	if v, ok := f32(a.Distance); ok && v > 0 {
		n.distance, n.distUnit, _ = strings.Cut(u.Distance(v, sport), " ")
		if isFoot(sport) || isSwim(sport) {
			if s, ok := movingSpeed(a); ok {
				n.pace, n.paceUnit, _ = strings.Cut(u.Pace(s, sport), "/")
			}
		}
	}
	if v, ok := i32(a.IcuAverageWatts); ok && v > 0 {
		n.watts = whole(v)
		if np, ok := i32(a.IcuWeightedAvgWatts); ok && np > 0 {
			n.np = whole(np)
		}
	}
	if v, ok := i32(a.AverageHeartrate); ok && v > 0 {
		n.hr = whole(v)
	}
	if v, ok := i32(a.IcuTrainingLoad); ok {
		n.load = whole(v)
	}
	return n
}

// activityFigures are the headline numbers of an activity, each only when present.
func (u Units) activityFigures(a intervals.Activity, sport string) string {
	n := u.numbers(a, sport)
	var f []string
	add := func(v, s string) {
		if v != "" {
			f = append(f, s)
		}
	}
	add(n.moving, n.moving)
	add(n.distance, n.distance+" "+n.distUnit)
	add(n.pace, n.pace+"/"+n.paceUnit)
	p := n.watts + " W"
	if n.np != "" {
		p += " (NP " + n.np + " W)"
	}
	add(n.watts, p)
	add(n.hr, "HR "+n.hr+" bpm")
	add(n.load, "load "+n.load)
	return strings.Join(f, ", ")
}

// movingSpeed is an activity's speed over its moving time, which its pace is shown from, as
// Intervals.icu shows it: its pace field (m/s on moving time), else distance over moving time,
// else average_speed, which some sources take over elapsed time (a pool swim with rests
// between sets read 1:48/100m where Intervals.icu says 1:39).
func movingSpeed(a intervals.Activity) (float64, bool) {
	if v, ok := f32(a.Pace); ok && v > 0 {
		return v, true
	}
	d, okd := f32(a.Distance)
	t, okt := i32(a.MovingTime)
	if okd && okt && d > 0 && t > 0 {
		return d / t, true
	}
	v, ok := f32(a.AverageSpeed)
	return v, ok && v > 0
}

func orMissing(s, missing string) string {
	if s == "" {
		return missing
	}
	return s
}

// Activity is the full summary of one activity.
func (u Units) Activity(a intervals.Activity, max int) string {
	if IsStravaStub(a) {
		if a.StartDateLocal == nil && a.StartDate == nil {
			return fmt.Sprintf("Activity %s: %s.", str(a.Id), StravaNote)
		}
		return fmt.Sprintf("Activity %s (%s): %s.", str(a.Id), u.when(a), StravaNote)
	}
	sport := sportOf(a)
	var l []string
	add := func(label, v string) {
		if v != "" {
			l = append(l, label+": "+v)
		}
	}
	l = append(l, fmt.Sprintf("%s %s [%s], %s", sport, quote(a.Name), str(a.Id), u.when(a)))
	mt, okm := i32(a.MovingTime)
	et, oke := i32(a.ElapsedTime)
	add("Time", parts(", ", with(mt, okm, func(v float64) string { return "moving " + Duration(v) }),
		with(et, oke, func(v float64) string { return "elapsed " + Duration(v) })))
	dist, okd := f32(a.Distance)
	up, oku := f32(a.TotalElevationGain)
	down, okdn := f32(a.TotalElevationLoss)
	add("Distance", parts("; ", with(dist, okd && dist > 0, func(v float64) string { return u.Distance(v, sport) }),
		with(up, oku, func(v float64) string { return fmt.Sprintf("climb %.0f m", v) }),
		with(down, okdn, func(v float64) string { return fmt.Sprintf("descent %.0f m", v) })))
	if isFoot(sport) || isSwim(sport) {
		s, oks := movingSpeed(a)
		g, okg := f32(a.Gap)
		add("Pace", parts(", ", with(s, oks && s > 0, func(v float64) string { return u.Pace(v, sport) + " avg" }),
			with(g, okg && g > 0 && isFoot(sport), func(v float64) string { return "GAP " + u.Pace(v, sport) })))
	} else {
		s, oks := f32(a.AverageSpeed)
		m, okm := f32(a.MaxSpeed)
		add("Speed", parts(", ", with(s, oks && s > 0, func(v float64) string { return u.Speed(v) + " avg" }),
			with(m, okm && m > 0, func(v float64) string { return u.Speed(v) + " max" })))
	}
	hr, okh := i32(a.AverageHeartrate)
	mhr, okmh := i32(a.MaxHeartrate)
	lthr, okl := i32(a.Lthr)
	add("Heart rate", parts(", ", with(hr, okh, func(v float64) string { return fmt.Sprintf("avg %.0f bpm", v) }),
		with(mhr, okmh, func(v float64) string { return fmt.Sprintf("max %.0f bpm", v) }),
		with(lthr, okl, func(v float64) string { return fmt.Sprintf("LTHR %.0f", v) })))
	w, okw := i32(a.IcuAverageWatts)
	np, oknp := i32(a.IcuWeightedAvgWatts)
	ftp, okf := i32(a.IcuFtp)
	add("Power", parts(", ", with(w, okw, func(v float64) string { return fmt.Sprintf("avg %.0f W", v) }),
		with(np, oknp, func(v float64) string { return fmt.Sprintf("NP %.0f W", v) }),
		with(ftp, okf, func(v float64) string { return fmt.Sprintf("FTP %.0f W", v) })))
	load, okld := i32(a.IcuTrainingLoad)
	in, oki := f32(a.IcuIntensity)
	add("Load", parts(", ", with(load, okld, func(v float64) string {
		if a.HrLoadType != nil && a.PowerLoad == nil && a.HrLoad != nil {
			return fmt.Sprintf("%.0f (from HR)", v)
		}
		return num(v)
	}), with(in, oki, func(v float64) string { return fmt.Sprintf("intensity %.0f%%", v) })))
	ctl, okc := f32(a.IcuCtl)
	atl, oka := f32(a.IcuAtl)
	if okc && oka {
		add("Fitness after", fmt.Sprintf("fitness %s, fatigue %s, form %s", FitnessValue(ctl), FitnessValue(atl), FitnessValue(ctl-atl)))
	}
	rpe, okr := i32(a.IcuRpe)
	add("Effort", with(rpe, okr, func(v float64) string { return fmt.Sprintf("RPE %.0f/10", v) }))
	cad, okcad := f32(a.AverageCadence)
	cal, okcal := i32(a.Calories)
	add("Other", parts(", ", with(cad, okcad && cad > 0, func(v float64) string { return fmt.Sprintf("cadence %.0f", v) }),
		with(cal, okcal, func(v float64) string { return fmt.Sprintf("%.0f kcal", v) }),
		ifSet(a.Trainer, "indoor"), ifSet(a.Race, "race")))
	add("Power zones", zoneTimes(a.IcuZoneTimes))
	add("HR zones", secsZones(a.IcuHrZoneTimes))
	add("Pace zones", secsZones(a.PaceZoneTimes))
	if a.IntervalSummary != nil && len(*a.IntervalSummary) > 0 {
		add("Intervals", strings.Join(*a.IntervalSummary, "; "))
	}
	if a.PairedEventId != nil {
		add("Planned session", fmt.Sprintf("event %d", *a.PairedEventId))
	}
	dev := parts(" via ", str(a.DeviceName), str(a.OauthClientName))
	add("Recorded with", dev)
	if a.Gear != nil && a.Gear.Id != nil {
		add("Gear", parts(" ", quoteIf(a.Gear.Name), "["+*a.Gear.Id+"]"))
	}
	if a.Description != nil && strings.TrimSpace(*a.Description) != "" {
		add("Description", strings.TrimSpace(*a.Description))
	}
	return Clip(strings.Join(l, "\n"), max)
}

// ifSet returns s when b is set and true.
func ifSet(b *bool, s string) string {
	if b != nil && *b {
		return s
	}
	return ""
}

func quoteIf(s *string) string {
	if s == nil || *s == "" {
		return ""
	}
	return quote(s)
}

// zoneTimes formats power zone times: "Z1 10:00, Z2 20:00" (zones with no time are left out).
func zoneTimes(z *[]intervals.ZoneTime) string {
	if z == nil {
		return ""
	}
	var out []string
	for _, t := range *z {
		if t.Secs == nil || *t.Secs == 0 || t.Id == nil {
			continue
		}
		out = append(out, fmt.Sprintf("%s %s", *t.Id, Duration(float64(*t.Secs))))
	}
	return strings.Join(out, ", ")
}

// secsZones formats per-zone seconds: "Z1 1:43, Z2 2:26".
func secsZones(z *[]int32) string {
	if z == nil {
		return ""
	}
	var out []string
	for i, s := range *z {
		if s == 0 {
			continue
		}
		out = append(out, fmt.Sprintf("Z%d %s", i+1, Duration(float64(s))))
	}
	return strings.Join(out, ", ")
}

// feelLabels are Intervals.icu's labels of the 1-5 feel scale.
var feelLabels = [5]string{"Strong", "Good", "Normal", "Poor", "Weak"}

// ActivityUpdate is a change of what the athlete says about an activity, by update_activity.
type ActivityUpdate struct {
	ID   string
	Sent intervals.Activity  // the fields sent: name, description, RPE, feel
	Gear *intervals.Gear     // the gear set, nil when not changed
	Now  *intervals.Activity // the activity as saved, nil when the answer could not be read
}

// ActivityUpdate is the answer of update_activity: what was changed, then the activity now.
func (u Units) ActivityUpdate(a ActivityUpdate) string {
	var changes []string
	if a.Sent.Name != nil {
		changes = append(changes, fmt.Sprintf("name %q", *a.Sent.Name))
	}
	if a.Sent.Description != nil {
		changes = append(changes, "description")
	}
	if v := a.Sent.IcuRpe; v != nil {
		changes = append(changes, fmt.Sprintf("RPE %d/10", *v))
	}
	if v := a.Sent.Feel; v != nil && *v >= 1 && *v <= 5 {
		changes = append(changes, fmt.Sprintf("feel %d/5 %s", *v, feelLabels[*v-1]))
	}
	if a.Gear != nil {
		changes = append(changes, "gear "+strings.TrimSpace(str(a.Gear.Name)+" ("+str(a.Gear.Id)+")"))
	}
	out := fmt.Sprintf("Updated activity %s: %s.", a.ID, strings.Join(changes, ", "))
	if a.Now != nil {
		out += "\nNow: " + u.ActivityLine(*a.Now)
	}
	return out
}

// OthersActivity is the line above an activity read by id that is not the selected athlete's:
// whose it is, and that its times are in that athlete's time zone.
func OthersActivity(id, owner, ownerID, selected string, loc *time.Location) string {
	return fmt.Sprintf("Activity %s is %s's (%s), not %s's: shown as %s's, times in %s's time zone (%s).\n", id, owner, ownerID, selected, owner, owner, loc)
}
