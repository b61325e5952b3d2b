package infer

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/schema"
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

// reflector references every nested struct (so that a recursive one terminates); Reflect
// then inlines all but the recursive ones.
var reflector = &jsonschema.Reflector{
	ExpandedStruct: true,
	Anonymous:      true,
	Mapper:         mapType,
}

// own is implemented by an argument type whose schema reflection cannot infer (a number or a
// string, say): the JSON types it takes and its maximum length. The type's package needs no
// import for it, so that reflection (and invopop/jsonschema) stays out of the binary.
type own interface {
	OwnSchema() (types []string, maxLength uint64)
}

// mapType maps the generated client's special types to plain JSON strings, and a type with its
// own schema to that.
func mapType(t reflect.Type) *jsonschema.Schema {
	if t.Implements(reflect.TypeFor[own]()) {
		types, n := reflect.Zero(t).Interface().(own).OwnSchema()
		return &jsonschema.Schema{Extras: map[string]any{"type": types}, MaxLength: &n}
	}
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

// Compile resolves s for validation (schema.CompileJSON of its JSON). It fails when s is not a valid JSON Schema (for
// example a default that does not match its property's type).
func Compile(s *jsonschema.Schema) (*schema.Input, error) {
	raw, err := Marshal(s)
	if err != nil {
		return nil, err
	}
	return schema.CompileJSON(raw)
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
	s.Version, s.ID = "", ""
	inline(s)
	if err := applySpec(t, s, s.Definitions, map[reflect.Type]bool{}); err != nil {
		return nil, fmt.Errorf("%s: %w", t, err)
	}
	// after the spec's enums: a string with an enum is bounded by it
	for p := s.Properties.Oldest(); p != nil; p = p.Next() {
		bound(p.Value)
	}
	for _, d := range s.Definitions {
		bound(d)
	}
	for _, c := range children(s) {
		openObjects(c)
	}
	for _, d := range s.Definitions {
		openObjects(d)
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
	for _, x := range children(s) {
		bound(x)
	}
}

// openObjects drops additionalProperties:false from s and everything nested in it: only the top
// level says it in the advertised schema (a few tokens per nested object, on every
// request); Compile closes the nested objects again, so an unknown field in an array item
// is refused all the same.
func openObjects(s *jsonschema.Schema) {
	if s.Type == "object" && s.Properties != nil && s.AdditionalProperties == jsonschema.FalseSchema {
		s.AdditionalProperties = nil
	}
	for _, c := range children(s) {
		openObjects(c)
	}
}

// children are the schemas directly nested in s: its items, properties and alternatives.
func children(s *jsonschema.Schema) []*jsonschema.Schema {
	var out []*jsonschema.Schema
	if s.Items != nil {
		out = append(out, s.Items)
	}
	out = append(out, s.AnyOf...)
	if s.Properties != nil {
		for p := s.Properties.Oldest(); p != nil; p = p.Next() {
			out = append(out, p.Value)
		}
	}
	return out
}

// defRef is the prefix of a reference to one of the schema's own definitions.
const defRef = "#/$defs/"

// inline replaces every reference to a definition of s by the definition itself, except
// for definitions that reach themselves (recursive types), which stay in s.Definitions and
// are referenced; s.Definitions is nil when none is left.
func inline(s *jsonschema.Schema) {
	defs := s.Definitions
	keep := jsonschema.Definitions{}
	for name, d := range defs {
		if reaches(defs, d, name, map[string]bool{}) {
			keep[name] = d
		}
	}
	var walk func(x *jsonschema.Schema) *jsonschema.Schema
	walk = func(x *jsonschema.Schema) *jsonschema.Schema {
		if name, ok := strings.CutPrefix(x.Ref, defRef); ok && keep[name] == nil && defs[name] != nil {
			// a copy: the field's own words (its tag's description) stay with the field
			d := *walk(defs[name])
			if x.Description != "" {
				d.Description = x.Description
			}
			return &d
		}
		if x.Items != nil {
			x.Items = walk(x.Items)
		}
		for i := range x.AnyOf {
			x.AnyOf[i] = walk(x.AnyOf[i])
		}
		if x.Properties != nil {
			for p := x.Properties.Oldest(); p != nil; p = p.Next() {
				p.Value = walk(p.Value)
			}
		}
		return x
	}
	walk(s)
	for _, d := range keep {
		walk(d)
	}
	s.Definitions = nil
	if len(keep) > 0 {
		s.Definitions = keep
	}
}

// reaches reports whether x refers, directly or through other definitions, to the
// definition named target.
func reaches(defs jsonschema.Definitions, x *jsonschema.Schema, target string, seen map[string]bool) bool {
	if name, ok := strings.CutPrefix(x.Ref, defRef); ok {
		if name == target {
			return true
		}
		if seen[name] || defs[name] == nil {
			return false
		}
		seen[name] = true
		return reaches(defs, defs[name], target, seen)
	}
	for _, c := range children(x) {
		if reaches(defs, c, target, seen) {
			return true
		}
	}
	return false
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
// struct and in every struct nested in it (a recursive one, under defs, once: done says
// which struct types have been).
func applySpec(t reflect.Type, s *jsonschema.Schema, defs jsonschema.Definitions, done map[reflect.Type]bool) error {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
		if t.Kind() != reflect.Pointer {
			if s.Items == nil {
				return nil
			}
			s = s.Items
		}
		t = t.Elem()
	}
	if name, ok := strings.CutPrefix(s.Ref, defRef); ok {
		if done[t] {
			return nil
		}
		done[t] = true
		s = defs[name]
	}
	if t.Kind() != reflect.Struct || s == nil || s.Properties == nil {
		return nil
	}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" {
			if err := applySpec(f.Type, s, defs, done); err != nil {
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
		if err := applySpec(f.Type, prop, defs, done); err != nil {
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
