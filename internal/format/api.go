package format

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
)

// APIOperations is the answer of api_list_operations: the operations in the order given,
// each tag as a heading where it starts, within max.
func APIOperations(ops []intervals.Operation, max int) string {
	head := fmt.Sprintf("%d operations (operationId METHOD path: summary). Describe one with api_describe_operation, call it with api_call_operation.", len(ops))
	items := make([]string, len(ops))
	last := ""
	for i, op := range ops {
		items[i] = fmt.Sprintf("%s %s %s: %s", op.OperationID, op.Method, op.Path, op.Summary)
		if op.Tag != last {
			items[i] = "# " + op.Tag + "\n" + items[i]
			last = op.Tag
		}
	}
	return List{Head: head, Items: items, Noun: "operations not shown", Hint: "filter by tag or word"}.Render(max)
}

// apiPropsHint is what a description cut in a body's properties tells the model.
const apiPropsHint = "all body properties are optional: send only those you change"

// APISchema is the answer of api_describe_operation for a schema: its properties by name.
func APISchema(name string, props map[string]intervals.FieldDoc, max int) string {
	return List{Head: name + " properties:", Items: apiPropLines(props), Noun: "properties not shown", Hint: apiPropsHint}.Render(max)
}

// APIParam is a parameter of an operation as api_describe_operation shows it.
type APIParam struct {
	Name    string
	Doc     intervals.FieldDoc
	Athlete bool // the athlete id, which the server fills in
	Format  bool // the optional format suffix of the path ("", .csv, .json)
}

// APIOperation is what api_describe_operation shows of an operation.
type APIOperation struct {
	Op        intervals.Operation
	Upload    bool                          // it uploads a file and cannot be called here
	Params    []APIParam                    // path ones in path order, then query ones
	Body      string                        // the shape of its JSON body, "" when it takes none
	BodyProps map[string]intervals.FieldDoc // the body schema's properties, nil when unknown
	Refused   string                        // why api_call_operation refuses it, "" when it does not
}

// DescribeAPIOperation is the answer of api_describe_operation for an operation: what it
// does, whether it can be called here, its parameters and its body's properties, within max.
func DescribeAPIOperation(d APIOperation, max int) string {
	op := d.Op
	head := []string{fmt.Sprintf("%s: %s %s (%s): %s", op.OperationID, op.Method, op.Path, op.Tag, op.Summary)}
	if op.Method != "GET" {
		head = append(head, "Writes: refused when the server is read-only.")
	}
	if d.Upload {
		head = append(head, "Not callable here: it uploads a file (multipart/form-data); use Intervals.icu's web page or its API directly.")
	} else if d.Refused != "" {
		head = append(head, "Not callable here: "+d.Refused)
	}
	if len(d.Params) == 0 {
		head = append(head, "params: none")
	} else {
		head = append(head, "params:")
	}
	var items []string
	for _, p := range d.Params {
		switch {
		case p.Athlete:
			items = append(items, fmt.Sprintf("- %s (path): the athlete, filled in; do not pass it", p.Name))
			continue
		case p.Format:
			items = append(items, fmt.Sprintf("- %s (path, optional): \"\" for JSON (default), or .csv / .json where the path allows it", p.Name))
			continue
		}
		req := "optional"
		if p.Doc.Required || p.Doc.In == "path" {
			req = "required"
		}
		items = append(items, fmt.Sprintf("- %s (%s, %s, %s)%s", p.Name, p.Doc.In, apiFieldType(p.Doc), req, apiDocSuffix(p.Doc)))
	}
	if d.Body != "" {
		items = append(items, "body (JSON): "+d.Body)
		items = append(items, apiPropLines(d.BodyProps)...)
	}
	return List{Head: strings.Join(head, "\n"), Items: items, Noun: "lines not shown", Hint: apiPropsHint}.Render(max)
}

// apiPropLines describes a schema's properties, one line each, by name.
func apiPropLines(props map[string]intervals.FieldDoc) []string {
	names := make([]string, 0, len(props))
	for n := range props {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = fmt.Sprintf("- %s %s%s", n, apiFieldType(props[n]), apiDocSuffix(props[n]))
	}
	return out
}

// apiFieldType is a field's type, its schema and its format where that says more than the
// type ("string (date-time)").
func apiFieldType(d intervals.FieldDoc) string {
	t := d.Type
	if t == "" {
		t = "any"
	}
	if d.Ref != "" {
		t += " " + d.Ref
	}
	if d.Format != "" && d.Format != "int32" && d.Format != "int64" && d.Format != "float" && d.Format != "double" {
		t += " (" + d.Format + ")"
	}
	return t
}

// apiDocSuffix is a field's allowed values and description.
func apiDocSuffix(d intervals.FieldDoc) string {
	s := ""
	if len(d.Enum) > 0 {
		s += " one of " + strings.Join(d.Enum, "|")
	}
	if d.Description != "" {
		s += ": " + d.Description
	}
	return s
}

// APIAnswer is an answer of Intervals.icu to api_call_operation, as received.
type APIAnswer struct {
	Method, Path string
	Code         int    // the HTTP status
	Status       string // its text ("OK")
	Type         string // the Content-Type
	Body         []byte
}

// APICall is the answer of api_call_operation: the status line, then the body within max
// characters (JSON compacted with secrets hidden, arrays cut at a whole element with the
// count left out, binary content described, not shown).
func APICall(a APIAnswer, max int) string {
	return fmt.Sprintf("%s %s: %d %s\n", a.Method, a.Path, a.Code, a.Status) + apiBody(a.Body, a.Type, max)
}

// apiSecretField matches a JSON string field that holds a secret (the athlete profile
// carries icu_api_key and icu_friend_invite_token): its value is never shown. Compiled on
// first use, not at every start of the binary.
var apiSecretField = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)"([a-z0-9_]*(?:api_?key|token|secret|password)[a-z0-9_]*)":"(?:[^"\\]|\\.)*"`)
})

// apiBody shows an answer's body within max characters.
func apiBody(body []byte, ctype string, max int) string {
	if len(body) == 0 {
		return "(empty answer)"
	}
	if !utf8.Valid(body) || bytes.IndexByte(body, 0) >= 0 {
		return fmt.Sprintf("binary content (%s, %d bytes), not shown: download it from Intervals.icu directly", ctype, len(body))
	}
	var c bytes.Buffer
	if json.Compact(&c, body) == nil {
		body = apiSecretField().ReplaceAll(c.Bytes(), []byte(`"$1":"(hidden)"`))
	}
	if len(body) <= max {
		return string(body)
	}
	var items []json.RawMessage
	if json.Unmarshal(body, &items) == nil {
		var b strings.Builder
		b.WriteByte('[')
		n := 0
		for _, it := range items {
			if b.Len()+len(it)+2 > max-120 {
				break
			}
			if n > 0 {
				b.WriteByte(',')
			}
			b.Write(it)
			n++
		}
		b.WriteByte(']')
		fmt.Fprintf(&b, "\n… showing %d of %d items; narrow the request (dates, limit, fields)", n, len(items))
		return b.String()
	}
	cut := max - 120
	for cut > 0 && !utf8.RuneStart(body[cut]) {
		cut--
	}
	return string(body[:cut]) + fmt.Sprintf("\n… cut at %d of %d characters; narrow the request (dates, limit, fields)", cut, len(body))
}
