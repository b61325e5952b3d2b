package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"
)

// Input is a tool's input schema, compiled once at registration: its JSON (as advertised)
// and what is needed to check a call's arguments against it.
//
// Resolving is the costly part of compiling: Compile resolves the whole schema once, and a
// property's own schema is resolved only when an argument fails, to explain what that
// argument allows.
type Input struct {
	JSON     json.RawMessage
	root     *jsonschema.Resolved
	props    map[string]*property
	names    []string // in schema order
	required []string
}

type property struct {
	schema *jsonschema.Schema
}

// CompileJSON resolves a schema (JSON, as advertised) for validation. It fails when raw is
// not a valid JSON Schema (for example a default that does not match its property's type).
func CompileJSON(raw json.RawMessage) (*Input, error) {
	var gs jsonschema.Schema
	if err := json.Unmarshal(raw, &gs); err != nil {
		return nil, fmt.Errorf("schema is not valid JSON Schema: %w", err)
	}
	closeObjects(&gs)
	root, err := gs.Resolve(&jsonschema.ResolveOptions{ValidateDefaults: true})
	if err != nil {
		return nil, fmt.Errorf("schema does not compile: %w", err)
	}
	in := &Input{JSON: raw, root: root, props: map[string]*property{}, required: gs.Required}
	if in.names, err = propertyOrder(raw); err != nil {
		return nil, err
	}
	for name, ps := range gs.Properties {
		if len(gs.Defs) > 0 { // a property checked alone still resolves #/$defs/... references
			own := *ps
			own.Defs = gs.Defs
			ps = &own
		}
		in.props[name] = &property{schema: ps}
	}
	return in, nil
}

// closeObjects gives every object with properties that says nothing of others
// additionalProperties false (the advertised schema says it at the top only, see Reflect),
// so that an unknown field is refused at any depth, with its location.
func closeObjects(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	if s.Type == "object" && len(s.Properties) > 0 && s.AdditionalProperties == nil {
		s.AdditionalProperties = &jsonschema.Schema{Not: &jsonschema.Schema{}}
	}
	closeObjects(s.Items)
	for _, x := range s.AnyOf {
		closeObjects(x)
	}
	for _, x := range s.Properties {
		closeObjects(x)
	}
	for _, x := range s.Defs {
		closeObjects(x)
	}
}

// Decode reads a call's arguments, one JSON object (empty or null: {}), into the value
// CheckArgs checks: the one decoding of a call's arguments.
func (in *Input) Decode(args json.RawMessage) (map[string]any, error) {
	trimmed := bytes.TrimSpace(args)
	if len(trimmed) == 0 || bytes.Equal(trimmed, []byte("null")) {
		return map[string]any{}, nil
	}
	var m map[string]any
	if err := json.Unmarshal(trimmed, &m); err != nil || m == nil {
		return nil, fmt.Errorf("arguments must be a JSON object with the arguments %s", in.list())
	}
	return m, nil
}

// Check validates a call's arguments and returns them with the schema's defaults filled
// in: Decode, then CheckArgs.
func (in *Input) Check(args json.RawMessage) (json.RawMessage, error) {
	m, err := in.Decode(args)
	if err != nil {
		return nil, err
	}
	if err := in.CheckArgs(m); err != nil {
		return nil, err
	}
	return json.Marshal(m)
}

