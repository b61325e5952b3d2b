package main

import (
	"context"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu/fakeicutest"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestOneBudgetHoweverTheAthleteIsNamed (issue 38): a caller calling for athlete "0" and
// for their own id had two caller keys, so two upstream budgets (18.1 ok/s against 6.8 for
// one token). In coach mode over HTTP, calls for "0", the id and its digits (the coach's
// form) spend one budget: once it is spent under one name, every name is refused. A signed-in caller's own athlete is resolved the same way (its sign-in's).
func TestOneBudgetHoweverTheAthleteIsNamed(t *testing.T) {
	for name, env := range map[string][]string{
		"the athlete configured": {"API_KEY=" + fakeicu.DefaultAPIKey, "ATHLETE_ID=" + fakeicu.DemoAthleteID},
		// The key's athlete is read once from Intervals.icu (its id is known only as "0").
		"the key's athlete": {"API_KEY=" + fakeicu.DefaultAPIKey},
	} {
		t.Run(name, func(t *testing.T) { oneBudget(t, env) })
	}
}

func oneBudget(t *testing.T, env []string) {
	_, fakeURL := fakeicutest.Start(t, fakeicu.Options{})
	addr := freeAddr(t)
	// A burst of 5 and one request in 1000 s: the test ends long before the next.
	base, _ := startListening(t, addr, env, "serve", "--transport", "http", "--addr", addr, "--data-dir", t.TempDir(), "--base-url", fakeURL,
		"--toolsets", "default,coach", "--upstream-rate", "0.001")
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: base + "/mcp"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	over := func(athlete string) (int, string) {
		for i := range 8 { // the calendar, which the read cache does not keep
			text, isErr := mcptest.Call(t, cs, "get_events", map[string]any{"athlete": athlete, "oldest": "2026-12-01", "newest": "2026-12-07"})
			if isErr {
				return i, text
			}
		}
		return 8, ""
	}
	if n, text := over("0"); n == 0 || n == 8 || !strings.Contains(text, "too many requests to Intervals.icu") {
		t.Fatalf("athlete 0: %d calls before %q; want the burst spent, then refused", n, text)
	}
	for _, name := range []string{fakeicu.DemoAthleteID, strings.TrimPrefix(fakeicu.DemoAthleteID, "i")} {
		if n, text := over(name); n != 0 {
			t.Errorf("athlete %s after athlete 0 spent the budget: %d calls answered (%q); want the same caller, refused at once", name, n, text)
		}
	}
}
