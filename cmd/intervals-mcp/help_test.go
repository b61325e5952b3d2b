package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/auth"
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

// TestServeHelpShowsTheSignInLimits: serve -h shows each limit of sign-in with the default
// the authorization server applies.
func TestServeHelpShowsTheSignInLimits(t *testing.T) {
	r := runBin(t, nil, "serve", "-h")
	out := r.stdout + r.stderr
	for flag, def := range map[string]any{
		"register-rate": auth.DefaultRegisterPerSource, "register-global-rate": auth.DefaultRegisterGlobal,
		"authorize-rate": auth.DefaultAuthorizePerSource, "authorize-global-rate": auth.DefaultAuthorizeGlobal,
		"fetch-rate": auth.DefaultFetchPerHost, "fetch-global-rate": auth.DefaultFetchGlobal, "max-clients": auth.DefaultMaxClients,
		"forwarded-header": auth.DefaultForwardedHeader, "trusted-proxies": "none",
	} {
		_, usage, ok := strings.Cut(out, "\n  -"+flag+" string\n")
		usage, _, _ = strings.Cut(usage, "\n  -")
		if !ok || !strings.Contains(usage, fmt.Sprintf("; default %v", def)) {
			t.Errorf("serve -h: --%s is not shown with its default %v:\n%s", flag, def, usage)
		}
	}
}
