package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"unicode"
)

type obj = map[string]any

func main() {
	in := flag.String("in", "", "the Intervals.icu OpenAPI document (make spec fetches it)")
	out := flag.String("out", "", "where to write the fixed document")
	ops := flag.String("ops", "", "where to write the Go table of operations (optional)")
	docs := flag.String("docs", "", "where to write the Go table of parameter and property docs (optional)")
	pkg := flag.String("pkg", "intervals", "package name of the operations table")
	sha := flag.String("sha", "", "where to record the sha256 of the input document (optional)")
	check := flag.Bool("check", false, "only check that -in is an OpenAPI 3 document with operations")
	client := flag.String("client", "", "with -methods: the Go file oapi-codegen wrote from -in (the prepared document)")
	methods := flag.String("methods", "", "where to write the operations' lookup of the generated client's methods (after oapi-codegen; only this is done)")
	flag.Parse()
	if *methods != "" {
		if err := runMethods(*in, *client, *methods, *pkg); err != nil {
			fmt.Fprintln(os.Stderr, "prep:", err)
			os.Exit(1)
		}
		return
	}
	if *check {
		if err := checkSpec(*in); err != nil {
			fmt.Fprintln(os.Stderr, "prep:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*in, *out, *ops, *docs, *pkg, *sha); err != nil {
		fmt.Fprintln(os.Stderr, "prep:", err)
		os.Exit(1)
	}
}

// checkSpec reports whether the file is an OpenAPI 3 document with at least one operation,
// so that `make spec` never replaces a good spec with an error page.
func checkSpec(in string) error {
	raw, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	var doc obj
	if err := json.Unmarshal(raw, &doc); err != nil {
		return fmt.Errorf("%s is not JSON (an error page?): %w", in, err)
	}
	if v, _ := doc["openapi"].(string); !strings.HasPrefix(v, "3.") {
		return fmt.Errorf("%s is not an OpenAPI 3 document", in)
	}
	n := 0
	operations(doc, func(string, string, obj) { n++ })
	if n == 0 {
		return fmt.Errorf("%s has no operations", in)
	}
	return nil
}

func run(in, out, ops, docs, pkg, sha string) error {
	if in == "" || out == "" {
		return fmt.Errorf("-in and -out are required")
	}
	raw, doc, err := readSpec(in)
	if err != nil {
		return err
	}
	report := fix(doc)
	for _, line := range report {
		fmt.Fprintln(os.Stderr, "prep:", line)
	}
	fixed, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(out, fixed, 0o644); err != nil {
		return err
	}
	sum := sha256.Sum256(raw)
	if sha != "" {
		line := hex.EncodeToString(sum[:]) + "  intervals-icu.json\n"
		if err := os.WriteFile(sha, []byte(line), 0o644); err != nil {
			return err
		}
	}
	if ops != "" {
		src, err := operationsTable(doc, pkg, hex.EncodeToString(sum[:]))
		if err != nil {
			return err
		}
		if err := os.WriteFile(ops, src, 0o644); err != nil {
			return err
		}
	}
	if docs != "" {
		src, err := docsTable(doc, pkg, hex.EncodeToString(sum[:]))
		if err != nil {
			return err
		}
		if err := os.WriteFile(docs, src, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// readSpec reads the document in, as its bytes and decoded.
func readSpec(in string) ([]byte, obj, error) {
	raw, err := os.ReadFile(in)
	if os.IsNotExist(err) {
		return nil, nil, fmt.Errorf("%s is missing: run `make spec` first (SPEC_SRC=path copies a local file)", in)
	}
	if err != nil {
		return nil, nil, err
	}
	var doc obj
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, nil, fmt.Errorf("%s is not JSON: %w", in, err)
	}
	return raw, doc, nil
}

// fix applies every rule and reports what each changed.
func fix(doc obj) []string {
	var report []string
	add := func(rule string, n int) { report = append(report, fmt.Sprintf("%-28s %d changes", rule, n)) }
	add("json-media-types (1)", jsonMediaTypes(doc))
	add("untyped-objects (5)", untypedObjects(doc))
	add("multipart-uploads (6)", multipartUploads(doc))
	add("json-query-filters (10)", objectQueryParams(doc))
	add("sport-enum (11)", hoistSportEnum(doc))
	add("security-alternatives (12)", securityAlternatives(doc))
	add("byte-arrays (13)", byteArrays(doc))
	add("erased-generics (15)", erasedGenerics(doc))
	add("field-additions (16)", addFields(doc))
	add("activity-pace-curves (17)", activityPaceCurvesAnswer(doc))
	return report
}

// operations calls f for every operation of the document, in path then method order.
func operations(doc obj, f func(path, method string, op obj)) {
	paths, _ := doc["paths"].(obj)
	for _, p := range sortedKeys(paths) {
		item, _ := paths[p].(obj)
		for _, m := range sortedKeys(item) {
			if op, ok := item[m].(obj); ok && isMethod(m) {
				f(p, m, op)
			}
		}
	}
}

func isMethod(m string) bool {
	switch m {
	case "get", "put", "post", "delete", "patch", "head", "options", "trace":
		return true
	}
	return false
}

// jsonMediaTypes (quirk 1): springdoc declares every response as `*/*`, and oapi-codegen
// decodes only JSON media types, so no response would be typed. A `*/*` response whose schema
// is not a binary string is JSON: rename the media type. Binary ones become octet-stream.
func jsonMediaTypes(doc obj) int {
	n := 0
	operations(doc, func(_, _ string, op obj) {
		responses, _ := op["responses"].(obj)
		for _, r := range responses {
			content, _ := r.(obj)["content"].(obj)
			media, ok := content["*/*"]
			if !ok {
				continue
			}
			delete(content, "*/*")
			schema, _ := media.(obj)["schema"].(obj)
			if schema["type"] == "string" && schema["format"] == "binary" {
				content["application/octet-stream"] = media
			} else {
				content["application/json"] = media
			}
			n++
		}
	})
	return n
}

// untypedObjects (quirk 5): a Java Object is rendered as a bare {"type":"object"} although its
// values are arrays, numbers or strings (stream data, workout_doc contents, custom item
// content). Generated as map[string]any, real payloads fail to decode; drop the type so the
// value is untyped (any). An object with properties or additionalProperties is left alone.
func untypedObjects(doc obj) int {
	n := 0
	eachObject(doc, func(t obj) {
		if t["type"] == "object" && t["properties"] == nil && t["additionalProperties"] == nil &&
			t["allOf"] == nil && t["oneOf"] == nil && t["anyOf"] == nil && t["$ref"] == nil {
			delete(t, "type")
			n++
		}
	})
	return n
}

// eachObject calls f on every JSON object of the document, parents before their children
// (which f may change), in key order.
func eachObject(v any, f func(obj)) {
	switch t := v.(type) {
	case obj:
		f(t)
		for _, k := range sortedKeys(t) {
			eachObject(t[k], f)
		}
	case []any:
		for _, e := range t {
			eachObject(e, f)
		}
	}
}

// multipartUploads (quirk 6): file uploads are declared as application/json bodies with a
// binary property; Intervals.icu reads them as multipart/form-data. Any JSON request body
// whose schema has a binary string property becomes a multipart body with that schema
// (replacing a schema-less multipart entry where springdoc left one).
func multipartUploads(doc obj) int {
	n := 0
	operations(doc, func(_, _ string, op obj) {
		body, _ := op["requestBody"].(obj)
		content, _ := body["content"].(obj)
		media, _ := content["application/json"].(obj)
		schema, _ := media["schema"].(obj)
		props, _ := schema["properties"].(obj)
		binary := false
		for _, p := range props {
			if ps, ok := p.(obj); ok && ps["type"] == "string" && ps["format"] == "binary" {
				binary = true
			}
		}
		if !binary {
			return
		}
		delete(content, "application/json")
		content["multipart/form-data"] = media
		n++
	})
	return n
}

// objectQueryParams (quirk 10): the curve endpoints declare query parameters as arrays of
// ActivityFilter objects, which no query serialisation of the runtime can write. Intervals.icu
// reads such a filter as JSON text, so the parameter becomes a string holding JSON.
func objectQueryParams(doc obj) int {
	n := 0
	operations(doc, func(_, _ string, op obj) {
		params, _ := op["parameters"].([]any)
		for _, p := range params {
			param, _ := p.(obj)
			if param["in"] != "query" {
				continue
			}
			schema, _ := param["schema"].(obj)
			items, _ := schema["items"].(obj)
			isObject := func(s obj) bool { return resolve(doc, s)["type"] == "object" }
			if isObject(schema) || (schema["type"] == "array" && items != nil && isObject(items)) {
				param["schema"] = obj{"type": "string"}
				desc, _ := param["description"].(string)
				param["description"] = strings.TrimSpace(desc + " (JSON text: an array of ActivityFilter objects)")
				n++
			}
		}
	})
	return n
}

// resolve follows a schema's $ref to the component it names (one level).
func resolve(doc obj, s obj) obj {
	ref, ok := s["$ref"].(string)
	if !ok {
		return s
	}
	comps, _ := doc["components"].(obj)
	schemas, _ := comps["schemas"].(obj)
	target, _ := schemas[strings.TrimPrefix(ref, "#/components/schemas/")].(obj)
	return target
}

// hoistSportEnum (quirk 11): the sport type enum (about 60 values) is inlined wherever a sport
// appears, which gives dozens of distinct Go types for one concept. Every inline string enum
// that lists Ride, Run and Swim is replaced by a reference to one SportType schema holding the
// union of their values, so a sport added upstream in any copy lands in the one type.
func hoistSportEnum(doc obj) int {
	var union []string
	seen := map[string]bool{}
	n := 0
	isSport := func(t obj) bool {
		if t["type"] != "string" {
			return false
		}
		vals, _ := t["enum"].([]any)
		has := map[string]bool{}
		for _, v := range vals {
			if s, ok := v.(string); ok {
				has[s] = true
			}
		}
		return has["Ride"] && has["Run"] && has["Swim"]
	}
	comps, _ := doc["components"].(obj)
	schemas, _ := comps["schemas"].(obj)
	// A SportType already there (from an earlier pass, or upstream) is the union's start and
	// is not itself replaced by a reference to itself.
	if st, ok := schemas["SportType"].(obj); ok {
		for _, e := range asSlice(st["enum"]) {
			if s, ok := e.(string); ok && !seen[s] {
				seen[s] = true
				union = append(union, s)
			}
		}
	}
	var walk func(v any)
	walk = func(v any) {
		switch t := v.(type) {
		case obj:
			for _, k := range sortedKeys(t) {
				child, ok := t[k].(obj)
				if ok && k == "SportType" && sameObj(t, schemas) {
					continue
				}
				if ok && isSport(child) {
					for _, e := range child["enum"].([]any) {
						if s := e.(string); !seen[s] {
							seen[s] = true
							union = append(union, s)
						}
					}
					ref := obj{"$ref": "#/components/schemas/SportType"}
					if d, ok := child["description"]; ok {
						// A $ref may not carry siblings in OpenAPI 3.0: keep the text in allOf.
						ref = obj{"allOf": []any{ref}, "description": d}
					}
					t[k] = ref
					n++
					continue
				}
				walk(t[k])
			}
		case []any:
			for _, e := range t {
				walk(e)
			}
		}
	}
	walk(doc)
	if n > 0 {
		vals := make([]any, len(union))
		for i, s := range union {
			vals[i] = s
		}
		schemas["SportType"] = obj{"type": "string", "enum": vals,
			"description": "Intervals.icu sport type (one schema for the enum the spec inlines everywhere)"}
	}
	return n
}

// sameObj reports whether a and b are the same map (not equal contents: the same one).
func sameObj(a, b obj) bool {
	return a != nil && b != nil && reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}

// securityAlternatives (quirk 12): the global requirement lists both schemes in one object,
// which strictly means both at once; each is an alternative. Split every multi-scheme
// requirement object into one object per scheme.
func securityAlternatives(doc obj) int {
	reqs, _ := doc["security"].([]any)
	var split []any
	n := 0
	for _, r := range reqs {
		req, _ := r.(obj)
		if len(req) <= 1 {
			split = append(split, r)
			continue
		}
		for _, k := range sortedKeys(req) {
			split = append(split, obj{k: req[k]})
		}
		n++
	}
	if n > 0 {
		doc["security"] = split
	}
	return n
}

// byteArrays (quirk 13, found in the fixtures): a Java byte[] is declared as an array of
// base64 strings, but Jackson writes it as one base64 string (skyline_chart_bytes); real
// activities then fail to decode. An array whose items are `format: byte` strings becomes one
// string, kept as its base64 text (Go's []byte would reject the whole activity when one
// such opaque value is not valid base64, as in anonymised recordings).
func byteArrays(doc obj) int {
	n := 0
	eachObject(doc, func(t obj) {
		if items, ok := t["items"].(obj); ok && t["type"] == "array" && items["type"] == "string" && items["format"] == "byte" {
			delete(t, "items")
			t["type"] = "string"
			desc, _ := t["description"].(string)
			t["description"] = strings.TrimSpace(desc + " (base64)")
			n++
		}
	})
	return n
}

// erasedGenerics (quirk 15, found in the fixtures): springdoc erases a Java generic to its
// bound, so DataCurveSet<PowerCurve> is declared with a list of the base DataCurve, and the
// power-only fields (watts_per_kg, powerModels, vo2max_5m) are lost to typed clients. A schema
// named Container+T, where T is another schema, whose array items refer to a base B that T
// closely resembles (at least 85% of B's properties are T's) gets items of T instead.
func erasedGenerics(doc obj) int {
	comps, _ := doc["components"].(obj)
	schemas, _ := comps["schemas"].(obj)
	props := func(name string) obj {
		s, _ := schemas[name].(obj)
		p, _ := s["properties"].(obj)
		return p
	}
	n := 0
	for _, name := range sortedKeys(schemas) {
		t := ""
		for _, cand := range sortedKeys(schemas) {
			if cand != name && strings.HasSuffix(name, cand) && len(cand) > len(t) {
				t = cand
			}
		}
		if t == "" {
			continue
		}
		for _, pn := range sortedKeys(props(name)) {
			p, _ := props(name)[pn].(obj)
			items, _ := p["items"].(obj)
			ref, _ := items["$ref"].(string)
			base := strings.TrimPrefix(ref, "#/components/schemas/")
			if p["type"] != "array" || ref == "" || base == name || base == t || len(props(base)) == 0 {
				continue
			}
			shared := 0
			for k := range props(base) {
				if _, ok := props(t)[k]; ok {
					shared++
				}
			}
			if shared*100 >= 85*len(props(base)) {
				items["$ref"] = "#/components/schemas/" + t
				n++
			}
		}
	}
	return n
}

// operationsTable writes the Go table of every operation, used by tests to check the MCP tool
// manifest against the whole API offline, and by the api toolset to list operations.
func operationsTable(doc obj, pkg, sum string) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by openapi/prep from intervals-icu.json (sha256 %s). DO NOT EDIT.\n\n", sum)
	fmt.Fprintf(&b, "package %s\n\n", pkg)
	b.WriteString("// Operations lists every operation of the Intervals.icu API, in path then method order.\n")
	b.WriteString("// GoName is the name of the generated client method (and of its WithResponse form).\n")
	b.WriteString("var Operations = []Operation{\n")
	count := 0
	operations(doc, func(path, method string, op obj) {
		id, _ := op["operationId"].(string)
		tags, _ := op["tags"].([]any)
		tag := ""
		if len(tags) > 0 {
			tag, _ = tags[0].(string)
		}
		summary, _ := op["summary"].(string)
		fmt.Fprintf(&b, "\t{OperationID: %q, GoName: %q, Method: %q, Path: %q, Tag: %q, Summary: %q},\n",
			id, goName(id), strings.ToUpper(method), path, tag, summary)
		count++
	})
	b.WriteString("}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("format operations table: %w", err)
	}
	if count == 0 {
		return nil, fmt.Errorf("the document has no operations")
	}
	return src, nil
}

// goName mirrors oapi-codegen's name for an operation id: the first letter upper-cased and
// every character that cannot stand in a Go name dropped, the next letter upper-cased.
func goName(id string) string {
	var b strings.Builder
	upper := true
	for _, r := range id {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			upper = true
			continue
		}
		if upper {
			r = unicode.ToUpper(r)
			upper = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

func sortedKeys(m obj) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
