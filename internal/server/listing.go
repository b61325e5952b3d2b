package server

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// How the catalog is listed for people: the tools command (text, JSON, a Markdown table).

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

// WriteJSON writes the catalog as JSON (intervals-mcp tools --json): each tool's name,
// title, toolset, access class, operations, description, annotations and input schema.
func (cat *Catalog) WriteJSON(w io.Writer) error {
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

// WriteText writes one line per tool: name, toolset, access class, title (intervals-mcp
// tools).
func (cat *Catalog) WriteText(w io.Writer) error {
	for _, e := range cat.Entries {
		if _, err := fmt.Fprintf(w, "%-28s %-12s %-11s %s\n", e.Name, e.Toolset, e.Access, e.Title); err != nil {
			return err
		}
	}
	return nil
}

// Markdown is the catalog as a Markdown table (intervals-mcp tools --markdown): one row per tool
// with its toolset, access class and the start of its description.
func (cat *Catalog) Markdown() string {
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
