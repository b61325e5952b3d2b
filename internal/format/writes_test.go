package format

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

func TestRangePreviewNeverCutsItsConfirmation(t *testing.T) {
	var evs []intervals.Event
	for i := range 40 {
		evs = append(evs, intervals.Event{Id: ptr(int32(100 + i)), Category: ptr(intervals.EventCategory("WORKOUT")), Type: ptr("Ride"),
			Name: ptr(fmt.Sprintf("Session %d", i)), StartDateLocal: ptr("2026-12-01T00:00:00")})
	}
	const max = 1500
	today := time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)
	got := Units{}.RangeDelete(RangeDelete{Oldest: "2026-12-01", Newest: "2026-12-31", Named: evs, Token: "1764500000.abc", Minutes: 10}, today, max)
	if n := len([]rune(got)); n > max {
		t.Errorf("answer has %d characters, budget %d", n, max)
	}
	if !strings.HasPrefix(got, "Preview, nothing deleted yet. 40 events 2026-12-01..2026-12-31 would be deleted:") ||
		!strings.HasSuffix(got, `confirm="1764500000.abc" (valid 10 minutes).`) || !strings.Contains(got, "more events not listed") {
		t.Errorf("want the head, the cut said and the confirmation last:\n%s", got)
	}
	if got := (Units{}).RangeDelete(RangeDelete{Oldest: "2026-12-01", Newest: "2026-12-31", Token: "t"}, today, max); got != "Nothing to delete 2026-12-01..2026-12-31." {
		t.Errorf("an empty range: %q", got)
	}
}

func TestPeriodCreatedSaysWhySessionsAreNotListed(t *testing.T) {
	p := Session{Event: intervals.Event{Id: ptr(int32(9)), Category: ptr(intervals.EventCategory("HOLIDAY")), Name: ptr("Holiday"), StartDateLocal: ptr("2026-12-20T00:00:00")}}
	got := Units{}.PeriodCreated(p, nil, "read the calendar: 503", time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC), 4000)
	if !strings.HasPrefix(got, "Created: Sun 2026-12-20 HOLIDAY \"Holiday\" [id 9]") || !strings.HasSuffix(got, "(could not list the sessions planned in it: read the calendar: 503)\n") {
		t.Errorf("got %q", got)
	}
}

func TestEventWrittenSaysTheWorkoutAndItsWarnings(t *testing.T) {
	e := intervals.Event{Id: ptr(int32(5)), Category: ptr(intervals.EventCategory("WORKOUT")), Type: ptr("Run"), Name: ptr("Tempo"), StartDateLocal: ptr("2026-12-01T00:00:00")}
	today := time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)
	got := Units{}.EventWritten(true, e, WorkoutChecked("1:00:00, load ~70", []string{"4x400m reads as minutes"}), today)
	if !strings.HasPrefix(got, "Created: Tue 2026-12-01 WORKOUT Run \"Tempo\" [id 5]") ||
		!strings.HasSuffix(got, "\nWorkout: 1:00:00, load ~70\nCheck these (written as given):\n- 4x400m reads as minutes") {
		t.Errorf("got %q", got)
	}
	if got := (Units{}).EventWritten(false, e, "", today); strings.Contains(got, "\n") || !strings.HasPrefix(got, "Updated: ") {
		t.Errorf("no workout, one line: %q", got)
	}
}
