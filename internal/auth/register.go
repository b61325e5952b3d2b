package auth

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"

	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// register is dynamic client registration (RFC 7591): deprecated in MCP in favour of client
// ID metadata documents, still Claude's fallback. Rate limited per remote address and
// overall, through the store's budgets (so across replicas). Every client is public
// ("none") unless it registers keys for private_key_jwt; no secret is ever issued.
func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	d, err := s.opts.Store.TakeBudget(r.Context(), s.now(),
		store.Bucket{Key: "oauth-register:" + host, Rate: s.opts.RegisterRate / 3600, Burst: int(max(s.opts.RegisterRate/2, 1))},
		store.Bucket{Key: "oauth-register", Rate: 1, Burst: 100})
	if err != nil {
		s.log.Error("register: budget", "error", err)
		oauthError(w, http.StatusServiceUnavailable, "temporarily_unavailable", "registration is unavailable for a moment: try again")
		return
	}
	if !d.Allowed {
		w.Header().Set("Retry-After", fmt.Sprint(int(d.RetryAfter.Seconds())+1))
		oauthError(w, http.StatusTooManyRequests, "too_many_requests", fmt.Sprintf("too many registrations: try again in %s", d.RetryAfter.Round(1e9)))
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
	if err := s.opts.Store.PutClient(r.Context(), *c); err != nil {
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
