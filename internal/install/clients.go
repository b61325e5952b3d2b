package install

import (
	"bytes"
	"encoding/json"
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
	// Typed clients want "type": "stdio" in the entry (VS Code requires it; Claude Code
	// writes it itself).
	Typed bool
	// Reload says what the user does next for the client to load the entry.
	Reload string
	path   func(System) (string, []string)
}

// Clients are the clients install writes, in the order `install` lists them.
var Clients = []Client{
	{ID: "claude-desktop", Name: "Claude Desktop", Key: "mcpServers", path: claudeDesktopPath,
		Reload: "Quit and reopen Claude Desktop to load it."},
	{ID: "claude-code", Name: "Claude Code", Key: "mcpServers", Typed: true, path: claudeCodePath,
		Reload: "Start a new Claude Code session (claude mcp list shows it)."},
	{ID: "cursor", Name: "Cursor", Key: "mcpServers", path: cursorPath,
		Reload: "Cursor loads it at once (Settings > MCP shows it); restart Cursor if it does not."},
	{ID: "vscode", Name: "VS Code", Key: "servers", Typed: true, path: vscodePath,
		Reload: "Reload VS Code, then start the server from the MCP: List Servers command."},
	{ID: "windsurf", Name: "Windsurf", Key: "mcpServers", path: windsurfPath,
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

// Server is what the client starts: the binary, its arguments and environment.
type Server struct {
	Command string
	Args    []string
	Env     map[string]string
}

// entry is the JSON of one server entry in this client's shape.
func (c Client) entry(srv Server) (json.RawMessage, error) {
	e := struct {
		Type    string            `json:"type,omitempty"`
		Command string            `json:"command"`
		Args    []string          `json:"args,omitempty"`
		Env     map[string]string `json:"env,omitempty"`
	}{Command: srv.Command, Args: srv.Args, Env: srv.Env}
	if c.Typed {
		e.Type = "stdio"
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
