package transport

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/manifest"
	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Toolsets per connection: a client that can set neither flags nor headers chooses by its
// URL (/mcp/readonly, /mcp/x/calendar,coach, /mcp/x/default,coach/readonly), one that can
// send headers by X-MCP-Toolsets (the same list) and X-MCP-Readonly (true). Each selection
// is its own MCP server (server.Servers), within what the server offers; a token without
// intervals:write gets the read-only form of its selection.

// Headers of a selection.
const (
	ToolsetsHeader = "X-MCP-Toolsets"
	ReadonlyHeader = "X-MCP-Readonly"
)

// chosenKey is the context key of the server selecting chose for a request.
type chosenKey struct{}

// selecting chooses the server of a request to /mcp or below it (choose) before go-sdk
// sees it, answering 404 to a path and 400 to headers that name nothing this server offers.
func (h *HTTP) selecting(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		srv, status, err := h.choose(r)
		if err != nil {
			http.Error(w, "intervals-mcp: "+err.Error(), status)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), chosenKey{}, srv)))
	})
}

// choose is the server of a request: the selection of its path below /mcp, else of its
// headers, made read-only for a token without intervals:write (a server with a token or
// OAuth knows the caller; one without serves everything to loopback). Without Servers,
// Server serves /mcp alone.
func (h *HTTP) choose(r *http.Request) (*mcp.Server, int, error) {
	rest := strings.TrimPrefix(r.URL.Path, "/mcp")
	if !strings.HasPrefix(r.URL.Path, "/mcp") {
		rest = ""
	}
	if h.opts.Servers == nil {
		if strings.Trim(rest, "/") != "" {
			return nil, http.StatusNotFound, errNoSelection
		}
		return h.serverFor(r), 0, nil
	}
	sel, err := server.ParseSelection(rest)
	if err != nil {
		return nil, http.StatusNotFound, err
	}
	status := http.StatusNotFound
	if sel.Toolsets == nil && r.Header.Get(ToolsetsHeader) != "" {
		status = http.StatusBadRequest
		if sel.Toolsets, err = manifest.ParseToolsets(r.Header.Get(ToolsetsHeader)); err != nil {
			return nil, status, err
		}
	}
	if ro := r.Header.Get(ReadonlyHeader); ro != "" {
		b, err := strconv.ParseBool(ro)
		if err != nil {
			return nil, http.StatusBadRequest, errReadonlyHeader
		}
		sel.ReadOnly = sel.ReadOnly || b
	}
	if h.opts.Token != "" || h.opts.OAuth != nil {
		sel.ReadOnly = sel.ReadOnly || !callerOf(r).Has(caller.ScopeWrite)
	}
	srv, err := h.opts.Servers.For(sel)
	if err != nil {
		return nil, status, err
	}
	return srv, 0, nil
}

var (
	errNoSelection    = errors.New("this server serves its tools at /mcp only")
	errReadonlyHeader = errors.New(ReadonlyHeader + " takes true or false")
)
