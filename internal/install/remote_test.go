package install

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckRemoteURLTakesAnMCPEndpoint(t *testing.T) {
	for raw, want := range map[string]string{
		"https://mcp.example.com/mcp":  "https://mcp.example.com/mcp",
		"https://mcp.example.com/mcp/": "https://mcp.example.com/mcp/",
		"http://127.0.0.1:8765/mcp":    "http://127.0.0.1:8765/mcp",
		"http://localhost:8765/mcp":    "http://localhost:8765/mcp",
		"http://[::1]:8765/mcp":        "http://[::1]:8765/mcp",
	} {
		if got, err := CheckRemoteURL(raw); err != nil || got != want {
			t.Errorf("CheckRemoteURL(%s) = %q, %v; want %q", raw, got, err, want)
		}
	}
	for _, c := range []struct{ url, want string }{
		{"http://mcp.example.com/mcp", "use https"},
		{"https://mcp.example.com", "the MCP endpoint is /mcp (https://mcp.example.com/mcp)"},
		{"https://mcp.example.com/sse", "legacy SSE"},
		{"ftp://mcp.example.com/mcp", "such as https://mcp.example.com/mcp"},
		{"https://me:hunter2-pw@mcp.example.com/mcp", "user name or password"},
	} {
		_, err := CheckRemoteURL(c.url)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "hunter2-pw") {
			t.Errorf("CheckRemoteURL(%s) = %v, want a refusal saying %q and no password", c.url, err, c.want)
		}
	}
}

func TestBearerTokenTrimsAndRefusesSpaces(t *testing.T) {
	for given, want := range map[string]string{" imcp_pat_x \n": "imcp_pat_x", "Bearer imcp_pat_x": "imcp_pat_x", "": "", "  ": ""} {
		if got, err := BearerToken(given); err != nil || got != want {
			t.Errorf("BearerToken(%q) = %q, %v; want %q", given, got, err, want)
		}
	}
	for _, bad := range []string{"imcp pat", "imcp_pat_\x1bx", "a\x7fb"} {
		if got, err := BearerToken(bad); err == nil || got != "" || strings.Contains(err.Error(), bad) {
			t.Errorf("BearerToken(%q) = %q, %v; want a refusal that does not echo it", bad, got, err)
		}
	}
}

// TestNoRemoteSaysWhereClaudeDesktopAddsIt: Claude Desktop's file takes no remote server, so
// the run writes nothing and says where the app adds it; the others take one.
func TestNoRemoteSaysWhereClaudeDesktopAddsIt(t *testing.T) {
	var out strings.Builder
	path := filepath.Join(t.TempDir(), "claude_desktop_config.json")
	if r := newRun(t, "claude-desktop", "", path, Options{}, &out); !r.NoRemote("https://h/mcp") ||
		!strings.Contains(out.String(), "Settings > Connectors > Add custom connector, URL https://h/mcp") || !strings.Contains(out.String(), "Nothing was written") {
		t.Errorf("Claude Desktop: %s", out.String())
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("Claude Desktop's file was written")
	}
	out.Reset()
	if newRun(t, "windsurf", "", path, Options{}, &out).NoRemote("https://h/mcp") || out.Len() != 0 {
		t.Errorf("Windsurf takes a remote server, yet: %q", out.String())
	}
}

func TestWriteRemoteReportsWithoutTheToken(t *testing.T) {
	const tok = "imcp_pat_remote-4b7e"
	path := filepath.Join(t.TempDir(), "mcp.json")
	var out strings.Builder
	r := newRun(t, "cursor", "intervals-icu", path, Options{DryRun: true}, &out)
	if err := r.WriteRemote("https://h/mcp", tok); err != nil || strings.Contains(out.String(), tok) || !strings.Contains(out.String(), `"Authorization":"Bearer [redacted]"`) {
		t.Errorf("dry run: %v\n%s", err, out.String())
	}
	out.Reset()
	r.DryRun = false
	if err := r.WriteRemote("https://h/mcp", tok); err != nil || strings.Contains(out.String(), tok) || !strings.Contains(out.String(), "with your bearer token, which only you can read") {
		t.Errorf("with a token: %v\n%s", err, out.String())
	}
	if b, _ := os.ReadFile(path); !strings.Contains(string(b), "Bearer "+tok) {
		t.Errorf("file: %s", b)
	}
	out.Reset()
	if err := r.WriteRemote("https://h/mcp", ""); err != nil || !strings.Contains(out.String(), "with no token: Cursor signs in when it connects") {
		t.Errorf("without a token: %v\n%s", err, out.String())
	}
	if b, _ := os.ReadFile(path); strings.Contains(string(b), "headers") {
		t.Errorf("an entry without a token has headers: %s", b)
	}
}

func TestRemoteURLWithATokenInItsQueryIsRefusedRedacted(t *testing.T) {
	const secret = "imcp_at_s3cr3tvalue"
	for _, raw := range []string{
		"https://mcp.example.com/mcp?access_token=" + secret,
		"https://mcp.example.com/mcp?x=1&api_key=" + secret,
		"http://mcp.example.com/mcp?token=" + secret, // refused for http too, the token hidden
		"https://user:" + secret + "@mcp.example.com/mcp",
		"https://mcp.example.com?access_token=" + secret,
	} {
		_, err := CheckRemoteURL(raw)
		if err == nil {
			t.Errorf("%s accepted", raw)
			continue
		}
		if strings.Contains(err.Error(), secret) {
			t.Errorf("the error shows the token: %v", err)
		}
	}
	if got := RedactURL("https://h/mcp?a=1&access_token=" + secret + "&b=2"); got != "https://h/mcp?a=1&access_token=[redacted]&b=2" {
		t.Errorf("RedactURL = %q", got)
	}
	if got := RedactURL("https://h/mcp?toolsets=calendar"); got != "https://h/mcp?toolsets=calendar" {
		t.Errorf("RedactURL changed a harmless query: %q", got)
	}
}
