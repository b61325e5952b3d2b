package synth

import (
	"testing"
)

// fourHourRide is the spec of one of the primary athlete's 4-hour outdoor rides.
func fourHourRide(t testing.TB) StreamSpec {
	t.Helper()
	p := testWorld(t).Athletes[0]
	for _, act := range p.Activities {
		if act.Type != nil && *act.Type == "Ride" && *act.MovingTime == 14400 {
			return p.StreamSpecs[*act.Id]
		}
	}
	t.Fatal("the primary athlete has no 4-hour ride")
	return StreamSpec{}
}
