package mcptest

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// callTimeout bounds one Call, so that a hung tool fails its test instead of the whole run.
const callTimeout = 30 * time.Second

// Connect serves srv over in-memory transports and returns a connected client session.
// version asks for a protocol version ("" means the latest) and fails the test if another
// is negotiated. The test's cleanup closes the session and waits for the server's side.
func Connect(t testing.TB, srv *mcp.Server, copts *mcp.ClientOptions, version string) *mcp.ClientSession {
	t.Helper()
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, copts).Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	if version != "" && cs.InitializeResult().ProtocolVersion != version {
		t.Fatalf("negotiated %s, want %s", cs.InitializeResult().ProtocolVersion, version)
	}
	t.Cleanup(func() { _ = cs.Close(); _ = ss.Wait() })
	return cs
}

// Call calls a tool and returns the text of its answer and whether it is an error result.
// A protocol error fails the test: tool failures must come back as isError results.
func Call(t testing.TB, cs *mcp.ClientSession, name string, args any) (text string, isError bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error %v (tool failures must be isError results)", name, err)
	}
	return Text(res), res.IsError
}

// ToolNames lists the names of the tools the session is offered, in order.
func ToolNames(t testing.TB, cs *mcp.ClientSession) []string {
	t.Helper()
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
	}
	return names
}

// Text is the text content of a tool result, its parts joined; "" for a nil result.
func Text(res *mcp.CallToolResult) string {
	if res == nil {
		return ""
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// BearerClient is an HTTP client that sends "Authorization: Bearer token" with every request.
func BearerClient(token string) *http.Client {
	return &http.Client{Transport: bearer(token)}
}

type bearer string

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+string(b))
	return http.DefaultTransport.RoundTrip(r)
}