// CheckArgs validates a call's decoded arguments (Decode) and fills in the schema's defaults,
// in m. Its errors name the argument and say what is allowed, for the model to correct.
func (in *Input) CheckArgs(m map[string]any) error {
	for name, v := range m {
		if p, ok := in.props[name]; ok {
			m[name] = coerce(p.schema, v, idName(name))
		}
	}
	var unknown []string
	for k := range m {
		if _, ok := in.props[k]; !ok {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return fmt.Errorf("unknown argument %s; accepted arguments: %s", strings.Join(unknown, ", "), in.list())
	}
	for _, r := range in.required {
		if _, ok := m[r]; !ok {
			return fmt.Errorf("missing required argument %s: %s", r, in.props[r].allowed())
		}
	}
	if err := in.root.Validate(m); err != nil {
		for _, name := range in.names {
			v, ok := m[name]
			if !ok {
				continue
			}
			p := in.props[name]
			if perr := p.validate(v); perr != nil {
				return fmt.Errorf("argument %s: got %s; %s", name, show(v), p.explain(perr))
			}
		}
		return fmt.Errorf("arguments: %s", leaf(err))
	}
	if err := applyDefaults(in.root.Schema(), m); err != nil {
		return fmt.Errorf("arguments: %w", err)
	}
	return nil
}

// coerce takes an id as scripts and other servers send it: a string of digits where the
// schema says integer (event_id "123"), an integer where an id's schema says string
// (activity_id 123, athlete 12345), in an array too. Anything else is left for the check to
// explain (a name sent as a number is a mistake, not an id).
func coerce(s *jsonschema.Schema, v any, id bool) any {
	switch x := v.(type) {
	case string:
		if s.Type == "integer" && digits().MatchString(strings.TrimSpace(x)) {
			if n, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64); err == nil {
				return float64(n)
			}
		}
	case float64:
		if id && s.Type == "string" && x == math.Trunc(x) && math.Abs(x) < 1<<53 {
			return strconv.FormatInt(int64(x), 10)
		}
	case []any:
		if s.Type == "array" && s.Items != nil {
			for i := range x {
				x[i] = coerce(s.Items, x[i], id)
			}
		}
	}
	return v
}

