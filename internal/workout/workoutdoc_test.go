package workout

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
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

// DocFromValue gives what json.Unmarshal gives of the encoding of the same workout_doc
// decoded as generic values (as the Intervals.icu client decodes it), for every doc of the
// corpus and for docs written every way the types allow, a wrong type refused alike.
func TestDocFromValueIsTheJSONReading(t *testing.T) {
	docs := []string{
		`{}`, `{"steps":null}`, `{"steps":[]}`, `{"steps":[null]}`,
		`{"description":"d","duration":"900","distance":1e21,"threshold_pace":3.5,"steps":[{"text":"Main set 3x","reps":"3","steps":[{"duration":" 60 ","power":{"value":"Z2","units":"power_zone","target":"1s"}},{"duration":true,"hr":{"start":"70","end":{"b":1,"a":[2]},"units":"%lthr"}}]}]}`,
		`{"steps":[{"warmup":"yes","cooldown":1,"ramp":"no","freeride":0,"until_lap_press":"T","pace":{"value":null,"start":"4:30","end":null},"cadence":{}}]}`,
		`{"steps":[{"power":null,"hr":{"value":[1,"x"]}}],"Unknown":{"x":1}}`,
		// The wrong types json.Unmarshal refuses.
		`{"description":3}`, `{"threshold_pace":"3.5"}`, `{"steps":{}}`, `{"steps":[1]}`,
		`{"steps":[{"text":false}]}`, `{"steps":[{"power":"80%"}]}`, `{"steps":[{"hr":{"units":1}}]}`,
		`{"steps":[{"steps":[{"pace":{"target":[]}}]}]}`,
	}
	for _, p := range readCorpus(t) {
		docs = append(docs, string(p.WorkoutDoc))
	}
	for _, doc := range docs {
		var v map[string]any
		if err := json.Unmarshal([]byte(doc), &v); err != nil {
			t.Fatal(err)
		}
		enc, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var want Doc
		wantErr := json.Unmarshal(enc, &want)
		got, err := DocFromValue(v)
		if (err != nil) != (wantErr != nil) {
			t.Errorf("%s: error %v, json.Unmarshal's %v", doc, err, wantErr)
			continue
		}
		if wantErr == nil && !reflect.DeepEqual(got, want) {
			t.Errorf("%s: -json.Unmarshal's +DocFromValue's:\n%s", doc, cmp.Diff(want, got))
		}
	}
}
