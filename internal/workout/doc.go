// Package workout writes and reads Intervals.icu workout text in plain units.
//
// Intervals.icu stores a structured workout as the text of an event's description:
// one line per step ("- 10m 75%"), repeat blocks introduced by an "Nx" line with a
// blank line around the block, and section header lines. The syntax has traps that a
// language model (or a person) falls into easily: "400m" is 400 minutes (metres are
// "400mtr"), an absolute pace needs the word "pace", and number+unit words inside cue
// text are read as durations.
//
// The model of this package is one tree, [Workout], made of [Node] values with
// targets resolved to a kind and a range ([Target]): the workout as Intervals.icu reads the
// text, which is what reaches the athlete's watch. Intervals.icu is the parser of record:
// [Read] reads as it reads, proven on real recorded pairs of text and Intervals.icu's own
// parse (testdata/corpus): a line's last duration and last target count, the cue text is
// what comes before the first token, "ramp" makes a ramp only before a range, a line it
// cannot time is dropped, durations are whole numbers, an en-dash range is its first value.
// Three ways lead into and out of the tree:
//
//   - [Build] turns structured [Step] values written in plain units (seconds or
//     h:mm:ss, metres/km/miles, "75% FTP", "4:35/km", "Z2 HR", "100% VMA") into
//     Intervals.icu text, refusing anything Intervals.icu would read otherwise.
//   - [Read] and [Parse] read Intervals.icu text into the tree (Parse refuses text whose
//     reading is not what it seems to say); [Workout.Plain] turns the tree back into
//     plain-unit steps, so the two directions round-trip; [Workout.Doc] is the workout_doc
//     Intervals.icu makes of it.
//   - [Check] reads text given by a model, reports every trap as a [Problem] with its
//     line (errors where Intervals.icu's reading differs from what the text seems to say,
//     warnings for plausibility), and summarises the workout: total time, distance and
//     training load ([Summary]).
//
// Load is Intervals.icu's for a power workout: the hours × (NP/FTP)² × 100, NP the normalized
// power of the steps' planned power ([Workout.NormalizedPower]); for heart-rate and pace
// workouts, whose formula no recorded pair reproduces, an estimate: hours × IF² × 100 per
// step, IF relative to LTHR or threshold pace; see [Workout.Summary].
// [Workout.ZoneTimes] is the time of the steps in each zone of their target's scale.
// [Doc] reads Intervals.icu's structured form of a workout, workout_doc, as the API sends it
// and as the reference server's callers write it (numbers as strings, zones as "Z2");
// [DocFromValue] reads it from the generic values the Intervals.icu client decodes it into.
// [Syntax] returns a short Markdown reference of the syntax and its traps.
//
// Imports: nothing internal. Never imports: os, net/http.
package workout
