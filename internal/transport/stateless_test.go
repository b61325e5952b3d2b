package transport

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Raw requests to the HTTP handler: malformed bodies and headers get a 4xx or a JSON-RPC
// error, never a 5xx, and the server goes on answering.
func TestBadHTTPRequestsGetClientErrors(t *testing.T) {
	ts := httptest.NewServer(HTTPHandler(HTTPOptions{Server: profileServer(t)}))
	defer ts.Close()
	accept := "application/json, text/event-stream"
	bodies := []string{"not json", `{"jsonrpc":"2.0"}`, `[]`, `[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":\"\xff\"}}",
		`{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, `{"jsonrpc":"1.0","id":1,"method":"ping"}`, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"profile"}}`,
		"", `null`, strings.Repeat("[", 100000), `{"jsonrpc":"2.0","id":1,"method":"initialize","params":5}`}
	tried, fine := 0, 0
	for _, b := range bodies {
		for _, ct := range []string{"application/json", "text/plain", ""} {
			req, _ := http.NewRequest(http.MethodPost, ts.URL+"/mcp", bytes.NewBufferString(b))
			if ct != "" {
				req.Header.Set("Content-Type", ct)
			}
			req.Header.Set("Accept", accept)
			resp, err := http.DefaultClient.Do(req)
			tried++
			if err != nil {
				t.Errorf("%q %s: %v", b, ct, err)
				continue
			}
			resp.Body.Close()
			if resp.StatusCode >= 500 {
				t.Errorf("%.40q (%s): status %d", b, ct, resp.StatusCode)
				continue
			}
			fine++
		}
	}
	for _, m := range []string{http.MethodPut, http.MethodPatch, "BREW"} {
		req, _ := http.NewRequest(m, ts.URL+"/mcp", nil)
		resp, err := http.DefaultClient.Do(req)
		tried++
		if err != nil || resp.StatusCode >= 500 {
			t.Errorf("%s: %v %v", m, err, resp)
			continue
		}
		resp.Body.Close()
		fine++
	}
	// still serving
	req, _ := http.NewRequest(http.MethodPost, ts.URL+"/mcp", bytes.NewBufferString(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", accept)
	resp, err := http.DefaultClient.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("initialize after the bad requests: %v %v", err, resp)
	}
	resp.Body.Close()
	fmt.Printf("adversarial suite: %d raw HTTP requests, %d answered 2xx-4xx, 5xx: %d\n", tried, fine, tried-fine)
}
