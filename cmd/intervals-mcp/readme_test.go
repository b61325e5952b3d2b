package main

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
)

var update = flag.Bool("update", false, "rewrite the README's tool table (make docs)")

const (
	readme     = "../../README.md"
	tableBegin = "<!-- tools:begin -->"
	tableEnd   = "<!-- tools:end -->"
)

// TestReadmeToolTable keeps the README's tool table equal to the catalog (every toolset).
func TestReadmeToolTable(t *testing.T) {
	cat, err := server.NewCatalog(tools.All(), manifest.Filter{Toolsets: manifest.AllToolsets})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	before, rest, ok1 := strings.Cut(doc, tableBegin)
	_, after, ok2 := strings.Cut(rest, tableEnd)
	if !ok1 || !ok2 {
		t.Fatalf("README.md needs the markers %s and %s (on their own lines) where the tool table goes", tableBegin, tableEnd)
	}
	want := before + tableBegin + "\n" + cat.Markdown() + tableEnd + after
	if want == doc {
		return
	}
	if *update {
		if err := os.WriteFile(readme, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Error("README.md's tool table is stale: run 'make docs' and commit README.md")
}
