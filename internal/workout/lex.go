package workout

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// tokKind classifies one word of an Intervals.icu step line, as Intervals.icu reads it.
type tokKind int

const (
	tWord        tokKind = iota // cue text or a keyword such as "pace", "HR", "press"
	tDuration                   // 10m, 30s, 1h30m, 5m30s, 1m30, 20min, 5', 1'30"
	tDistance                   // 400mtr, 2km, 0.8km, 1mi, 200yrd
	tPercent                    // 75%, 88-94%, 50%-75%
	tWatts                      // 220w, 200-240w
	tBpm                        // 145bpm, 140-150bpm
	tRpm                        // 90rpm, 85-95rpm
	tZone                       // Z2, Z3-Z4
	tPace                       // 4:30/km, 4:30-4:50/km, 1:45/100m, 5:00
	tRamp                       // ramp
	tFreeride                   // freeride
	tUnknownUnit                // a number with a unit Intervals.icu does not read: cue text for it
)

// token is one lexed word. lo and hi hold the value or range (seconds per unit for a
// pace); dur a duration; metres and unit a distance, or unit the pace's unit. enDash marks a
// range written with an en dash ("85–95rpm"), which Intervals.icu reads as its first value.
type token struct {
	kind   tokKind
	raw    string
	lo, hi float64
	ranged bool
	enDash bool
	dur    time.Duration
	metres float64
	unit   string
}

// Durations are whole numbers (a decimal "23.21s" is cue text for Intervals.icu); distances
// and targets may have decimals.
const (
	intRe = `(\d+)`
	numRe = `(\d+(?:\.\d+)?)`
)

// compiled returns a regular expression compiled on first use: most runs of the binary read
// no workout text.
func compiled(src string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(src) })
}

var (
	reDurHMS     = compiled(`^(?:` + intRe + `h)?(?:` + intRe + `m)?(?:` + intRe + `s)?$`)
	reDurMSecs   = compiled(`^(\d+)m(\d+)$`)
	reDurMin     = compiled(`^(\d+)min$`)
	reDurQuote   = compiled(`^(?:(\d+)')?(?:(\d+)")?$`)
	reDistance   = compiled(`^` + numRe + `(km|mtr|mi|yrd)$`)
	rePercent    = compiled(`^` + numRe + `%?(?:(-|–)` + numRe + `)?%$`)
	reWatts      = compiled(`^` + numRe + `w?(?:(-|–)` + numRe + `)?w$`)
	reBpm        = compiled(`^` + numRe + `(?:bpm)?(?:(-|–)` + numRe + `)?bpm$`)
	reRpm        = compiled(`^` + numRe + `(?:rpm)?(?:(-|–)` + numRe + `)?rpm$`)
	reZone       = compiled(`^z(\d+)(?:-z?(\d+))?$`)
	rePace       = compiled(`^(\d+):(\d\d(?:\.\d+)?)(?:/(km|mi|100m|100y|500m|400m|250m))?(?:-(\d+):(\d\d(?:\.\d+)?)(?:/(km|mi|100m|100y|500m|400m|250m))?)?$`)
	reNumUnit    = compiled(`^\d+(?:\.\d+)?[a-z%'"/:]`)
	reRepeatMark = compiled(`^\d+x$`)
	reOrdinal    = compiled(`^\d+(st|nd|rd|th)$`)
	rePowerOpt   = compiled(`^power=(\d+s)$`)
)

// distanceUnits are metres per unit of the distance units of the text syntax.
var distanceUnits = map[string]float64{"mtr": 1, "km": 1000, "mi": 1609.344, "yrd": 0.9144}

// paceUnits are metres per unit of the absolute pace units.
var paceUnits = map[string]float64{
	"km": 1000, "mi": 1609.344, "100m": 100, "100y": 91.44, "500m": 500, "400m": 400, "250m": 250,
}

func num(s string) float64 {
	v, _ := strconv.ParseFloat(s, 64)
	return v
}

