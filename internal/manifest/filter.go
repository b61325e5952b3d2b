package manifest

import (
	"fmt"
	"slices"
	"strings"
)

// ParseToolsets reads a --toolsets value: a comma-separated list of toolset names, where
// "default" stands for DefaultToolsets and "all" for AllToolsets. An empty value means
// "default". Unknown names are an error that lists the known ones.
func ParseToolsets(s string) ([]Toolset, error) {
	var out []Toolset
	add := func(ts ...Toolset) {
		for _, t := range ts {
			if !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	if strings.TrimSpace(s) == "" {
		s = "default"
	}
	for _, name := range strings.Split(s, ",") {
		name = strings.ToLower(strings.TrimSpace(name))
		switch {
		case name == "":
		case name == "all":
			add(AllToolsets...)
		case name == "default":
			add(DefaultToolsets...)
		case slices.Contains(AllToolsets, Toolset(name)):
			add(Toolset(name))
		default:
			return nil, fmt.Errorf("unknown toolset %q: use all, default, or a comma-separated list of %s", name, toolsetNames())
		}
	}
	return out, nil
}

func toolsetNames() string {
	names := make([]string, len(AllToolsets))
	for i, t := range AllToolsets {
		names[i] = string(t)
	}
	return strings.Join(names, ", ")
}

// Filter says which tools a configuration exposes.
type Filter struct {
	Toolsets []Toolset // nil means DefaultToolsets
	ReadOnly bool      // drop write and destructive tools, keep the read-only variants
	// NoDestructive drops destructive tools (deletes) and keeps the others.
	NoDestructive bool
}

// Has reports whether toolset t is on.
func (f Filter) Has(t Toolset) bool {
	sets := f.Toolsets
	if sets == nil {
		sets = DefaultToolsets
	}
	return slices.Contains(sets, t)
}

// Allows reports whether the filter exposes tool t.
func (f Filter) Allows(t Def) bool {
	if f.ReadOnly && t.Access != Read || f.NoDestructive && t.Access == Destructive || t.ReadOnlyVariant && !f.ReadOnly {
		return false
	}
	return f.Has(t.Toolset)
}

// Select returns the tools the filter exposes, in catalog order.
func (f Filter) Select(tools []Tool) []Tool {
	var out []Tool
	for _, t := range tools {
		if f.Allows(t.Def) {
			out = append(out, t)
		}
	}
	return out
}
