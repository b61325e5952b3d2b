package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"sync"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/schema"
)

// AthleteArg is the argument every tool takes when the coach toolset is on: the athlete the
// call is for. The server removes it before the tool decodes its arguments.
const AthleteArg = "athlete"

// snakeCase matches a tool's or a prompt's name: lower-case words joined by single underscores.
var snakeCase = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`) })

// Entry is one exposed tool. Its Schema is the input schema as listed: the tool's own, with
// the coach's athlete argument in coach mode.
type Entry struct {
	manifest.Tool

	once     sync.Once
	input    *schema.Input
	inputErr error
}

// Input returns the schema compiled for checking calls, compiled on first use (CompileAll
// compiles every one).
func (e *Entry) Input() (*schema.Input, error) {
	e.once.Do(func() {
		e.input, e.inputErr = schema.CompileJSON(e.Schema)
		if e.inputErr != nil {
			e.inputErr = fmt.Errorf("tool %s: input schema: %w", e.Name, e.inputErr)
		}
	})
	return e.input, e.inputErr
}

// CompileAll compiles every schema of the catalog; it reports the first that does not
// compile (a programming mistake: tests and the tools command call it).
func (c *Catalog) CompileAll() error {
	for _, e := range c.Entries {
		if _, err := e.Input(); err != nil {
			return err
		}
	}
	return nil
}

// Catalog is the set of tools a configuration exposes, ready to list and to call.
type Catalog struct {
	Entries []*Entry
	byName  map[string]*Entry
	coach   bool
}

// Lookup returns the exposed tool called name, or that name is an alias of (toolAliases).
func (c *Catalog) Lookup(name string) (*Entry, bool) {
	e, _ := c.resolve(name)
	return e, e != nil
}

// checkDef reports the mistakes in a tool's definition (everything but its input type).
// seen holds the tools checked so far, by name.
func checkDef(t *manifest.Tool, seen map[string][]*manifest.Def, ops map[string]bool) error {
	switch {
	case !snakeCase().MatchString(t.Name):
		return fmt.Errorf("tool %q: the name must be snake_case (a-z, 0-9, _)", t.Name)
	case len(seen[t.Name]) > 0 && !readOnlyPair(append(seen[t.Name], &t.Def)):
		return fmt.Errorf("tool %q is defined twice (only a tool and its read-only variant, a read tool with ReadOnlyVariant set, in the same toolset, may share a name)", t.Name)
	case t.ReadOnlyVariant && t.Access != manifest.Read:
		return fmt.Errorf("tool %s: a read-only variant must be a read tool", t.Name)
	case !t.Access.Valid():
		return fmt.Errorf("tool %s: access class not set (Read, Write or Destructive)", t.Name)
	case !slices.Contains(manifest.AllToolsets, t.Toolset):
		return fmt.Errorf("tool %s: unknown toolset %q", t.Name, t.Toolset)
	case t.Title == "" || t.Description == "":
		return fmt.Errorf("tool %s: title and description are required", t.Name)
	case t.Run == nil:
		return fmt.Errorf("tool %s: no call (Run is nil)", t.Name)
	case len(t.Schema) == 0:
		return fmt.Errorf("tool %s: no input schema (the catalog's tools have theirs in internal/tools/schemas.json, which make docs writes)", t.Name)
	}
	seen[t.Name] = append(seen[t.Name], &t.Def)
	for _, op := range t.Operations {
		if !ops[op] {
			return fmt.Errorf("tool %s: operation %q is not in the API (intervals.Operations)", t.Name, op)
		}
	}
	return nil
}

// readOnlyPair reports whether defs, of one name, are a write or destructive tool and its
// read-only variant: no filter lists both.
func readOnlyPair(defs []*manifest.Def) bool {
	if len(defs) != 2 || defs[0].Toolset != defs[1].Toolset {
		return false
	}
	a, b := defs[0], defs[1]
	if a.ReadOnlyVariant {
		a, b = b, a
	}
	return !a.ReadOnlyVariant && a.Access != manifest.Read && b.ReadOnlyVariant && b.Access == manifest.Read
}

// NewCatalog checks every tool of the catalog for programming mistakes (names that are not
// unique snake_case but for a tool and its read-only variant, an unset access class or
// toolset, no title or description, operation ids missing from intervals.Operations, no
// call, no input schema), whether the filter keeps it or not, so that a mistake fails at
// start-up in any configuration. Then it applies the filter. Schemas are the tools' own
// (committed, never reflected here); with the coach toolset on, every schema gains the
// optional athlete argument.
func NewCatalog(tools []manifest.Tool, f manifest.Filter) (*Catalog, error) {
	ops := make(map[string]bool, len(intervals.Operations))
	for _, op := range intervals.Operations {
		ops[op.OperationID] = true
	}
	seen := make(map[string][]*manifest.Def, len(tools))
	for i := range tools {
		if err := checkDef(&tools[i], seen, ops); err != nil {
			return nil, err
		}
	}
	c := &Catalog{Entries: make([]*Entry, 0, len(tools)), byName: make(map[string]*Entry, len(tools)), coach: f.Has(manifest.Coach)}
	for _, t := range tools {
		if !f.Allows(t.Def) {
			continue
		}
		if c.coach {
			raw, err := addAthlete(t.Name, t.Schema, t.EveryAthlete)
			if err != nil {
				return nil, err
			}
			t.Schema = raw
		}
		e := &Entry{Tool: t}
		c.Entries = append(c.Entries, e)
		c.byName[t.Name] = e
	}
	return c, nil
}

// athleteProperty is the coach's optional athlete argument, as every tool's schema lists it;
// everyAthleteProperty is the same for the tools that take "all" (Def.EveryAthlete).
var (
	athleteProperty = stringProperty{
		Type:        "string",
		Pattern:     `^i?[0-9]+$`,
		Description: "Athlete id (i12345, from list_athletes); default: yours",
	}
	everyAthleteProperty = stringProperty{
		Type:        "string",
		Pattern:     `^(i?[0-9]+|` + EveryAthlete + `)$`,
		Description: "Athlete id (i12345, from list_athletes), or all; default: yours",
	}
)

// stringProperty is a string argument's schema, its keywords in the order reflection writes
// them (internal/schema/infer): so that the athlete argument reads as if reflected.
type stringProperty struct {
	Type        string `json:"type"`
	Pattern     string `json:"pattern"`
	Description string `json:"description"`
}

// EveryAthlete is the athlete argument that asks a tool for every athlete of list_athletes.
const EveryAthlete = "all"

// addAthlete returns a tool's schema (compact JSON) with the coach's athlete argument added
// as its last property (one that takes "all" with every); the rest of the JSON is kept byte
// for byte.
func addAthlete(tool string, raw json.RawMessage, every bool) (json.RawMessage, error) {
	fail := func(why string) (json.RawMessage, error) {
		return nil, fmt.Errorf("tool %s: input schema: %s", tool, why)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return fail("not a JSON object")
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return fail(err.Error())
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return fail(err.Error())
		}
		if key != "properties" {
			continue
		}
		var props map[string]json.RawMessage
		end := int(dec.InputOffset()) - 1
		if json.Unmarshal(v, &props) != nil || raw[end] != '}' {
			return fail("properties is not a compact JSON object")
		}
		if _, ok := props[AthleteArg]; ok {
			return nil, fmt.Errorf("tool %s: its input has an %q argument, which coach mode adds to every tool", tool, AthleteArg)
		}
		property := athleteProperty
		if every {
			property = everyAthleteProperty
		}
		prop, err := json.Marshal(property)
		if err != nil {
			return fail(err.Error())
		}
		sep := ","
		if len(props) == 0 {
			sep = ""
		}
		out := slices.Concat(raw[:end:end], []byte(sep+`"`+AthleteArg+`":`), prop, raw[end:])
		return out, nil
	}
	return fail("no properties")
}
