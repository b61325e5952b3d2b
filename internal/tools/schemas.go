package tools

import (
	"embed"
	"encoding/json"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// schemaFiles holds each tool's input schema, schemas/<tool>.json: the one artefact of a
// schema, served as is (compacted) and reviewed in the diff. `make docs` writes them by
// reflecting the input types (TestSchemaSnapshots -update), and that test fails when one
// is stale, so that the server never reflects at start. The two variants of
// api_call_operation share one input type, and so one file.
//
//go:embed schemas/*.json
var schemaFiles embed.FS

// withSchemas gives each tool its committed input schema. A tool without one keeps a nil
// Schema, which the server refuses (make docs writes the file).
func withSchemas(ts []manifest.Tool) []manifest.Tool {
	for i := range ts {
		ts[i].Schema = committedSchema(ts[i].Name)
	}
	return ts
}

// committedSchema returns schemas/<name>.json without its indentation, or nil.
func committedSchema(name string) json.RawMessage {
	raw, err := schemaFiles.ReadFile("schemas/" + name + ".json")
	if err != nil {
		return nil
	}
	return unindent(raw)
}

// unindent removes the white space outside strings of JSON written by json.Indent, in
// place: the compact JSON it was indented from, at a tenth of json.Compact's cost (which
// checks the syntax again; TestSchemaSnapshots checks the files).
func unindent(b []byte) []byte {
	out := b[:0]
	inString, escaped := false, false
	for _, c := range b {
		switch {
		case inString:
			inString = escaped || c != '"'
			escaped = !escaped && c == '\\'
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			continue
		case c == '"':
			inString = true
		}
		out = append(out, c)
	}
	return out
}
