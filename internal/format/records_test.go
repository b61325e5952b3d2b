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

func TestRecordPaceTakesNoPointFartherThanTwoPercent(t *testing.T) {
	all := intervals.DataCurve{Id: ptr("all"), Distance: &[]float32{5110, 10000}, Values: &[]int32{1200, 2400}}
	got := Units{}.Records("Ann", "2026-09-01", "2026-11-30", []RecordTable{
		{Sport: "Run", Kind: RecordPace, Curves: &[]intervals.DataCurve{all}},
	}, 4000)
	if !strings.Contains(got, "- 10km: none | 40:00 (4:00/km)") {
		t.Errorf("10 km best missing:\n%s", got)
	}
	if !strings.Contains(got, "- 5km: none | none") {
		t.Errorf("5110 m is not within 2%% of 5 km:\n%s", got)
	}
}

// The recorded pace curve's shape (float32 distances, int seconds, the "all" curve) with the
// points a real curve holds near the half marathon, 21000 m and 21097.5 m: get_records takes
// the nearest point, at its own pace, and says what get_athlete_power_curves says.
func TestRecordPaceIsTheNearestCurvePointAsTheCurvesSayIt(t *testing.T) {
	var set intervals.DataCurveSetPaceCurve
	fixture(t, "pace-curves.json", &set)
	all := &(*set.List)[0]
	*all.Distance = append(*all.Distance, 21000, 21097.5)
	*all.Values = append(*all.Values, 6519, 6550)
	*all.ActivityId = append(*all.ActivityId, "i96448106", "i96448106")
	u := Units{}
	got := u.Records("Ann", "2026-09-01", "2026-11-30", []RecordTable{
		{Sport: "Run", Kind: RecordPace, Curves: BaseCurves(set.List)},
	}, 4000)
	if !strings.Contains(got, "- half marathon: none | 1:49:10 (5:10/km)") {
		t.Errorf("half marathon is not the 21097.5 m point (1:49:10, 5:10/km):\n%s", got)
	}
	if curves := u.PaceCurves(set, "Run", 4000); !strings.Contains(curves, "1:49:10 (5:10)") {
		t.Errorf("the curves tool says another half marathon:\n%s", curves)
	}
}
