package manifest

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

func TestParseToolsets(t *testing.T) {
	for in, want := range map[string][]Toolset{
		"":                   DefaultToolsets,
		"default":            DefaultToolsets,
		"all":                AllToolsets,
		"calendar, Wellness": {Calendar, Wellness},
		"default,coach":      append(slices.Clone(DefaultToolsets), Coach),
	} {
		got, err := ParseToolsets(in)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%q: got %v, %v", in, got, err)
		}
	}
	if _, err := ParseToolsets("calendar,bogus"); err == nil || !strings.Contains(err.Error(), "bogus") || !strings.Contains(err.Error(), "custom_items") {
		t.Errorf("unknown toolset error should name it and list the known ones: %v", err)
	}
}

func TestFilterSelect(t *testing.T) {
	mk := func(name string, ts Toolset, a Access) Tool {
		return New(Def{Name: name, Toolset: ts, Access: a}, func(context.Context, *toolcall.Env, struct{}) (string, error) { return "", nil })
	}
	tools := []Tool{mk("a", Calendar, Read), mk("b", Calendar, Write), mk("c", Coach, Read), mk("d", Wellness, Destructive)}
	names := func(ts []Tool) (out []string) {
		for _, t := range ts {
			out = append(out, t.Name)
		}
		return out
	}
	if got := names(Filter{}.Select(tools)); !slices.Equal(got, []string{"a", "b", "d"}) {
		t.Errorf("default: %v", got)
	}
	if got := names(Filter{ReadOnly: true, Toolsets: AllToolsets}.Select(tools)); !slices.Equal(got, []string{"a", "c"}) {
		t.Errorf("read-only: %v", got)
	}
	if got := names(Filter{NoDestructive: true}.Select(tools)); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("no destructive: %v", got)
	}
	if got := names(Filter{Toolsets: []Toolset{Coach}}.Select(tools)); !slices.Equal(got, []string{"c"}) {
		t.Errorf("coach: %v", got)
	}
}

func TestFilterPicksTheReadOnlyVariant(t *testing.T) {
	mk := func(d Def) Tool {
		return New(d, func(context.Context, *toolcall.Env, struct{}) (string, error) { return "", nil })
	}
	tools := []Tool{
		mk(Def{Name: "call", Toolset: API, Access: Destructive}),
		mk(Def{Name: "call", Toolset: API, Access: Read, ReadOnlyVariant: true}),
		mk(Def{Name: "list", Toolset: API, Access: Read}),
	}
	access := func(ts []Tool) (out []string) {
		for _, t := range ts {
			out = append(out, t.Name+" "+t.Access.String())
		}
		return out
	}
	for _, c := range []struct {
		f    Filter
		want []string
	}{
		{Filter{Toolsets: AllToolsets}, []string{"call destructive", "list read"}},
		{Filter{Toolsets: AllToolsets, NoDestructive: true}, []string{"list read"}},
		{Filter{Toolsets: AllToolsets, ReadOnly: true}, []string{"call read", "list read"}},
		{Filter{Toolsets: AllToolsets, ReadOnly: true, NoDestructive: true}, []string{"call read", "list read"}},
	} {
		if got := access(c.f.Select(tools)); !slices.Equal(got, c.want) {
			t.Errorf("%+v: %v, want %v", c.f, got, c.want)
		}
	}
}
