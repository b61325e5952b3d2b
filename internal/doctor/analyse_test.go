package doctor

import (
	"errors"
	"maps"
	"testing"
)

func TestAnalyse(t *testing.T) {
	t.Parallel()
	gear := `[{"id":"g1","name":"Bike","new_one":"secret value","nested":{"a":1}},{"id":"g2","Name":"Shoes","other":[1]}]`
	ops := analyse([]exchange{
		{Method: "GET", Path: "/api/v1/athlete/i0/gear", Status: 200, Body: []byte(gear)},
		{Method: "GET", Path: "/api/v1/athlete/i0/gear", Status: 429, Body: []byte(`{}`)},
		{Method: "GET", Path: "/api/v1/athlete/i0/gear", Err: errors.New("no answer")},
		{Method: "GET", Path: "/somewhere/else", Status: 404},
	})
	if len(ops) != 2 {
		t.Fatalf("analyse = %d operations, want listGear and the unknown path", len(ops))
	}
	g := ops[0]
	if g.Op != "listGear" || g.Calls != 2 || g.Statuses[200] != 1 || g.Statuses[429] != 1 || g.Typed != "[]Gear" || g.DecodeErr != "" {
		t.Errorf("listGear = %+v", g)
	}
	want := map[string]string{"Gear[].new_one": "string", "Gear[].nested": "object", "Gear[].other": "array"}
	if !maps.Equal(g.Unknown, want) {
		t.Errorf("unknown fields = %v, want %v (Name matches name, as encoding/json matches)", g.Unknown, want)
	}
	if o := ops[1]; o.Op != "GET /somewhere/else" || o.Calls != 1 || o.Statuses[404] != 1 || o.Typed != "" {
		t.Errorf("the unknown path = %+v", o)
	}
}

func TestJSONKind(t *testing.T) {
	t.Parallel()
	for raw, want := range map[string]string{"": "empty", " {}": "object", "[1]": "array", `"x"`: "string", "true": "boolean", "false": "boolean", "null": "null", "-1.5": "number"} {
		if got := jsonKind([]byte(raw)); got != want {
			t.Errorf("jsonKind(%q) = %q, want %q", raw, got, want)
		}
	}
}
