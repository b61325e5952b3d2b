package tools

import (
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/workout"
)

// Intervals.icu is the parser of record: the workout_doc an event carries is what it read of
// the event's workout text, and what reaches the athlete's watch. The read tools show that
// reading, and a write's answer says where it differs from what was asked.

// docOf is the workout_doc an event carries, read; ok is false without one, or without
// steps.
func docOf(e intervals.Event) (workout.Doc, bool) {
	if e.WorkoutDoc == nil {
		return workout.Doc{}, false
	}
	d, err := workout.DocFromValue(*e.WorkoutDoc)
	if err != nil || len(d.Steps) == 0 {
		return workout.Doc{}, false
	}
	return d, true
}

// eventReading is a workout event's steps as Intervals.icu read them (its workout_doc), or,
// for an event without one, as this project reads its text; ok is false for no steps.
func eventReading(e intervals.Event) (w *workout.Workout, fromDoc, ok bool) {
	sport := workout.SportFor(deref(e.Type))
	if d, ok := docOf(e); ok {
		return workout.FromDoc(sport, d), true, true
	}
	if text := deref(e.Description); hasSteps(text) {
		if w := workout.Read(sport, text); len(w.Steps) > 0 {
			return w, false, true
		}
	}
	return nil, false, false
}

// readOtherwise says where Intervals.icu read a written workout's text (sent) otherwise than
// it was meant (as workout.Read reads it, against the athlete's thresholds): "" when the
// reading agrees, or when the answer carries no reading to compare.
func readOtherwise(a *athleteCtx, sent string, saved intervals.Event) string {
	read, ok := docOf(saved)
	if !ok || !hasSteps(sent) {
		return ""
	}
	sport := deref(saved.Type)
	asked := workout.Read(workout.SportFor(sport), sent).Doc(eventThresholds(a, sport))
	if d := workout.Differences(asked, read); len(d) > 0 {
		return "Intervals.icu read the workout otherwise: " + strings.Join(d, "; ") + ". Check the text, or read it with get_event_by_id"
	}
	return ""
}
