package bench

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
)

// Answer is the size of one tool's answer on the demo athlete.
type Answer struct {
	Tool    string
	Bytes   int
	Tokens  int
	IsError bool
	Text    string // the first line, to show what came back
}

// DemoRuntime is a Runtime on the in-process fake (no socket), as --demo runs.
func DemoRuntime() (*server.Runtime, error) {
	fake := fakeicu.New(fakeicu.Options{})
	c, err := intervals.New(intervals.Options{APIKey: fakeicu.DefaultAPIKey, HTTPClient: &http.Client{Transport: fake.Transport()}, RateLimit: -1})
	if err != nil {
		return nil, err
	}
	return &server.Runtime{Client: c, AthleteID: "0"}, nil
}

// AnswerSizes calls every read tool that needs no argument, with none, on the demo athlete.
func AnswerSizes(tools []manifest.Tool) ([]Answer, error) {
	cat, err := server.NewCatalog(tools, manifest.Filter{Toolsets: manifest.DefaultToolsets, ReadOnly: true})
	if err != nil {
		return nil, err
	}
	rt, err := DemoRuntime()
	if err != nil {
		return nil, err
	}
	var out []Answer
	for _, e := range cat.Entries {
		var s struct {
			Required []string `json:"required"`
		}
		if err := json.Unmarshal(e.Schema, &s); err != nil {
			return nil, err
		}
		if len(s.Required) > 0 {
			continue
		}
		res := cat.Call(context.Background(), rt, e.Name, json.RawMessage(`{}`), nil)
		n, err := Tokens(res.Text)
		if err != nil {
			return nil, err
		}
		first := res.Text
		for i, r := range first {
			if r == '\n' {
				first = first[:i]
				break
			}
		}
		out = append(out, Answer{Tool: e.Name, Bytes: len(res.Text), Tokens: n, IsError: res.IsError, Text: first})
	}
	return out, nil
}
