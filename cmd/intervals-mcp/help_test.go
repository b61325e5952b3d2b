package main

import (
	"strings"
	"testing"
)

func TestHelpListsEverySubcommandOnOneLine(t *testing.T) {
	for _, flag := range []string{"-h", "--help", "help"} {
		r := runBin(t, nil, flag)
		if r.code != 0 {
			t.Fatalf("%s: %+v", flag, r)
		}
		for _, c := range subcommands {
			if !strings.Contains(r.stdout, "\n  "+c.name+" ") || strings.Contains(c.line, "\n") {
				t.Errorf("%s: no one-line entry for %s:\n%s", flag, c.name, r.stdout)
			}
		}
	}
}

func TestEverySubcommandHelpHasAnExample(t *testing.T) {
	for _, c := range subcommands {
		r := runBin(t, nil, c.name, "-h")
		out := r.stdout + r.stderr
		if !strings.Contains(out, "Examples:") {
			t.Errorf("%s -h has no examples:\n%s", c.name, out)
			continue
		}
		if r.code != 0 || !strings.Contains(out, "usage: intervals-mcp "+c.name) || !strings.Contains(out[strings.Index(out, "Examples:")+1:], "intervals-mcp "+c.name) {
			t.Errorf("%s -h: exit %d\n%s", c.name, r.code, out)
		}
	}
}
