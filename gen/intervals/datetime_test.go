package intervals

import (
	"encoding/json"
	"testing"
	"time"
)

func TestDateTimeReadsTheFormsSeenInPayloads(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Time
	}{
		{`"2026-09-24T07:12:05.306+00:00"`, time.Date(2026, 9, 24, 7, 12, 5, 306e6, time.UTC)},
		{`"2026-09-24T07:12:05Z"`, time.Date(2026, 9, 24, 7, 12, 5, 0, time.UTC)},
		{`"2026-09-24T09:12:05+02:00"`, time.Date(2026, 9, 24, 7, 12, 5, 0, time.UTC)},
		{`"2024-01-31T15:08:24"`, time.Date(2024, 1, 31, 15, 8, 24, 0, time.UTC)}, // no offset: UTC
		{`"1986-01-01"`, time.Date(1986, 1, 1, 0, 0, 0, 0, time.UTC)},
	} {
		var d DateTime
		if err := json.Unmarshal([]byte(tc.in), &d); err != nil {
			t.Errorf("Unmarshal(%s): %v", tc.in, err)
			continue
		}
		if !d.Equal(tc.want) {
			t.Errorf("Unmarshal(%s) = %v, want %v", tc.in, d.Time, tc.want)
		}
	}
}

func TestDateTimeNullAndEmptyAreZero(t *testing.T) {
	for _, in := range []string{`null`, `""`} {
		d := NewDateTime(time.Now())
		if err := json.Unmarshal([]byte(in), &d); err != nil || !d.IsZero() {
			t.Errorf("Unmarshal(%s) = %v, %v; want the zero time", in, d.Time, err)
		}
	}
}

func TestDateTimeRejectsWhatIsNotADate(t *testing.T) {
	for _, in := range []string{`12345`, `"tomorrow"`, `"2026-13-01"`, `"`} {
		var d DateTime
		if err := json.Unmarshal([]byte(in), &d); err == nil {
			t.Errorf("Unmarshal(%s) = %v, want an error", in, d.Time)
		}
	}
}

func TestDateTimeWritesIntervalsForm(t *testing.T) {
	d := NewDateTime(time.Date(2026, 9, 24, 7, 12, 5, 306e6, time.UTC))
	b, err := json.Marshal(struct {
		At   DateTime  `json:"at"`
		None *DateTime `json:"none"`
		Zero DateTime  `json:"zero"`
	}{At: d})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"at":"2026-09-24T07:12:05.306+00:00","none":null,"zero":null}`; string(b) != want {
		t.Errorf("Marshal = %s, want %s", b, want)
	}
	if s := d.String(); s != "2026-09-24T07:12:05.306+00:00" {
		t.Errorf("String = %s", s)
	}
}

func TestDateTimeRoundTrips(t *testing.T) {
	in := `"2025-05-25T08:10:00.827+00:00"`
	var d DateTime
	if err := json.Unmarshal([]byte(in), &d); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(d)
	if err != nil || string(out) != in {
		t.Errorf("round trip = %s, %v; want %s", out, err, in)
	}
}
