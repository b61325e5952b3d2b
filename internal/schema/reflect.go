// Package schema turns a tool's Go input type into the JSON Schema advertised in tools/list,
// and checks a call's arguments against that schema before the tool runs.
//
// The input types follow a few conventions (tags on struct fields):
//
//	json:"name,omitempty"          omitempty = optional; without it the argument is required
//	jsonschema:"enum=a,enum=b,minimum=1,maximum=60,default=30"   (invopop/jsonschema syntax)
//	jsonschema_description:"..."   a short description, for the model
//	spec:"listEvents.oldest"       take description and enum from the spec's parameter
//	spec:"Event.category"          ... or from a schema's property (when none is written)
//
// Reflection is compact: no $schema, $id or $defs, nested structs inlined, top-level
// "type":"object" with additionalProperties false, no null types.
//
// Every argument is bounded, so that no input is too large to check, send or quote back: a
// string without an enum gets maxLength DefaultMaxLength, an array maxItems DefaultMaxItems,
// unless its tag sets its own (jsonschema:"maxLength=4000" for free text).
package schema

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/invopop/jsonschema"
	openapi_types "github.com/oapi-codegen/runtime/types"
)

// The bounds of an argument whose tag sets none.
const (
	DefaultMaxLength = 200
	DefaultMaxItems  = 100
)

// MaxSpecDescription is the length (in characters) a description taken from the spec is cut
// to: the first sentence, at most this long.
const MaxSpecDescription = 160

var reflector = &jsonschema.Reflector{
	DoNotReference: true,
	ExpandedStruct: true,
	Anonymous:      true,
	Mapper:         mapType,
}

// mapType maps the generated client's special types to plain JSON strings.
func mapType(t reflect.Type) *jsonschema.Schema {
	switch t {
	case reflect.TypeFor[intervals.DateTime](), reflect.TypeFor[time.Time]():
		return &jsonschema.Schema{Type: "string", Format: "date-time"}
	case reflect.TypeFor[openapi_types.Date]():
		return &jsonschema.Schema{Type: "string", Format: "date"}
	case reflect.TypeFor[openapi_types.UUID]():
		return &jsonschema.Schema{Type: "string", Format: "uuid"}
	case reflect.TypeFor[openapi_types.Email]():
		return &jsonschema.Schema{Type: "string", Format: "email"}
	case reflect.TypeFor[openapi_types.File]():
		return &jsonschema.Schema{Type: "string"}
	case reflect.TypeFor[json.RawMessage]():
		return &jsonschema.Schema{}
	}
	return nil
}

// Reflect returns the input schema of t, a struct type (or pointer to one). It fails, rather
// than produce a schema a client would reject, when t is not a struct, a spec tag names
// nothing in the spec, or the result has no top-level object type or has a top-level
// anyOf/oneOf/allOf.
func Reflect(t reflect.Type) (s *jsonschema.Schema, err error) {
	if t == nil {
		return nil, fmt.Errorf("no input type")
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("input type %s is not a struct", t)
	}
	defer func() {
		if r := recover(); r != nil {
			s, err = nil, fmt.Errorf("reflect %s: %v", t, r)
		}
	}()
	s = reflector.ReflectFromType(t)
	s.Version, s.ID, s.Definitions = "", "", nil
	if err := applySpec(t, s); err != nil {
		return nil, fmt.Errorf("%s: %w", t, err)
	}
	// after the spec's enums: a string with an enum is bounded by it
	for p := s.Properties.Oldest(); p != nil; p = p.Next() {
		bound(p.Value)
	}
	if err := checkTop(s); err != nil {
		return nil, fmt.Errorf("%s: %w", t, err)
	}
	return s, nil
}

