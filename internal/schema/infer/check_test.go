package infer

import (
	"encoding/json"
	"github.com/intervals-mcp/intervals-mcp/internal/schema"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// compile is the checker of the example input (also the fuzz target's).
func compile(t testing.TB) *schema.Input {
	t.Helper()
	return compileType(t, reflect.TypeFor[example]())
}

// compileType is the checker of an input type.
func compileType(t testing.TB, typ reflect.Type) *schema.Input {
	t.Helper()
	s, err := Reflect(typ)
	if err != nil {
		t.Fatal(err)
	}
	in, err := Compile(s)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

func TestCheckAcceptsGoodArgumentsAndFillsDefaults(t *testing.T) {
	in := compile(t)
	out, err := in.Check(json.RawMessage(`{"oldest":"2026-01-01","category":"RACE_A"}`))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	_ = json.Unmarshal(out, &m)
	if m["limit"] != float64(30) || m["oldest"] != "2026-01-01" {
		t.Errorf("defaults not applied or arguments lost: %s", out)
	}
}

func TestCheckErrorsNameTheArgumentAndWhatIsAllowed(t *testing.T) {
	in := compile(t)
	for _, c := range []struct{ args, want string }{
		{`{"oldest":"x","limit":61}`, "argument limit: got 61; expected an integer from 1 to 60 — how many"},
		{`{"oldest":"x","limit":"ten"}`, "argument limit: got \"ten\"; expected an integer"},
		{`{"oldest":"x","category":"RACE"}`, "argument category: got \"RACE\"; expected one of WORKOUT, RACE_A"},
		{`{"limit":3}`, "missing required argument oldest: expected a string of at most 200 characters — Local date"},
		{`{"oldest":"x","olderst":1}`, "unknown argument olderst; accepted arguments: oldest, limit, category, kinds, when, steps, own"},
		{`{"oldest":"x","steps":[{"minutes":0}]}`, "argument steps: got [{\"minutes\":0}]; expected an array of at most 100 objects (/items/properties/minutes: minimum: 0 is less than 1)"},
		{`{"oldest":"x","steps":[` + strings.Repeat(`{"minutes":1},`, 100) + `{"minutes":1}]}`, "expected an array of at most 100 objects (maxItems: array length 101 is greater than 100); send fewer, or split them over several calls"},
		{`[1]`, "arguments must be a JSON object"},
	} {
		_, err := in.Check(json.RawMessage(c.args))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s:\n got  %v\n want …%s…", c.args, err, c.want)
		}
	}
}

func TestCheckEmptyArgumentsMeanNone(t *testing.T) {
	s, err := Reflect(reflect.TypeFor[struct {
		Limit int `json:"limit,omitempty"`
	}]())
	if err != nil {
		t.Fatal(err)
	}
	in, err := Compile(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{"", "null", "{}"} {
		if _, err := in.Check(json.RawMessage(a)); err != nil {
			t.Errorf("%q: %v", a, err)
		}
	}
}

func TestCompileRejectsBadDefault(t *testing.T) {
	s, err := Reflect(reflect.TypeFor[struct {
		Limit int `json:"limit,omitempty" jsonschema:"minimum=1,default=0"`
	}]())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Compile(s); err == nil {
		t.Error("a default outside the schema must fail at compile time")
	}
}

func TestCheckErrorShowsALongValueCutOnACharacter(t *testing.T) {
	in := compile(t)
	_, err := in.Check(json.RawMessage(`{"oldest":"x","category":"a` + strings.Repeat("é", 40) + `"}`))
	if err == nil || !utf8.ValidString(err.Error()) || !strings.Contains(err.Error(), `got "aéé`) || !strings.Contains(err.Error(), `é...;`) {
		t.Errorf("a long value must be shortened on a character boundary: %q", err)
	}
}

func TestCheckFillsDefaultsInsideArrayItems(t *testing.T) {
	type session struct {
		Name     string `json:"name"`
		Category string `json:"category,omitempty" jsonschema:"enum=WORKOUT,enum=NOTE,default=WORKOUT"`
	}
	s, err := Reflect(reflect.TypeFor[struct {
		Sessions []session `json:"sessions"`
		Scope    string    `json:"scope,omitempty" jsonschema:"default=this"`
	}]())
	if err != nil {
		t.Fatal(err)
	}
	in, err := Compile(s)
	if err != nil {
		t.Fatal(err)
	}
	out, err := in.Check(json.RawMessage(`{"sessions":[{"name":"a"},{"name":"b","category":"NOTE"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"scope":"this","sessions":[{"category":"WORKOUT","name":"a"},{"category":"NOTE","name":"b"}]}`; string(out) != want {
		t.Errorf("got %s, want %s", out, want)
	}
}

func TestReflectRefusesASpecTagThatNamesNothing(t *testing.T) {
	_, err := Reflect(reflect.TypeFor[struct {
		X string `json:"x" spec:"nope.x"`
	}]())
	if err == nil || !strings.Contains(err.Error(), "names no parameter") {
		t.Errorf("got %v", err)
	}
}

// The advertised schema closes the top-level object only; Compile closes the nested ones, so
// an unknown field is refused at any depth, in a recursive definition too.
func TestCheckRefusesUnknownFieldsAtAnyDepth(t *testing.T) {
	in := compileType(t, reflect.TypeFor[withBlocks]())
	if _, err := in.Check(json.RawMessage(`{"blocks":[{"name":"a","blocks":[{"name":"b"}]}],"steps":[{"minutes":5}]}`)); err != nil {
		t.Fatalf("good arguments refused: %v", err)
	}
	for _, args := range []string{
		`{"steps":[{"minutes":5,"colour":"red"}]}`,
		`{"blocks":[{"name":"a","blocks":[{"name":"b","colour":"red"}]}]}`,
	} {
		_, err := in.Check(json.RawMessage(args))
		if err == nil || !strings.Contains(err.Error(), "colour") {
			t.Errorf("%s: want an error naming colour, got %v", args, err)
		}
	}
	_, err := in.Check(json.RawMessage(`{"blocks":[{"blocks":[{"name":7}]}]}`))
	if err == nil || !strings.Contains(err.Error(), "an array of at most 100 blocks") {
		t.Errorf("a bad value deep in a recursive definition: %v", err)
	}
}

// Ids come as numbers or strings of digits from scripts and other servers: each is taken in
// the form its schema says; a name sent as a number is still refused.
func TestCheckTakesIdsAsNumbersOrDigits(t *testing.T) {
	in, err := schema.CompileJSON(json.RawMessage(`{"type":"object","additionalProperties":false,"properties":{
		"event_id":{"type":"integer"},"ids":{"type":"array","items":{"type":"integer"}},
		"activity_id":{"type":"string"},"name":{"type":"string"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	out, err := in.Check(json.RawMessage(`{"event_id":"123","ids":["4",5],"activity_id":678}`))
	if err != nil || string(out) != `{"activity_id":"678","event_id":123,"ids":[4,5]}` {
		t.Errorf("got %s, %v", out, err)
	}
	if _, err := in.Check(json.RawMessage(`{"name":12345}`)); err == nil {
		t.Error("a name sent as a number was accepted")
	}
	if _, err := in.Check(json.RawMessage(`{"event_id":"12a"}`)); err == nil || !strings.Contains(err.Error(), "expected an integer") {
		t.Errorf("not digits: %v", err)
	}
}
