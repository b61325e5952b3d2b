package install

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Options change what Write does.
type Options struct {
	// Force replaces an entry of the same name that starts another command or connects to
	// another address.
	Force bool
	// DryRun computes the change and writes nothing.
	DryRun bool
	// Now names the backup; the zero value means time.Now.
	Now time.Time
	// Former is the name an older install gave this entry: when there is no entry called
	// name, one called Former that starts the same command is renamed (in its place), so
	// that an upgrade does not list the server twice.
	Former string
}

// Result says what Write did (or, with DryRun, would do).
type Result struct {
	Path     string
	Backup   string // the previous file, kept beside it; "" when there was none (or DryRun)
	Replaced bool   // an entry of the same name was there before
	Renamed  string // the Former name of the entry replaced, if it was under that name
	// Before is the entry of that name before (nil: none); After the one written.
	Before, After json.RawMessage
	// Content is the whole new file.
	Content []byte
}

// ConflictError is returned when an entry of the same name runs another command or connects
// to another address: it may be another server, so it is replaced only with Options.Force.
type ConflictError struct {
	Path, Name string
	Command    string // what the entry runs; "" for a remote entry
	URL        string // where a remote entry connects
}

func (e *ConflictError) Error() string {
	what := "runs " + e.Command
	if e.Command == "" {
		what = "connects to " + e.URL
	}
	return fmt.Sprintf("%s already has a server named %q that %s: choose another name (--name), or replace it with --force; nothing was changed", e.Path, e.Name, what)
}

// Entry is what install reads of an entry in a client's file.
type Entry struct {
	Command string            `json:"command"`
	Args    []string          `json:"args"`
	Env     map[string]string `json:"env"`
	URL     string            `json:"url"`
	// ServerURL is Windsurf's name for URL.
	ServerURL string `json:"serverUrl"`
}

// Address is where a remote entry connects ("" for a local one).
func (e Entry) Address() string { return cmp.Or(e.URL, e.ServerURL) }

