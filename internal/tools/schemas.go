package tools

import (
	"encoding/json"
	"reflect"
	"sort"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

//go:generate go run ./schemagen -o schemas.gen.go

// schemaRow is one input type's schema, as internal/schema reflects it (schemas.gen.go).
type schemaRow struct {
	Type string // the input type, e.g. "tools.eventsIn"
	JSON string
}

// withSchemas gives each tool the schema of its input type reflected at go generate time, so
// that the server does not reflect at start (it costs the idle process about 0.6 MB of the
// binary's pages). A type missing from the table keeps a nil Schema: the server reflects it.
func withSchemas(ts []manifest.Tool) []manifest.Tool {
	for i := range ts {
		ts[i].Schema = inputSchema(ts[i].Input)
	}
	return ts
}

func inputSchema(t reflect.Type) json.RawMessage {
	name := t.String()
	i := sort.Search(len(inputSchemaRows), func(i int) bool { return inputSchemaRows[i].Type >= name })
	if i < len(inputSchemaRows) && inputSchemaRows[i].Type == name {
		return json.RawMessage(inputSchemaRows[i].JSON)
	}
	return nil
}
