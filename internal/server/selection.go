package server

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Selection is what one connection asks for (the transport reads it from the path, such as
// /mcp/x/calendar,coach/readonly, or a header): toolsets, and whether to offer the read
// tools only. The zero value is the server's own configuration.
type Selection struct {
	Toolsets []manifest.Toolset // nil: the server's --toolsets
	ReadOnly bool
}

// maxSelections bounds the servers kept, one per selection made; a selection made past it
// is served by a server built for its request (correct, only slower).
const maxSelections = 64

// Servers builds and keeps one MCP server per selection, each a go-sdk server of its own
// (its tool list is go-sdk's, never a rewritten one): the server's configuration is built at
// start, any other selection on its first request (or at start with Warm). A selection
// may name the toolsets of the server's configuration and those it lets connections choose
// besides (--connection-toolsets); it never lifts --read-only or --no-destructive.
type Servers struct {
	base    manifest.Filter
	allowed []manifest.Toolset
	options func(manifest.Filter) Options
	full    *Catalog // the server's configuration: which tools need intervals:write

	mu    sync.Mutex
	built map[string]*mcp.Server
	mws   []mcp.Middleware
}

// NewServers builds the server of the configuration, options(base). options makes the Options of a filter (the prompts depend on the coach toolset); the
// servers it builds share one runtime, the callers' clients and read caches included.
// selectable are the toolsets a connection may choose besides base's.
func NewServers(base manifest.Filter, selectable []manifest.Toolset, options func(manifest.Filter) Options) (*Servers, error) {
	if base.Toolsets == nil {
		base.Toolsets = manifest.DefaultToolsets
	}
	allowed := slices.Clone(base.Toolsets)
	for _, t := range selectable {
		if !slices.Contains(allowed, t) {
			allowed = append(allowed, t)
		}
	}
	shared := options(base).Runtime
	if shared.callers == nil {
		shared.callers = &callerClients{}
	}
	s := &Servers{base: base, allowed: allowed, built: map[string]*mcp.Server{}}
	s.options = func(f manifest.Filter) Options {
		o := options(f)
		o.Runtime = shared
		return o
	}
	full, err := NewCatalog(s.options(base).Tools, base)
	if err != nil {
		return nil, err
	}
	s.full = full
	if _, err := s.For(Selection{}); err != nil {
		return nil, err
	}
	return s, nil
}

// Warm builds the server of a selection now rather than on its first request: the read-only
// form, with sign-in, which every read token gets.
func (s *Servers) Warm(sel Selection) error {
	_, err := s.For(sel)
	return err
}

// Filter is the filter of a selection, or an error saying what this server offers.
func (s *Servers) Filter(sel Selection) (manifest.Filter, error) {
	f := s.base
	f.ReadOnly = f.ReadOnly || sel.ReadOnly
	if sel.Toolsets == nil {
		return f, nil
	}
	var refused []string
	for _, t := range sel.Toolsets {
		if !slices.Contains(s.allowed, t) {
			refused = append(refused, string(t))
		}
	}
	if len(refused) > 0 {
		return f, fmt.Errorf("toolset %s is not offered by this server: choose among %s", strings.Join(refused, ", "), joinToolsets(s.allowed))
	}
	// In catalog order, so that one set of toolsets is one server however it was written.
	f.Toolsets = nil
	for _, t := range manifest.AllToolsets {
		if slices.Contains(sel.Toolsets, t) {
			f.Toolsets = append(f.Toolsets, t)
		}
	}
	return f, nil
}

// For is the server of a selection: built once and kept (maxSelections at most).
func (s *Servers) For(sel Selection) (*mcp.Server, error) {
	f, err := s.Filter(sel)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprint(f.ReadOnly, f.Toolsets)
	s.mu.Lock()
	defer s.mu.Unlock()
	if srv, ok := s.built[key]; ok {
		return srv, nil
	}
	srv, err := New(s.options(f))
	if err != nil {
		return nil, err
	}
	for _, mw := range s.mws {
		srv.AddReceivingMiddleware(mw)
	}
	if len(s.built) < maxSelections {
		s.built[key] = srv
	}
	return srv, nil
}

// AddReceivingMiddleware adds mw to every server, those built and those to come.
func (s *Servers) AddReceivingMiddleware(mw mcp.Middleware) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mws = append(s.mws, mw)
	for _, srv := range s.built {
		srv.AddReceivingMiddleware(mw)
	}
}

// WriteTool reports whether a tool of the server's configuration needs intervals:write.
func (s *Servers) WriteTool(name string) bool {
	e, ok := s.full.Lookup(name)
	return ok && e.Access != manifest.Read
}

// Describe says what a connection with this selection gets, for the consent page: its
// toolsets and how many tools, read-only or not.
func (s *Servers) Describe(sel Selection) (string, error) {
	f, err := s.Filter(sel)
	if err != nil {
		return "", err
	}
	cat, err := NewCatalog(s.options(f).Tools, f)
	if err != nil {
		return "", err
	}
	d := fmt.Sprintf("%d tools: %s", len(cat.Entries), joinToolsets(f.Toolsets))
	if f.ReadOnly {
		d += " (read only: nothing is changed)"
	}
	return d, nil
}

func joinToolsets(ts []manifest.Toolset) string {
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = string(t)
	}
	return strings.Join(names, ", ")
}

// ParseSelection reads the selection of a path under /mcp, given without its /mcp: "" or
// "/" (the server's own), "/readonly", "/x/{toolsets}" or "/x/{toolsets}/readonly", where
// toolsets are comma separated as --toolsets takes them ("default" and "all" included).
func ParseSelection(rest string) (Selection, error) {
	var sel Selection
	p := strings.Trim(rest, "/")
	if p2, ok := strings.CutSuffix(p, "readonly"); ok && (p2 == "" || strings.HasSuffix(p2, "/")) {
		sel.ReadOnly, p = true, strings.TrimSuffix(p2, "/")
	}
	switch sets, ok := strings.CutPrefix(p, "x/"); {
	case p == "":
		return sel, nil
	case !ok || sets == "" || strings.Contains(sets, "/"):
		return sel, fmt.Errorf("no such endpoint: /mcp%s (use /mcp, /mcp/readonly, /mcp/x/TOOLSET[,TOOLSET...] or /mcp/x/TOOLSETS/readonly)", rest)
	default:
		ts, err := manifest.ParseToolsets(sets)
		if err != nil {
			return sel, err
		}
		sel.Toolsets = ts
		return sel, nil
	}
}
