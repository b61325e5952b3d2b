package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/schema/infer"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
)

var update = flag.Bool("update", false, "rewrite the generated parts of README.md and internal/tools/README.md (make docs)")

// The pages make docs writes parts of, from this folder, and the committed schemas they read.
const (
	readme        = "../../README.md"
	toolReadme    = "../../internal/tools/README.md"
	schemasFile   = "../../internal/tools/schemas.json"
	toolReference = "internal/tools/README.md" // as README.md links to it
)

// TestDocsToolsetTable keeps README.md's table of toolsets, between <!-- tools:begin --> and
// <!-- tools:end -->, equal to the catalog: a line per toolset, each tool linked to its
// entry in internal/tools/README.md.
func TestDocsToolsetTable(t *testing.T) {
	checkGenerated(t, readme, "tools", toolsetTable(tools.All()))
}

// TestDocsToolReference keeps internal/tools/README.md's reference, between
// <!-- reference:begin --> and <!-- reference:end -->, equal to the catalog and the
// committed schemas; the page's other sections are written by hand.
func TestDocsToolReference(t *testing.T) {
	schemas, err := readSchemas(schemasFile)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := referenceOf(tools.All(), schemas)
	if err != nil {
		t.Fatal(err)
	}
	checkGenerated(t, toolReadme, "reference", ref)
}

