package tools

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// The api toolset reaches every operation of Intervals.icu through three tools: list the
// operations, describe one, call one through the typed client. It is off by default: three
// tool definitions cost little, but a model that calls raw operations needs more turns than
// one that calls a curated tool, so it is for what the curated tools do not cover.

type apiListIn struct {
	Tag  string `json:"tag,omitempty" jsonschema_description:"Only this tag, e.g. Wellness, Events, Activities"`
	Word string `json:"word,omitempty" jsonschema_description:"Only operations whose id, path or summary contain this word"`
}

func apiListOperationsTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "api_list_operations",
		Title:       "List API operations",
		Description: "Lists Intervals.icu API operations (operationId, method, path, summary), filtered by tag or word. For what no other tool does.",
		Toolset:     manifest.API,
		Access:      manifest.Read,
	}, apiListOperations)
}

func apiListOperations(_ context.Context, env *manifest.Env, in apiListIn) (string, error) {
	tag, word := strings.TrimSpace(in.Tag), strings.ToLower(strings.TrimSpace(in.Word))
	var ops []intervals.Operation
	tags := map[string]int{}
	for _, op := range intervals.Operations {
		tags[op.Tag]++
		if tag != "" && !strings.EqualFold(op.Tag, tag) {
			continue
		}
		if word != "" && !strings.Contains(strings.ToLower(op.OperationID+" "+op.Path+" "+op.Summary), word) {
			continue
		}
		ops = append(ops, op)
	}
	if len(ops) == 0 {
		return "", manifest.Errorf("no operation matches tag %q and word %q; tags: %s", in.Tag, in.Word, apiTagList(tags))
	}
	sort.SliceStable(ops, func(i, j int) bool { return ops[i].Tag < ops[j].Tag })
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
	return format.List{Head: head, Items: items, Noun: "operations not shown", Hint: "filter by tag or word"}.Render(env.MaxChars()), nil
}

func apiTagList(tags map[string]int) string {
	names := make([]string, 0, len(tags))
	for t := range tags {
		names = append(names, t)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

type apiDescribeIn struct {
	Operation string `json:"operation,omitempty" jsonschema_description:"operationId, e.g. listWellnessRecords"`
	Schema    string `json:"schema,omitempty" jsonschema_description:"A schema name shown by a description, e.g. SportSettings, to see its properties"`
}

func apiDescribeOperationTool() manifest.Tool {
	return manifest.New(manifest.Def{
		Name:        "api_describe_operation",
		Title:       "Describe an API operation",
		Description: "Shows an API operation's parameters and JSON body, or a schema's properties, as api_call_operation takes them.",
		Toolset:     manifest.API,
		Access:      manifest.Read,
	}, apiDescribeOperation)
}

func apiDescribeOperation(_ context.Context, env *manifest.Env, in apiDescribeIn) (string, error) {
	if (in.Operation == "") == (in.Schema == "") {
		return "", manifest.Errorf("give either operation (an operationId from api_list_operations) or schema (a schema name from a description)")
	}
	if in.Schema != "" {
		props, ok := intervals.SchemaDocs(in.Schema)
		if !ok {
			return "", manifest.Errorf("unknown schema %q: use a name shown after \"object\" in api_describe_operation's answer", in.Schema)
		}
		return format.List{Head: in.Schema + " properties:", Items: apiPropLines(props), Noun: "properties not shown", Hint: apiPropsHint}.Render(env.MaxChars()), nil
	}
	op, err := lookupAPIOp(in.Operation)
	if err != nil {
		return "", err
	}
	head := []string{fmt.Sprintf("%s: %s %s (%s): %s", op.op.OperationID, op.op.Method, op.op.Path, op.op.Tag, op.op.Summary)}
	if op.op.Method != "GET" {
		head = append(head, "Writes: refused when the server is read-only.")
	}
	if op.upload {
		head = append(head, "Not callable here: it uploads a file (multipart/form-data); use Intervals.icu's web page or its API directly.")
	}
	docs := intervals.ParamDocs(op.op.OperationID)
	names := apiParamNames(op, docs)
	if len(names) == 0 {
		head = append(head, "params: none")
	} else {
		head = append(head, "params:")
	}
	var items []string
	for _, n := range names {
		d := docs[n]
		switch {
		case op.isAthleteParam(n):
			items = append(items, fmt.Sprintf("- %s (path): the athlete, filled in; do not pass it", n))
			continue
		case op.isFormatParam(n):
			items = append(items, fmt.Sprintf("- %s (path, optional): \"\" for JSON (default), or .csv / .json where the path allows it", n))
			continue
		}
		req := "optional"
		if d.Required || d.In == "path" {
			req = "required"
		}
		items = append(items, fmt.Sprintf("- %s (%s, %s, %s)%s", n, d.In, apiFieldType(d), req, apiDocSuffix(d)))
	}
	if op.body != nil {
		items = append(items, "body (JSON): "+apiBodyShape(op.body))
		if props, ok := intervals.SchemaDocs(apiSchemaName(op.body)); ok {
			items = append(items, apiPropLines(props)...)
		}
	}
	return format.List{Head: strings.Join(head, "\n"), Items: items, Noun: "lines not shown", Hint: apiPropsHint}.Render(env.MaxChars()), nil
}

// apiParamNames lists an operation's parameters: path ones in path order, then query ones sorted.
func apiParamNames(op *apiOp, docs map[string]intervals.FieldDoc) []string {
	names := append([]string(nil), op.pathNames...)
	var query []string
	for n, d := range docs {
		if d.In != "path" {
			query = append(query, n)
		}
	}
	sort.Strings(query)
	return append(names, query...)
}

// apiPropsHint is what a description cut in a body's properties tells the model.
const apiPropsHint = "all body properties are optional: send only those you change"

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
