package tools

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/schema/infer"
)

// schemasDir is the directory TestSchemaSnapshots checks, or writes with -update (the one
// flag of the package's tests, in helpers_test.go, that also rewrites the golden answers).
var schemasDir = flag.String("schemas", "schemas", "the directory TestSchemaSnapshots checks, or writes with -update")

// TestSchemaSnapshots keeps schemas/<tool>.json, the input schema the server serves, equal to
// what reflecting the tool's input type gives: a change there is a change of the tool's API,
// reviewed in the diff. make docs rewrites them (-update).
func TestSchemaSnapshots(t *testing.T) {
	dir := *schemasDir
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
		if err := json.Indent(&b, raw, "", "  "); err != nil {
			t.Fatal(err)
		}
		b.WriteByte('\n')
		if prev, ok := want[tool.Name]; ok && !bytes.Equal(prev, b.Bytes()) {
			t.Errorf("%s: the variants of the tool have different input types: they must share one schema file", tool.Name)
		}
		want[tool.Name] = b.Bytes()
	}
	if *update {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		for _, f := range files {
			if err := os.Remove(f); err != nil {
				t.Fatal(err)
			}
		}
		for name, b := range want {
			if err := os.WriteFile(filepath.Join(dir, name+".json"), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	for name, b := range want {
		path := filepath.Join(dir, name+".json")
		have, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s: no schema (%v): run 'make docs' and commit %s", name, err, path)
			continue
		}
		if !bytes.Equal(have, b) {
			t.Errorf("%s: %s is stale (the input type says otherwise): review the change, run 'make docs' and commit", name, path)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, f := range files {
		if _, ok := want[filepath.Base(f[:len(f)-len(".json")])]; !ok {
			t.Errorf("%s: schema of a tool that no longer exists: run 'make docs'", f)
		}
	}
}

// TestEveryToolServesItsCommittedSchema: All gives every tool the compact form of its file.
func TestEveryToolServesItsCommittedSchema(t *testing.T) {
	for _, tool := range All() {
		raw, err := os.ReadFile(filepath.Join("schemas", tool.Name+".json"))
		if err != nil {
			t.Fatalf("%s: %v: run 'make docs'", tool.Name, err)
		}
		var want bytes.Buffer
		if err := json.Compact(&want, raw); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(tool.Schema, want.Bytes()) {
			t.Errorf("%s: serves\n %s\nnot its file compacted\n %s", tool.Name, tool.Schema, want.Bytes())
		}
		if cap(tool.Schema) != len(tool.Schema) {
			t.Errorf("%s: its schema shares a buffer with the next one past its end (cap %d, len %d): an append would overwrite it", tool.Name, cap(tool.Schema), len(tool.Schema))
		}
	}
}

func TestUnindentGivesTheCompactJSON(t *testing.T) {
	compact := `{"a":"x \"y\" \\","b":[1,{"c":" spaced\tout\n"}],"d":{},"e":["k\": v","\\\": w",{"f\"g":"h: i"}],"j":[]}`
	var b bytes.Buffer
	if err := json.Indent(&b, []byte(compact), "", "  "); err != nil {
		t.Fatal(err)
	}
	if got := string(unindent(b.Bytes())); got != compact {
		t.Errorf("got %s, want %s", got, compact)
	}
}
