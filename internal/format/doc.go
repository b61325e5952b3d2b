// Package format turns Intervals.icu responses (the generated types of gen/intervals) into the
// compact, unit-aware text that tools answer with.
//
// The model: every formatter is a pure function of its inputs. There is no I/O and no clock:
// the caller passes the athlete's time zone and units ([Units]), "today" where status depends
// on it, and the size budget in characters. Output order is deterministic.
//
// The rules every formatter keeps (DESIGN.md, "Tools"):
//   - dates are the athlete's local dates with weekday ("Mon 2026-11-30");
//   - plain units: durations h:mm:ss, distances in km (m for swims), pace m:ss/km (/100m for
//     swims, /mi for athletes who use miles), W, bpm, load;
//   - missing data is said to be missing and never shown as 0; Strava-sourced activities,
//     which the API does not serve, are said to be unavailable;
//   - an answer has a size budget; what is cut is said ("… 37 more; narrow the range").
//
// Answers of many like rows (wellness days, activities, projected days, curves) are tables
// (table.go): a header names each column with its unit, the year of the dates said there once
// when every row is in it, so that no unit, label or year is written on every line.
//
// The answers of writes are here too (writes.go, periods.go, plan.go, zones.go, the custom
// items in gear.go): a tool checks its arguments, reads, writes, and passes what it sent and
// read back to the formatter of its answer. A file is named for the resource it renders.
//
// The 1-4 wellness scales of Intervals.icu are defined once, in scales.go.
//
// Imports: gen/intervals, for its types, and internal/load; nothing that reads, writes or calls
// out. Never imports: os, net/http.
package format
