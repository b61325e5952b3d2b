package format

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// Session is a calendar event as a write answer shows it, with the recorded activity paired
// with it ("" if none).
type Session struct {
	Event  intervals.Event
	Paired string
}

// Move is a session moved: where it is now, and the local date it was on.
type Move struct {
	After Session
	Was   string // YYYY-MM-DD
}

// line is a session's one-line summary with its status, as get_events shows it.
func (u Units) line(s Session, today time.Time) string {
	return u.EventLine(s.Event, s.Paired, today)
}

// written is a write's answer: a head, then one line per event within max (what is cut is
// counted).
func written(head string, lines []string, max int) string {
	return List{Head: head, Items: lines, Noun: "events", Hint: "get_events shows them all"}.Render(max)
}

// sessionLines are "- " and each session's line.
func (u Units) sessionLines(ss []Session, today time.Time) []string {
	lines := make([]string, len(ss))
	for i, s := range ss {
		lines[i] = "- " + u.line(s, today)
	}
	return lines
}

// createdLines are the lines of events a call created (none is paired yet).
func (u Units) createdLines(created []intervals.Event, today time.Time) []string {
	lines := make([]string, len(created))
	for i, e := range created {
		lines[i] = "- " + u.line(Session{Event: e}, today)
	}
	return lines
}

// EventWritten is the answer of add_or_update_event: the event as saved, then what its
// workout was checked as ("" for none: see WorkoutChecked).
func (u Units) EventWritten(created bool, saved intervals.Event, workout string, today time.Time) string {
	verb := "Updated"
	if created {
		verb = "Created"
	}
	out := verb + ": " + u.EventLine(saved, "", today)
	if workout != "" {
		out += "\nWorkout: " + workout
	}
	return out
}

// WorkoutChecked is what a workout written to the calendar was checked as: its summary, then
// the warnings it was written with, to check.
func WorkoutChecked(summary string, warns []string) string {
	if len(warns) == 0 {
		return summary
	}
	return summary + "\nCheck these (written as given):\n- " + strings.Join(warns, "\n- ")
}

// Copied is the answer of copy_sessions: the copies created, days later than their originals.
func (u Units) Copied(created []intervals.Event, days int, today time.Time, max int) string {
	return written(fmt.Sprintf("Copied %d session(s), %+d day(s) later:", len(created), days), u.createdLines(created, today), max)
}

// Moved is the answer of move_sessions: each session where it is now and the date it was on.
func (u Units) Moved(moves []Move, days int, today time.Time, max int) string {
	lines := make([]string, len(moves))
	for i, m := range moves {
		lines[i] = fmt.Sprintf("- %s, was %s", u.line(m.After, today), m.Was)
	}
	return written(fmt.Sprintf("Moved %d session(s) by %+d day(s):", len(moves), days), lines, max)
}

// Repeated is the answer of repeat_session: the session repeated, the copies created and how
// many were already there.
func (u Units) Repeated(src Session, every int, created []intervals.Event, skipped int, today time.Time, max int) string {
	head := fmt.Sprintf("Repeated %s every %d week(s): %d cop(ies) created", u.line(src, today), every, len(created))
	if skipped > 0 {
		head += fmt.Sprintf(", %d already there", skipped)
	}
	return written(head+":", u.createdLines(created, today), max)
}

// SessionsUpdated is the answer of update_session: the workout written (its summary, "" if
// none), then each session as the update left it.
func (u Units) SessionsUpdated(workout string, after []Session, today time.Time, max int) string {
	head := fmt.Sprintf("Updated %d session(s):", len(after))
	if workout != "" {
		head = "Workout: " + workout + "\n" + head
	}
	return written(head, u.sessionLines(after, today), max)
}

// Deleted is the answer of delete_event for one event or several.
func (u Units) Deleted(deleted []Session, today time.Time, max int) string {
	return written(fmt.Sprintf("Deleted %d event(s):", len(deleted)), u.sessionLines(deleted, today), max)
}

// DeletedOne is the answer of delete_event for one event by its own endpoint.
func (u Units) DeletedOne(e intervals.Event, today time.Time) string {
	return "Deleted: " + u.EventLine(e, "", today)
}

// RangeDelete is a preview or the result of delete_events_by_date_range.
type RangeDelete struct {
	Oldest, Newest string            // YYYY-MM-DD
	Named          []intervals.Event // the events deleted, or to delete on confirmation
	Kept           []intervals.Event // sessions paired with a recorded activity: never deleted
	Paired         map[int32]string  // the activity paired with an event, by event id
	Token          string            // a preview's confirmation token; "" once deleted
	Minutes        int               // how long the token is valid
}

// RangeDelete is the answer of delete_events_by_date_range: the events named (a preview's,
// or those deleted) and the kept sessions within max; a preview's confirmation is never cut.
func (u Units) RangeDelete(r RangeDelete, today time.Time, max int) string {
	lines := func(es []intervals.Event) []string {
		out := make([]string, len(es))
		for i, e := range es {
			out[i] = "- " + u.EventLine(e, r.Paired[derefI(e.Id)], today)
		}
		return out
	}
	head, named, last := fmt.Sprintf("Nothing to delete %s..%s.", r.Oldest, r.Newest), []intervals.Event(nil), ""
	switch {
	case len(r.Named) == 0:
	case r.Token != "":
		head, named = fmt.Sprintf("Preview, nothing deleted yet. %d events %s..%s would be deleted:", len(r.Named), r.Oldest, r.Newest), r.Named
		last = fmt.Sprintf("To delete exactly these, call delete_events_by_date_range again with the same oldest, newest and category and confirm=%q (valid %d minutes).", r.Token, r.Minutes)
	default:
		head, named = fmt.Sprintf("Deleted %d events %s..%s:", len(r.Named), r.Oldest, r.Newest), r.Named
	}
	var parts []string
	if len(r.Kept) > 0 {
		parts = append(parts, List{Head: fmt.Sprintf("Kept (paired with a recorded activity, never deleted): %d", len(r.Kept)),
			Items: lines(r.Kept), Noun: "kept sessions", Hint: "get_events shows them"}.Render(max/4))
	}
	if last != "" {
		parts = append(parts, last)
	}
	rest := max
	for _, p := range parts {
		rest -= utf8.RuneCountInString(p) + 1
	}
	main := List{Head: head, Items: lines(named), Noun: "events not listed", Hint: "they are in the range all the same; get_events shows them"}.Render(rest)
	return strings.Join(append([]string{main}, parts...), "\n")
}
