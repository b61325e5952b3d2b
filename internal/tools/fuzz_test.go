package tools

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
)

// FuzzToolArguments feeds arbitrary arguments to every tool as the server runs it (the
// schema's check and defaults, the decoding into the input type, the handler up to its first
// request), seeded with the sample-call table. No input may panic, and no write may be sent
// for arguments the schema refuses. Requests reach a transport that fails them all, so the
// handler's own checks are what is fuzzed. `go test` runs the seeds; make fuzz runs it for
// a few seconds.
func FuzzToolArguments(f *testing.F) {
	all := All()
	byName := map[string]manifest.Tool{}
	for _, tool := range all {
		if !tool.ReadOnlyVariant {
			byName[tool.Name] = checked(f, tool)
		}
	}
	for _, c := range samples.Calls {
		f.Add(c.Tool, c.Args)
		f.Add(c.Tool, strings.ReplaceAll(c.Args, "{{", "{"))
	}
	var writes atomic.Int64
	client, err := intervals.New(intervals.Options{APIKey: "fuzz-key", RateLimit: -1, MaxRetries: -1,
		HTTPClient: &http.Client{Transport: failAll{&writes}}})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, name, args string) {
		tool, ok := byName[name]
		if !ok {
			tool = byName[all[len(name)%len(all)].Name]
		}
		env := &toolcall.Env{Client: client, AthleteID: "0", Now: func() time.Time { return samples.Now }}
		before := writes.Load()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_, err := tool.Run(ctx, env, []byte(args))
		if err == nil {
			return
		}
		var me *manifest.Error
		if errors.As(err, &me) && writes.Load() != before && strings.HasPrefix(me.Msg, "argument") {
			t.Fatalf("%s %q: refused by the schema after a write", name, args)
		}
	})
}

// failAll fails every request, counting the writes among them.
type failAll struct{ writes *atomic.Int64 }

func (f failAll) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Method != http.MethodGet {
		f.writes.Add(1)
	}
	return nil, errors.New("no network in the fuzz test")
}
