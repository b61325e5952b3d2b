package tools

import (
	"context"
	"sort"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/format"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
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

func apiListOperations(_ context.Context, env *toolcall.Env, in apiListIn) (string, error) {
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
	return format.APIOperations(ops, env.MaxChars()), nil
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

func apiDescribeOperation(_ context.Context, env *toolcall.Env, in apiDescribeIn) (string, error) {
	if (in.Operation == "") == (in.Schema == "") {
		return "", manifest.Errorf("give either operation (an operationId from api_list_operations) or schema (a schema name from a description)")
	}
	if in.Schema != "" {
		props, ok := intervals.SchemaDocs(in.Schema)
		if !ok {
			return "", manifest.Errorf("unknown schema %q: use a name shown after \"object\" in api_describe_operation's answer", in.Schema)
		}
		return format.APISchema(in.Schema, props, env.MaxChars()), nil
	}
	op, err := lookupAPIOp(in.Operation)
	if err != nil {
		return "", err
	}
	docs := intervals.ParamDocs(op.op.OperationID)
	d := format.APIOperation{Op: op.op, Upload: op.upload}
	if err := apiGuard(op); err != nil {
		d.Refused = err.Error()
	}
	for _, n := range apiParamNames(op, docs) {
		d.Params = append(d.Params, format.APIParam{Name: n, Doc: docs[n], Athlete: op.isAthleteParam(n), Format: op.isFormatParam(n)})
	}
	if op.body != nil {
		d.Body = apiBodyShape(op.body)
		if props, ok := intervals.SchemaDocs(apiSchemaName(op.body)); ok {
			d.BodyProps = props
		}
	}
	return format.DescribeAPIOperation(d, env.MaxChars()), nil
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
