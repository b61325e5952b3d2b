package server

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/schema"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
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
	return withSchemas(
		manifest.New(manifest.Def{Name: "echo", Title: "Echo", Description: "Repeats its arguments.", Toolset: manifest.Context, Access: manifest.Read, Operations: []string{"getAthlete"}},
			func(_ context.Context, env *toolcall.Env, in echoIn) (string, error) {
				return fmt.Sprintf("athlete=%s oldest=%s limit=%d", env.AthleteID, in.Oldest, in.Limit), nil
			}),
		manifest.New(manifest.Def{Name: "plan", Title: "Plan", Description: "Writes a plan.", Toolset: manifest.Calendar, Access: manifest.Write, Operations: []string{"createEvent"}},
			func(context.Context, *toolcall.Env, noIn) (string, error) { return "planned", nil }),
		manifest.New(manifest.Def{Name: "wipe", Title: "Wipe", Description: "Deletes after asking.", Toolset: manifest.Calendar, Access: manifest.Destructive, Operations: []string{"deleteEvents"}},
			func(ctx context.Context, env *toolcall.Env, _ noIn) (string, error) {
				ok, asked, err := env.Confirm(ctx, "Delete 3 sessions?")
				if err != nil {
					return "", fmt.Errorf("ask: %w", err)
				}
				return fmt.Sprintf("ok=%v asked=%v", ok, asked), nil
			}),
		manifest.New(manifest.Def{Name: "boom", Title: "Boom", Description: "Panics.", Toolset: manifest.Wellness, Access: manifest.Read},
			func(context.Context, *toolcall.Env, noIn) (string, error) { panic("index out of range") }),
		manifest.New(manifest.Def{Name: "fail", Title: "Fail", Description: "Fails as told.", Toolset: manifest.Wellness, Access: manifest.Read},
			func(ctx context.Context, _ *toolcall.Env, in struct {
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
	)
}

// withSchemas gives test tools the input schema reflected from their input types, as make
// docs writes it for the catalog's tools; a type that does not reflect leaves none.
func withSchemas(ts ...manifest.Tool) []manifest.Tool {
	for i := range ts {
		if s, err := schema.Reflect(ts[i].Input); err == nil {
			ts[i].Schema, _ = schema.Marshal(s)
		}
	}
	return ts
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
	return mcptest.Connect(t, srv, copts, version)
}

func allOn() manifest.Filter { return manifest.Filter{Toolsets: manifest.AllToolsets} }

func listNames(t *testing.T, cs *mcp.ClientSession) []string {
	t.Helper()
	return mcptest.ToolNames(t, cs)
}

// call calls a tool and returns its text and isError.
func call(t *testing.T, cs *mcp.ClientSession, name string, args any) (string, bool) {
	t.Helper()
	return mcptest.Call(t, cs, name, args)
}
