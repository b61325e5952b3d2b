package format

import (
	"fmt"
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
	for i, want := range []string{"power zones %FTP 55/75/90/105/120/150/max", "pace zones %pace 77.5/87.7/94.3/100/103.4/111.5/max"} {
		if !strings.Contains(lines[i], want) {
			t.Errorf("line %q lacks %q", lines[i], want)
		}
	}
}

// TestPaceZonesInTheSportsPaceUnits: pace zones are a % of threshold speed; beside the %, the
// context and zone answers give each bound as a pace in the unit the sport's settings choose
// (pace_units). extra/sport-settings.ljcl.json: Run, MINS_KM, threshold 3.5714285 m/s (4:40/km).
func TestPaceZonesInTheSportsPaceUnits(t *testing.T) {
	var settings []intervals.SportSettings
	fixture(t, "extra/sport-settings.ljcl.json", &settings)
	run := settings[1]
	if got := fmt.Sprint((Units{}).sportFields(run, "Run")); !strings.Contains(got, "pace zones %pace 77.5/87.7/94.3/100/103.4/111.5/max (min/km 6:01/5:19/4:57/4:40/4:31/4:11/faster)") {
		t.Errorf("the run's pace zones should be in min/km beside the %%: %v", got)
	}
	for units, want := range map[intervals.SportSettingsPaceUnits]string{
		intervals.SportSettingsPaceUnitsMINSMILE: "Z4 100% 7:31/mi", // 1609.344 / 3.5714285 s
		intervals.SportSettingsPaceUnitsMINSKM:   "Z4 100% 4:40/km",
	} {
		run.PaceUnits = &units
		if got := (Units{}).zoneBounds(run, "Run"); !strings.Contains(got, want) {
			t.Errorf("%s: zone bounds lack %q:\n%s", units, want, got)
		}
	}
	swim := intervals.SportSettings{ThresholdPace: ptr(float32(0.8)), PaceZones: &[]float32{80, 100, 999}, PaceUnits: ptr(intervals.SportSettingsPaceUnitsSECS100Y)}
	if got := (Units{}).paceZonePaces(swim, "Swim"); got != "min/100yd 2:23/1:54/faster" {
		t.Errorf("a swim in yards: %q", got)
	}
}
