package workout

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// This file reads the plain units of a Step: the input side of Build.

const plainTargets = `"75% FTP", "88-94% FTP", "220W", "Z2", "Z2 HR", "Z2 pace", "70% maxHR", "95% LTHR", "145bpm" (written as % LTHR), "90% pace", "4:35/km", "1:45/100m", "100% VMA", "ramp 50-75% FTP" or "freeride"`

var (
	rePlainPercent = compiled(`^` + numRe + `\s*%?\s*(?:-\s*` + numRe + `\s*)?%\s*(.*)$`)
	rePlainWatts   = compiled(`^` + numRe + `\s*w?\s*(?:-\s*` + numRe + `\s*)?w(?:atts?)?$`)
	rePlainBpm     = compiled(`^` + numRe + `\s*(?:bpm)?\s*(?:-\s*` + numRe + `\s*)?bpm$`)
	rePlainRpm     = compiled(`^` + numRe + `\s*(?:rpm)?\s*(?:-\s*` + numRe + `\s*)?rpm$`)
	rePlainZone    = compiled(`^z(\d+)(?:\s*-\s*z?(\d+))?(?:\s+(hr|pace|power))?$`)
	rePlainPace    = compiled(`^(\d+):(\d\d)(?:\s*/\s*(km|mi|100m|100yd|100y|500m|400m|250m))?(?:\s*-\s*(\d+):(\d\d)(?:\s*/\s*(km|mi|100m|100yd|100y|500m|400m|250m))?)?(?:\s+pace)?$`)
	rePlainDist    = compiled(`^` + numRe + `\s*(m|mtr|km|mi|yd|yrd)$`)
	reClock        = compiled(`^(?:(\d+):)?(\d+):(\d\d)$`)
)

// readDuration reads seconds ("90", "90s") or a clock ("5:00", "1:30:00").
func readDuration(s string) (time.Duration, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	var secs int64
	if n, err := strconv.ParseInt(strings.TrimSuffix(s, "s"), 10, 64); err == nil {
		secs = n
	} else if m := reClock().FindStringSubmatch(s); m != nil {
		h, _ := strconv.ParseInt(m[1], 10, 64)
		mins, _ := strconv.ParseInt(m[2], 10, 64)
		sec, _ := strconv.ParseInt(m[3], 10, 64)
		if sec > 59 || (m[1] != "" && mins > 59) {
			return 0, fmt.Errorf("duration %q: minutes and seconds go up to 59: write h:mm:ss or m:ss", s)
		}
		secs = h*3600 + mins*60 + sec
	} else {
		return 0, fmt.Errorf("duration %q: write seconds (\"600\") or h:mm:ss / m:ss (\"10:00\", \"1:30:00\")", s)
	}
	if secs <= 0 || secs > 24*3600 {
		return 0, fmt.Errorf("duration %q must be between 1 second and 24:00:00", s)
	}
	return time.Duration(secs) * time.Second, nil
}

// readDistance reads "400m" (metres), "400mtr", "5km", "1mi", "200yd" into metres
// and the text unit it will be written in.
func readDistance(s string) (float64, string, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	m := rePlainDist().FindStringSubmatch(s)
	if m == nil {
		return 0, "", fmt.Errorf("distance %q: write a number and a unit: \"400m\" (metres), \"5km\", \"1mi\" or \"200yd\"", s)
	}
	unit := map[string]string{"m": "mtr", "mtr": "mtr", "km": "km", "mi": "mi", "yd": "yrd", "yrd": "yrd"}[m[2]]
	metres := num(m[1]) * distanceUnits[unit]
	if metres < 1 || metres > 1e6 {
		return 0, "", fmt.Errorf("distance %q must be from 1m to 1000km", s)
	}
	return metres, unit, nil
}

// ReadDistance reads a distance in plain units, as a step takes it ("400m" is metres here,
// "5km", "1mi", "200yd"), into metres.
func ReadDistance(s string) (float64, error) {
	m, _, err := readDistance(s)
	return m, err
}

