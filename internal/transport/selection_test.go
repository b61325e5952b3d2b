package transport

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/server/mcptest"
	"github.com/intervals-mcp/intervals-mcp/internal/toolcall"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// connectAt connects go-sdk's client to base+path with the bearer ("" for none) and headers.
func connectAt(t *testing.T, base, path, bearer string, header http.Header) *mcp.ClientSession {
	t.Helper()
	hc := &http.Client{Transport: headerTransport{header: header, bearer: bearer}}
	cs, err := clientOver(t, &mcp.StreamableClientTransport{Endpoint: base + path, HTTPClient: hc})
	if err != nil {
		t.Fatalf("%s: connect: %v", path, err)
	}
	return cs
}

type headerTransport struct {
	header http.Header
	bearer string
}

func (h headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range h.header {
		r.Header[k] = v
	}
	if h.bearer != "" {
		r.Header.Set("Authorization", "Bearer "+h.bearer)
	}
	return http.DefaultTransport.RoundTrip(r)
}

// TestSelectionsListTheirOwnTools: over a loopback server without a token (every tool, as
// the configuration has them), each path and header selection lists its toolsets' tools
// and no other, /readonly no write tool; a path naming nothing this server offers is 404,
// headers that do are 400, each saying what to use.
func TestSelectionsListTheirOwnTools(t *testing.T) {
	servers := oauthCatalog(t)
	hs := httptest.NewServer(HTTPHandler(HTTPOptions{Servers: servers}))
	t.Cleanup(hs.Close)
	for _, c := range []struct {
		path   string
		header http.Header
		want   []string
	}{
		{"/mcp", nil, []string{"boom", "echo", "fail", "plan", "whoami", "wipe"}},
		{"/mcp/", nil, []string{"boom", "echo", "fail", "plan", "whoami", "wipe"}},
		{"/mcp/readonly", nil, []string{"boom", "echo", "fail", "whoami"}},
		{"/mcp/x/calendar", nil, []string{"plan", "wipe"}},
		{"/mcp/x/wellness,context", nil, []string{"boom", "echo", "fail", "whoami"}},
		{"/mcp/x/context,wellness/", nil, []string{"boom", "echo", "fail", "whoami"}},
		{"/mcp", http.Header{ToolsetsHeader: {"calendar"}}, []string{"plan", "wipe"}},
		{"/mcp", http.Header{ToolsetsHeader: {"calendar,context"}, ReadonlyHeader: {"true"}}, []string{"echo", "whoami"}},
		{"/mcp/x/wellness", http.Header{ToolsetsHeader: {"calendar"}}, []string{"boom", "fail"}},
	} {
		got := mcptest.ToolNames(t, connectAt(t, hs.URL, c.path, "", c.header))
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("%s %v lists %v, want %v", c.path, c.header, got, c.want)
		}
	}
	for _, c := range []struct {
		path, header string
		status       int
		says         string
	}{
		{"/mcp/x/nosuch", "", http.StatusNotFound, `unknown toolset "nosuch"`},
		{"/mcp/y/calendar", "", http.StatusNotFound, "/mcp/x/TOOLSET"},
		{"/mcp/x/", "", http.StatusNotFound, "/mcp/x/TOOLSET"},
		{"/mcp/x/calendar/more", "", http.StatusNotFound, "/mcp/x/TOOLSET"},
		{"/mcp", "nosuch", http.StatusBadRequest, `unknown toolset "nosuch"`},
		{"/mcp/x/calendar/readonly", "", http.StatusNotFound, "no tools to serve"},
	} {
		req, _ := http.NewRequest(http.MethodPost, hs.URL+c.path, strings.NewReader(initialize))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if c.header != "" {
			req.Header.Set(ToolsetsHeader, c.header)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		body := string(b)
		if resp.StatusCode != c.status || !strings.Contains(body, c.says) {
			t.Errorf("%s (%s %q): %d %q, want %d saying %q", c.path, ToolsetsHeader, c.header, resp.StatusCode, body, c.status, c.says)
		}
	}
}

// TestSelectionsStayWithinTheServer: a server of the default toolsets, read-only, that lets
// connections add coach: /mcp/x/coach lists list_athletes alone; api, which it does not
// offer, is refused; no selection lifts --read-only.
func TestSelectionsStayWithinTheServer(t *testing.T) {
	servers, err := server.NewServers(manifest.Filter{ReadOnly: true}, []manifest.Toolset{manifest.Coach}, func(f manifest.Filter) server.Options {
		return server.Options{Tools: append(mcptest.Tools(), coachTool()), Filter: f}
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := servers.For(server.Selection{Toolsets: []manifest.Toolset{manifest.API}}); err == nil || !strings.Contains(err.Error(), "not offered by this server") {
		t.Errorf("api on a server that does not offer it: %v, want refused", err)
	}
	for sel, want := range map[string][]string{"/x/coach": {"roster"}, "/x/calendar,context": {"echo"}, "": {"boom", "echo", "fail"}} {
		s, err := server.ParseSelection(sel)
		if err != nil {
			t.Fatal(err)
		}
		srv, err := servers.For(s)
		if err != nil {
			t.Fatalf("%s: %v", sel, err)
		}
		got := mcptest.ToolNames(t, mcptest.Connect(t, srv, nil, ""))
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s on a read-only server lists %v, want %v", sel, got, want)
		}
	}
	if d, err := servers.Describe(server.Selection{Toolsets: []manifest.Toolset{manifest.Coach}}); err != nil || d != "1 tools: coach (read only: nothing is changed)" {
		t.Errorf("Describe(coach) = %q, %v", d, err)
	}
}

// coachTool is a read tool of the coach toolset.
func coachTool() manifest.Tool {
	return mcptest.WithSchemas(manifest.New(manifest.Def{Name: "roster", Title: "Roster", Description: "The athletes.", Toolset: manifest.Coach, Access: manifest.Read, EveryAthlete: true},
		func(ctx context.Context, _ *toolcall.Env, _ struct{}) (string, error) { return "", nil }))[0]
}

// TestSelectionsOverOAuth: a read bearer on /mcp/x/calendar gets no write tool, a write
// bearer gets them; a 401 on a path below /mcp names that path's resource metadata, which a
// client checks against the URL it connected to (RFC 9728).
func TestSelectionsOverOAuth(t *testing.T) {
	base := gateServer(t, oauthServers(t))
	for bearer, want := range map[string][]string{readBearer: {"echo", "whoami"}, writeBearer: {"echo", "plan", "whoami", "wipe"}} {
		got := mcptest.ToolNames(t, connectAt(t, base, "/mcp/x/calendar,context", bearer, nil))
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("bearer %s on /mcp/x/calendar,context lists %v, want %v", bearer, got, want)
		}
	}
	resp, _ := post(t, base, "/mcp/x/calendar/readonly", "", initialize)
	if want := `resource_metadata="` + metadataURL + `/x/calendar/readonly"`; resp.StatusCode != http.StatusUnauthorized || !strings.Contains(resp.Header.Get("WWW-Authenticate"), want) {
		t.Errorf("no bearer on /mcp/x/calendar/readonly: %d, WWW-Authenticate %q, want 401 with %s", resp.StatusCode, resp.Header.Get("WWW-Authenticate"), want)
	}
}
