// Package install writes intervals-mcp into an MCP client's configuration, so that setting
// up Claude Desktop, Claude Code, Cursor, VS Code or Windsurf is one command instead of
// hand-editing JSON in the right one of several folders (the reference server's most common
// support question: the Windows Store build of Claude Desktop reads a different file than the
// installer build). An entry starts this binary, or connects to a remote server (a URL and
// a bearer header) in the client's own remote shape; its default name is one the client
// accepts (Claude Code's refuses dots and spaces).
//
// Imports: nothing internal.
package install
