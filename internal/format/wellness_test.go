package format

import (
	"encoding/csv"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// TestWellnessIsATableWithEachUnitAndLabelOnce: one header names the columns with their units,
// each day is a row with as many cells ("-" for what the day lacks, a comment quoted whole),
// and the 1-4 scales' labels are said once.
func TestWellnessIsATableWithEachUnitAndLabelOnce(t *testing.T) {
	rows := []intervals.Wellness{
		{Id: ptr("2026-11-29"), Ctl: ptr(float32(60)), Atl: ptr(float32(50)), Weight: ptr(float32(71.5)), Soreness: ptr(int32(2)), Comments: ptr(`legs "heavy", slept badly`)},
		{Id: ptr("2026-11-30"), RestingHR: ptr(int32(48)), Soreness: ptr(int32(3))},
	}
	got := Wellness(rows, "2026-11-29", "2026-11-30", 4000)
	lines := strings.Split(got, "\n")
	var table [][]string
	for _, l := range lines[1:4] {
		cells, err := csv.NewReader(strings.NewReader(l)).Read()
		if err != nil {
			t.Fatalf("%q is not a row: %v", l, err)
		}
		table = append(table, cells)
	}
	want := [][]string{
		{"day (2026)", "fitness", "fatigue", "form", "form % of fitness", "ramp", "weight kg", "resting HR bpm", "soreness", "comments"},
		{"Sun 11-29", "60.0", "50.0", "10.0", "17", "-", "71.5", "-", "2", `legs "heavy", slept badly`},
		{"Mon 11-30", "-", "-", "-", "-", "-", "-", "48", "3", "-"},
	}
	for i := range want {
		if strings.Join(table[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("line %d = %q, want %q", i+1, table[i], want[i])
		}
	}
	if n := strings.Count(got, "kg"); n != 1 || !strings.Contains(lines[0], "soreness "+ScaleLegend("soreness")) || strings.Contains(got, "2/4") {
		t.Errorf("units and labels should be said once (kg %d times):\n%s", n, got)
	}
}
