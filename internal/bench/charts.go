package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/tools/samples"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ChartAnswer is the size of a chart tool's answer on the demo athlete: what the model reads
// (the text), what a client that renders views gets besides (structuredContent), and what one
// that does not gets (the PNG).
type ChartAnswer struct {
	Tool, Case       string
	TextTokens       int // the text sent to a client with views
	TextWithoutViews int // the text sent with the PNG (a line differs)
	StructuredBytes  int // structuredContent, compact JSON
	PNGBytes         int // the image sent to a client without views
	ViewHTMLBytes    int // the view's document (resources/read), fetched once per session
	IsError          bool
}

// ChartSizes makes every sample call of the tools with a view, through client sessions with
// and without the MCP Apps extension, on the demo athlete.
func ChartSizes(tools []manifest.Tool) ([]ChartAnswer, error) {
	rt, fake, err := demoRuntimeAt(func() time.Time { return samples.Now })
	if err != nil {
		return nil, err
	}
	values := samples.Values(fake.World().Athletes[0])
	withUI, err := chartSession(tools, rt, true)
	if err != nil {
		return nil, err
	}
	defer withUI.Close()
	without, err := chartSession(tools, rt, false)
	if err != nil {
		return nil, err
	}
	defer without.Close()
	ctx := context.Background()
	var out []ChartAnswer
	for _, t := range tools {
		if t.View == nil || t.Toolset != manifest.Charts { // the plan view answers a plan's text
			continue
		}
		rr, err := withUI.ReadResource(ctx, &mcp.ReadResourceParams{URI: t.View.URI})
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", t.View.URI, err)
		}
		for _, call := range samples.Of(t.Name) {
			args, err := call.Fill(values)
			if err != nil {
				return nil, err
			}
			a := ChartAnswer{Tool: t.Name, Case: call.Case, ViewHTMLBytes: len(rr.Contents[0].Text)}
			res, err := withUI.CallTool(ctx, &mcp.CallToolParams{Name: t.Name, Arguments: json.RawMessage(args)})
			if err != nil {
				return nil, err
			}
			a.IsError = res.IsError
			if a.TextTokens, err = textTokens(res); err != nil {
				return nil, err
			}
			if b, err := json.Marshal(res.StructuredContent); err == nil && res.StructuredContent != nil {
				a.StructuredBytes = len(b)
			}
			res, err = without.CallTool(ctx, &mcp.CallToolParams{Name: t.Name, Arguments: json.RawMessage(args)})
			if err != nil {
				return nil, err
			}
			if a.TextWithoutViews, err = textTokens(res); err != nil {
				return nil, err
			}
			for _, c := range res.Content {
				if img, ok := c.(*mcp.ImageContent); ok {
					a.PNGBytes += len(img.Data)
				}
			}
			out = append(out, a)
		}
	}
	return out, nil
}

func textTokens(res *mcp.CallToolResult) (int, error) {
	n := 0
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			k, err := Tokens(tc.Text)
			if err != nil {
				return 0, err
			}
			n += k
		}
	}
	return n, nil
}

// chartSession is a client session on the default toolsets whose client advertises the MCP
// Apps extension or not.
func chartSession(tools []manifest.Tool, rt *server.Runtime, ui bool) (*mcp.ClientSession, error) {
	srv, err := server.New(server.Options{Tools: tools, Runtime: *rt})
	if err != nil {
		return nil, err
	}
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	if _, err := srv.Connect(ctx, st, nil); err != nil {
		return nil, err
	}
	caps := &mcp.ClientCapabilities{}
	if ui {
		caps.AddExtension(server.UIExtension, map[string]any{"mimeTypes": []string{server.AppMIMEType}})
	}
	return mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "1"}, &mcp.ClientOptions{Capabilities: caps}).Connect(ctx, ct, nil)
}
