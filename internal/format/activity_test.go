package format

import (
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// A pool swim's pace is Intervals.icu's: its pace field, on moving time (1500 m in 24:49 is
// 1:39/100m), not average_speed, which this source takes over elapsed time with the rests
// (1:48/100m); without a pace field, distance over moving time.
func TestPoolSwimPaceIsOnMovingTime(t *testing.T) {
	swim := intervals.Activity{Id: ptr("i1"), Type: ptr("Swim"), StartDateLocal: ptr("2026-11-20T07:00:00"),
		Distance: ptr(float32(1500)), MovingTime: ptr(int32(1489)), ElapsedTime: ptr(int32(1620)),
		AverageSpeed: ptr(float32(0.9259)), Pace: ptr(float32(1.0074))}
	for what, a := range map[string]intervals.Activity{"with its pace field": swim, "without": func() intervals.Activity { s := swim; s.Pace = nil; return s }()} {
		if line := metric.ActivityLine(a); !strings.Contains(line, "1:39/100m") {
			t.Errorf("%s: the list shows %s", what, line)
		}
		if full := metric.Activity(a, DefaultMax); !strings.Contains(full, "1:39/100m avg") {
			t.Errorf("%s: the details show\n%s", what, full)
		}
	}
	// recorded swims without average_speed (pace and moving time only) have a pace too
	var acts []intervals.Activity
	fixture(t, "extra/activities-list.yannvillellas.json", &acts)
	for _, a := range acts {
		if str(a.Id) == "fx000007" && !strings.Contains(metric.ActivityLine(a), "2:00/100m") {
			t.Errorf("3001 m in 1:00:03: %s", metric.ActivityLine(a))
		}
	}
}
