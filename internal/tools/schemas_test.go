package tools

import (
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/schema"
)

// TestInputSchemasAreCurrent: the schemas reflected at go generate time (schemas.gen.go) are
// what reflecting the tools' input types gives now, for every tool.
func TestInputSchemasAreCurrent(t *testing.T) {
	for _, tool := range All() {
		s, err := schema.Reflect(tool.Input)
		if err != nil {
			t.Fatalf("%s: %v", tool.Name, err)
		}
		want, err := schema.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if string(tool.Schema) != string(want) {
			t.Errorf("%s: the generated schema of %s is stale: run make generate (go generate ./internal/tools)\n have %s\n want %s", tool.Name, tool.Input, tool.Schema, want)
		}
	}
}
