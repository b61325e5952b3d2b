package main

import (
	"context"
	"encoding/base64"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestAPIKeyNeverShown runs the binary against the fake over HTTP with a real-looking key,
// at debug level, through a successful call, the tools listings, a refused key and a stdio
// session, and looks for the key (and its Basic auth form) in everything the binary wrote.
func TestAPIKeyNeverShown(t *testing.T) {
	const key = "7x3kq9-secret-api-key-4410"
	fake := httptest.NewServer(fakeicu.New(fakeicu.Options{APIKey: key}).Handler())
	defer fake.Close()
	basic := base64.StdEncoding.EncodeToString([]byte("API_KEY:" + key))
	env := []string{"API_KEY=" + key, "INTERVALS_API_BASE_URL=" + fake.URL + "/api/v1", "LOG_LEVEL=DEBUG"}
	var all strings.Builder

	r := runBin(t, env, "call", "get_athlete_context")
	if r.code != 0 {
		t.Fatalf("call with the right key: %+v", r)
	}
	all.WriteString(r.stdout + r.stderr)

	for _, args := range [][]string{{"tools"}, {"tools", "--json"}, {"tools", "--markdown"}} {
		r = runBin(t, env, args...)
		if r.code != 0 {
			t.Fatalf("%v: %+v", args, r)
		}
		all.WriteString(r.stdout + r.stderr)
	}

	wrong := []string{"API_KEY=" + key + "-revoked", "INTERVALS_API_BASE_URL=" + fake.URL, "LOG_LEVEL=DEBUG"}
	r = runBin(t, wrong, "call", "get_athlete_context")
	if r.code != 1 || !strings.Contains(r.stderr, "401") || !strings.Contains(r.stderr, "API_KEY") {
		t.Errorf("a refused key should say so and what to do: %+v", r)
	}
	all.WriteString(r.stdout + r.stderr)

	cmd := command(t, env)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil).Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "get_events", Arguments: map[string]any{}})
	if err != nil || res.IsError {
		t.Errorf("get_events over stdio: %v %q", err, mcptest.Text(res))
	}
	all.WriteString(mcptest.Text(res))
	_ = cs.Close()
	all.WriteString(stderr.String())
	if !strings.Contains(stderr.String(), "level=DEBUG") {
		t.Errorf("LOG_LEVEL=DEBUG should log at debug level (else this test looks at less than it says):\n%s", stderr.String())
	}

	for _, secret := range []string{key, basic} {
		if strings.Contains(all.String(), secret) {
			t.Errorf("the key appears in the output:\n%s", all.String())
		}
	}
}
