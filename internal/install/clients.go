package install

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Client is an MCP client whose configuration file install knows: where it is on each
// system, the object that holds the servers and the shape of an entry.
type Client struct {
	ID   string // the install argument: claude-desktop, claude-code, cursor, vscode, windsurf
	Name string // as the client calls itself
	// Key is the top-level object holding the servers: "mcpServers", or "servers" for VS Code.
	Key string
	// Typed clients want the transport in the entry: "type": "stdio", or "http" for a remote
	// server (VS Code requires it; Claude Code writes it itself).
	Typed bool
	// URLKey holds a remote server's address in an entry: "url", or "serverUrl" for Windsurf.
	// "" means the client's file takes no remote server: Connector says where the app adds one.
	URLKey    string
	Connector string
	// EntryName and DemoEntryName are the entry names install writes unless told otherwise
	// (the user's server, the demo's), each one the client accepts.
	EntryName, DemoEntryName string
	// StrictNames: the client takes entry names of ASCII letters, digits, - and _ only.
	StrictNames bool
	// Reload says what the user does next for the client to load the entry.
	Reload string
	path   func(System) (string, []string)
}

// Clients are the clients install writes, in the order `install` lists them.
//
// The entry shapes, local and remote, are each client's documented ones:
//   - Claude Desktop: {command, args, env} (modelcontextprotocol.io/docs/develop/connect-local-servers);
//     a remote server is a connector added in the app (Settings > Connectors > Add custom
//     connector), which signs in with OAuth and sends no header of the user's.
//   - Claude Code: {type: "stdio", command, args, env} or {type: "http", url, headers}
//     (code.claude.com/docs/en/mcp); `claude mcp add` refuses a name outside [A-Za-z0-9_-]
//     ("Names can only contain letters, numbers, hyphens, and underscores").
//   - Cursor: {command, args, env} or {url, headers} (cursor.com/docs/context/mcp).
//   - VS Code: under "servers", {type: "stdio", command, args, env} or {type: "http", url,
//     headers} (code.visualstudio.com/docs/copilot/reference/mcp-configuration).
//   - Windsurf: {command, args, env} or {serverUrl, headers} (docs.windsurf.com/windsurf/cascade/mcp).
//
// Claude Desktop keeps "Intervals.icu", the name the reference server's README gives its entry
// (so that --force replaces that entry); the others take names Claude Code's rule accepts,
// which every client shows as they are.
var Clients = []Client{
	{ID: "claude-desktop", Name: "Claude Desktop", Key: "mcpServers", path: claudeDesktopPath,
		EntryName: "Intervals.icu", DemoEntryName: "Intervals.icu demo",
		Connector: "Claude Desktop adds a remote server as a connector, not in its file: Settings > Connectors > Add custom connector, URL %s. " +
			"It signs in with OAuth (a server run with --public-url) and sends no bearer token.",
		Reload: "Quit and reopen Claude Desktop to load it."},
	{ID: "claude-code", Name: "Claude Code", Key: "mcpServers", Typed: true, URLKey: "url", path: claudeCodePath,
		EntryName: "intervals-icu", DemoEntryName: "intervals-icu-demo", StrictNames: true,
		Reload: "Start a new Claude Code session (claude mcp list shows it)."},
	{ID: "cursor", Name: "Cursor", Key: "mcpServers", URLKey: "url", path: cursorPath,
		EntryName: "intervals-icu", DemoEntryName: "intervals-icu-demo",
		Reload: "Cursor loads it at once (Settings > MCP shows it); restart Cursor if it does not."},
	{ID: "vscode", Name: "VS Code", Key: "servers", Typed: true, URLKey: "url", path: vscodePath,
		EntryName: "intervals-icu", DemoEntryName: "intervals-icu-demo",
		Reload: "Reload VS Code, then start the server from the MCP: List Servers command."},
	{ID: "windsurf", Name: "Windsurf", Key: "mcpServers", URLKey: "serverUrl", path: windsurfPath,
		EntryName: "intervals-icu", DemoEntryName: "intervals-icu-demo",
		Reload: "Press Refresh in Windsurf's MCP panel (Cascade > MCP servers)."},
}

// Lookup finds a client by its ID.
func Lookup(id string) (Client, bool) {
	for _, c := range Clients {
		if c.ID == id {
			return c, true
		}
	}
	return Client{}, false
}

// IDs lists the clients' IDs, for messages.
func IDs() string {
	ids := make([]string, len(Clients))
	for i, c := range Clients {
		ids[i] = c.ID
	}
	return strings.Join(ids, ", ")
}

// Path returns the file the client reads on s, and the other candidates (the file of the
// installer build when the Windows Store build is chosen, and the other way round).
func (c Client) Path(s System) (string, []string) { return c.path(s) }

// The names install gave every client's entries before the table of Clients.
const formerName, formerDemoName = "Intervals.icu", "Intervals.icu demo"

// FormerName is the name an older install gave the entry now called name (one of the
// client's defaults), or "" when it had the same one.
func (c Client) FormerName(name string) string {
	switch {
	case name == c.EntryName && name != formerName:
		return formerName
	case name == c.DemoEntryName && name != formerDemoName:
		return formerDemoName
	}
	return ""
}

// ConnectorNote says where a client whose file takes no remote server (URLKey "") adds url.
func (c Client) ConnectorNote(url string) string { return fmt.Sprintf(c.Connector, url) }

// CheckName refuses an entry name the client would not take.
func (c Client) CheckName(name string) error {
	if strings.TrimSpace(name) == "" {
		return fmt.Errorf("the entry name is empty: choose one with --name, such as %s", c.EntryName)
	}
	if !c.StrictNames {
		return nil
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return fmt.Errorf("%s takes entry names of letters, digits, - and _ only, and %q has %q: choose another --name, such as %s", c.Name, name, r, c.EntryName)
		}
	}
	return nil
}

// Server is the entry's server: the binary the client starts, its arguments and
// environment; or, with URL, a remote server and the headers sent to it.
type Server struct {
	Command string
	Args    []string
	Env     map[string]string
	URL     string
	Headers map[string]string
}

// entry is the JSON of one server entry in this client's shape.
func (c Client) entry(srv Server) (json.RawMessage, error) {
	var e any
	if srv.URL != "" {
		if c.URLKey == "" {
			return nil, errors.New(c.ConnectorNote(srv.URL))
		}
		r := struct {
			Type      string            `json:"type,omitempty"`
			URL       string            `json:"url,omitempty"`
			ServerURL string            `json:"serverUrl,omitempty"`
			Headers   map[string]string `json:"headers,omitempty"`
		}{Headers: srv.Headers}
		if c.Typed {
			r.Type = "http"
		}
		if c.URLKey == "serverUrl" {
			r.ServerURL = srv.URL
		} else {
			r.URL = srv.URL
		}
		e = r
	} else {
		l := struct {
			Type    string            `json:"type,omitempty"`
			Command string            `json:"command"`
			Args    []string          `json:"args,omitempty"`
			Env     map[string]string `json:"env,omitempty"`
		}{Command: srv.Command, Args: srv.Args, Env: srv.Env}
		if c.Typed {
			l.Type = "stdio"
		}
		e = l
	}
	// Not json.Marshal: it writes < > & as \u003c ..., which a user reading the file
	// (a command path, a placeholder) should not have to decode.
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(e); err != nil {
		return nil, fmt.Errorf("encode the %s entry: %w", c.Name, err)
	}
	return bytes.TrimSpace(b.Bytes()), nil
}