// bound gives every string without an enum a maxLength, and every array a maxItems, where
// none is set, in s and in everything nested in it.
func bound(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	if s.Type == "string" && len(s.Enum) == 0 && s.MaxLength == nil {
		n := uint64(DefaultMaxLength)
		s.MaxLength = &n
	}
	if s.Type == "array" && s.MaxItems == nil {
		n := uint64(DefaultMaxItems)
		s.MaxItems = &n
	}
	bound(s.Items)
	for _, x := range s.AnyOf {
		bound(x)
	}
	if s.Properties != nil {
		for p := s.Properties.Oldest(); p != nil; p = p.Next() {
			bound(p.Value)
		}
	}
}

func checkTop(s *jsonschema.Schema) error {
	switch {
	case s.Type != "object":
		return fmt.Errorf("schema has type %q at the top, clients need \"object\"", s.Type)
	case len(s.AnyOf) > 0 || len(s.OneOf) > 0 || len(s.AllOf) > 0:
		return fmt.Errorf("schema has anyOf/oneOf/allOf at the top, which clients reject")
	}
	return nil
}

// applySpec fills descriptions and enums from the spec for fields tagged spec:"...", in t's
// struct and in every struct nested in it.
func applySpec(t reflect.Type, s *jsonschema.Schema) error {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
		if t.Kind() != reflect.Pointer {
			if s.Items == nil {
				return nil
			}
			s = s.Items
		}
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || s == nil || s.Properties == nil {
		return nil
	}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" {
			if err := applySpec(f.Type, s); err != nil {
				return err
			}
			continue
		}
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		prop, ok := s.Properties.Get(name)
		if !ok || prop == nil {
			continue
		}
		if ref := f.Tag.Get("spec"); ref != "" {
			doc, err := lookup(ref)
			if err != nil {
				return fmt.Errorf("field %s: %w", f.Name, err)
			}
			fill(prop, doc)
		}
		if err := applySpec(f.Type, prop); err != nil {
			return err
		}
	}
	return nil
}

// lookup finds what the spec says of "operationId.param" or "Schema.property".
func lookup(ref string) (intervals.FieldDoc, error) {
	owner, field, ok := strings.Cut(ref, ".")
	if !ok || owner == "" || field == "" {
		return intervals.FieldDoc{}, fmt.Errorf("spec tag %q: want operationId.param or Schema.property", ref)
	}
	if d, ok := intervals.ParamDoc(owner, field); ok {
		return d, nil
	}
	if d, ok := intervals.SchemaDoc(owner, field); ok {
		return d, nil
	}
	return intervals.FieldDoc{}, fmt.Errorf("spec tag %q names no parameter of an operation and no property of a schema in the spec", ref)
}

// fill sets a property's description and enum from the spec where the Go tags set none.
func fill(prop *jsonschema.Schema, doc intervals.FieldDoc) {
	if prop.Description == "" {
		prop.Description = Short(doc.Description)
	}
	if len(doc.Enum) == 0 {
		return
	}
	target := prop
	if prop.Type == "array" && prop.Items != nil {
		target = prop.Items
	}
	if target.Type == "string" && len(target.Enum) == 0 {
		for _, v := range doc.Enum {
			target.Enum = append(target.Enum, v)
		}
	}
}

// Short cuts a spec description to its first sentence, at most MaxSpecDescription
// characters, on one line.
func Short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	for from := 0; ; {
		i := strings.Index(s[from:], ". ")
		if i < 0 {
			break
		}
		end := from + i + 1
		if word := s[strings.LastIndexByte(s[:end], ' ')+1 : end]; word == "e.g." || word == "i.e." || word == "(e.g." {
			from = end
			continue
		}
		s = s[:end]
		break
	}
	if utf8.RuneCountInString(s) <= MaxSpecDescription {
		return s
	}
	r := []rune(s)[:MaxSpecDescription-1]
	if i := strings.LastIndexByte(string(r), ' '); i > MaxSpecDescription/2 {
		return string(r)[:i] + "…"
	}
	return string(r) + "…"
}

// Marshal returns the compact JSON of a schema.
func Marshal(s *jsonschema.Schema) (json.RawMessage, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return nil, fmt.Errorf("marshal schema: %w", err)
	}
	return b, nil
}