// readCadence reads "90rpm" or "85-95rpm".
func readCadence(s string) (Range, error) {
	m := rePlainRpm().FindStringSubmatch(strings.TrimSpace(strings.ToLower(s)))
	if m == nil {
		return Range{}, fmt.Errorf("cadence %q: write e.g. \"90rpm\" or \"85-95rpm\"", s)
	}
	r := Range{Low: num(m[1]), High: num(m[1])}
	if m[2] != "" {
		r.High = num(m[2])
	}
	if r.Low <= 0 || r.High <= 0 {
		return Range{}, fmt.Errorf("cadence %q must be more than 0rpm", s)
	}
	return r, nil
}

// readTarget reads a plain-unit target for a sport. "% VMA" becomes an absolute
// pace per km, since Intervals.icu has no VMA.
func readTarget(sport Sport, s string, th Thresholds) (Target, error) {
	orig := s
	s = strings.Join(strings.Fields(strings.ToLower(strings.ReplaceAll(s, "–", "-"))), " ")
	var t Target
	if rest, ok := strings.CutPrefix(s, "ramp "); ok {
		t.Ramp, s = true, strings.TrimSpace(rest)
	}
	bad := func(format string, args ...any) (Target, error) {
		return Target{}, fmt.Errorf("target %q: %s", orig, fmt.Sprintf(format, args...))
	}
	lohi := func(m []string) {
		t.Low, t.High = num(m[1]), num(m[1])
		if m[2] != "" {
			t.High = num(m[2])
		}
	}
	switch m := []string(nil); {
	case s == "freeride":
		if t.Ramp {
			return bad("a ramp needs two values, freeride has none")
		}
		return Target{Kind: TargetFreeride}, nil
	case matchInto(rePlainPercent, s, &m):
		lohi(m)
		switch strings.TrimSpace(m[3]) {
		case "ftp":
			t.Kind = TargetPowerFTP
		case "lthr":
			t.Kind = TargetHRLTHR
		case "maxhr", "max hr", "hrmax", "mhr", "hr max":
			t.Kind = TargetHRMax
		case "pace", "threshold pace":
			t.Kind = TargetPacePct
		case "vma", "mas":
			return vmaTarget(sport, t, th, bad)
		case "hr":
			return bad("say which heart rate: %s%% maxHR or %s%% LTHR", m[1], m[1])
		case "":
			return bad("say what the percentage is of: %s%% FTP, %s%% LTHR, %s%% maxHR, %s%% pace or %s%% VMA", m[1], m[1], m[1], m[1], m[1])
		default:
			return bad("unknown reference %q: use FTP, LTHR, maxHR, pace or VMA", m[3])
		}
	case matchInto(rePlainWatts, s, &m):
		lohi(m)
		t.Kind = TargetPowerWatts
	case matchInto(rePlainBpm, s, &m):
		lohi(m)
		return bpmTarget(t, th, bad)
	case matchInto(rePlainZone, s, &m):
		lohi(m)
		switch m[3] {
		case "hr":
			t.Kind = TargetHRZone
		case "pace":
			t.Kind = TargetPaceZone
		case "power":
			t.Kind = TargetPowerZone
		default:
			if sport == Run || sport == Swim {
				return bad("say which zone: Z%s HR or Z%s pace", m[1], m[1])
			}
			t.Kind = TargetPowerZone
		}
		if t.Low < 1 || t.Low > 7 || t.High < 1 || t.High > 7 {
			return bad("zones go from Z1 to Z7")
		}
	case matchInto(rePlainPace, s, &m):
		if num(m[2]) > 59 || (m[5] != "" && num(m[5]) > 59) {
			return bad("seconds go up to 59: write m:ss")
		}
		unit := m[3]
		if unit == "" {
			unit = m[6]
		} else if m[6] != "" && m[6] != unit {
			return bad("both paces need the same unit")
		}
		if unit == "" {
			return bad("give the distance the pace is per: %s:%s/km, %s:%s/mi or %s:%s/100m", m[1], m[2], m[1], m[2], m[1], m[2])
		}
		if unit == "100yd" {
			unit = "100y"
		}
		t.Kind, t.PaceUnit = TargetPaceAbs, unit
		t.Low = num(m[1])*60 + num(m[2])
		t.High = t.Low
		if m[4] != "" {
			t.High = num(m[4])*60 + num(m[5])
		}
	default:
		return bad("write one of %s", plainTargets)
	}
	if t.Low <= 0 || t.High <= 0 {
		return bad("values must be more than 0")
	}
	if t.Ramp && t.Low == t.High {
		return bad("a ramp needs two different values: e.g. ramp 50-75%% FTP")
	}
	return t, sportAllows(sport, t.Kind)
}

