package load

import "math"

// The load-risk measures a coach reads off a training calendar, each with the threshold this
// package warns at and where it comes from (internal/tools/README.md, "What every calendar
// write checks", says them too). Loads are Intervals.icu's training loads, one per day (0 for
// a rest day).

const (
	// RampSafe is the highest weekly fitness ramp (CTL today minus CTL a week earlier,
	// Intervals.icu's ramp rate) taken as safe: Friel's ceiling of 5-8 CTL points a week
	// (The Triathlete's Training Bible; TrainingPeaks' guidance on CTL ramp rate).
	RampSafe = 8.0
	// ACWRLow and ACWRHigh bound the "sweet spot" of the acute:chronic workload ratio
	// (Gabbett 2016, Br J Sports Med 50:273). The ratio is context, not a gate: the largest
	// cohort so far found no dose response to it (Frandsen et al. 2025, Br J Sports Med
	// 59:1203), so the calendar check shows it beside the spike and the ramp, never alone.
	ACWRLow, ACWRHigh = 0.8, 1.3
	// MonotonyHigh is Foster's limit on a week's training monotony (mean daily load over its
	// standard deviation): above 2.0 illness and overtraining followed (Foster 1998, Med Sci
	// Sports Exerc 30:1164).
	MonotonyHigh = 2.0
	// StrainSpike is how far above the athlete's usual a week's strain (load × monotony) may
	// go: Foster's absolute figures are in session-RPE units, not Intervals.icu loads, so the
	// week is held to 1.5 times the mean strain of the 4 weeks before (the spike ratio of
	// Gabbett's danger zone).
	StrainSpike = 1.5
	// VolumeJump is the largest rise of a sport's weekly volume over its mean of the 4 weeks
	// before: runners who raised their weekly volume by more than 30% were injured more
	// often (Nielsen et al. 2014, J Orthop Sports Phys Ther 44:739).
	VolumeJump = 1.3
)

// ACWR is the acute:chronic workload ratio on date, uncoupled (Windt & Gabbett 2019, Br J
// Sports Med 53:988): the mean daily load of the 7 days ending on date over that of the 21
// days before them, so that the acute week is not inside the chronic weeks it is compared
// with (the coupled ratio's spurious correlation, Lolli et al. 2019). ok is false when the
// chronic load is 0.
func ACWR(loads map[string]float64, date string) (ratio, acute, chronic float64, ok bool) {
	for i := 0; i < 28; i++ {
		l := loads[shift(date, -i)]
		if i < 7 {
			acute += l
		} else {
			chronic += l
		}
	}
	acute, chronic = acute/7, chronic/21
	if !(chronic > 0) {
		return 0, acute, chronic, false
	}
	return acute / chronic, acute, chronic, true
}

// SpikeGrades are the grades of a single-session spike: a session longer (time; distance for
// runs) than the longest of its sport in the 30 days before it by more than 10%, 30% or 100%,
// with the injury rate ratios Frandsen et al. found for each in 5,205 runners (Br J Sports
// Med 2025;59:1203): 1.64, 1.52 and 2.28 against sessions no longer than the longest.
var SpikeGrades = []SpikeGrade{{Over: 10, Rate: 1.64}, {Over: 30, Rate: 1.52}, {Over: 100, Rate: 2.28}}

// SpikeDays are the days before a session whose longest session of its sport it is held to.
const SpikeDays = 30

// SpikeGrade is a grade of single-session spike: more than Over % longer than the longest of
// the 30 days before, with its injury rate ratio.
type SpikeGrade struct{ Over, Rate float64 }

// Spike grades a session's length against the longest of its sport in the 30 days before
// (any unit, the same for both): the percentage it is longer by, and its grade (ok false when
// it is not more than 10% longer, or longest is 0: nothing to compare with).
func Spike(length, longest float64) (pct float64, g SpikeGrade, ok bool) {
	if !(longest > 0) {
		return 0, g, false
	}
	pct = (length/longest - 1) * 100
	for _, s := range SpikeGrades {
		if math.Round(pct) > s.Over {
			g, ok = s, true
		}
	}
	return pct, g, ok
}

// Monotony is Foster's training monotony of the week starting on monday: the mean daily load
// over its (population) standard deviation. ok is false for a week without load, or whose
// days all carry the same load (no spread to divide by).
func Monotony(loads map[string]float64, monday string) (monotony float64, ok bool) {
	var days [7]float64
	sum := 0.0
	for i := range days {
		days[i] = loads[shift(monday, i)]
		sum += days[i]
	}
	mean := sum / 7
	v := 0.0
	for _, d := range days {
		v += (d - mean) * (d - mean)
	}
	sd := math.Sqrt(v / 7)
	if !(mean > 0) || sd < 1e-9 {
		return 0, false
	}
	return mean / sd, true
}

// Strain is Foster's training strain of the week starting on monday: its total load times
// its monotony (0 when monotony is not defined).
func Strain(loads map[string]float64, monday string) float64 {
	m, ok := Monotony(loads, monday)
	if !ok {
		return 0
	}
	return WeekSum(loads, monday) * m
}

// WeekSum is the total of the 7 days starting on monday.
func WeekSum(loads map[string]float64, monday string) float64 {
	s := 0.0
	for i := 0; i < 7; i++ {
		s += loads[shift(monday, i)]
	}
	return s
}

// Ratio is value over the mean of before (ok false when there is nothing to compare with,
// or its mean is 0): a week's volume or strain over its mean of the weeks before.
func Ratio(value float64, before []float64) (ratio, mean float64, ok bool) {
	if len(before) == 0 {
		return 0, 0, false
	}
	for _, b := range before {
		mean += b
	}
	mean /= float64(len(before))
	if !(mean > 0) {
		return 0, mean, false
	}
	return value / mean, mean, true
}

// shift is date n days later ("" for a date that is not YYYY-MM-DD).
func shift(date string, n int) string {
	d, err := parseDate("date", date)
	if err != nil {
		return ""
	}
	return (d + day(n)).String()
}
