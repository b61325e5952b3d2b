package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// spec is a tiny document with one instance of every quirk prep fixes.
const spec = `{
  "openapi": "3.0.1",
  "security": [{"APIKey": [], "AccessToken": []}],
  "paths": {
    "/api/v1/athlete/{id}/things{ext}": {
      "get": {
        "operationId": "listThings_1", "tags": ["Things"], "summary": "List things",
        "parameters": [
          {"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
          {"name": "f1", "in": "query", "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Filter"}}},
          {"name": "type", "in": "query", "schema": {"type": "string", "enum": ["Ride", "Run", "Swim"]}}
        ],
        "responses": {"200": {"content": {"*/*": {"schema": {"$ref": "#/components/schemas/Thing"}}}}}
      },
      "post": {
        "operationId": "uploadThing",
        "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {"file": {"type": "string", "format": "binary"}}}}}},
        "responses": {"200": {"content": {"*/*": {"schema": {"type": "string", "format": "binary"}}}}}
      }
    }
  },
  "components": {"schemas": {
    "Filter": {"type": "object", "properties": {"value": {"type": "object"}}},
    "Thing": {"type": "object", "properties": {
      "data": {"type": "object"},
      "map": {"type": "object", "additionalProperties": {"type": "object"}},
      "chart": {"type": "array", "items": {"type": "string", "format": "byte"}},
      "sport": {"type": "string", "enum": ["Ride", "Run", "Swim", "Rowing"], "description": "the sport"}
    }}
  }}
}`

func fixed(t *testing.T) obj {
	t.Helper()
	var doc obj
	if err := json.Unmarshal([]byte(spec), &doc); err != nil {
		t.Fatal(err)
	}
	fix(doc)
	return doc
}

func at(t *testing.T, v any, path ...string) any {
	t.Helper()
	for _, p := range path {
		m, ok := v.(obj)
		if !ok {
			t.Fatalf("%s: not an object on the way to %v", p, path)
		}
		v = m[p]
	}
	return v
}

func TestEveryRule(t *testing.T) {
	doc := fixed(t)
	get := at(t, doc, "paths", "/api/v1/athlete/{id}/things{ext}", "get").(obj)
	post := at(t, doc, "paths", "/api/v1/athlete/{id}/things{ext}", "post").(obj)
	schemas := at(t, doc, "components", "schemas").(obj)

	if at(t, get, "responses", "200", "content", "application/json") == nil {
		t.Error("1: a */* JSON response should become application/json")
	}
	if at(t, post, "responses", "200", "content", "application/octet-stream") == nil {
		t.Error("1: a */* binary response should become application/octet-stream")
	}
	thing := at(t, schemas, "Thing", "properties").(obj)
	if _, typed := thing["data"].(obj)["type"]; typed {
		t.Error("5: a bare object should lose its type (any)")
	}
	if _, typed := at(t, thing, "map", "additionalProperties").(obj)["type"]; typed {
		t.Error("5: a bare object as additionalProperties should lose its type")
	}
	if thing["map"].(obj)["type"] != "object" {
		t.Error("5: an object with additionalProperties keeps its type")
	}
	content := at(t, post, "requestBody", "content").(obj)
	if content["multipart/form-data"] == nil || content["application/json"] != nil {
		t.Errorf("6: a JSON body with a binary field should become multipart: %v", content)
	}
	params := get["parameters"].([]any)
	if s := params[1].(obj)["schema"].(obj); s["type"] != "string" {
		t.Errorf("10: an array of objects in the query should become a JSON string: %v", s)
	}
	if s := params[2].(obj)["schema"].(obj); s["$ref"] != "#/components/schemas/SportType" {
		t.Errorf("11: a sport enum parameter should refer to SportType: %v", s)
	}
	if s := thing["sport"].(obj); s["description"] != "the sport" || s["allOf"] == nil {
		t.Errorf("11: a described sport enum keeps its description beside the reference: %v", s)
	}
	enum := at(t, schemas, "SportType", "enum").([]any)
	if len(enum) != 4 || enum[3] != "Rowing" {
		t.Errorf("11: SportType should hold the union of the sport enums: %v", enum)
	}
	if sec := doc["security"].([]any); len(sec) != 2 {
		t.Errorf("12: two schemes in one requirement should become two alternatives: %v", sec)
	}
	if c := thing["chart"].(obj); c["type"] != "string" || c["items"] != nil {
		t.Errorf("13: an array of byte strings should become one string: %v", c)
	}
}

func TestFixIsIdempotent(t *testing.T) {
	doc := fixed(t)
	once, _ := json.Marshal(doc)
	for _, line := range fix(doc) {
		if !strings.HasSuffix(line, " 0 changes") {
			t.Errorf("a second pass changed something: %s", line)
		}
	}
	twice, _ := json.Marshal(doc)
	if string(once) != string(twice) {
		t.Error("a second pass changed the document")
	}
}

func TestOperationsTable(t *testing.T) {
	src, err := operationsTable(fixed(t), "intervals", "abc")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`{OperationID: "listThings_1", GoName: "ListThings1", Method: "GET", Path: "/api/v1/athlete/{id}/things{ext}", Tag: "Things", Summary: "List things"}`,
		`OperationID: "uploadThing", GoName: "UploadThing", Method: "POST"`,
	} {
		if !strings.Contains(string(src), want) {
			t.Errorf("the table lacks %s:\n%s", want, src)
		}
	}
}

