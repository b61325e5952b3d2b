package install

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// Server is one entry of an MCP client's "mcpServers" object.
type Server struct {
	Command string            `json:"command"`
	Args    []string          `json:"args,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
}

// Result says what Write did.
type Result struct {
	Path     string
	Backup   string // the previous file, kept beside it; "" when there was none
	Replaced bool   // an entry of the same name was there before
}

// Write adds (or replaces) the server called name in the JSON config file at path, keeping
// every other key and server as it was. The previous file is kept as path + ".bak"; the new
// one is written to a temporary file and renamed, so a crash never leaves half a file. A file
// that is not a JSON object is refused and left untouched.
func Write(path, name string, srv Server) (Result, error) {
	res := Result{Path: path}
	doc := map[string]json.RawMessage{}
	old, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		old = nil
	case err != nil:
		return res, fmt.Errorf("read %s: %w", path, err)
	case len(bytes.TrimSpace(old)) > 0:
		if err := json.Unmarshal(old, &doc); err != nil {
			return res, fmt.Errorf("%s is not a JSON object (%v): fix or move it, then run this again; nothing was changed", path, err)
		}
	}
	servers := map[string]json.RawMessage{}
	if raw, ok := doc["mcpServers"]; ok {
		if err := json.Unmarshal(raw, &servers); err != nil {
			return res, fmt.Errorf("%s: \"mcpServers\" is not an object: fix it, then run this again; nothing was changed", path)
		}
	}
	_, res.Replaced = servers[name]
	entry, err := json.Marshal(srv)
	if err != nil {
		return res, err
	}
	servers[name] = entry
	if doc["mcpServers"], err = json.Marshal(servers); err != nil {
		return res, err
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return res, err
	}
	out = append(out, '\n')
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return res, fmt.Errorf("create %s: %w", filepath.Dir(path), err)
	}
	if old != nil {
		res.Backup = path + ".bak"
		if err := os.WriteFile(res.Backup, old, 0o600); err != nil {
			return res, fmt.Errorf("keep a backup of %s: %w", path, err)
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".claude_desktop_config-*.json")
	if err != nil {
		return res, err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(out); err != nil {
		tmp.Close()
		return res, err
	}
	if err := tmp.Close(); err != nil {
		return res, err
	}
	// The file holds the API key: readable by the user only.
	if err := os.Chmod(tmp.Name(), 0o600); err != nil {
		return res, err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return res, fmt.Errorf("write %s: %w", path, err)
	}
	return res, nil
}