func matchInto(re func() *regexp.Regexp, s string, m *[]string) bool {
	*m = re().FindStringSubmatch(s)
	return *m != nil
}

// sportAllows refuses targets a sport's workouts cannot carry.
func sportAllows(sport Sport, k TargetKind) error {
	pace := k == TargetPacePct || k == TargetPaceAbs || k == TargetPaceZone
	power := k == TargetPowerFTP || k == TargetPowerWatts || k == TargetPowerZone
	switch {
	case pace && sport == Ride:
		return errors.New("pace targets are for Run and Swim workouts: use % FTP, watts, a zone or heart rate")
	case power && sport == Swim:
		return errors.New("power targets are not for Swim workouts: use % pace, an absolute pace (1:45/100m) or heart rate")
	}
	return nil
}

// bpmTarget writes a heart rate in beats a minute as a share of the athlete's LTHR (else of
// their max HR): Intervals.icu's workout syntax has no beats a minute, and a target it
// cannot read does not reach the watch.
func bpmTarget(t Target, th Thresholds, bad func(string, ...any) (Target, error)) (Target, error) {
	of, kind := th.LTHR, TargetHRLTHR
	if of <= 0 {
		of, kind = th.MaxHR, TargetHRMax
	}
	if of <= 0 {
		return bad("Intervals.icu's workout text has no heart rate in bpm, and the athlete's LTHR and max HR are unknown: give an HR zone (Z2 HR) or %% LTHR")
	}
	if t.Low <= 0 || t.High <= 0 {
		return bad("values must be more than 0")
	}
	pct := func(bpm float64) float64 { return math.Round(bpm / of * 100) }
	return Target{Kind: kind, Low: pct(t.Low), High: pct(t.High), Ramp: t.Ramp}, nil
}

// vmaTarget turns "% VMA" into an absolute pace per km from the athlete's VMA.
func vmaTarget(sport Sport, t Target, th Thresholds, bad func(string, ...any) (Target, error)) (Target, error) {
	if sport != Run && sport != Other {
		return bad("%% VMA is for running: give a pace or %% pace instead")
	}
	if th.VMA <= 0 {
		return bad("the athlete's VMA is unknown: give the pace itself (e.g. 3:45/km) or %% pace")
	}
	if t.Low <= 0 || t.High <= 0 {
		return bad("values must be more than 0")
	}
	if t.Ramp && t.Low == t.High {
		return bad("a ramp needs two different values: e.g. ramp 95-105%% VMA")
	}
	pace := func(pct float64) float64 { return math.Round(1000 / (th.VMA * pct / 100)) }
	return Target{Kind: TargetPaceAbs, PaceUnit: "km", Low: pace(t.Low), High: pace(t.High), Ramp: t.Ramp}, nil
}

// checkLabel refuses cue text Intervals.icu would read as part of the step.
func checkLabel(label string) error {
	if strings.ContainsAny(label, "\n\r") {
		return errors.New("the label must be one line")
	}
	if strings.HasPrefix(strings.TrimSpace(label), "-") {
		return fmt.Errorf("label %q must not start with -", label)
	}
	for _, f := range strings.Fields(label) {
		t := lex(f)
		if t.isLength() || t.isTarget() || t.kind == tRpm || t.kind == tUnknownUnit {
			return fmt.Errorf("label %q contains %q, which Intervals.icu reads as a duration, distance or target, or which ends the cue text it shows: reword it without number+unit words (e.g. \"two km\", \"thirty seconds\")", label, f)
		}
	}
	return nil
}
