package infer

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

type step struct {
	Minutes int    `json:"minutes" jsonschema:"minimum=1"`
	Target  string `json:"target,omitempty" jsonschema_description:"e.g. 90% FTP"`
}

type example struct {
	Oldest   string             `json:"oldest" spec:"listEvents.oldest"`
	Limit    int                `json:"limit,omitempty" jsonschema:"minimum=1,maximum=60,default=30" jsonschema_description:"how many"`
	Category string             `json:"category,omitempty" spec:"Event.category"`
	Kinds    []string           `json:"kinds,omitempty" spec:"Event.category" jsonschema_description:"categories"`
	When     intervals.DateTime `json:"when,omitempty"`
	Steps    []step             `json:"steps,omitempty"`
	Own      string             `json:"own,omitempty" spec:"listEvents.oldest" jsonschema_description:"mine"`
}

func reflectJSON(t *testing.T, typ reflect.Type) map[string]any {
	t.Helper()
	s, err := Reflect(typ)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func prop(m map[string]any, name string) map[string]any {
	return m["properties"].(map[string]any)[name].(map[string]any)
}

// The schema is a closed object; every string without an enum and every array is bounded.
func TestReflectIsCompactClosedObjectWithBoundedArguments(t *testing.T) {
	m := reflectJSON(t, reflect.TypeFor[example]())
	for _, k := range []string{"$schema", "$id", "$defs", "$ref", "anyOf", "oneOf", "allOf"} {
		if _, ok := m[k]; ok {
			t.Errorf("schema has %s", k)
		}
	}
	if m["type"] != "object" || m["additionalProperties"] != false {
		t.Errorf("want a closed object, got type=%v additionalProperties=%v", m["type"], m["additionalProperties"])
	}
	var walk func(where string, v any)
	walk = func(where string, v any) {
		switch v := v.(type) {
		case map[string]any:
			if v["type"] == "string" && v["enum"] == nil && v["maxLength"] == nil {
				t.Errorf("%s: a string without maxLength", where)
			}
			if v["type"] == "array" && v["maxItems"] == nil {
				t.Errorf("%s: an array without maxItems", where)
			}
			for k, x := range v {
				walk(where+"."+k, x)
			}
		case []any:
			for _, x := range v {
				walk(where, x)
			}
		}
	}
	walk("", m)
	if diff := cmp.Diff([]any{"oldest"}, m["required"]); diff != "" {
		t.Errorf("required follows omitempty (-want +got):\n%s", diff)
	}
}

func TestReflectTakesSpecDocsWhereNoneWritten(t *testing.T) {
	m := reflectJSON(t, reflect.TypeFor[example]())
	if d := prop(m, "oldest")["description"]; d != "Local date (ISO-8601) for oldest event to return, default is today in the athletes timezone" {
		t.Errorf("oldest description from the spec parameter: %v", d)
	}
	if d := prop(m, "own")["description"]; d != "mine" {
		t.Errorf("a written description wins over the spec's, got %v", d)
	}
	enum := prop(m, "category")["enum"].([]any)
	if len(enum) < 5 || enum[0] != "WORKOUT" {
		t.Errorf("category enum from the spec schema property: %v", enum)
	}
	items := prop(m, "kinds")["items"].(map[string]any)
	if e, _ := items["enum"].([]any); len(e) != len(enum) {
		t.Errorf("array items take the enum: %v", items)
	}
}

func TestReflectMapsDateTimeToString(t *testing.T) {
	m := reflectJSON(t, reflect.TypeFor[example]())
	if w := prop(m, "when"); w["type"] != "string" || w["format"] != "date-time" {
		t.Errorf("DateTime: %v", w)
	}
}

func TestReflectInlinesNestedStructs(t *testing.T) {
	m := reflectJSON(t, reflect.TypeFor[example]())
	items := prop(m, "steps")["items"].(map[string]any)
	if items["type"] != "object" {
		t.Errorf("nested struct not inlined: %v", items)
	}
	if _, ok := items["additionalProperties"]; ok {
		t.Errorf("a nested object says additionalProperties (only the top does): %v", items)
	}
	if d := items["properties"].(map[string]any)["target"].(map[string]any)["description"]; d != "e.g. 90% FTP" {
		t.Errorf("nested description: %v", d)
	}
}

type badSpec struct {
	X string `json:"x" spec:"listEvents.nope"`
}

type badSpecNested struct {
	Steps []struct {
		Y string `json:"y" spec:"NoSuchSchema.y"`
	} `json:"steps"`
}

func TestReflectRejectsProgrammingMistakes(t *testing.T) {
	for name, typ := range map[string]reflect.Type{
		"unknown spec param":  reflect.TypeFor[badSpec](),
		"unknown spec nested": reflect.TypeFor[badSpecNested](),
		"not a struct":        reflect.TypeFor[[]string](),
		"unsupported kind":    reflect.TypeFor[struct{ C chan int }](),
	} {
		if _, err := Reflect(typ); err == nil {
			t.Errorf("%s: want an error", name)
		}
	}
}

func TestShortCutsSpecDescriptions(t *testing.T) {
	if got := Short("First sentence. Second one."); got != "First sentence." {
		t.Errorf("got %q", got)
	}
	long := strings.Repeat("word ", 100)
	if got := Short(long); len([]rune(got)) > MaxSpecDescription || !strings.HasSuffix(got, "…") {
		t.Errorf("not cut: %d runes", len([]rune(got)))
	}
	if got := Short("Categories, e.g. WORKOUT or NOTE. More."); got != "Categories, e.g. WORKOUT or NOTE." {
		t.Errorf("cut inside e.g.: %q", got)
	}
	if got := Short("two\n  lines"); got != "two lines" {
		t.Errorf("got %q", got)
	}
}

// block is a recursive type, as a workout step is: it is written once, under $defs.
type block struct {
	Name   string  `json:"name,omitempty" jsonschema_description:"what"`
	Blocks []block `json:"blocks,omitempty"`
}

type withBlocks struct {
	Blocks []block `json:"blocks,omitempty" jsonschema_description:"the blocks"`
	Steps  []step  `json:"steps,omitempty"`
}

func TestReflectWritesARecursiveStructOnceUnderDefs(t *testing.T) {
	m := reflectJSON(t, reflect.TypeFor[withBlocks]())
	defs, _ := m["$defs"].(map[string]any)
	if len(defs) != 1 || defs["block"] == nil {
		t.Fatalf("$defs: want the recursive block only, got %v", m["$defs"])
	}
	blocks := prop(m, "blocks")
	if ref := blocks["items"].(map[string]any)["$ref"]; ref != "#/$defs/block" || blocks["description"] != "the blocks" {
		t.Errorf("blocks: %v", blocks)
	}
	def := defs["block"].(map[string]any)
	inner := def["properties"].(map[string]any)["blocks"].(map[string]any)
	if inner["items"].(map[string]any)["$ref"] != "#/$defs/block" || inner["maxItems"] == nil {
		t.Errorf("the definition refers to itself, bounded: %v", inner)
	}
	if name := def["properties"].(map[string]any)["name"].(map[string]any); name["maxLength"] == nil || name["description"] != "what" {
		t.Errorf("the definition's strings are bounded and described: %v", name)
	}
	if _, ok := prop(m, "steps")["items"].(map[string]any)["$ref"]; ok {
		t.Error("a struct that does not contain itself is inlined")
	}
}
