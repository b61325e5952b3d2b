package mcptest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestConnectCallAndText(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	srv.AddTool(&mcp.Tool{Name: "two_parts", InputSchema: map[string]any{"type": "object"}}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "a"}, &mcp.ImageContent{MIMEType: "image/png", Data: []byte{1}}, &mcp.TextContent{Text: "b"}}, IsError: true}, nil
	})
	cs := Connect(t, srv, nil, "2025-11-25")
	if text, isErr := Call(t, cs, "two_parts", map[string]any{}); text != "ab" || !isErr {
		t.Errorf("Call = %q, %v; want the text parts joined, and the error flag", text, isErr)
	}
	if Text(nil) != "" {
		t.Error("Text(nil) must be empty")
	}
}

func TestBearerClientSendsTheToken(t *testing.T) {
	var got string
	srv := httptest.NewServer(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { got = r.Header.Get("Authorization") }))
	defer srv.Close()
	resp, err := BearerClient("tok-1").Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got != "Bearer tok-1" {
		t.Errorf("Authorization %q", got)
	}
}
