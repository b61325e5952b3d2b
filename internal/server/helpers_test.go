package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type echoIn struct {
	Oldest string `json:"oldest" jsonschema_description:"first day YYYY-MM-DD"`
	Limit  int    `json:"limit,omitempty" jsonschema:"minimum=1,maximum=60,default=10"`
}

type noIn struct{}

// testTools is a small catalog: one tool per access class, one that panics, one that
// asks for confirmation, and one that reports the athlete and arguments it got.
func testTools() []manifest.Tool {
	return []manifest.Tool{
		manifest.New(manifest.Def{Name: "echo", Title: "Echo", Description: "Repeats its arguments.", Toolset: manifest.Context, Access: manifest.Read, Operations: []string{"getAthlete"}},
			func(_ context.Context, env *manifest.Env, in echoIn) (string, error) {
				return fmt.Sprintf("athlete=%s oldest=%s limit=%d", env.AthleteID, in.Oldest, in.Limit), nil
			}),
		manifest.New(manifest.Def{Name: "plan", Title: "Plan", Description: "Writes a plan.", Toolset: manifest.Calendar, Access: manifest.Write, Operations: []string{"createEvent"}},
			func(context.Context, *manifest.Env, noIn) (string, error) { return "planned", nil }),
		manifest.New(manifest.Def{Name: "wipe", Title: "Wipe", Description: "Deletes after asking.", Toolset: manifest.Calendar, Access: manifest.Destructive, Operations: []string{"deleteEvents"}},
			func(ctx context.Context, env *manifest.Env, _ noIn) (string, error) {
				ok, asked, err := env.Confirm(ctx, "Delete 3 sessions?")
				if err != nil {
					return "", fmt.Errorf("ask: %w", err)
				}
				return fmt.Sprintf("ok=%v asked=%v", ok, asked), nil
			}),
		manifest.New(manifest.Def{Name: "boom", Title: "Boom", Description: "Panics.", Toolset: manifest.Wellness, Access: manifest.Read},
			func(context.Context, *manifest.Env, noIn) (string, error) { panic("index out of range") }),
		manifest.New(manifest.Def{Name: "fail", Title: "Fail", Description: "Fails as told.", Toolset: manifest.Wellness, Access: manifest.Read},
			func(ctx context.Context, _ *manifest.Env, in struct {
				Kind string `json:"kind"`
			}) (string, error) {
				switch in.Kind {
				case "user":
					return "", manifest.Errorf("oldest must be before newest")
				case "timeout":
					<-ctx.Done()
					return "", ctx.Err()
				}
				return "", errors.New("plain failure")
			}),
	}
}

// connect serves opts in memory and returns a connected go-sdk client session.
func connect(t *testing.T, opts Options, copts *mcp.ClientOptions) *mcp.ClientSession {
	t.Helper()
	return connectVersion(t, opts, copts, "")
}

// connectVersion is connect with the client asking for a protocol version ("" = latest).
func connectVersion(t *testing.T, opts Options, copts *mcp.ClientOptions, version string) *mcp.ClientSession {
	t.Helper()
	srv, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, copts).Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	if version != "" && cs.InitializeResult().ProtocolVersion != version {
		t.Fatalf("negotiated %s, want %s", cs.InitializeResult().ProtocolVersion, version)
	}
	t.Cleanup(func() { _ = cs.Close(); _ = ss.Wait() })
	return cs
}

func allOn() manifest.Filter { return manifest.Filter{Toolsets: manifest.AllToolsets} }

func listNames(t *testing.T, cs *mcp.ClientSession) []string {
	t.Helper()
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
	}
	return names
}

// call calls a tool and returns its text and isError.
func call(t *testing.T, cs *mcp.ClientSession, name string, args any) (string, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error %v (tool failures must be isError results)", name, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res.IsError
}