// IntervalsServer reports whether the entry starts an Intervals.icu MCP server whose env
// holds its credentials: this program (a command named intervals-mcp), or the reference
// server (mvilanova/intervals-mcp-server, whose README's entry runs
// "uv run ... intervals-mcp-server/src/intervals_mcp_server/server.py", or the same through
// /bin/bash -c).
func (e Entry) IntervalsServer() bool {
	base := strings.ToLower(e.Command)
	if i := strings.LastIndexAny(base, `/\`); i >= 0 {
		base = base[i+1:]
	}
	if strings.TrimSuffix(base, ".exe") == "intervals-mcp" {
		return true
	}
	for _, s := range append([]string{e.Command}, e.Args...) {
		if strings.Contains(s, "intervals_mcp_server") || strings.Contains(s, "intervals-mcp-server") {
			return true
		}
	}
	return false
}

// ReadEntry reads the entry called name in the client's file at path; ok is false when there is
// none (no file, no such entry, or a file Write would refuse: it says why).
func (c Client) ReadEntry(path, name string) (e Entry, ok bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return e, false
	}
	doc, err := parseObject(data)
	if err != nil {
		return e, false
	}
	servers, err := parseObject(doc.get(c.Key))
	if err != nil || servers.get(name) == nil {
		return e, false
	}
	return e, json.Unmarshal(servers.get(name), &e) == nil
}

// Write adds (or replaces) the server called name in the client's JSON file at path, keeping
// every other key and server as it was and in its place. The previous file is kept beside it
// as path.bak-YYYYMMDD-HHMMSS (one per run, none overwritten); the new one is written to a
// temporary file and renamed, so a crash never leaves half a file. A file that is not a JSON
// object (comments included: JSONC is not read) is refused and left untouched.
func (c Client) Write(path, name string, srv Server, opt Options) (Result, error) {
	res := Result{Path: path}
	entry, err := c.entry(srv)
	if err != nil {
		return res, err
	}
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return res, fmt.Errorf("read %s: %w", path, err)
	}
	doc, err := parseObject(old)
	if err != nil {
		return res, fmt.Errorf("%s is not a JSON object (%v): fix or move it, then run this again; nothing was changed", path, err)
	}
	servers, err := parseObject(doc.get(c.Key))
	if err != nil {
		return res, fmt.Errorf("%s: %q is not an object: fix it, then run this again; nothing was changed", path, c.Key)
	}
	if prev := servers.get(opt.Former); opt.Former != "" && servers.get(name) == nil && prev != nil {
		var p Entry
		if json.Unmarshal(prev, &p) == nil && p.Command == srv.Command && srv.Command != "" {
			servers.rename(opt.Former, name)
			res.Renamed = opt.Former
		}
	}
	if prev := servers.get(name); prev != nil {
		res.Replaced, res.Before = true, prev
		var p Entry
		_ = json.Unmarshal(prev, &p)
		if (p.Command != srv.Command || p.Address() != srv.URL) && !opt.Force {
			return res, &ConflictError{Path: path, Name: name, Command: p.Command, URL: p.Address()}
		}
	}
	servers.set(name, entry)
	doc.set(c.Key, servers.marshal())
	var out bytes.Buffer
	if err := json.Indent(&out, doc.marshal(), "", "  "); err != nil {
		return res, err
	}
	out.WriteByte('\n')
	res.After, res.Content = entry, out.Bytes()
	if opt.DryRun {
		return res, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return res, fmt.Errorf("create %s: %w", filepath.Dir(path), err)
	}
	if old != nil {
		now := opt.Now
		if now.IsZero() {
			now = time.Now()
		}
		if res.Backup, err = backup(path, old, now); err != nil {
			return res, err
		}
	}
	return res, replaceFile(path, res.Content)
}

// backup keeps old as path.bak-<time>, adding -2, -3 ... rather than overwriting a backup of
// the same second.
func backup(path string, old []byte, now time.Time) (string, error) {
	base := path + ".bak-" + now.Format("20060102-150405")
	name := base
	for i := 2; ; i++ {
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, os.ErrExist) {
			name = fmt.Sprintf("%s-%d", base, i)
			continue
		}
		if err != nil {
			return "", fmt.Errorf("keep a backup of %s: %w", path, err)
		}
		_, err = f.Write(old)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return "", fmt.Errorf("keep a backup of %s: %w", path, err)
		}
		return name, nil
	}
}

// replaceFile writes data to a temporary file beside path and renames it over path.
func replaceFile(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+"-*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	// The file holds the API key: readable by the user only.
	if err := os.Chmod(tmp.Name(), 0o600); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// object is a JSON object that keeps its keys in the order of the file, and its values as
// they were written, so that a rewrite changes only the entry it adds.
type object struct {
	keys []string
	vals map[string]json.RawMessage
}

// parseObject reads a JSON object; empty input (a missing file) is an empty object.
func parseObject(data []byte) (*object, error) {
	o := &object{vals: map[string]json.RawMessage{}}
	if len(bytes.TrimSpace(data)) == 0 {
		return o, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil {
		return nil, err
	} else if t != json.Delim('{') {
		return nil, errors.New("the file does not start with {")
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, err
		}
		k, _ := t.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		o.set(k, v)
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err == nil {
		return nil, errors.New("more than one JSON value")
	}
	return o, nil
}

func (o *object) get(k string) json.RawMessage { return o.vals[k] }

func (o *object) set(k string, v json.RawMessage) {
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

// rename gives the value of key old the key new, in its place (new must not be a key).
func (o *object) rename(old, new string) {
	for i, k := range o.keys {
		if k == old {
			o.keys[i] = new
		}
	}
	o.vals[new] = o.vals[old]
	delete(o.vals, old)
}

// marshal writes the object compactly, in key order.
func (o *object) marshal() json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		_ = json.Compact(&b, o.vals[k])
	}
	b.WriteByte('}')
	return b.Bytes()
}
