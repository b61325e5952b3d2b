package format

import (
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

func TestCapacityUnknownIsSaidNotZero(t *testing.T) {
	ride := intervals.SportSettings{Types: &[]intervals.SportType{"Ride", "VirtualRide"}, Ftp: ptr(int32(0)), Lthr: ptr(int32(168))}
	run := intervals.SportSettings{Types: &[]intervals.SportType{"Run"}}
	got := Units{}.Capacities(Capacities{Athlete: "Ann", Today: "2026-11-30", Settings: []intervals.SportSettings{ride, run}}, 4000)
	wantAll(t, got,
		"Ride (Ride, VirtualRide): FTP unknown, eFTP unknown, W' unknown, LTHR 168 bpm, max HR unknown",
		"Run (Run): threshold pace unknown, LTHR unknown, max HR unknown",
		"Models fitted to the last year: none (too few maximal efforts)",
		"VO2max unknown; VMA unknown (no 5-6 minute run in the last year)",
	)
	wantNone(t, got, " 0 W", " 0 bpm")
}

func TestCapacityVO2maxIsTheLatestDeviceValue(t *testing.T) {
	well := map[string]intervals.Wellness{
		"2026-11-20": {Vo2max: ptr(float32(55))},
		"2026-11-28": {Vo2max: ptr(float32(56.5))},
		"2026-11-29": {},
	}
	got := Units{}.Capacities(Capacities{Athlete: "Ann", Today: "2026-11-30", Wellness: well}, 4000)
	if !strings.Contains(got, "VO2max 56.5 (device, Sat 2026-11-28)") {
		t.Errorf("want the latest device VO2max in:\n%s", got)
	}
}
