package load

import "testing"

func TestMondayIsTheMondayOnOrBefore(t *testing.T) {
	for date, want := range map[string]string{
		"2025-03-03": "2025-03-03", // a Monday
		"2025-03-09": "2025-03-03", // a Sunday
		"2025-01-01": "2024-12-30", // across a year
		"1970-01-01": "1969-12-29", // day 0, a Thursday
		"1969-12-28": "1969-12-22", // before day 0, a Sunday
	} {
		d, err := parseDate("test", date)
		if err != nil {
			t.Fatal(err)
		}
		if got := d.monday().String(); got != want {
			t.Errorf("monday(%s) = %s, want %s", date, got, want)
		}
	}
}
