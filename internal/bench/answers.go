package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
)

// Answer is the size of one tool's answer on the demo athlete.
type Answer struct {
	Tool    string
	Case    string // the sample call's case
	Bytes   int
	Tokens  int
	IsError bool
	Text    string // the first line, to show what came back
}

// DemoRuntime is a Runtime on the in-process fake (no socket), as --demo runs.
func DemoRuntime() (*server.Runtime, error) {
	rt, _, err := demoRuntimeAt(time.Now)
	return rt, err
}

// demoRuntimeAt is DemoRuntime with the fake's clock (and the Runtime's) at now, and the fake.
func demoRuntimeAt(now func() time.Time) (*server.Runtime, *fakeicu.Fake, error) {
	return demoRuntimeWith(fakeicu.Options{Now: now})
}

// demoRuntimeWith is a Runtime on an in-process fake made with opts, and the fake.
func demoRuntimeWith(opts fakeicu.Options) (*server.Runtime, *fakeicu.Fake, error) {
	fake := fakeicu.New(opts)
	c, err := intervals.New(intervals.Options{APIKey: fakeicu.DefaultAPIKey, HTTPClient: &http.Client{Transport: fake.Transport()}, RateLimit: -1})
	if err != nil {
		return nil, nil, err
	}
	return &server.Runtime{Client: c, AthleteID: "0", Now: opts.Now, Cache: &toolcall.Cache{}}, fake, nil
}

// AnswerSizes makes the first sample call (package samples) of every read tool of the
// default toolsets on the demo athlete, at the clock the samples are written for.
func AnswerSizes(tools []manifest.Tool) ([]Answer, error) {
	cat, err := server.NewCatalog(tools, manifest.Filter{Toolsets: manifest.DefaultToolsets, ReadOnly: true})
	if err != nil {
		return nil, err
	}
	rt, fake, err := demoRuntimeAt(func() time.Time { return samples.Now })
	if err != nil {
		return nil, err
	}
	values := samples.Values(fake.World().Athletes[0])
	var out []Answer
	for _, e := range cat.Entries {
		calls := samples.Of(e.Name)
		if len(calls) == 0 {
			return nil, fmt.Errorf("%s has no sample call", e.Name)
		}
		args, err := calls[0].Fill(values)
		if err != nil {
			return nil, err
		}
		res := cat.Call(context.Background(), rt, e.Name, json.RawMessage(args), nil)
		n, err := Tokens(res.Text)
		if err != nil {
			return nil, err
		}
		first, _, _ := strings.Cut(res.Text, "\n")
		out = append(out, Answer{Tool: e.Name, Case: calls[0].Case, Bytes: len(res.Text), Tokens: n, IsError: res.IsError, Text: first})
	}
	return out, nil
}
