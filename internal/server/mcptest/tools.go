package mcptest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/schema/infer"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
)

type echoIn struct {
	Oldest string `json:"oldest" jsonschema_description:"first day YYYY-MM-DD"`
	Limit  int    `json:"limit,omitempty" jsonschema:"minimum=1,maximum=60,default=10"`
}

type noIn struct{}

// Tools is a small catalog for the tests of the server and its transports: one tool per access class, one that panics, one that
// asks for confirmation, and one that reports the athlete and arguments it got.
func Tools() []manifest.Tool {
	return WithSchemas(
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

// WithSchemas gives test tools the input schema reflected from their input types, as make
// docs writes it for the catalog's tools; a type that does not reflect leaves none.
func WithSchemas(ts ...manifest.Tool) []manifest.Tool {
	for i := range ts {
		if s, err := infer.Reflect(ts[i].Input); err == nil {
			ts[i].Schema, _ = infer.Marshal(s)
		}
	}
	return ts
}

// ProfileTool reads the athlete's profile through the client, as every real tool starts.
func ProfileTool() manifest.Tool {
	return WithSchemas(manifest.New(manifest.Def{Name: "profile", Title: "Profile", Description: "The athlete's name.", Toolset: manifest.Context, Access: manifest.Read, Operations: []string{"getAthlete"}},
		func(ctx context.Context, env *toolcall.Env, _ noIn) (string, error) {
			a, err := env.Athlete(ctx)
			if err != nil {
				return "", err
			}
			return "name: " + a.Name, nil
		}))[0]
}

// FakeClient is an Intervals.icu client of an in-process fake (with faults), without
// retries or rate limit.
func FakeClient(t testing.TB, key string, faults ...fakeicu.Fault) (*fakeicu.Fake, *intervals.ClientWithResponses) {
	t.Helper()
	fake := fakeicu.New(fakeicu.Options{Faults: faults})
	c, err := intervals.New(intervals.Options{APIKey: key, HTTPClient: &http.Client{Transport: fake.Transport()}, MaxRetries: -1, RateLimit: -1})
	if err != nil {
		t.Fatal(err)
	}
	return fake, c
}

// Fault is the fault of the fake that spec describes (fakeicu.ParseFault), or the test fails.
func Fault(t testing.TB, spec string) fakeicu.Fault {
	t.Helper()
	f, err := fakeicu.ParseFault(spec)
	if err != nil {
		t.Fatal(err)
	}
	return f
}