// checkGenerated compares the part of the page between <!-- name:begin --> and
// <!-- name:end --> with want, and writes it there under -update.
func checkGenerated(t *testing.T, page, name, want string) {
	t.Helper()
	begin, end := "<!-- "+name+":begin -->\n", "<!-- "+name+":end -->"
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	before, rest, ok1 := strings.Cut(doc, begin)
	_, after, ok2 := strings.Cut(rest, end)
	if !ok1 || !ok2 {
		t.Fatalf("%s needs the markers %q and %q, each on its own line, around what make docs writes", page, strings.TrimSpace(begin), end)
	}
	if whole := before + begin + want + end + after; whole != doc {
		if *update {
			if err := os.WriteFile(page, []byte(whole), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("%s is stale between its %s markers: run 'make docs' and commit it", page, name)
	}
}

// toolsetTable is README.md's table: each toolset, whether it is on by default, its tools.
func toolsetTable(all []manifest.Tool) string {
	var b strings.Builder
	b.WriteString("| toolset | on by default | tools |\n|---|---|---|\n")
	for _, ts := range manifest.AllToolsets {
		var names []string
		for _, tool := range all {
			if tool.Toolset == ts && !tool.ReadOnlyVariant {
				names = append(names, fmt.Sprintf("[`%s`](%s#%s)", tool.Name, toolReference, tool.Name))
			}
		}
		if len(names) == 0 {
			continue
		}
		def := "no"
		if slices.Contains(manifest.DefaultToolsets, ts) {
			def = "yes"
		}
		fmt.Fprintf(&b, "| [%s](%s#%s) | %s | %s |\n", ts, toolReference, toolsetAnchor(ts), def, strings.Join(names, ", "))
	}
	return b.String()
}

// toolsetHeading is a toolset's heading in the reference, and toolsetAnchor its anchor.
func toolsetHeading(ts manifest.Toolset) string { return "Toolset " + string(ts) }
func toolsetAnchor(ts manifest.Toolset) string  { return anchor(toolsetHeading(ts)) }

// accessText is a tool's access class, and what it is under --read-only when a read-only
// variant takes its place there.
func accessText(a manifest.Access, ro bool) string {
	if ro {
		return a.String() + "; a read tool under --read-only"
	}
	return a.String()
}

// referenceOf is internal/tools/README.md's generated part: toolset by toolset, each tool
// with its toolset, access class, title, description and arguments, then the definitions
// the tools' schemas share ($defs).
func referenceOf(all []manifest.Tool, schemas map[string]json.RawMessage) (string, error) {
	var b strings.Builder
	defs, users := map[string]*node{}, map[string][]string{}
	var defNames []string
	for _, ts := range manifest.AllToolsets {
		var inSet []manifest.Tool
		for _, tool := range all {
			if tool.Toolset == ts {
				inSet = append(inSet, tool)
			}
		}
		if len(inSet) == 0 {
			continue
		}
		def := "Off by default: `--toolsets default," + string(ts) + "` turns it on"
		if slices.Contains(manifest.DefaultToolsets, ts) {
			def = "On by default"
		}
		fmt.Fprintf(&b, "### %s\n\n%s.\n\n", toolsetHeading(ts), def)
		for _, tool := range inSet {
			if tool.ReadOnlyVariant {
				continue
			}
			raw, ok := schemas[tool.Name]
			if !ok {
				return "", fmt.Errorf("%s: no schema in %s: run 'make docs'", tool.Name, schemasFile)
			}
			var s node
			if err := json.Unmarshal(raw, &s); err != nil {
				return "", fmt.Errorf("%s's schema: %w", tool.Name, err)
			}
			variant := slices.IndexFunc(all, func(v manifest.Tool) bool { return v.Name == tool.Name && v.ReadOnlyVariant })
			fmt.Fprintf(&b, "#### `%s`\n\n**%s** · %s · %s\n\n%s\n\n", tool.Name, tool.Title, ts, accessText(tool.Access, variant >= 0), tool.Description)
			if variant >= 0 {
				fmt.Fprintf(&b, "Under `--read-only`: %s\n\n", all[variant].Description)
			}
			var rows []string
			s.rows("", &rows)
			if len(rows) == 0 {
				b.WriteString("No arguments.\n\n")
			} else {
				b.WriteString("| argument | type | required | what it is |\n|---|---|---|---|\n")
				b.WriteString(strings.Join(rows, ""))
				b.WriteString("\n")
			}
			for name, d := range s.Defs {
				users[name] = append(users[name], "`"+tool.Name+"`")
				if prev, ok := defs[name]; ok {
					if !prev.equal(d) {
						return "", fmt.Errorf("%s: its $defs/%s differs from another tool's: give the type another name", tool.Name, name)
					}
					continue
				}
				defs[name] = d
				defNames = append(defNames, name)
			}
		}
	}
	if len(defNames) > 0 {
		b.WriteString("### Shared definitions\n\nTypes that several tools' arguments take.\n\n")
		slices.Sort(defNames)
		for _, name := range defNames {
			var rows []string
			defs[name].rows("", &rows)
			fmt.Fprintf(&b, "#### `%s`\n\nTaken by %s.\n\n| field | type | required | what it is |\n|---|---|---|---|\n%s\n", name, strings.Join(users[name], ", "), strings.Join(rows, ""))
		}
	}
	return b.String(), nil
}

// readSchemas reads schemas.json: each tool's input schema by name.
func readSchemas(path string) (map[string]json.RawMessage, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out map[string]json.RawMessage
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}

// node is the part of a JSON Schema the reference shows.
type node struct {
	Type        json.RawMessage  `json:"type"` // a name, or a list of names
	Description string           `json:"description"`
	Enum        []any            `json:"enum"`
	Default     any              `json:"default"`
	Minimum     *float64         `json:"minimum"`
	Maximum     *float64         `json:"maximum"`
	MinItems    *int             `json:"minItems"`
	MaxItems    *int             `json:"maxItems"`
	MaxLength   *int             `json:"maxLength"`
	Items       *node            `json:"items"`
	Properties  properties       `json:"properties"`
	Required    []string         `json:"required"`
	Ref         string           `json:"$ref"`
	Defs        map[string]*node `json:"$defs"`
}

// properties are an object's properties in the schema's order, which is the input type's.
type properties []property

type property struct {
	name string
	node *node
}

func (ps *properties) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil {
		return err
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		name, _ := tok.(string)
		var n node
		if err := dec.Decode(&n); err != nil {
			return fmt.Errorf("property %s: %w", name, err)
		}
		*ps = append(*ps, property{name, &n})
	}
	_, err := dec.Token()
	return err
}

func (n *node) equal(o *node) bool {
	a, err1 := json.Marshal(n)
	b, err2 := json.Marshal(o)
	return err1 == nil && err2 == nil && bytes.Equal(a, b)
}

// rows appends a table row for each property of n, and for the properties of the objects
// an array of them holds (sessions[].date), prefixed with prefix.
func (n *node) rows(prefix string, out *[]string) {
	for _, p := range n.Properties {
		name := prefix + p.name
		required := ""
		if slices.Contains(n.Required, p.name) {
			required = "yes"
		}
		*out = append(*out, fmt.Sprintf("| `%s` | %s | %s | %s |\n", name, cell(p.node.typeText()), required, cell(p.node.Description)))
		switch {
		case len(p.node.Properties) > 0:
			p.node.rows(name+".", out)
		case p.node.Items != nil && len(p.node.Items.Properties) > 0:
			p.node.Items.rows(name+"[].", out)
		}
	}
}

// typeText says what a value may be: its type, enum, bounds other than the defaults every
// argument has (infer.DefaultMaxLength, infer.DefaultMaxItems) and default.
func (n *node) typeText() string {
	var parts []string
	switch {
	case n.Ref != "":
		name := strings.TrimPrefix(n.Ref, "#/$defs/")
		parts = append(parts, fmt.Sprintf("[%s](#%s)", name, anchor(name)))
	case len(n.Enum) > 0:
		var vs []string
		for _, v := range n.Enum {
			vs = append(vs, fmt.Sprintf("`%v`", v))
		}
		parts = append(parts, "one of "+strings.Join(vs, ", "))
	default:
		parts = append(parts, n.typeName())
	}
	switch {
	case n.Minimum != nil && n.Maximum != nil:
		parts = append(parts, fmt.Sprintf("%v to %v", *n.Minimum, *n.Maximum))
	case n.Minimum != nil:
		parts = append(parts, fmt.Sprintf("at least %v", *n.Minimum))
	case n.Maximum != nil:
		parts = append(parts, fmt.Sprintf("at most %v", *n.Maximum))
	}
	if n.MaxLength != nil && *n.MaxLength != infer.DefaultMaxLength {
		parts = append(parts, fmt.Sprintf("at most %d characters", *n.MaxLength))
	}
	switch {
	case n.MinItems != nil && n.MaxItems != nil:
		parts = append(parts, fmt.Sprintf("%d to %d items", *n.MinItems, *n.MaxItems))
	case n.MinItems != nil:
		parts = append(parts, fmt.Sprintf("at least %d items", *n.MinItems))
	case n.MaxItems != nil && *n.MaxItems != infer.DefaultMaxItems:
		parts = append(parts, fmt.Sprintf("at most %d items", *n.MaxItems))
	}
	if n.Default != nil {
		parts = append(parts, fmt.Sprintf("default `%v`", n.Default))
	}
	return strings.Join(parts, ", ")
}

// typeName is the schema's type in words: "string", "integer or string", "array of step".
func (n *node) typeName() string {
	var names []string
	if len(n.Type) > 0 && json.Unmarshal(n.Type, &names) != nil {
		var one string
		_ = json.Unmarshal(n.Type, &one)
		names = []string{one}
	}
	if len(names) == 0 {
		return "any JSON value"
	}
	for i, name := range names {
		if name == "array" && n.Items != nil {
			item := n.Items.typeName()
			if n.Items.Ref != "" {
				item = n.Items.typeText()
			}
			names[i] = "array of " + item
		}
	}
	return strings.Join(names, " or ")
}

// cell is text for a table cell: on one line, its pipes escaped.
func cell(s string) string {
	return strings.ReplaceAll(strings.Join(strings.Fields(s), " "), "|", `\|`)
}
