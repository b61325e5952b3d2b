package tools

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/schema"
	"github.com/tiktoken-go/tokenizer"
)

// coachingToolTokens is what each coaching tool costs in tools/list, in o200k tokens: its
// name, title, description, input schema and annotations as a client receives them.
func coachingToolTokens(t *testing.T) map[string]int {
	t.Helper()
	codec, err := tokenizer.Get(tokenizer.O200kBase)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, tool := range coachingTools() {
		s, err := schema.Reflect(tool.Input)
		if err != nil {
			t.Fatalf("%s: %v", tool.Name, err)
		}
		in, err := schema.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(map[string]any{"name": tool.Name, "title": tool.Title, "description": tool.Description, "inputSchema": in, "annotations": tool.Annotations()})
		if err != nil {
			t.Fatal(err)
		}
		n, err := codec.Count(string(b))
		if err != nil {
			t.Fatal(err)
		}
		out[tool.Name] = n
	}
	return out
}

// TestCoachingToolsBudget keeps each coaching tool under 450 tokens and the ones in the
// default toolsets (all but api and coach) under 2,300 together, this share of the
// default catalog's 7,000.
func TestCoachingToolsBudget(t *testing.T) {
	sizes := coachingToolTokens(t)
	total := 0
	for _, tool := range coachingTools() {
		n := sizes[tool.Name]
		if n > 450 {
			t.Errorf("%s is %d tokens: at most 450", tool.Name, n)
		}
		if slices.Contains(manifest.DefaultToolsets, tool.Toolset) {
			total += n
		}
		t.Logf("%-24s %-12s %4d tokens", tool.Name, tool.Toolset, n)
	}
	t.Logf("default toolsets: %d tokens", total)
	if total > 2300 {
		t.Errorf("the coaching tools of the default toolsets take %d tokens: at most 2,300", total)
	}
}

// TestCoachingToolsDefinitions checks what every tool must declare: a valid access class,
// a toolset, operations that exist, and idempotency on the writes that are.
func TestCoachingToolsDefinitions(t *testing.T) {
	ops := map[string]bool{}
	for _, op := range intervalsOperationIDs() {
		ops[op] = true
	}
	seen := map[string]bool{}
	for _, tool := range coachingTools() {
		if seen[tool.Name] {
			t.Errorf("%s defined twice", tool.Name)
		}
		seen[tool.Name] = true
		if !tool.Access.Valid() || tool.Toolset == "" || tool.Title == "" || tool.Description == "" {
			t.Errorf("%s: incomplete definition %+v", tool.Name, tool.Def)
		}
		for _, op := range tool.Operations {
			if !ops[op] {
				t.Errorf("%s names operation %s, which the API does not have", tool.Name, op)
			}
		}
		if tool.Access == manifest.Write && !tool.Idempotent {
			t.Errorf("%s writes by date, id or settings id: it is idempotent", tool.Name)
		}
	}
}

func intervalsOperationIDs() []string {
	var out []string
	for _, op := range intervals.Operations {
		out = append(out, op.OperationID)
	}
	return out
}
