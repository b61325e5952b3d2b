package server

import (
	"context"
	"errors"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/metrics"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Instructions are sent to the client at initialization, for the model.
const Instructions = `Intervals.icu training data of one athlete (or a coach's athletes).
Call get_athlete_context first: it gives today's date in the athlete's time zone, zones, thresholds and current fitness.
Dates are the athlete's local dates (YYYY-MM-DD). Units are plain: h:mm:ss, km, m:ss/km, W, bpm.
Tool errors say what to do next: follow them rather than retrying the same call.`

// CoachInstructions are added to Instructions when the coach toolset is on.
const CoachInstructions = `
Coach mode: every tool takes athlete (an id from list_athletes); without it, the call is for the configured athlete.`

func instructions(cat *Catalog) string {
	if cat.coach {
		return Instructions + CoachInstructions
	}
	return Instructions
}

// Options configure New.
type Options struct {
	Tools     []manifest.Tool // the catalog, in order (tools.All())
	Resources []manifest.Resource
	Prompts   []manifest.Prompt
	Filter    manifest.Filter // which toolsets, read-only
	Runtime   Runtime         // what every call shares
	Name      string          // server name; "" means "intervals-mcp"
	Version   string          // "" means intervals.Version
}

// New builds the MCP server. It fails on any programming mistake in the catalog (see
// NewCatalog), or in resources and prompts, so that none shows up in front of a user.
func New(opts Options) (*mcp.Server, error) {
	cat, err := NewCatalog(opts.Tools, opts.Filter)
	if err != nil {
		return nil, err
	}
	if len(cat.Entries) == 0 {
		return nil, errNoTools
	}
	return newFromCatalog(cat, opts)
}

// newFromCatalog builds the MCP server for a catalog already made (opts.Tools and
// opts.Filter are not used).
func newFromCatalog(cat *Catalog, opts Options) (*mcp.Server, error) {
	rt := opts.Runtime
	if rt.Cache == nil {
		rt.Cache = &toolcall.Cache{}
	}
	if rt.callers == nil {
		rt.callers = &callerClients{}
	}
	name, version := opts.Name, opts.Version
	if name == "" {
		name = "intervals-mcp"
	}
	if version == "" {
		version = intervals.Version
	}
	srv := mcp.NewServer(&mcp.Implementation{Name: name, Title: "Intervals.icu", Version: version}, &mcp.ServerOptions{
		Instructions: instructions(cat),
		Logger:       rt.Logger,
		Capabilities: serverCapabilities(cat),
		SetCacheable: privateLists,
	})
	for _, e := range cat.Entries {
		srv.AddTool(listedTool(e), toolHandler(cat, &rt, e))
	}
	if err := addResources(srv, opts.Resources); err != nil {
		return nil, err
	}
	if err := addPrompts(srv, opts.Prompts); err != nil {
		return nil, err
	}
	addViews(srv, cat)
	srv.AddReceivingMiddleware(readCalls(cat))
	return srv, nil
}

// privateLists marks every list result (tools, resources, prompts) cacheScope "private": a
// client may cache it for itself, no shared cache may hand it to another caller. Over OAuth
// the lists follow the caller's token scopes (the transport chooses the server: Servers), and "public"
// would leak one caller's list to another.
func privateLists(_ context.Context, _ mcp.Request, c *mcp.Cacheable) { c.CacheScope = "private" }

// listedTool is the tool as tools/list lists it: its committed input schema as it is.
func listedTool(e *Entry) *mcp.Tool {
	return &mcp.Tool{
		Name:        e.Name,
		Title:       e.Title,
		Description: e.Description,
		InputSchema: e.Schema,
		Annotations: e.Annotations(),
		Meta:        toolMeta(e),
	}
}

// toolHandler runs the calls of e, as the edge read them (readCalls), on the caller's
// runtime, with the client's confirmations and views.
func toolHandler(cat *Catalog, rt *Runtime, e *Entry) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		start := time.Now()
		outcome := metrics.ToolError
		defer func() { metrics.ToolCall(e.Name, outcome, time.Since(start)) }()
		in := callOf(ctx, cat, req)
		crt, err := rt.callRuntime(ctx)
		if err != nil {
			res := rt.finish("", err)
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: res.Text}}, IsError: true}, nil
		}
		// The client's capabilities, decoded from the request at some cost, for the tools
		// that use them: a confirmation (a write), a view.
		var caps *mcp.ClientCapabilities
		if e.Access != manifest.Read || e.View != nil {
			caps = ClientCapabilities(ctx, req)
		}
		cf := newConfirmer(req, caps)
		out := newOutput(caps)
		ctx = withProgress(ctx, req)
		text, err := cat.run(toolcall.WithOutput(ctx, out), crt, in, cf.confirm)
		if r, ok := cf.inputRequired(err); ok {
			outcome = metrics.InputRequired
			return r, nil
		}
		res := crt.finishAs(in.lead(), text, err)
		if res.IsError {
			rt.logger().Info("tool error", "tool", e.Name, "message", res.Text)
		} else {
			outcome = metrics.OK
		}
		result := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: res.Text}}, IsError: res.IsError}
		addOutput(result, out)
		return result, nil
	}
}

var errNoTools = errors.New("no tools to serve: the filter (--toolsets, --read-only) leaves none")

// withProgress gives the call's tool a toolcall.Progress when the client sent a
// progressToken: each report goes out as notifications/progress on the call's own stream.
// Without a token nothing is sent.
func withProgress(ctx context.Context, req *mcp.CallToolRequest) context.Context {
	tok := req.Params.GetProgressToken()
	if tok == nil || req.Session == nil {
		return ctx
	}
	return toolcall.WithProgress(ctx, func(done, total int, message string) {
		p := &mcp.ProgressNotificationParams{ProgressToken: tok, Progress: float64(done), Total: float64(total), Message: message}
		_ = req.Session.NotifyProgress(ctx, p) // a client gone reads nothing more: the answer says what was done
	})
}
