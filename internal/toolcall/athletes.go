package toolcall

import "strings"

// SameAthlete reports whether two Intervals.icu athlete ids name the same athlete: i12345 and
// 12345 do (Intervals.icu writes ids with the i; the digits alone name the same athlete).
func SameAthlete(x, y string) bool {
	return strings.TrimPrefix(strings.ToLower(x), "i") == strings.TrimPrefix(strings.ToLower(y), "i")
}
