package charts

import (
	"regexp"
	"testing"
)

// TestPlanRowsPutEachSessionOnItsDay: a session on a Sunday is in that week's Sunday column,
// never the next week's Monday; a week's warning is listed under its week, a day's on its day.
func TestPlanRowsPutEachSessionOnItsDay(t *testing.T) {
	v := &Plan{
		Weeks:    []PlanWeek{{Monday: "2026-12-21"}, {Monday: "2026-12-28"}},
		Sessions: []PlanSession{{Date: "2026-12-27", Name: "Long run"}, {Date: "2026-12-28", Name: "Easy"}, {Date: "2027-01-03", Name: "Race"}},
		Warnings: []PlanWarn{{Date: "2027-01-03", Kind: "race day"}, {Date: "2026-12-28", Week: true, Kind: "volume"}},
		Bands:    []PlanBand{{Name: "Base", First: "2026-12-24", Last: "2027-01-10", Plan: true}},
	}
	rows := planRows(v)
	name := func(ss []PlanSession) string {
		if len(ss) != 1 {
			return ""
		}
		return ss[0].Name
	}
	if name(rows[0].days[6]) != "Long run" || len(rows[1].days[0]) != 1 || name(rows[1].days[0]) != "Easy" || name(rows[1].days[6]) != "Race" {
		t.Errorf("days: %+v / %+v", rows[0].days, rows[1].days)
	}
	if len(rows[1].badges[6]) != 1 || len(rows[1].badges[0]) != 0 || len(rows[1].warnings) != 2 || len(rows[0].bands) != 1 || len(rows[1].bands) != 1 {
		t.Errorf("badges %v, warnings %v, bands %d %d", rows[1].badges, rows[1].warnings, len(rows[0].bands), len(rows[1].bands))
	}
}

// TestPlanViewIsSmallAndSelfContained: under 60 KB, no URL of any kind.
func TestPlanViewIsSmallAndSelfContained(t *testing.T) {
	if len(PlanViewHTML) >= 60_000 {
		t.Errorf("plan view: %d bytes, limit 60000", len(PlanViewHTML))
	}
	if m := regexp.MustCompile(`(?i)https?:|\b(src|href)\s*=|@import|url\(`).FindString(PlanViewHTML); m != "" {
		t.Errorf("plan view refers to a URL: %q", m)
	}
}
