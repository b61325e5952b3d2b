package auth

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// register is dynamic client registration (RFC 7591): deprecated in MCP in favour of client
// ID metadata documents, still Claude's fallback. Rate limited per source (the client's
// address, behind the trusted proxies) and overall, through the store's budgets (so across
// replicas), bad requests included; refused once Limits.MaxClients are registered (the
// cleanup deletes the unused ones). Every client is public ("none") unless it registers keys
// for private_key_jwt; no secret is ever issued.
func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	if !s.allowRegister(w, r) {
		return
	}
	var doc clientDocument
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxForm)).Decode(&doc); err != nil {
		oauthError(w, http.StatusBadRequest, "invalid_client_metadata", "the body must be a JSON client metadata object (RFC 7591) of at most 64 KiB")
		return
	}
	if _, ok := parseScope(doc.Scope); !ok {
		oauthError(w, http.StatusBadRequest, "invalid_client_metadata", "scope: use intervals:read and intervals:write")
		return
	}
	c, err := clientFrom(doc, false)
	if err != nil {
		code := "invalid_client_metadata"
		var ce *clientError
		if errors.As(err, &ce) && ce.redirect {
			code = "invalid_redirect_uri"
		}
		oauthError(w, http.StatusBadRequest, code, err.Error())
		return
	}
	now := s.now()
	c.ID, c.Created = newToken(prefixClient)[:32], now
	if c.Name == "" {
		c.Name = "Unnamed client"
	}
	err = s.opts.Store.RegisterClient(r.Context(), *c, s.opts.Limits.MaxClients)
	if errors.Is(err, store.ErrFull) {
		s.log.Warn("register: refused, the registered clients are at their limit: raise --max-clients, or wait for the cleanup of the unused ones",
			"max_clients", s.opts.Limits.MaxClients)
		oauthError(w, http.StatusServiceUnavailable, "invalid_client_metadata",
			"the server has too many registered clients: use a client ID metadata document, or ask the server's operator")
		return
	}
	if err != nil {
		s.log.Error("register: store", "error", err)
		oauthError(w, http.StatusServiceUnavailable, "temporarily_unavailable", "registration is unavailable for a moment: try again")
		return
	}
	s.log.Info("client registered", "client_id", c.ID, "name", c.Name)
	out := map[string]any{
		"client_id":                  c.ID,
		"client_id_issued_at":        now.Unix(),
		"client_name":                c.Name,
		"redirect_uris":              c.RedirectURIs,
		"token_endpoint_auth_method": c.AuthMethod,
		"grant_types":                []string{"authorization_code", "refresh_token"},
		"response_types":             []string{"code"},
		"scope":                      caller.ScopeRead + " " + caller.ScopeWrite,
	}
	if c.JWKSURI != "" {
		out["jwks_uri"] = c.JWKSURI
	}
	if c.JWKS != "" {
		out["jwks"] = json.RawMessage(c.JWKS)
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusCreated, out)
}
