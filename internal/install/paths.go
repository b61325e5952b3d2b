package install

import (
	"os"
	"path/filepath"
	"strings"
)

// System is what path resolution needs to know of the machine; tests fill it by hand.
type System struct {
	GOOS string
	Home string
	Env  func(string) string
	// Exists reports whether a file or folder exists.
	Exists func(string) bool
}

// Local describes the running machine.
func Local(goos string) System {
	home, _ := os.UserHomeDir()
	return System{GOOS: goos, Home: home, Env: os.Getenv, Exists: func(p string) bool {
		_, err := os.Stat(p)
		return err == nil
	}}
}

// join joins path elements with the separator of s.GOOS, so that the Windows paths come out
// with backslashes in the tests that run on Linux too.
func (s System) join(elem ...string) string {
	if s.GOOS == "windows" && filepath.Separator != '\\' {
		return strings.Join(elem, `\`)
	}
	return filepath.Join(elem...)
}

// env returns the variable k, or def when it is unset or empty.
func (s System) env(k, def string) string {
	if s.Env != nil {
		if v := s.Env(k); v != "" {
			return v
		}
	}
	return def
}

// appData is %APPDATA% (the roaming profile) on Windows.
func (s System) appData() string { return s.env("APPDATA", s.join(s.Home, "AppData", "Roaming")) }

// xdgConfig is $XDG_CONFIG_HOME, or ~/.config.
func (s System) xdgConfig() string { return s.env("XDG_CONFIG_HOME", s.join(s.Home, ".config")) }

// windowsStorePackage is the folder of Claude Desktop installed from the Microsoft Store.
const windowsStorePackage = "Claude_pzs8sxrjxfjjc"

// claudeDesktopPath returns the claude_desktop_config.json that Claude Desktop reads on this
// system, and the other candidates (for the message when the choice may surprise).
//
//   - macOS: ~/Library/Application Support/Claude/claude_desktop_config.json
//   - Windows, installer build: %APPDATA%\Claude\claude_desktop_config.json
//   - Windows, Microsoft Store build: %LOCALAPPDATA%\Packages\Claude_pzs8sxrjxfjjc\LocalCache\Roaming\Claude\claude_desktop_config.json
//     (chosen whenever that package folder exists: the Store build's file system is
//     virtualised, so it ignores the other file)
//   - Linux (unofficial builds): $XDG_CONFIG_HOME/Claude (or ~/.config/Claude)/claude_desktop_config.json
//
// Source: modelcontextprotocol.io/docs/develop/connect-local-servers ("Claude Desktop
// configuration"), and the Store path from Claude Desktop's own "Edit Config" button.
func claudeDesktopPath(s System) (string, []string) {
	const file = "claude_desktop_config.json"
	switch s.GOOS {
	case "darwin":
		return s.join(s.Home, "Library", "Application Support", "Claude", file), nil
	case "windows":
		local := s.env("LOCALAPPDATA", s.join(s.Home, "AppData", "Local"))
		installer := s.join(s.appData(), "Claude", file)
		pkg := s.join(local, "Packages", windowsStorePackage)
		store := s.join(pkg, "LocalCache", "Roaming", "Claude", file)
		if s.Exists != nil && s.Exists(pkg) {
			return store, []string{installer}
		}
		return installer, []string{store}
	default:
		return s.join(s.xdgConfig(), "Claude", file), nil
	}
}

// claudeCodePath is Claude Code's user configuration, ~/.claude.json (%USERPROFILE%\.claude.json
// on Windows), whose top-level "mcpServers" are the user-scope servers that
// `claude mcp add --scope user` writes; CLAUDE_CONFIG_DIR moves the file into that folder.
// Source: code.claude.com/docs/en/mcp ("MCP installation scopes": user scope is stored in
// ~/.claude.json) and docs/en/settings (CLAUDE_CONFIG_DIR).
func claudeCodePath(s System) (string, []string) {
	if dir := s.env("CLAUDE_CONFIG_DIR", ""); dir != "" {
		return s.join(dir, ".claude.json"), nil
	}
	return s.join(s.Home, ".claude.json"), nil
}

// cursorPath is Cursor's global MCP file, ~/.cursor/mcp.json on every system (project files,
// .cursor/mcp.json, are not ours to write). Source: cursor.com/docs/context/mcp
// ("Configuration locations": global ~/.cursor/mcp.json).
func cursorPath(s System) (string, []string) {
	return s.join(s.Home, ".cursor", "mcp.json"), nil
}

// vscodePath is the mcp.json of VS Code's default user profile ("MCP: Open User
// Configuration"), in the User folder beside settings.json:
//
//   - macOS: ~/Library/Application Support/Code/User/mcp.json
//   - Windows: %APPDATA%\Code\User\mcp.json
//   - Linux: $XDG_CONFIG_HOME/Code/User (or ~/.config/Code/User)/mcp.json
//
// Source: code.visualstudio.com/docs/copilot/reference/mcp-configuration (the file is in
// the workspace, .vscode/mcp.json, or in the user profile) and
// code.visualstudio.com/docs/configure/settings (where the user folder is per system).
func vscodePath(s System) (string, []string) {
	const file = "mcp.json"
	switch s.GOOS {
	case "darwin":
		return s.join(s.Home, "Library", "Application Support", "Code", "User", file), nil
	case "windows":
		return s.join(s.appData(), "Code", "User", file), nil
	default:
		return s.join(s.xdgConfig(), "Code", "User", file), nil
	}
}

// windsurfPath is Windsurf's (Cascade's) MCP file, ~/.codeium/windsurf/mcp_config.json
// (%USERPROFILE%\.codeium\windsurf\mcp_config.json on Windows). Source:
// docs.windsurf.com/windsurf/cascade/mcp ("mcp_config.json").
func windsurfPath(s System) (string, []string) {
	return s.join(s.Home, ".codeium", "windsurf", "mcp_config.json"), nil
}
