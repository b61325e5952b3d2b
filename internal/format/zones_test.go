package format

import (
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

func TestZoneUpdateSaysAnUnsetThresholdIsUnset(t *testing.T) {
	before := intervals.SportSettings{Types: &[]intervals.SportType{"Run", "TrailRun"}}
	after := before
	after.Lthr, after.HrZones = ptr(int32(172)), &[]int32{140, 155, 165, 172, 185}
	got := Units{}.ZoneUpdate(ZoneUpdate{Sport: "Run", Before: before, LTHR: ptr(int32(172)), Pace: 1000.0 / 250, After: after})
	wantAll(t, got,
		"Updated Run settings (Run, TrailRun): LTHR unset → 172 bpm, threshold pace unset → 4:10/km.",
		" Heart rate zones (bpm) were recomputed from LTHR and max HR.",
		"- heart rate (LTHR 172 bpm, max unset): Z1 140, Z2 155, Z3 165, Z4 172, Z5 185 bpm",
	)
	wantNone(t, got, "power (", " 0 ")
}

func TestZoneUpdateWithoutZonesSaysSo(t *testing.T) {
	s := intervals.SportSettings{Types: &[]intervals.SportType{"Ride"}, Ftp: ptr(int32(200))}
	got := Units{}.ZoneUpdate(ZoneUpdate{Sport: "Ride", Before: s, FTP: ptr(int32(250)), After: s})
	if !strings.Contains(got, "FTP 200 W → 250 W") || !strings.HasSuffix(got, "- no zones set for this sport") {
		t.Errorf("got:\n%s", got)
	}
	if strings.Contains(got, "Heart rate zones") {
		t.Errorf("heart rate zones are recomputed only for an LTHR or max HR change:\n%s", got)
	}
}

// TestContextZonesEndInMaxForPowerAndPace: Intervals.icu ends power and pace zones alike in
// 999 (the open last zone); the context shows both as "max", not one "max" and one "999".
func TestContextZonesEndInMaxForPowerAndPace(t *testing.T) {
	ride := intervals.SportSettings{Types: &[]intervals.SportType{"Ride"}, Ftp: ptr(int32(250)), PowerZones: &[]int32{55, 75, 90, 105, 120, 150, 999}}
	run := intervals.SportSettings{Types: &[]intervals.SportType{"Run"}, ThresholdPace: ptr(float32(3.92)), PaceZones: &[]float32{77.5, 87.7, 94.3, 100, 103.4, 111.5, 999}}
	lines := Units{}.sports(intervals.WithSportSettings{SportSettings: &[]intervals.SportSettings{ride, run}})
	if len(lines) != 2 {
		t.Fatalf("got %q, want a line per sport", lines)
	}
	for i, want := range []string{"power zones %FTP 55/75/90/105/120/150/max", "pace zones % of threshold pace 77.5/87.7/94.3/100/103.4/111.5/max"} {
		if !strings.Contains(lines[i], want) {
			t.Errorf("line %q lacks %q", lines[i], want)
		}
	}
}
