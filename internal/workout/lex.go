package workout

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// tokKind classifies one whitespace-separated word of an Intervals.icu step line.
type tokKind int

const (
	tWord        tokKind = iota // cue text or a keyword such as "pace", "HR", "press"
	tDuration                   // 10m, 30s, 1h30m, 5m30s, 1m30, 5', 1'30"
	tDistance                   // 400mtr, 2km, 1mi, 200yrd
	tPercent                    // 75%, 88-94%, 50%-75%
	tWatts                      // 220w, 200-240w
	tBpm                        // 145bpm, 140-150bpm
	tRpm                        // 90rpm, 85-95rpm
	tZone                       // Z2, Z3-Z4
	tPace                       // 4:30/km, 4:30-4:50/km, 1:45/100m, 5:00
	tRamp                       // ramp
	tFreeride                   // freeride
	tUnknownUnit                // a number followed by letters Intervals.icu does not know
)

// token is one lexed word. lo and hi hold the value or range (seconds per unit for a
// pace); dur a duration; metres and unit a distance, or unit the pace's unit.
type token struct {
	kind   tokKind
	raw    string
	lo, hi float64
	ranged bool
	dur    time.Duration
	metres float64
	unit   string
}

const numRe = `(\d+(?:\.\d+)?)`

var (
	reDurHMS     = lazyRegexp(`^(?:` + numRe + `h)?(?:` + numRe + `m)?(?:` + numRe + `s)?$`)
	reDurMSecs   = lazyRegexp(`^(\d+)m(\d+)$`)
	reDurQuote   = lazyRegexp(`^(?:(\d+)')?(?:(\d+)")?$`)
	reDistance   = lazyRegexp(`^` + numRe + `(km|mtr|mi|yrd)$`)
	rePercent    = lazyRegexp(`^` + numRe + `%?(?:-` + numRe + `)?%$`)
	reWatts      = lazyRegexp(`^` + numRe + `w?(?:-` + numRe + `)?w$`)
	reBpm        = lazyRegexp(`^` + numRe + `(?:bpm)?(?:-` + numRe + `)?bpm$`)
	reRpm        = lazyRegexp(`^` + numRe + `(?:rpm)?(?:-` + numRe + `)?rpm$`)
	reZone       = lazyRegexp(`^z(\d+)(?:-z?(\d+))?$`)
	rePace       = lazyRegexp(`^(\d+):(\d\d(?:\.\d+)?)(?:/(km|mi|100m|100y|500m|400m|250m))?(?:-(\d+):(\d\d(?:\.\d+)?)(?:/(km|mi|100m|100y|500m|400m|250m))?)?$`)
	reNumUnit    = lazyRegexp(`^\d+(?:\.\d+)?[a-z%'"/:]`)
	reRepeatMark = lazyRegexp(`^\d+x$`)
	reOrdinal    = lazyRegexp(`^\d+(st|nd|rd|th)$`)
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
	}
	if s == "" {
		return t
	}
	if d, ok := lexDuration(s); ok {
		t.kind, t.dur = tDuration, d
		return t
	}
	if m := reDistance.FindStringSubmatch(s); m != nil {
		t.kind, t.unit = tDistance, m[2]
		t.lo = num(m[1])
		t.metres = t.lo * distanceUnits[m[2]]
		return t
	}
	if m := rePace.FindStringSubmatch(s); m != nil {
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
		re   *lazyRE
		kind tokKind
	}{{rePercent, tPercent}, {reWatts, tWatts}, {reBpm, tBpm}, {reRpm, tRpm}, {reZone, tZone}} {
		if m := r.re.FindStringSubmatch(s); m != nil {
			t.kind = r.kind
			t.lo, t.hi = num(m[1]), num(m[1])
			if m[2] != "" {
				t.ranged, t.hi = true, num(m[2])
			}
			return t
		}
	}
	if reNumUnit.MatchString(s) && !reRepeatMark.MatchString(s) && !reOrdinal.MatchString(s) {
		t.kind = tUnknownUnit
	}
	return t
}

func lexDuration(s string) (time.Duration, bool) {
	if m := reDurMSecs.FindStringSubmatch(s); m != nil {
		return seconds(num(m[1])*60 + num(m[2])), true
	}
	if m := reDurHMS.FindStringSubmatch(s); m != nil && s != "" {
		return seconds(num(m[1])*3600 + num(m[2])*60 + num(m[3])), true
	}
	if m := reDurQuote.FindStringSubmatch(s); m != nil && s != "" {
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
	switch u {
	case "min", "mins", "minute", "minutes", "'":
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
	return "a duration (10m, 30s, 1h), a distance (400mtr, 2km, 1mi, 200yrd) or a target (75%, 220w, 145bpm, 90rpm)"
}
