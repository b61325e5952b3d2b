package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/goldenfile"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestToolsListIsTheCommittedCatalog lists the tools of four configurations through a go-sdk
// client session, on the latest revision and on 2025-06-18, and holds each tool as listed
// (name, title, description, annotations, input schema, _meta) against its committed file
// under testdata/tools_list: a change to the catalog is a change to those files, made by
// make docs and seen in review.
func TestToolsListIsTheCommittedCatalog(t *testing.T) {
	for _, c := range []struct {
		name   string
		filter manifest.Filter
	}{
		{"default", manifest.Filter{}},
		{"read-only", manifest.Filter{ReadOnly: true}},
		{"all", manifest.Filter{Toolsets: manifest.AllToolsets}},
		{"coach", manifest.Filter{Toolsets: []manifest.Toolset{manifest.Coach, manifest.Calendar}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv, err := server.New(server.Options{Tools: All(), Filter: c.filter})
			if err != nil {
				t.Fatal(err)
			}
			var lists [][]byte
			for _, version := range []string{"", "2025-06-18"} {
				res, err := mcptest.Connect(t, srv, nil, version).ListTools(context.Background(), nil)
				if err != nil {
					t.Fatal(err)
				}
				lists = append(lists, toolLines(t, res.Tools))
			}
			if !bytes.Equal(lists[0], lists[1]) {
				t.Errorf("tools/list differs between the revisions")
			}
			path := filepath.Join("testdata", "tools_list", c.name+".jsonl")
			want := goldenfile.Want(t, path, lists[0], *update, "go test ./internal/tools -update")
			if !bytes.Equal(lists[0], want) {
				t.Errorf("tools/list of %s is not %s (run make docs if the change is meant):\n%s", c.name, path, lineDiff(string(want), string(lists[0])))
			}
		})
	}
}

// toolLines is one line of JSON per tool, by name.
func toolLines(t *testing.T, tools []*mcp.Tool) []byte {
	t.Helper()
	tools = slices.Clone(tools)
	slices.SortFunc(tools, func(a, b *mcp.Tool) int { return strings.Compare(a.Name, b.Name) })
	var b bytes.Buffer
	for _, tl := range tools {
		line, err := json.Marshal(tl)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// lineDiff names the lines of got that want lacks, and the reverse.
func lineDiff(want, got string) string {
	var out []string
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for _, l := range g {
		if !slices.Contains(w, l) {
			out = append(out, "+ "+l)
		}
	}
	for _, l := range w {
		if !slices.Contains(g, l) {
			out = append(out, "- "+l)
		}
	}
	return strings.Join(out, "\n")
}