var digits = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^-?[0-9]{1,15}$`) })

// idName reports whether an argument is an id by its name: athlete, id, ids, activity_id ...
func idName(name string) bool {
	return name == "athlete" || name == "id" || name == "ids" || strings.HasSuffix(name, "_id") || strings.HasSuffix(name, "_ids")
}

// applyDefaults fills in the defaults of the properties v lacks, in v and in every object
// nested in it, also in the items of arrays (which jsonschema-go's ApplyDefaults skips), so
// that a tool finds every default set, sessions[].category as well as limit.
func applyDefaults(s *jsonschema.Schema, v any) error {
	switch v := v.(type) {
	case map[string]any:
		for name, ps := range s.Properties {
			pv, ok := v[name]
			if !ok && ps.Default != nil && !slices.Contains(s.Required, name) {
				if err := json.Unmarshal(ps.Default, &pv); err != nil {
					return fmt.Errorf("default of %s: %w", name, err)
				}
				v[name] = pv
			}
			if err := applyDefaults(ps, pv); err != nil {
				return err
			}
		}
	case []any:
		if s.Items == nil {
			return nil
		}
		for _, it := range v {
			if err := applyDefaults(s.Items, it); err != nil {
				return err
			}
		}
	}
	return nil
}

// propertyOrder returns the property names of a schema in the order the JSON has them.
func propertyOrder(raw json.RawMessage) ([]string, error) {
	var top struct {
		Properties json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(raw, &top); err != nil || len(top.Properties) == 0 {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(top.Properties))
	if _, err := dec.Token(); err != nil { // {
		return nil, err
	}
	var names []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		names = append(names, tok.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, err
		}
	}
	return names, nil
}

func (in *Input) list() string {
	if len(in.names) == 0 {
		return "(none)"
	}
	return strings.Join(in.names, ", ")
}

// validate checks one argument against its property's own schema.
func (p *property) validate(v any) error {
	r, err := p.schema.Resolve(nil)
	if err != nil {
		return err
	}
	return r.Validate(v)
}

// explain says what a property allows; for structured values (arrays of objects) it adds
// the validator's own words on what failed, with its location (not for an array of enum
// values, whose allowed values say it all).
func (p *property) explain(err error) string {
	s := p.allowed()
	if p.schema.Type == "array" && (p.schema.Items == nil || len(p.schema.Items.Enum) == 0) || p.schema.Type == "object" {
		l := leaf(err)
		s += " (" + l + ")"
		if strings.HasPrefix(l, "maxItems") || strings.Contains(l, ": maxItems") {
			s += "; send fewer, or split them over several calls"
		}
	}
	return s
}

// allowed describes the values a property accepts, in words.
func (p *property) allowed() string {
	s := p.schema
	var b strings.Builder
	b.WriteString("expected ")
	b.WriteString(describe(s))
	if s.Description != "" {
		b.WriteString(" — " + s.Description)
	}
	return b.String()
}

func describe(s *jsonschema.Schema) string {
	if name, ok := strings.CutPrefix(s.Ref, "#/$defs/"); ok {
		return "a " + name // a recursive definition, such as a workout step
	}
	if len(s.Enum) > 0 {
		vals := make([]string, len(s.Enum))
		for i, v := range s.Enum {
			vals[i] = fmt.Sprint(v)
		}
		return "one of " + strings.Join(vals, ", ")
	}
	switch s.Type {
	case "integer", "number":
		noun := "a number"
		if s.Type == "integer" {
			noun = "an integer"
		}
		switch {
		case s.Minimum != nil && s.Maximum != nil:
			return fmt.Sprintf("%s from %v to %v", noun, *s.Minimum, *s.Maximum)
		case s.Minimum != nil:
			return fmt.Sprintf("%s of at least %v", noun, *s.Minimum)
		case s.Maximum != nil:
			return fmt.Sprintf("%s of at most %v", noun, *s.Maximum)
		}
		return noun
	case "string":
		switch {
		case s.Pattern != "":
			return "a string matching " + s.Pattern
		case s.Format == "date":
			return "a date YYYY-MM-DD"
		case s.Format == "date-time":
			return "a date-time YYYY-MM-DDThh:mm:ss"
		case s.MaxLength != nil:
			return fmt.Sprintf("a string of at most %d characters", *s.MaxLength)
		}
		return "a string"
	case "boolean":
		return "true or false"
	case "array":
		n := ""
		if s.MaxItems != nil {
			n = fmt.Sprintf("at most %d ", *s.MaxItems)
		}
		if s.Items != nil {
			return "an array of " + n + plural(describe(s.Items))
		}
		return "an array of " + n + "values"
	case "object":
		return "an object"
	}
	return "a JSON value"
}

func plural(s string) string {
	if rest, ok := strings.CutPrefix(s, "one of "); ok {
		return "values, each one of " + rest
	}
	for _, a := range []string{"an ", "a "} {
		if strings.HasPrefix(s, a) {
			return strings.TrimPrefix(s, a) + "s"
		}
	}
	return s
}

// leaf returns the innermost message of a jsonschema-go validation error, with the
// location of the failing value.
func leaf(err error) string {
	var where []string
	for {
		msg := err.Error()
		if rest, ok := strings.CutPrefix(msg, "validating "); ok {
			if loc, _, ok := strings.Cut(rest, ": "); ok && loc != "root" {
				where = append(where, loc)
			}
		}
		next := errors.Unwrap(err)
		if next == nil {
			break
		}
		err = next
	}
	msg := tidyNumbers(err.Error())
	if len(where) > 0 {
		return where[len(where)-1] + ": " + msg
	}
	return msg
}

var (
	rational = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(-?\d+)/1\b`) })
	zeros    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(-?\d+)\.0+\b`) })
)

// tidyNumbers writes the validator's numbers as people do: 3 rather than 3/1 or 3.000000.
func tidyNumbers(s string) string {
	return zeros().ReplaceAllString(rational().ReplaceAllString(s, "$1"), "$1")
}

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if len(b) > 60 {
		cut := 57
		for cut > 0 && !utf8.RuneStart(b[cut]) {
			cut-- // never inside a character: the text goes to the model as JSON
		}
		return string(b[:cut]) + "..."
	}
	return string(b)
}
