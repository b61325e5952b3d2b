package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/intervals-mcp/intervals-mcp/internal/server"
)

// toolsCmd lists the tools a configuration exposes. It needs no credentials and no network.
func toolsCmd(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("tools", stderr)
	asJSON := fs.Bool("json", false, "print JSON: name, title, toolset, access, annotations, description and input schema of each tool")
	asMarkdown := fs.Bool("markdown", false, "print a Markdown table (the README's tool table)")
	cfg, err := loadFlagsOnly(fs, args)
	if err != nil {
		return err
	}
	cat, err := catalog(cfg)
	if err != nil {
		return err
	}
	if err := cat.CompileAll(); err != nil {
		return err
	}
	switch {
	case *asJSON:
		return writeJSON(stdout, cat)
	case *asMarkdown:
		_, err := io.WriteString(stdout, Markdown(cat))
		return err
	}
	for _, e := range cat.Entries {
		fmt.Fprintf(stdout, "%-28s %-12s %-11s %s\n", e.Name, e.Toolset, e.Access, e.Title)
	}
	return nil
}

type toolJSON struct {
	Name        string          `json:"name"`
	Title       string          `json:"title"`
	Toolset     string          `json:"toolset"`
	Access      string          `json:"access"`
	Operations  []string        `json:"operations,omitempty"`
	Description string          `json:"description"`
	Annotations any             `json:"annotations"`
	InputSchema json.RawMessage `json:"inputSchema"`
}

func writeJSON(w io.Writer, cat *server.Catalog) error {
	out := make([]toolJSON, 0, len(cat.Entries))
	for _, e := range cat.Entries {
		out = append(out, toolJSON{
			Name: e.Name, Title: e.Title, Toolset: string(e.Toolset), Access: e.Access.String(), Operations: e.Operations,
			Description: e.Description, Annotations: e.Annotations(), InputSchema: e.Schema,
		})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// Markdown is the README's tool table: one row per tool with its toolset, access class and
// the start of its description.
func Markdown(cat *server.Catalog) string {
	var b strings.Builder
	b.WriteString("| tool | toolset | access | what it does |\n|---|---|---|---|\n")
	for _, e := range cat.Entries {
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", e.Name, e.Toolset, e.Access, summary(e.Description))
	}
	return b.String()
}

// summary is the start of a description for a table cell: whole sentences until it says
// something (at least 50 characters), never cut inside "e.g." or "i.e.".
func summary(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	end := 0
	for end < len(s) {
		i := strings.Index(s[end:], ". ")
		if i < 0 {
			end = len(s)
			break
		}
		end += i + 1
		if abbrev(s[:end]) || end < len(s)-1 && !unicode.IsUpper(rune(s[end+1])) {
			continue
		}
		if end >= 50 {
			break
		}
	}
	return strings.ReplaceAll(strings.TrimSpace(s[:end]), "|", `\|`)
}

func abbrev(s string) bool {
	return strings.HasSuffix(s, "e.g.") || strings.HasSuffix(s, "i.e.") || strings.HasSuffix(s, "etc.")
}