func TestCheckSpecRefusesAnErrorPage(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"html.json":  "<html>502 Bad Gateway</html>",
		"empty.json": `{"openapi": "3.0.1", "paths": {}}`,
		"v2.json":    `{"swagger": "2.0", "paths": {"/a": {"get": {}}}}`,
	} {
		p := dir + "/" + name
		if err := writeFile(p, body); err != nil {
			t.Fatal(err)
		}
		if checkSpec(p) == nil {
			t.Errorf("%s should be refused", name)
		}
	}
	p := dir + "/ok.json"
	if err := writeFile(p, spec); err != nil {
		t.Fatal(err)
	}
	if err := checkSpec(p); err != nil {
		t.Errorf("a good spec was refused: %v", err)
	}
}

func writeFile(p, s string) error { return os.WriteFile(p, []byte(s), 0o644) }

func TestErasedGenerics(t *testing.T) {
	var doc obj
	err := json.Unmarshal([]byte(`{"components": {"schemas": {
	  "DataCurve":  {"properties": {"id": {}, "secs": {}, "values": {}, "distance": {}}},
	  "PowerCurve": {"properties": {"id": {}, "secs": {}, "values": {}, "watts_per_kg": {}}},
	  "DataCurveSetPowerCurve": {"properties": {"list": {"type": "array", "items": {"$ref": "#/components/schemas/DataCurve"}}}},
	  "Item":    {"properties": {"a": {}, "b": {}}},
	  "NewItem": {"properties": {"a": {}, "b": {}, "children": {"type": "array", "items": {"$ref": "#/components/schemas/NewItem"}}}},
	  "Other":   {"properties": {"x": {}}},
	  "SetItem": {"properties": {"list": {"type": "array", "items": {"$ref": "#/components/schemas/Other"}}}}
	}}}`), &doc)
	if err != nil {
		t.Fatal(err)
	}
	// 3 of DataCurve's 4 properties are PowerCurve's: 75%, under the bar.
	if n := erasedGenerics(doc); n != 0 {
		t.Fatalf("a base that T resembles less than 85%% was retargeted (%d)", n)
	}
	schemas := at(t, doc, "components", "schemas").(obj)
	delete(schemas["DataCurve"].(obj)["properties"].(obj), "distance")
	if n := erasedGenerics(doc); n != 1 {
		t.Fatalf("%d changes, want 1", n)
	}
	if ref := at(t, schemas, "DataCurveSetPowerCurve", "properties", "list", "items", "$ref"); ref != "#/components/schemas/PowerCurve" {
		t.Errorf("the erased list should hold PowerCurve, got %v", ref)
	}
	if ref := at(t, schemas, "NewItem", "properties", "children", "items", "$ref"); ref != "#/components/schemas/NewItem" {
		t.Errorf("a schema's reference to itself is no erased generic, got %v", ref)
	}
	if ref := at(t, schemas, "SetItem", "properties", "list", "items", "$ref"); ref != "#/components/schemas/Other" {
		t.Errorf("items unlike T are kept, got %v", ref)
	}
}

func TestFieldAdditions(t *testing.T) {
	var doc obj
	err := json.Unmarshal([]byte(`{"components": {"schemas": {
	  "Event":    {"type": "object", "properties": {"id": {"type": "integer"}}},
	  "Activity": {"type": "object", "properties": {"_note": {"type": "integer", "description": "upstream's own"}}}
	}}}`), &doc)
	if err != nil {
		t.Fatal(err)
	}
	// Event gains paired_activity_id, Activity gains training_load (its _note is upstream's),
	// and ActivityStream is not in this document.
	if n := addFields(doc); n != 2 {
		t.Fatalf("%d changes, want 2", n)
	}
	schemas := at(t, doc, "components", "schemas").(obj)
	if s := at(t, schemas, "Event", "properties", "paired_activity_id").(obj); s["type"] != nil || s["nullable"] != true {
		t.Errorf("paired_activity_id should be nullable and untyped (an id, string or number): %v", s)
	}
	if s := at(t, schemas, "Activity", "properties", "_note").(obj); s["type"] != "integer" {
		t.Errorf("a field the spec declares is left as the spec says: %v", s)
	}
	if at(t, schemas, "Activity", "properties", "training_load") == nil {
		t.Error("training_load should be added to Activity")
	}
	if _, ok := schemas["ActivityStream"]; ok {
		t.Error("a schema the spec lacks is not created")
	}
}

func TestActivityPaceCurvesAnswer(t *testing.T) {
	var doc obj
	err := json.Unmarshal([]byte(`{"paths": {
	  "/api/v1/athlete/{id}/activity-power-curves{ext}": {"get": {"responses": {"200": {"content": {"application/json": {}}}}}},
	  "/api/v1/athlete/{id}/activity-pace-curves{ext}":  {"get": {"responses": {"200": {"description": "OK"}}}},
	  "/api/v1/athlete/{id}/activity-pace-curves-solo":  {"get": {"responses": {"200": {"description": "OK"}}}}
	}, "components": {"schemas": {}}}`), &doc)
	if err != nil {
		t.Fatal(err)
	}
	if n := activityPaceCurvesAnswer(doc); n != 1 {
		t.Fatalf("%d changes, want 1 (the operation with a power twin)", n)
	}
	ref := at(t, doc, "paths", "/api/v1/athlete/{id}/activity-pace-curves{ext}", "get", "responses", "200", "content", "application/json", "schema", "$ref")
	if ref != "#/components/schemas/ActivityPaceCurvePayload" {
		t.Errorf("the pace curves' 200 should be ActivityPaceCurvePayload, got %v", ref)
	}
	if at(t, doc, "components", "schemas", "ActivityPaceCurve", "properties", "secs") == nil {
		t.Error("ActivityPaceCurve should hold secs")
	}
	if n := activityPaceCurvesAnswer(doc); n != 0 {
		t.Errorf("a 200 with content is left alone, %d changes", n)
	}
}
