package server

import (
	"strings"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
)

// profileTool reads the athlete's profile through the client (mcptest.ProfileTool).
var profileTool = mcptest.ProfileTool()

// fakeRuntime is a Runtime whose client talks to an in-process fake, without retries.
func fakeRuntime(t *testing.T, key string, faults ...fakeicu.Fault) (*fakeicu.Fake, Runtime) {
	t.Helper()
	fake, c := mcptest.FakeClient(t, key, faults...)
	return fake, Runtime{Client: c, Secrets: []string{key}}
}

func fault(t *testing.T, spec string) fakeicu.Fault {
	t.Helper()
	f, err := fakeicu.ParseFault(spec)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestUpstreamWorks(t *testing.T) {
	_, rt := fakeRuntime(t, fakeicu.DefaultAPIKey)
	cs := connect(t, Options{Tools: []manifest.Tool{profileTool}, Runtime: rt}, nil)
	if text, isErr := call(t, cs, "profile", nil); isErr || !strings.HasPrefix(text, "name: ") || len(text) < 8 {
		t.Errorf("got %q", text)
	}
}

func TestUpstreamFailuresSayWhatToDo(t *testing.T) {
	for _, c := range []struct {
		name, fault string
		want        []string
	}{
		{"404", "404", []string{"404", "check the id"}},
		{"422", "422", []string{"422", "rejected"}},
		{"429", "429:retry-after=1", []string{"429", "rate limited", "wait"}},
		{"500", "500", []string{"500", "try again later"}},
		{"503", "503", []string{"503", "try again later"}},
		{"timeout", "latency:5s", []string{"did not answer in time", "time limit for a call (200ms"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, rt := fakeRuntime(t, fakeicu.DefaultAPIKey, fault(t, c.fault))
			rt.Timeout = 200 * time.Millisecond
			cs := connect(t, Options{Tools: []manifest.Tool{profileTool}, Runtime: rt}, nil)
			text, isErr := call(t, cs, "profile", nil)
			if !isErr {
				t.Fatalf("not an error result: %q", text)
			}
			t.Log(text)
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("%q lacks %q", text, w)
				}
			}
		})
	}
}

func TestWrongKeyIsA401WithoutTheKey(t *testing.T) {
	const key = "wrong-key-but-secret-123"
	_, rt := fakeRuntime(t, key)
	cs := connect(t, Options{Tools: []manifest.Tool{profileTool}, Runtime: rt}, nil)
	text, isErr := call(t, cs, "profile", nil)
	if !isErr || !strings.Contains(text, "401") || !strings.Contains(text, "API_KEY") || strings.Contains(text, key) {
		t.Errorf("got %q", text)
	}
}

func TestCoachAthleteReachesTheAPI(t *testing.T) {
	_, rt := fakeRuntime(t, fakeicu.DefaultAPIKey)
	cs := connect(t, Options{Tools: []manifest.Tool{profileTool}, Filter: allOn(), Runtime: rt}, nil)
	text, isErr := call(t, cs, "profile", map[string]any{"athlete": "i999999999"})
	if !isErr || !strings.Contains(text, "40") {
		t.Errorf("an athlete the key cannot see should be an API error, got %q", text)
	}
	if text, isErr := call(t, cs, "profile", map[string]any{"athlete": fakeicu.DemoAthleteID}); isErr {
		t.Errorf("the demo athlete by id: %q", text)
	}
}
