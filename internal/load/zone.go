package load

import "math"

// Form zones, the bands of Intervals.icu's form chart (see the package doc).
const (
	ZoneTransition = "transition" // form above +20% of fitness
	ZoneFresh      = "fresh"      // +5% to +20%
	ZoneGrey       = "grey zone"  // -10% to +5%
	ZoneOptimal    = "optimal"    // -30% to -10%
	ZoneHighRisk   = "high risk"  // below -30%
)

// FormZone names the zone of form as a percentage of fitness (form/fitness*100). A value on
// a boundary belongs to the zone nearer zero: +20% is fresh, +5% and -10% are grey zone,
// -30% is optimal. With no fitness (0 or less) the percentage has no meaning and FormZone
// returns ""; so it does for a form or fitness that is not a finite number.
func FormZone(form, fitness float64) string {
	pct := form / fitness * 100
	if !(fitness > 0) || math.IsInf(fitness, 0) || math.IsNaN(pct) || math.IsInf(pct, 0) {
		return ""
	}
	switch {
	case pct > 20:
		return ZoneTransition
	case pct > 5:
		return ZoneFresh
	case pct >= -10:
		return ZoneGrey
	case pct >= -30:
		return ZoneOptimal
	default:
		return ZoneHighRisk
	}
}
