// Package synth makes the deterministic synthetic athletes that the embedded fake
// Intervals.icu serves: the same seed and the same "today" give byte-identical data.
//
// # The model
//
// Everything follows from a training plan. Each athlete has a week of sessions (weeks.go),
// repeated in blocks of three build weeks and an easy one; the primary athlete also has a
// sick week about three months ago, a holiday week, and races (schedule.go); its long runs
// still to do keep to 1:20, so that a plan opening with a 1:30 long run is Frandsen's spike.
// Every athlete tapers into an A race (the easy sessions of the 14 days before it at half
// their time, the hard ones kept: Bosquet 2007), and the coached runner's calendar holds the
// whole run-up to his (its weeks past the usual 4 drawn from a generator of their own, so
// that nothing else moves). The coach's direct chats with two athletes hold words a weekly
// review must read (chats.go). A session is a
// structured workout (templates.go): blocks of steps whose targets are a percentage of the
// sport's threshold (FTP for rides, threshold pace for runs and swims). The same workout
// gives the planned event's workout text and workout_doc, and, unrolled into segments and
// scaled by how the athlete did on the day, the activity that did it.
//
// A noise-free physiology (physiology.go) turns each segment into power, speed, cadence and
// heart rate (which follows effort with a 30 s lag). Activity totals, intervals and training
// load are computed from it directly (summary.go, intervals.go), so Generate stays fast; the
// 1 Hz streams are drawn around it only when asked (streams.go), with noise recentred to
// zero mean over every segment, so that streams, intervals and totals agree. Best efforts
// (best.go) are computed from those streams.
//
// Training load is hours x IF^2 x 100 with IF the fourth-power mean intensity. Fitness (CTL)
// and fatigue (ATL) in the wellness rows, on activities and on events come from the day
// loads through internal/load, Intervals.icu's 42/7-day model; after today they are
// projected over the planned workouts' loads.
//
// # Determinism
//
// The only randomness is a PCG generator per athlete seeded from the seed; no clock is read
// and no map is iterated into the output. Ids (activities, events, gear, library) are drawn
// from one counter for the whole World, so they are unique across athletes.
//
// # Imports
//
// Imports: gen/intervals (DateTime), internal/fakeicu/api (the models it fills) and
// internal/load; never the fake itself, which imports it. Never imports: crypto/rand,
// math/rand, os.
package synth
