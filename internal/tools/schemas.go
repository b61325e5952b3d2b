package tools

import (
	"bytes"
	"embed"
	"io"
	"io/fs"

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

// withSchemas gives each tool its committed input schema, without its indentation. A tool
// without one keeps a nil Schema, which the server refuses (make docs writes the file). The
// files are read into one buffer and unindented in place, each schema a full slice of it:
// a copy of each file (embed.FS.ReadFile) was 44 allocations of fresh memory at every start,
// two thirds of the time this took.
func withSchemas(ts []manifest.Tool) []manifest.Tool {
	files := make([]fs.File, len(ts))
	sizes := make([]int, len(ts))
	total := 0
	for i := range ts {
		f, err := schemaFiles.Open("schemas/" + ts[i].Name + ".json")
		if err != nil {
			continue
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			continue
		}
		files[i], sizes[i] = f, int(st.Size())
		total += sizes[i]
	}
	buf := make([]byte, total)
	for i, f := range files {
		if f == nil {
			continue
		}
		b := buf[:sizes[i]:sizes[i]]
		buf = buf[sizes[i]:]
		if _, err := io.ReadFull(f, b); err != nil {
			continue
		}
		schema := unindent(b)
		ts[i].Schema = schema[:len(schema):len(schema)]
	}
	return ts
}

// unindent turns JSON written by json.Indent back into the compact JSON it was indented
// from, in place, a line at a time: json.Indent puts white space outside strings only at
// the start of a line and after a key's colon, and a string never spans lines. That is a
// tenth of json.Compact's cost, which checks the syntax again (TestSchemaSnapshots checks
// the files, TestUnindentGivesTheCompactJSON the rule).
func unindent(b []byte) []byte {
	out := b[:0]
	for len(b) > 0 {
		line := b
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			line, b = b[:i], b[i+1:]
		} else {
			b = nil
		}
		line = bytes.Trim(line, " \t\r")
		if end := stringEnd(line); end > 0 && len(line) > end+2 && line[end+1] == ':' && line[end+2] == ' ' {
			out = append(out, line[:end+2]...)
			line = line[end+3:]
		}
		out = append(out, line...)
	}
	return out
}

// stringEnd is the index of the quote that closes the string line starts with, or 0.
func stringEnd(line []byte) int {
	if len(line) == 0 || line[0] != '"' {
		return 0
	}
	for i := 1; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return 0
}
