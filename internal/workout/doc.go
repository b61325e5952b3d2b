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
// targets resolved to a kind and a range ([Target]). Three ways lead into and out of it:
//
//   - [Build] turns structured [Step] values written in plain units (seconds or
//     h:mm:ss, metres/km/miles, "75% FTP", "4:35/km", "Z2 HR", "100% VMA") into
//     Intervals.icu text, refusing anything Intervals.icu would misread.
//   - [Parse] reads Intervals.icu text into the tree; [Workout.Plain] turns the tree
//     back into plain-unit steps, so the two directions round-trip.
//   - [Check] parses text given by a model, reports every trap as a [Problem] with its
//     line (errors for syntax, warnings for plausibility), and summarises the workout:
//     total time, distance and an estimated training load ([Summary]).
//
// Load is estimated as hours × IF² × 100 per step, IF being the step's intensity
// relative to threshold (FTP, LTHR or threshold pace); see [Workout.Summary].
// [Doc] reads Intervals.icu's structured form of a workout, workout_doc, as the API sends it
// and as the reference server's callers write it (numbers as strings, zones as "Z2").
// [Syntax] returns a short Markdown reference of the syntax and its traps.
//
// Imports: nothing internal. Never imports: os, net/http.
package workout
