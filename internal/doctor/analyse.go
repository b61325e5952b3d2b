package doctor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"sort"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// opReport is what doctor found for one operation over all its answers.
type opReport struct {
	Op        string
	Calls     int
	Statuses  map[int]int
	Typed     string            // the Go type the typed client decodes a 200 into; "" if none
	DecodeErr string            // the first decoding failure
	Unknown   map[string]string // JSON path of a field the client does not know -> JSON kind
}

// analyse groups the exchanges by operation and checks every 2xx JSON answer against the
// type the generated client decodes it into.
func analyse(xs []exchange) []*opReport {
	byOp := map[string]*opReport{}
	var order []string
	for _, x := range xs {
		if x.Err != nil {
			continue
		}
		op, ok := intervals.OperationFor(x.Method, x.Path)
		name := op.OperationID
		if !ok {
			name = x.Method + " " + x.Path
		}
		r := byOp[name]
		if r == nil {
			r = &opReport{Op: name, Statuses: map[int]int{}, Unknown: map[string]string{}}
			byOp[name] = r
			order = append(order, name)
		}
		r.Calls++
		r.Statuses[x.Status]++
		if !ok || x.Status != http.StatusOK || !json.Valid(x.Body) {
			continue
		}
		t := json200Type(op)
		if t == nil {
			continue
		}
		r.Typed = typeName(t)
		if err := json.Unmarshal(x.Body, reflect.New(t).Interface()); err != nil && r.DecodeErr == "" {
			r.DecodeErr = err.Error()
		}
		unknownFields(x.Body, t, rootName(t), r.Unknown)
	}
	out := make([]*opReport, len(order))
	for i, name := range order {
		out[i] = byOp[name]
	}
	return out
}

// json200Type is the type the generated <GoName>WithResponse method decodes a 200 JSON
// answer into (its response's JSON200 field), or nil.
func json200Type(op intervals.Operation) reflect.Type {
	m, ok := op.ClientMethods()
	if !ok || m.Response == nil || m.Response.Kind() != reflect.Struct {
		return nil
	}
	f, ok := m.Response.FieldByName("JSON200")
	if !ok {
		return nil
	}
	return derefType(f.Type)
}

func derefType(t reflect.Type) reflect.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t
}

func typeName(t reflect.Type) string {
	switch t = derefType(t); t.Kind() {
	case reflect.Slice, reflect.Array:
		return "[]" + typeName(t.Elem())
	case reflect.Map:
		return "map[string]" + typeName(t.Elem())
	}
	if t.Name() != "" {
		return t.Name()
	}
	return t.Kind().String()
}

// rootName names the outermost element type of t: the paths of a []Activity answer read
// "Activity[].field".
func rootName(t reflect.Type) string {
	t = derefType(t)
	for t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
		t = derefType(t.Elem())
	}
	return typeName(t)
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

// unknownFields adds to out the fields of raw (JSON) that the type t has no field for, by
// their path ("Activity[].new_field") and JSON kind. Types that decode themselves (unions,
// dates) are not looked into. Field names match as encoding/json matches them: ignoring case.
func unknownFields(raw json.RawMessage, t reflect.Type, path string, out map[string]string) {
	t = derefType(t)
	if reflect.PointerTo(t).Implements(unmarshalerType) {
		return
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		var items []json.RawMessage
		if json.Unmarshal(raw, &items) == nil {
			for _, it := range items {
				unknownFields(it, t.Elem(), path+"[]", out)
			}
		}
	case reflect.Map:
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) == nil {
			for _, v := range m {
				unknownFields(v, t.Elem(), path+"{}", out)
			}
		}
	case reflect.Struct:
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) != nil {
			return
		}
		fields := jsonFields(t)
		for k, v := range m {
			ft, ok := fields[strings.ToLower(k)]
			if !ok {
				out[path+"."+k] = jsonKind(v)
				continue
			}
			unknownFields(v, ft, path+"."+k, out)
		}
	}
}

// jsonFields maps the lower-cased JSON names of t's fields (embedded structs flattened) to
// their types.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	fields := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		tag, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case tag == "-":
		case f.Anonymous && tag == "" && derefType(f.Type).Kind() == reflect.Struct:
			for k, v := range jsonFields(derefType(f.Type)) {
				fields[k] = v
			}
		case !f.IsExported():
		case tag != "":
			fields[strings.ToLower(tag)] = f.Type
		default:
			fields[strings.ToLower(f.Name)] = f.Type
		}
	}
	return fields
}

// jsonKind names the kind of a JSON value, never the value itself (the report is meant to be
// pasted into a bug report).
func jsonKind(v json.RawMessage) string {
	switch b := bytes.TrimSpace(v); {
	case len(b) == 0:
		return "empty"
	case b[0] == '{':
		return "object"
	case b[0] == '[':
		return "array"
	case b[0] == '"':
		return "string"
	case b[0] == 't' || b[0] == 'f':
		return "boolean"
	case b[0] == 'n':
		return "null"
	default:
		return "number"
	}
}

// sortedKeys lists m's keys in order, as "key (kind)".
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k, v := range m {
		keys = append(keys, fmt.Sprintf("%s (%s)", k, v))
	}
	sort.Strings(keys)
	return keys
}
