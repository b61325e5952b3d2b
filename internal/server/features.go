package server

import (
	"context"
	"fmt"
	"slices"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// addResources registers the manifest's resources (reference documents).
func addResources(srv *mcp.Server, rs []manifest.Resource) error {
	seen := map[string]bool{}
	for _, r := range rs {
		switch {
		case r.URI == "" || r.Name == "" || r.Text == nil:
			return fmt.Errorf("resource %q: URI, Name and Text are required", r.Name)
		case seen[r.URI]:
			return fmt.Errorf("resource %s is defined twice", r.URI)
		}
		seen[r.URI] = true
		mime := r.MIMEType
		if mime == "" {
			mime = "text/markdown"
		}
		text := r.Text
		srv.AddResource(&mcp.Resource{URI: r.URI, Name: r.Name, Title: r.Title, Description: r.Description, MIMEType: mime},
			func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
				return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: mime, Text: text()}}}, nil
			})
	}
	return nil
}

// addPrompts registers the manifest's prompts. A Render error goes back to the client as a
// JSON-RPC error (prompts have no error result), with Render's message.
func addPrompts(srv *mcp.Server, ps []manifest.Prompt) error {
	seen := map[string]bool{}
	for _, p := range ps {
		switch {
		case !snakeCase().MatchString(p.Name):
			return fmt.Errorf("prompt %q: the name must be snake_case", p.Name)
		case seen[p.Name]:
			return fmt.Errorf("prompt %s is defined twice", p.Name)
		case p.Render == nil:
			return fmt.Errorf("prompt %s: Render is nil", p.Name)
		}
		seen[p.Name] = true
		var args []*mcp.PromptArgument
		for _, a := range p.Args {
			args = append(args, &mcp.PromptArgument{Name: a.Name, Description: a.Description, Required: a.Required})
		}
		render := p.Render
		known := p.Args
		srv.AddPrompt(&mcp.Prompt{Name: p.Name, Title: p.Title, Description: p.Description, Arguments: args},
			func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
				for _, a := range known {
					if a.Required && req.Params.Arguments[a.Name] == "" {
						return nil, fmt.Errorf("prompt %s needs the argument %s: %s", p.Name, a.Name, a.Description)
					}
				}
				for name := range req.Params.Arguments {
					if !slices.ContainsFunc(known, func(a manifest.PromptArg) bool { return a.Name == name }) {
						return nil, fmt.Errorf("prompt %s has no argument %q", p.Name, name)
					}
				}
				text, err := render(req.Params.Arguments)
				if err != nil {
					return nil, err
				}
				return &mcp.GetPromptResult{Description: p.Description, Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: text}}}}, nil
			})
	}
	return nil
}
