package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sync"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tiktoken-go/tokenizer"
)

var (
	codecOnce sync.Once
	codec     tokenizer.Codec
	codecErr  error
)

// Tokens counts s in o200k_base tokens (the GPT-4o encoding; offline).
func Tokens(s string) (int, error) {
	codecOnce.Do(func() { codec, codecErr = tokenizer.Get(tokenizer.O200kBase) })
	if codecErr != nil {
		return 0, codecErr
	}
	return codec.Count(s)
}

// Size is what a tools/list answer costs.
type Size struct {
	Name   string // a toolset, "default" or "all"
	Tools  int
	Bytes  int
	Tokens int
}

// ListTools returns the tools a filter exposes, as a client receives them in tools/list.
func ListTools(tools []manifest.Tool, f manifest.Filter) ([]*mcp.Tool, error) {
	srv, err := server.New(server.Options{Tools: tools, Filter: f})
	if err != nil {
		return nil, err
	}
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		return nil, err
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		return nil, err
	}
	defer cs.Close()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		return nil, err
	}
	return res.Tools, nil
}

// Measure returns the size of a list of tools as sent (compact JSON of the tools array).
func Measure(name string, tools []*mcp.Tool) (Size, error) {
	b, err := json.Marshal(tools)
	if err != nil {
		return Size{}, err
	}
	n, err := Tokens(string(b))
	if err != nil {
		return Size{}, err
	}
	return Size{Name: name, Tools: len(tools), Bytes: len(b), Tokens: n}, nil
}

// ListSizes measures tools/list for each toolset alone, for the default toolsets and for all.
func ListSizes(tools []manifest.Tool) ([]Size, error) {
	var out []Size
	add := func(name string, f manifest.Filter) error {
		listed, err := ListTools(tools, f)
		if err != nil {
			if len(f.Select(tools)) == 0 {
				return nil // a toolset without tools yet
			}
			return fmt.Errorf("%s: %w", name, err)
		}
		s, err := Measure(name, listed)
		if err != nil {
			return err
		}
		out = append(out, s)
		return nil
	}
	for _, ts := range manifest.AllToolsets {
		if err := add(string(ts), manifest.Filter{Toolsets: []manifest.Toolset{ts}}); err != nil {
			return nil, err
		}
	}
	if err := add("default", manifest.Filter{}); err != nil {
		return nil, err
	}
	if err := add("all", manifest.Filter{Toolsets: manifest.AllToolsets}); err != nil {
		return nil, err
	}
	return out, nil
}

// BinarySize is the size of the file bin in bytes (a release build's, for the goal: static,
// -trimpath, stripped, as shipped).
func BinarySize(bin string) (int64, error) {
	fi, err := os.Stat(bin)
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}
