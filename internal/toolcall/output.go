package toolcall

import "context"

// Output is what a tool may return besides its text: the data of its view (structured
// content) and an image. The server puts one in the call's context (WithOutput) and sends
// what the tool left in it; a caller without a client session (the call command, the
// golden tests) puts none, and the tool returns its text alone.
type Output struct {
	// UI says that the client renders MCP Apps views (it advertised the extension).
	UI bool
	// Structured is the data of the tool's view (structuredContent), set only when UI is.
	Structured any
	// PNG is an image of the answer (ImageContent), for clients without views or on request.
	PNG []byte
}

type outputKey struct{}

// WithOutput returns ctx carrying out, for the tool the call runs.
func WithOutput(ctx context.Context, out *Output) context.Context {
	return context.WithValue(ctx, outputKey{}, out)
}

// OutputOf returns the Output the caller put in ctx, or nil when it takes only text.
func OutputOf(ctx context.Context) *Output {
	out, _ := ctx.Value(outputKey{}).(*Output)
	return out
}
