package workout

import (
	"encoding/json"
	"testing"
)

// A workout_doc's numbers and flags read as the reference server's callers write them.
func TestDocReadsNumbersAndFlagsAsWritten(t *testing.T) {
	var s DocStep
	if err := json.Unmarshal([]byte(`{"duration":"900","distance":500.5,"reps":" 3 ","warmup":"true","cooldown":1,"ramp":"no",
		"power":{"value":"Z2","units":"power_zone"},"hr":{"start":"70","end":true}}`), &s); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		got  Number
		want Number
	}{
		{"duration", s.Duration, Number{Value: 900, Text: "900", OK: true}},
		{"distance", s.Distance, Number{Value: 500.5, OK: true}},
		{"reps", s.Reps, Number{Value: 3, Text: "3", OK: true}},
		{"power value", *s.Power.Value, Number{Text: "Z2"}},
		{"hr start", *s.HR.Start, Number{Value: 70, Text: "70", OK: true}},
		{"hr end", *s.HR.End, Number{Text: "true"}},
	} {
		if c.got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, c.got, c.want)
		}
	}
	if !s.Warmup || !s.Cooldown || s.Ramp {
		t.Errorf("flags: warmup %v cooldown %v ramp %v; want true, true, false", s.Warmup, s.Cooldown, s.Ramp)
	}
	if s.HR.End.String() != "true" || s.Distance.String() != "500.5" {
		t.Errorf("String: %q, %q", s.HR.End.String(), s.Distance.String())
	}
}
