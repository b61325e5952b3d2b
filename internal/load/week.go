package load

import "sort"

// Week sums a Monday-to-Sunday week.
type Week struct {
	Start   string  // the Monday, YYYY-MM-DD
	Done    float64 // summed done load of the week's seven dates
	Planned float64 // summed planned load of the week's seven dates
	// EndDate is the last date of the week found in the days given (the Sunday, or an
	// earlier date in a partial week); EndFitness, EndFatigue and EndForm are its values.
	EndDate                         string
	EndFitness, EndFatigue, EndForm float64
}

// Weekly groups days into Monday-based weeks, oldest first, from the week of the earliest
// day to the week of the latest, with no week skipped. Done and Planned sum loadsDone and
// loadsPlanned over all seven dates of each week, whether or not days covers them; loads
// outside those weeks are ignored, as are days whose Date is not a YYYY-MM-DD date. A
// week holding none of the days (a gap in days) has an empty EndDate and zero End values.
func Weekly(days []Day, loadsDone, loadsPlanned map[string]float64) []Week {
	type dated struct {
		d   day
		day Day
	}
	var valid []dated
	for _, x := range days {
		if d, err := parseDate("day", x.Date); err == nil {
			valid = append(valid, dated{d, x})
		}
	}
	if len(valid) == 0 {
		return nil
	}
	sort.SliceStable(valid, func(i, j int) bool { return valid[i].d < valid[j].d })

	first, last := valid[0].d.monday(), valid[len(valid)-1].d.monday()
	weeks := make([]Week, 0, (last-first)/7+1)
	next := 0
	for mon := first; mon <= last; mon += 7 {
		w := Week{Start: mon.String()}
		for d := mon; d < mon+7; d++ {
			date := d.String()
			w.Done += loadsDone[date]
			w.Planned += loadsPlanned[date]
		}
		for next < len(valid) && valid[next].d < mon+7 {
			x := valid[next].day
			w.EndDate, w.EndFitness, w.EndFatigue, w.EndForm = x.Date, x.Fitness, x.Fatigue, x.Form
			next++
		}
		weeks = append(weeks, w)
	}
	return weeks
}
