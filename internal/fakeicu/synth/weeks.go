package synth

import "math/rand/v2"

// slot is a session in a training week: its start (local wall clock) and its workout.
type slot struct {
	h, m int
	w    workout
}

// weekFunc lays out one training week, Monday first. week counts weeks from the start of
// the history (key sessions alternate with it); easy is the lighter week that ends each
// block of four; vol scales the long sessions.
type weekFunc func(r *rand.Rand, week int, easy bool, vol float64) [7][]slot

// ftpTestWeeks is how often every athlete rides the FTP test (rideFTPTest), in build weeks
// (week 0 is one): often enough that the last 90 days always hold one.
const ftpTestWeeks = 8

func scaled(m int, vol float64) int { return max(20, int(float64(m)*vol+0.5)) }

// triathlonWeek is the primary athlete's week: two swims, two indoor rides, a long ride,
// two runs; about 9 hours in a build week.
func triathlonWeek(r *rand.Rand, week int, easy bool, vol float64) [7][]slot {
	var w [7][]slot
	w[0] = []slot{{6, 15, swimAerobic(r)}}
	if easy {
		w[1] = []slot{{18, 0, rideRecovery(r)}}
		w[2] = []slot{{6, 30, runEasy(r, scaled(40, vol))}}
		w[4] = []slot{{6, 15, swimCSS(r)}}
		w[5] = []slot{{7, 0, rideEndurance(r, scaled(120, vol))}}
		w[6] = []slot{{7, 30, runEasy(r, scaled(50, vol))}}
		return w
	}
	switch {
	case week%ftpTestWeeks == 0:
		w[1] = []slot{{18, 0, rideFTPTest()}}
	case week%2 == 0:
		w[1] = []slot{{18, 0, rideThreshold(r)}}
	default:
		w[1] = []slot{{18, 0, rideVO2(r)}}
	}
	w[2] = []slot{{6, 30, runEasy(r, scaled(pick(r, 45, 50, 55), vol))}}
	if vol >= 0.9 {
		w[3] = []slot{{18, 0, pick(r, rideSweetSpot, rideTempo)(r)}}
	}
	w[4] = []slot{{6, 15, swimCSS(r)}}
	long := pick(r, 150, 180, 210)
	if week%4 == 2 {
		long = 240 // the 4-hour ride of the block's last build week
	}
	w[5] = []slot{{7, 0, rideEndurance(r, scaled(long, vol))}}
	if week%2 == 0 {
		w[6] = []slot{{7, 30, runLong(r, scaled(pick(r, 75, 85, 95), vol))}}
	} else {
		w[6] = []slot{{7, 30, pick(r, runIntervals, runTempo)(r)}}
	}
	return w
}

// cyclingWeek is a road cyclist's week: five rides, two of them hard.
func cyclingWeek(r *rand.Rand, week int, easy bool, vol float64) [7][]slot {
	var w [7][]slot
	if easy {
		w[1] = []slot{{18, 30, rideRecovery(r)}}
		w[3] = []slot{{18, 30, rideTempo(r)}}
		w[5] = []slot{{8, 0, rideEndurance(r, scaled(150, vol))}}
		return w
	}
	w[1] = []slot{{18, 30, pick(r, rideThreshold, rideVO2)(r)}}
	if week%ftpTestWeeks == 0 {
		w[1] = []slot{{18, 30, rideFTPTest()}}
	}
	w[2] = []slot{{7, 0, rideRecovery(r)}}
	w[3] = []slot{{18, 30, rideSweetSpot(r)}}
	w[5] = []slot{{8, 0, rideEndurance(r, scaled(pick(r, 180, 210, 240), vol))}}
	w[6] = []slot{{8, 30, rideEndurance(r, scaled(pick(r, 120, 150), vol))}}
	return w
}

// runningWeek is a runner's week: five runs and an easy ride.
func runningWeek(r *rand.Rand, week int, easy bool, vol float64) [7][]slot {
	var w [7][]slot
	w[0] = []slot{{6, 0, runEasy(r, scaled(40, vol))}}
	if easy {
		w[2] = []slot{{6, 0, runEasy(r, scaled(45, vol))}}
		w[5] = []slot{{7, 0, runLong(r, scaled(70, vol))}}
		return w
	}
	w[1] = []slot{{6, 0, runIntervals(r)}}
	w[2] = []slot{{6, 0, runEasy(r, scaled(pick(r, 55, 60), vol))}}
	w[3] = []slot{{6, 0, runTempo(r)}}
	w[5] = []slot{{7, 0, runLong(r, scaled(pick(r, 90, 100, 110), vol))}}
	w[6] = []slot{{9, 0, rideEndurance(r, scaled(90, vol))}}
	if week%ftpTestWeeks == 0 {
		w[6] = []slot{{9, 0, rideFTPTest()}}
	}
	return w
}
