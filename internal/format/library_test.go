package format

import (
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

func TestLibraryLineDropsTheRepeatedNameAndMissingFacts(t *testing.T) {
	w := intervals.Workout{Id: ptr(int32(7)), Name: ptr("Sweet spot"), Type: ptr("Ride"), MovingTime: ptr(int32(0)),
		Description: ptr("Sweet spot\n\n- 10m 60%\n\n- 3x10m 90%\n")}
	got := Units{}.Library("Ann", []LibraryFolder{{Folder: intervals.Folder{Id: ptr(int32(3)), Name: ptr("Base"), Type: ptr(intervals.FolderType("PLAN"))}, Workouts: []intervals.Workout{w}}}, 4000)
	wantAll(t, got,
		"Workout library of Ann: 1 folders/plans, 1 workouts shown",
		`# plan "Base" (id 3, 1 workouts)`,
		"- [7] Sweet spot: Ride; - 10m 60% | - 3x10m 90%",
	)
	wantNone(t, got, "0:00")
}

func TestLibraryWithoutWorkoutsSaysNoneMatch(t *testing.T) {
	if got := (Units{}).Library("Ann", nil, 4000); !strings.HasSuffix(got, "\nNo workouts match.") {
		t.Errorf("an empty library should say no workouts match:\n%s", got)
	}
	got := Units{}.LibraryWorkout("Base", intervals.Workout{Id: ptr(int32(7)), Name: ptr("Rest")}, 4000)
	if !strings.HasSuffix(got, "(no workout text)") {
		t.Errorf("a workout without text should say so:\n%s", got)
	}
}
