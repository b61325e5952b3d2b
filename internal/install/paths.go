// Package install writes intervals-mcp into an MCP client's configuration, so that setting
// up Claude Desktop is one command instead of hand-editing JSON in the right one of several
// folders (the reference server's most common support question: the Windows Store build of
// Claude Desktop reads a different file than the installer build).
package install

import (
	"os"
	"path/filepath"
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

// windowsStorePackage is the folder of Claude Desktop installed from the Microsoft Store.
const windowsStorePackage = "Claude_pzs8sxrjxfjjc"

// ClaudeDesktopConfig returns the claude_desktop_config.json that Claude Desktop reads on this
// system, and the other candidates (for the message when the choice may surprise).
//
//   - macOS: ~/Library/Application Support/Claude/claude_desktop_config.json
//   - Windows, installer build: %APPDATA%\Claude\claude_desktop_config.json
//   - Windows, Microsoft Store build: %LOCALAPPDATA%\Packages\Claude_pzs8sxrjxfjjc\LocalCache\Roaming\Claude\claude_desktop_config.json
//     (chosen whenever that package folder exists: the Store build ignores the other file)
//   - Linux: $XDG_CONFIG_HOME/Claude (or ~/.config/Claude)/claude_desktop_config.json
func ClaudeDesktopConfig(s System) (path string, others []string) {
	const file = "claude_desktop_config.json"
	switch s.GOOS {
	case "darwin":
		return filepath.Join(s.Home, "Library", "Application Support", "Claude", file), nil
	case "windows":
		appData := s.Env("APPDATA")
		if appData == "" {
			appData = filepath.Join(s.Home, "AppData", "Roaming")
		}
		local := s.Env("LOCALAPPDATA")
		if local == "" {
			local = filepath.Join(s.Home, "AppData", "Local")
		}
		installer := filepath.Join(appData, "Claude", file)
		pkg := filepath.Join(local, "Packages", windowsStorePackage)
		store := filepath.Join(pkg, "LocalCache", "Roaming", "Claude", file)
		if s.Exists(pkg) {
			return store, []string{installer}
		}
		return installer, []string{store}
	default:
		cfg := s.Env("XDG_CONFIG_HOME")
		if cfg == "" {
			cfg = filepath.Join(s.Home, ".config")
		}
		return filepath.Join(cfg, "Claude", file), nil
	}
}