// lex classifies one word of a step line. Matching ignores case.
func lex(raw string) token {
	s := strings.ToLower(raw)
	t := token{kind: tWord, raw: raw}
	switch s {
	case "ramp":
		t.kind = tRamp
		return t
	case "freeride":
		t.kind = tFreeride
		return t
	case "":
		return t
	}
	if d, ok := lexDuration(s); ok {
		t.kind, t.dur = tDuration, d
		return t
	}
	if m := reDistance().FindStringSubmatch(s); m != nil {
		t.kind, t.unit = tDistance, m[2]
		t.lo = num(m[1])
		t.metres = t.lo * distanceUnits[m[2]]
		return t
	}
	if m := rePace().FindStringSubmatch(s); m != nil {
		t.kind = tPace
		t.lo = num(m[1])*60 + num(m[2])
		t.hi = t.lo
		t.unit = m[3]
		if m[4] != "" {
			t.ranged = true
			t.hi = num(m[4])*60 + num(m[5])
			if t.unit == "" {
				t.unit = m[6]
			} else if m[6] != "" && m[6] != t.unit {
				t.kind = tUnknownUnit
			}
		}
		return t
	}
	for _, r := range []struct {
		re   func() *regexp.Regexp
		kind tokKind
	}{{rePercent, tPercent}, {reWatts, tWatts}, {reBpm, tBpm}, {reRpm, tRpm}} {
		if m := r.re().FindStringSubmatch(s); m != nil {
			t.kind = r.kind
			t.lo, t.hi = num(m[1]), num(m[1])
			switch m[2] {
			case "-":
				t.ranged, t.hi = true, num(m[3])
			case "–":
				t.enDash = true // Intervals.icu reads the first value alone
			}
			return t
		}
	}
	if m := reZone().FindStringSubmatch(s); m != nil {
		t.kind = tZone
		t.lo, t.hi = num(m[1]), num(m[1])
		if m[2] != "" {
			t.ranged, t.hi = true, num(m[2])
		}
		return t
	}
	if reNumUnit().MatchString(s) && !reRepeatMark().MatchString(s) && !reOrdinal().MatchString(s) {
		t.kind = tUnknownUnit
	}
	return t
}

func lexDuration(s string) (time.Duration, bool) {
	if m := reDurMSecs().FindStringSubmatch(s); m != nil {
		return seconds(num(m[1])*60 + num(m[2])), true
	}
	if m := reDurMin().FindStringSubmatch(s); m != nil {
		return seconds(num(m[1]) * 60), true
	}
	if m := reDurHMS().FindStringSubmatch(s); m != nil && s != "" {
		return seconds(num(m[1])*3600 + num(m[2])*60 + num(m[3])), true
	}
	if m := reDurQuote().FindStringSubmatch(s); m != nil && s != "" {
		return seconds(num(m[1])*60 + num(m[2])), true
	}
	return 0, false
}

// seconds converts to a Duration, capped far beyond any workout so that huge
// numbers in text cannot overflow.
func seconds(s float64) time.Duration {
	return time.Duration(math.Min(s, 1e9) * float64(time.Second))
}

// isLength says whether a token sets a step's length.
func (t token) isLength() bool { return t.kind == tDuration || t.kind == tDistance }

// isTarget says whether a token is an intensity target.
func (t token) isTarget() bool {
	switch t.kind {
	case tPercent, tWatts, tBpm, tZone, tPace, tFreeride:
		return true
	}
	return false
}

// unitHint suggests what to write for a number with a unit Intervals.icu does not know.
func unitHint(raw string) string {
	s := strings.ToLower(raw)
	i := strings.IndexFunc(s, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	n, u := s[:i], s[i:]
	if rest, ok := strings.CutPrefix(u, "x"); ok && n != "" && rest != "" { // 8x400m
		hint := "the repeat on a line of its own (" + n + "x) with its steps below it"
		if strings.HasSuffix(rest, "m") && !strings.HasSuffix(rest, "km") {
			hint += "; in Intervals.icu m is minutes and mtr metres (" + strings.TrimSuffix(rest, "m") + "mtr)"
		}
		return hint
	}
	if strings.Contains(n, ".") && (u == "s" || u == "m" || u == "h") {
		return "a whole number of seconds, minutes or hours (durations have no decimals: write e.g. 1m30s)"
	}
	switch u {
	case "mins", "minute", "minutes", "'":
		return n + "m"
	case "sec", "secs", "second", "seconds", "\"":
		return n + "s"
	case "hr", "hrs", "hour", "hours":
		return n + "h"
	case "k", "kms", "kilometer", "kilometers", "kilometre", "kilometres":
		return n + "km"
	case "meter", "meters", "metre", "metres", "mt", "mtrs":
		return n + "mtr"
	case "y", "yd", "yds", "yard", "yards":
		return n + "yrd"
	case "mile", "miles":
		return n + "mi"
	case "watt", "watts":
		return n + "w"
	}
	return "a duration (10m, 30s, 1h), a distance (400mtr, 2km, 1mi, 200yrd) or a target (75%, 220w, 90rpm)"
}
