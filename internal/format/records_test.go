package format

import (
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

func TestRecordMissingIsNoneNotZero(t *testing.T) {
	period := intervals.DataCurve{Id: ptr("r.2026-09-01.2026-11-30"), Secs: &[]int32{5, 60}, Values: &[]int32{812, 0},
		ActivityId: &[]string{"i7", "i7"}}
	acts := map[string]intervals.Activity{"i7": {StartDateLocal: ptr("2026-11-28T09:00:00")}}
	got := Units{}.Records("Ann", "2026-09-01", "2026-11-30", []RecordTable{
		{Sport: "Ride", Kind: RecordPower, Curves: &[]intervals.DataCurve{period}, Activities: acts},
		{Sport: "Run", Kind: RecordPace, Curves: &[]intervals.DataCurve{}},
	}, 4000)
	wantAll(t, got,
		"Best efforts of Ann: period Tue 2026-09-01..Mon 2026-11-30",
		"- 5s: 812 W (Sat 2026-11-28) | none",
		"- 1m: none | none",
		"Run pace: no data",
	)
	wantNone(t, got, " 0 W")
}

func TestRecordPaceMatchesTheDistanceWithinHalfAPercent(t *testing.T) {
	all := intervals.DataCurve{Id: ptr("all"), Distance: &[]float32{5030, 10000}, Values: &[]int32{1200, 2400}}
	got := Units{}.Records("Ann", "2026-09-01", "2026-11-30", []RecordTable{
		{Sport: "Run", Kind: RecordPace, Curves: &[]intervals.DataCurve{all}},
	}, 4000)
	if !strings.Contains(got, "- 10km: none | 40:00 (4:00/km)") {
		t.Errorf("10 km best missing:\n%s", got)
	}
	if !strings.Contains(got, "- 5km: none | none") {
		t.Errorf("5030 m is not within 0.5%% of 5 km:\n%s", got)
	}
}
