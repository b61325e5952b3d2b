package transport

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/fakeicu"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/intervals-mcp/intervals-mcp/internal/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
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

// revisions are the protocol versions a client of /mcp may speak: the current one (no
// initialize) and older ones (initialize, then one session per request on the server).
var revisions = []string{"2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

const uiExtension = "io.modelcontextprotocol/ui"

// headerLog records the Mcp-Method and Mcp-Name headers of the requests a handler gets.
type headerLog struct {
	mu    sync.Mutex
	lines []string
}

func (l *headerLog) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			l.mu.Lock()
			l.lines = append(l.lines, strings.TrimSpace(r.Header.Get("Mcp-Method")+" "+r.Header.Get("Mcp-Name")))
			l.mu.Unlock()
		}
		h.ServeHTTP(w, r)
	})
}

func (l *headerLog) has(line string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Contains(l.lines, line)
}

// capsServer is the test catalog plus a tool that reports the client capabilities a tool
// sees through ClientCapabilities.
func capsServer(t *testing.T) *mcp.Server {
	t.Helper()
	srv := testServer(t)
	srv.AddTool(&mcp.Tool{Name: "caps", InputSchema: map[string]any{"type": "object"}}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		caps := server.ClientCapabilities(ctx, req)
		var seen []string
		if caps != nil && caps.Elicitation != nil {
			seen = append(seen, "elicitation")
		}
		if caps != nil && caps.Extensions[uiExtension] != nil {
			seen = append(seen, "ui")
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "caps=" + strings.Join(seen, ",")}}}, nil
	})
	return srv
}

// TestStreamableHTTPServesEveryRevision connects go-sdk's client at each revision to /mcp:
// 2026-07-28 without initialize (server/discover, Mcp-Method and Mcp-Name headers), the
// older ones with it; each lists the tools (cacheScope private) and calls one.
func TestStreamableHTTPServesEveryRevision(t *testing.T) {
	for _, version := range revisions {
		t.Run(version, func(t *testing.T) {
			var log headerLog
			hs := httptest.NewServer(log.wrap(HTTPHandler(HTTPOptions{Server: capsServer(t)})))
			t.Cleanup(hs.Close)
			cs := connectHTTP(t, hs.URL+"/mcp", version, nil)
			res, err := cs.ListTools(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Tools) != len(mcptest.Tools())+1 || res.CacheScope != "private" {
				t.Errorf("tools/list: %d tools, cacheScope %q (want private)", len(res.Tools), res.CacheScope)
			}
			if text, isErr := call(t, cs, "echo", map[string]any{"oldest": "d"}); isErr || !strings.Contains(text, "oldest=d") {
				t.Errorf("echo: %q", text)
			}
			if version >= "2026-07-28" {
				if log.has("initialize") || !log.has("server/discover") || !log.has("tools/call echo") {
					t.Errorf("2026-07-28 requests: %q, want server/discover, no initialize, Mcp-Name on tools/call", log.lines)
				}
			}
		})
	}
}

// TestClientCapabilitiesOnEveryRevision: a tool sees the MCP Apps extension the client
// declared on every revision, and elicitation only where it can be used (2026-07-28 asks
// through the result; an older client over stateless HTTP cannot be sent elicitation/create).
func TestClientCapabilitiesOnEveryRevision(t *testing.T) {
	hs := httptest.NewServer(HTTPHandler(HTTPOptions{Server: capsServer(t)}))
	t.Cleanup(hs.Close)
	copts := &mcp.ClientOptions{
		Capabilities: &mcp.ClientCapabilities{Extensions: map[string]any{uiExtension: map[string]any{"mimeTypes": []string{"text/html;profile=mcp-app"}}}},
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return &mcp.ElicitResult{Action: "decline"}, nil
		},
	}
	for _, version := range revisions {
		cs := connectHTTP(t, hs.URL+"/mcp", version, copts)
		want := "caps=ui"
		if version >= "2026-07-28" {
			want = "caps=elicitation,ui"
		}
		for range 2 { // every request, not only the first after initialize
			if text, _ := call(t, cs, "caps", map[string]any{}); text != want {
				t.Errorf("%s: %q, want %q", version, text, want)
			}
		}
	}
}

// TestRangeDeleteOverHTTPOnBothRevisions runs the real delete_events_by_date_range over
// stateless HTTP: a 2026-07-28 client is asked through elicitation (in the result) and a yes
// deletes; a 2025-11-25 client cannot be asked there, so the preview's token alone deletes.
func TestRangeDeleteOverHTTPOnBothRevisions(t *testing.T) {
	now := time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	for _, c := range []struct {
		version string
		asked   int
	}{{"2026-07-28", 1}, {"2025-11-25", 0}} {
		fake := fakeicu.New(fakeicu.Options{Now: clock})
		client, err := intervals.New(intervals.Options{APIKey: fakeicu.DefaultAPIKey, HTTPClient: &http.Client{Transport: fake.Transport()}, RateLimit: -1})
		if err != nil {
			t.Fatal(err)
		}
		srv, err := server.New(server.Options{Tools: tools.All(), Filter: allOn(), Runtime: server.Runtime{Client: client, Now: clock}})
		if err != nil {
			t.Fatal(err)
		}
		hs := httptest.NewServer(HTTPHandler(HTTPOptions{Server: srv}))
		t.Cleanup(hs.Close)
		var asked []string
		cs := connectHTTP(t, hs.URL+"/mcp", c.version, &mcp.ClientOptions{
			ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
				asked = append(asked, req.Params.Message)
				return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"confirm": true}}, nil
			},
		})
		args := map[string]any{"oldest": "2026-12-01", "newest": "2026-12-06"}
		preview, isErr := call(t, cs, "delete_events_by_date_range", args)
		token := regexp.MustCompile(`confirm="([^"]+)"`).FindStringSubmatch(preview)
		if isErr || token == nil || len(fake.Writes()) != 0 {
			t.Fatalf("%s preview: %q", c.version, preview)
		}
		args["confirm"] = token[1]
		text, isErr := call(t, cs, "delete_events_by_date_range", args)
		if isErr || len(asked) != c.asked || len(fake.Writes()) == 0 || !strings.HasPrefix(text, "Deleted") {
			t.Errorf("%s: asked %q, writes %d, answer %q", c.version, asked, len(fake.Writes()), text)
		}
	}
}

func TestStatelessMCPRefusesGETAndDELETE(t *testing.T) {
	base := httpServer(t, "")
	for _, method := range []string{http.MethodGet, http.MethodDelete} {
		req, _ := http.NewRequest(method, base+"/mcp", nil)
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Mcp-Session-Id", "abc")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "POST" {
			t.Errorf("%s /mcp: %d, Allow %q; want 405, Allow: POST", method, resp.StatusCode, resp.Header.Get("Allow"))
		}
	}
}
