package synth

// Intervals.icu's default zones. Power and pace zones are upper bounds in % of threshold
// (the last, 999, is open); heart-rate zones are upper bounds in bpm, made from LTHR and
// max HR.
var (
	powerZones     = []int32{55, 75, 90, 105, 120, 150, 999}
	powerZoneNames = []string{"Active Recovery", "Endurance", "Tempo", "Threshold", "VO2 Max", "Anaerobic", "Neuromuscular"}
	paceZones      = []float32{77.5, 87.7, 94.3, 100, 103.4, 111.5, 999}
	paceZoneNames  = []string{"Zone 1", "Zone 2", "Zone 3", "Zone 4", "Zone 5a", "Zone 5b", "Zone 5c"}
	hrZoneNames    = []string{"Recovery", "Aerobic", "Tempo", "SubThreshold", "SuperThreshold", "Aerobic Capacity", "Anaerobic"}
	zoneColors     = []string{"#009e80", "#009e00", "#ffcb0e", "#ff7f0e", "#dd0447", "#6633cc", "#504861"}
)

// hrZones are the heart-rate zone tops for an LTHR and max HR (Friel's % of LTHR).
func hrZones(lthr, maxHR int) []int32 {
	pcts := []float64{0.81, 0.89, 0.93, 0.99, 1.02, 1.06}
	out := make([]int32, 0, 7)
	for _, p := range pcts {
		out = append(out, int32(float64(lthr)*p+0.5))
	}
	return append(out, int32(maxHR))
}

// zoneOf is the 1-based zone whose upper bound first reaches v.
func zoneOf[T int32 | float32 | float64](tops []T, v float64) int {
	for i, t := range tops {
		if v <= float64(t) {
			return i + 1
		}
	}
	return len(tops)
}

// hrZoneRange is the bpm range of a 1-based heart-rate zone.
func hrZoneRange(zones []int32, z int) (lo, hi int32) {
	if z > 1 {
		lo = zones[z-2] + 1
	}
	return lo, zones[z-1]
}
