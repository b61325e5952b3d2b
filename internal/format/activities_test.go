package format

import (
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// TestActivitiesTableNamesEachUnitOnce: the columns' names carry the units, those of the
// sports that have a value in them (swims in m and /100m), and the year of the dates when
// every row is in it; only the columns some activity has a value for are there.
func TestActivitiesTableNamesEachUnitOnce(t *testing.T) {
	swim := intervals.Activity{Id: ptr("i1"), Type: ptr("Swim"), Name: ptr("CSS, 10x100"), StartDateLocal: ptr("2026-11-30T06:00:00"),
		MovingTime: ptr(int32(2400)), Distance: ptr(float32(2000)), IcuTrainingLoad: ptr(int32(50))}
	ride := intervals.Activity{Id: ptr("i2"), Type: ptr("Ride"), Name: ptr("Endurance"), StartDateLocal: ptr("2026-11-29T07:00:00"),
		MovingTime: ptr(int32(3600)), Distance: ptr(float32(30000)), IcuAverageWatts: ptr(int32(150))}
	for _, c := range []struct {
		acts    []intervals.Activity
		columns string
	}{
		{[]intervals.Activity{swim}, "start (2026),sport,name,id,moving time,distance m,pace /100m,load"},
		{[]intervals.Activity{swim, ride}, "start (2026),sport,name,id,moving time,distance km (swims m),pace /100m,avg W,load"},
	} {
		got := metric.Activities(c.acts, "2026-11-29", "2026-11-30", 4000)
		lines := strings.Split(got, "\n")
		if lines[1] != c.columns {
			t.Errorf("columns %q, want %q", lines[1], c.columns)
		}
		if want := `Mon 11-30 06:00,Swim,"CSS, 10x100",i1,40:00,2000,2:00,`; !strings.HasPrefix(lines[2], want) {
			t.Errorf("the swim's row %q, want it to start %q", lines[2], want)
		}
	}
	if got := metric.Activities([]intervals.Activity{swim, ride}, "2026-11-29", "2026-11-30", 4000); !strings.HasSuffix(got, "Sun 11-29 07:00,Ride,Endurance,i2,1:00:00,30.00,-,150,-") {
		t.Errorf("a value the ride lacks is \"-\":\n%s", got)
	}
	newYear := intervals.Activity{Id: ptr("i3"), Type: ptr("Run"), StartDateLocal: ptr("2027-01-01T08:00:00"), MovingTime: ptr(int32(1800))}
	if got := metric.Activities([]intervals.Activity{newYear, ride}, "2026-11-29", "2027-01-01", 4000); !strings.Contains(got, "\nstart,sport,") ||
		!strings.Contains(got, "\nFri 2027-01-01 08:00,Run,") || !strings.Contains(got, "\nSun 2026-11-29 07:00,Ride,") {
		t.Errorf("rows of two years have their full dates:\n%s", got)
	}
}
