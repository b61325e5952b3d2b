package synth

import "math/rand/v2"

// The session library: the structured workouts the synthetic athletes plan and do. Each
// takes the generator so that repeats, durations and targets vary from week to week.

func mins(m int) int { return m * 60 }

func warm(sport string, m int) step {
	if sport == "Run" {
		return step{secs: mins(m), pct: 76, hrZone: 2}
	}
	return step{secs: mins(m), pct: 55}
}

func cool(sport string, m int) step {
	if sport == "Run" {
		return step{secs: mins(m), pct: 70, hrZone: 1}
	}
	return step{secs: mins(m), pct: 50}
}

func pick[T any](r *rand.Rand, xs ...T) T { return xs[r.IntN(len(xs))] }

func rideThreshold(r *rand.Rand) workout {
	n, m := pick(r, 3, 4), pick(r, 10, 12)
	return workout{sport: "VirtualRide", name: itoa(n) + "x" + itoa(m) + " Threshold", blocks: []block{
		{steps: []step{warm("Ride", 10), {secs: mins(5), pct: 70}}},
		{reps: n, steps: []step{{secs: mins(m), pct: pick(r, 98.0, 100, 102), work: true}, {secs: mins(5), pct: 55}}},
		{steps: []step{cool("Ride", 10)}},
	}}
}

// rideFTPTest is the 20-minute test that sets FTP (95% of its mean power), ridden outdoors
// every eighth week: it is the effort the athlete's FTP and eFTP rest on.
func rideFTPTest() workout {
	return workout{sport: "Ride", name: "FTP Test 20m", blocks: []block{
		{steps: []step{warm("Ride", 15), {secs: mins(5), pct: 75}, {secs: mins(5), pct: 55}}},
		{steps: []step{{secs: mins(20), pct: 105, work: true}}},
		{steps: []step{cool("Ride", 15)}},
	}}
}

func rideVO2(r *rand.Rand) workout {
	n, m := pick(r, 5, 6), pick(r, 3, 4)
	return workout{sport: "VirtualRide", name: "VO2max " + itoa(n) + "x" + itoa(m) + "m", blocks: []block{
		{steps: []step{warm("Ride", 10), {secs: mins(5), pct: 75}}},
		{reps: n, steps: []step{{secs: mins(m), pct: pick(r, 112.0, 115, 118), work: true}, {secs: mins(m), pct: 50}}},
		{steps: []step{cool("Ride", 10)}},
	}}
}

func rideSweetSpot(r *rand.Rand) workout {
	n, m := pick(r, 2, 3), pick(r, 15, 20)
	return workout{sport: "VirtualRide", name: "Sweet Spot " + itoa(n) + "x" + itoa(m), blocks: []block{
		{steps: []step{warm("Ride", 15)}},
		{reps: n, steps: []step{{secs: mins(m), pct: pick(r, 88.0, 90, 92), work: true}, {secs: mins(5), pct: 55}}},
		{steps: []step{cool("Ride", 10)}},
	}}
}

func rideTempo(r *rand.Rand) workout {
	m := pick(r, 20, 25, 30)
	return workout{sport: "VirtualRide", name: "Tempo 2x" + itoa(m), blocks: []block{
		{steps: []step{warm("Ride", 15)}},
		{reps: 2, steps: []step{{secs: mins(m), pct: pick(r, 80.0, 83, 85), work: true}, {secs: mins(5), pct: 55}}},
		{steps: []step{cool("Ride", 10)}},
	}}
}

func rideRecovery(r *rand.Rand) workout {
	return workout{sport: "VirtualRide", name: "Recovery Spin", blocks: []block{
		{steps: []step{{secs: mins(pick(r, 40, 45, 50)), pct: 50}}},
	}}
}

// rideEndurance is the long outdoor ride of the weekend, m minutes in all.
func rideEndurance(r *rand.Rand, m int) workout {
	return workout{sport: "Ride", name: "Endurance Ride", blocks: []block{
		{steps: []step{warm("Ride", 15), {secs: mins(m - 25), pct: pick(r, 65.0, 68, 70), work: true}, cool("Ride", 10)}},
	}}
}

func runEasy(r *rand.Rand, m int) workout {
	return workout{sport: "Run", name: "Easy Run", blocks: []block{
		{steps: []step{{secs: mins(m), pct: pick(r, 75.0, 77, 79), hrZone: 2, work: true}}},
	}}
}

func runLong(r *rand.Rand, m int) workout {
	return workout{sport: "Run", name: "Long Run", blocks: []block{
		{steps: []step{{secs: mins(m), pct: pick(r, 78.0, 80), hrZone: 2, work: true}}},
	}}
}

func runIntervals(r *rand.Rand) workout {
	n := pick(r, 5, 6, 8)
	return workout{sport: "Run", name: "Run Intervals " + itoa(n) + "x3m", blocks: []block{
		{steps: []step{warm("Run", 15)}},
		{reps: n, steps: []step{{secs: mins(3), pct: pick(r, 104.0, 106, 108), work: true}, {secs: mins(2), pct: 65}}},
		{steps: []step{cool("Run", 10)}},
	}}
}

func runTempo(r *rand.Rand) workout {
	m := pick(r, 10, 12, 15)
	return workout{sport: "Run", name: "Tempo Run 2x" + itoa(m), blocks: []block{
		{steps: []step{warm("Run", 15)}},
		{reps: 2, steps: []step{{secs: mins(m), pct: pick(r, 93.0, 95), pace: true, work: true}, {secs: mins(3), pct: 68}}},
		{steps: []step{cool("Run", 10)}},
	}}
}

// runRace is a 5 km race with its warm-up.
func runRace() workout {
	return workout{sport: "Run", name: "Park 5k", blocks: []block{
		{steps: []step{warm("Run", 12), {metres: 5000, pct: 104, work: true}, cool("Run", 8)}},
	}}
}

func swimCSS(r *rand.Rand) workout {
	n := pick(r, 8, 10, 12)
	return workout{sport: "Swim", name: "CSS " + itoa(n) + "x100", blocks: []block{
		{steps: []step{{metres: 400, pct: 72}}},
		{reps: n, steps: []step{{metres: 100, pct: pick(r, 99.0, 101), work: true}, {metres: 50, pct: 60}}},
		{steps: []step{{metres: 200, pct: 65}}},
	}}
}

func swimAerobic(r *rand.Rand) workout {
	n := pick(r, 3, 4)
	return workout{sport: "Swim", name: "Aerobic " + itoa(n) + "x400", blocks: []block{
		{steps: []step{{metres: 300, pct: 70}}},
		{reps: n, steps: []step{{metres: 400, pct: pick(r, 84.0, 86, 88), work: true}, {metres: 100, pct: 60}}},
		{steps: []step{{metres: 200, pct: 65}}},
	}}
}

// rideCommute is a short ride to work, recorded on a phone app that syncs to Strava.
func rideCommute(r *rand.Rand) workout {
	return workout{sport: "Ride", name: "Commute", blocks: []block{
		{steps: []step{{secs: mins(pick(r, 22, 25, 28)), pct: 62, work: true}}},
	}}
}
