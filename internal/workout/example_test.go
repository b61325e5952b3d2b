package workout_test

import (
	"fmt"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/workout"
)

func ExampleBuild() {
	th := workout.Thresholds{ThresholdPace: 1000.0 / 270, VMA: 5}
	text, err := workout.Build(workout.Run, []workout.Step{
		{Label: "Warmup", Duration: "15:00", Target: "Z2 HR"},
		{Label: "Track", Repeat: 6, Steps: []workout.Step{
			{Distance: "400m", Target: "100% VMA"},
			{Label: "Jog", Duration: "90", Target: "60% pace"},
		}},
		{Label: "Cooldown", Distance: "2km", Target: "5:30/km"},
	}, th)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(text)
	// Output:
	// Warmup
	// - 15m Z2 HR
	//
	// Track 6x
	// - 400mtr 3:20/km Pace
	// - Jog 1m30s 60% Pace
	//
	// Cooldown
	// - 2km 5:30/km Pace
}

func ExampleCheck() {
	th := workout.Thresholds{FTP: 250}
	sum, problems := workout.Check(workout.Run, "- 10m Z2 HR\n- 400m 4:30/km\n- 10m Z2 HR", th)
	fmt.Println(sum)
	for _, p := range problems {
		fmt.Printf("line %d %s: %s\n", p.Line, p.Severity, p.Message)
	}
	// Output:
	// 7:00:00, load not estimable
	// line 2 error: 400m means 400 minutes in Intervals.icu: write 400mtr for metres (or 6h40m if you meant minutes)
	// line 2 error: an absolute pace needs the word pace after it: write 4:30/km pace (Intervals.icu reads 4:30/km alone as cue text)
}

func ExampleWorkout_Plain() {
	w, err := workout.Parse(workout.Ride, "Main set 4x\n- 5m30s 88-94%\n- 2m Z1 85rpm")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range w.Plain()[0].Steps {
		fmt.Println(strings.TrimSpace(s.Duration + " " + s.Target + " " + s.Cadence))
	}
	fmt.Println(w.Summary(workout.Thresholds{}))
	// Output:
	// 5:30 88-94% FTP
	// 2:00 Z1 85rpm
	// 30:00, load ~34
}
