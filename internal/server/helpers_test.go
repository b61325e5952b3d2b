package server

import (
	"net/http"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type noIn struct{}

// testTools is mcptest's small catalog (mcptest.Tools).
func testTools() []manifest.Tool { return mcptest.Tools() }

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

// profileTool reads the athlete's profile through the client (mcptest.ProfileTool).
var profileTool = mcptest.ProfileTool()

// fakeRuntime is a Runtime whose client talks to an in-process fake, without retries.
func fakeRuntime(t *testing.T, key string, faults ...fakeicu.Fault) (*fakeicu.Fake, Runtime) {
	t.Helper()
	fake, c := mcptest.FakeClient(t, key, faults...)
	return fake, Runtime{Client: c, Secrets: []string{key}}
}

// fault is mcptest.Fault: a fault of the fake, from its spec.
func fault(t *testing.T, spec string) fakeicu.Fault { return mcptest.Fault(t, spec) }

// demoRuntime is a Runtime of the real catalog's tools on the demo athlete, with retries
// (as the binary has them) and the given per-try and call time limits.
func demoRuntime(t *testing.T, perTry, call time.Duration, faults ...string) (*fakeicu.Fake, Runtime) {
	t.Helper()
	fake := fakeicu.New(fakeicu.Options{Now: func() time.Time { return samples.Now }})
	for _, f := range faults {
		fake.Inject(fault(t, f))
	}
	c, err := intervals.New(intervals.Options{APIKey: fakeicu.DefaultAPIKey, HTTPClient: &http.Client{Transport: fake.Transport()}, RateLimit: -1, Timeout: perTry})
	if err != nil {
		t.Fatal(err)
	}
	return fake, Runtime{Client: c, Now: func() time.Time { return samples.Now }, Cache: &toolcall.Cache{}, Timeout: call, Secrets: []string{fakeicu.DefaultAPIKey}}
}
