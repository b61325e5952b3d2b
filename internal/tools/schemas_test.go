package tools

import (
	"bytes"
	"encoding/json"
	"flag"
	"maps"
	"os"
	"slices"
	"strconv"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/schema/infer"
)

// schemasFile is the file TestSchemaSnapshots checks, or writes with -update (the flag of
// the package's tests, in helpers_test.go, that also rewrites the golden answers).
var schemasFile = flag.String("schemas", "schemas.json", "the file TestSchemaSnapshots checks, or writes with -update")

// TestSchemaSnapshots keeps schemas.json, the input schemas the server serves, equal to what
// reflecting each tool's input type gives: a change there is a change of the tool's API,
// reviewed in the diff (a line per tool). make docs rewrites it (-update).
func TestSchemaSnapshots(t *testing.T) {
	want := map[string][]byte{}
	for _, tool := range All() {
		s, err := infer.Reflect(tool.Input)
		if err != nil {
			t.Fatalf("%s: %v", tool.Name, err)
		}
		raw, err := infer.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := json.Compact(&b, raw); err != nil {
			t.Fatal(err)
		}
		if prev, ok := want[tool.Name]; ok && !bytes.Equal(prev, b.Bytes()) {
			t.Errorf("%s: the variants of the tool have different input types: they must share one schema", tool.Name)
		}
		want[tool.Name] = b.Bytes()
	}
	file := renderSchemas(want)
	if *update {
		if err := os.WriteFile(*schemasFile, file, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile(*schemasFile)
	if err != nil {
		t.Fatalf("no schemas (%v): run 'make docs' and commit %s", err, *schemasFile)
	}
	if bytes.Equal(have, file) {
		return
	}
	var committed map[string]json.RawMessage
	if err := json.Unmarshal(have, &committed); err != nil {
		t.Fatalf("%s is not JSON (%v): run 'make docs'", *schemasFile, err)
	}
	for _, name := range slices.Sorted(maps.Keys(want)) {
		switch c, ok := committed[name]; {
		case !ok:
			t.Errorf("%s: no schema in %s: run 'make docs' and commit it", name, *schemasFile)
		case !bytes.Equal(c, want[name]):
			t.Errorf("%s: its schema in %s is stale (the input type says otherwise): review the change, run 'make docs' and commit", name, *schemasFile)
		}
	}
	for name := range committed {
		if _, ok := want[name]; !ok {
			t.Errorf("%s: schema of a tool that no longer exists: run 'make docs'", name)
		}
	}
	if !t.Failed() {
		t.Errorf("%s is not laid out as make docs writes it (a line per tool, by name): run 'make docs'", *schemasFile)
	}
}

// renderSchemas is schemas.json: one JSON object, a line per tool in name order, each
// schema compact.
func renderSchemas(schemas map[string][]byte) []byte {
	b := []byte("{\n")
	for i, name := range slices.Sorted(maps.Keys(schemas)) {
		if i > 0 {
			b = append(b, ",\n"...)
		}
		b = strconv.AppendQuote(b, name)
		b = append(append(b, ':'), schemas[name]...)
	}
	return append(b, "\n}\n"...)
}

// TestEveryToolServesItsCommittedSchema: All gives every tool its schema in schemas.json,
// each a slice that ends where its schema ends.
func TestEveryToolServesItsCommittedSchema(t *testing.T) {
	committed := schemaFile(t, "schemas.json")
	for _, tool := range All() {
		want, ok := committed[tool.Name]
		if !ok {
			t.Fatalf("%s: not in schemas.json: run 'make docs'", tool.Name)
		}
		if !bytes.Equal(tool.Schema, want) {
			t.Errorf("%s: serves\n %s\nnot its line of schemas.json\n %s", tool.Name, tool.Schema, want)
		}
		if cap(tool.Schema) != len(tool.Schema) {
			t.Errorf("%s: its schema shares a buffer with the next one past its end (cap %d, len %d): an append would overwrite it", tool.Name, cap(tool.Schema), len(tool.Schema))
		}
	}
}

// schemaFile reads a schemas.json: each tool's schema by name.
func schemaFile(t *testing.T, path string) map[string]json.RawMessage {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (make docs writes schemas.json)", err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return m
}
