package tools

import (
	"bytes"
	_ "embed" // schemas.json

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
)

// schemasJSON holds every tool's input schema, schemas.json: the one artefact of a schema,
// served as it is and reviewed in the diff. `make docs` writes it by reflecting the input
// types (TestSchemaSnapshots -update), and that test fails when it is stale, so that the
// server never reflects at start. It is one JSON object with a line per tool, by name,
// "<tool>":<its compact schema>, so that serving a schema takes no work: it is its line's
// slice. The two variants of api_call_operation share one input type, and so one line.
//
//go:embed schemas.json
var schemasJSON []byte

// withSchemas gives each tool its committed input schema, a full slice of schemasJSON (an
// append cannot write into the next line). A tool without one keeps a nil Schema, which the
// server refuses (make docs writes it).
func withSchemas(ts []manifest.Tool) []manifest.Tool {
	lines := schemaLines(schemasJSON)
	for i := range ts {
		ts[i].Schema = lines[ts[i].Name]
	}
	return ts
}

// schemaLines reads schemas.json's lines, "<tool>":<schema> and a comma but on the last;
// the braces around them have no name.
func schemaLines(b []byte) map[string][]byte {
	out := make(map[string][]byte, 48)
	for len(b) > 0 {
		line := b
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			line, b = b[:i], b[i+1:]
		} else {
			b = nil
		}
		name, schema, ok := bytes.Cut(line, []byte(`":`))
		if !ok || len(name) < 2 || name[0] != '"' {
			continue
		}
		schema = bytes.TrimSuffix(schema, []byte(","))
		out[string(name[1:])] = schema[:len(schema):len(schema)]
	}
	return out
}
