package auth

import (
	"net/http"

	"github.com/intervals-mcp/intervals-mcp/internal/caller"
)

// supportedScopes are advertised in both metadata documents.
var supportedScopes = []string{caller.ScopeRead, caller.ScopeWrite}

// assertionAlgs are the signature algorithms of private_key_jwt client assertions we take.
var assertionAlgs = []string{"RS256", "PS256", "ES256", "ES384", "EdDSA"}

// routeMetadata serves RFC 9728 protected-resource metadata at both addresses clients try
// (the path-specific first, then the root) and RFC 8414 authorization-server metadata, also
// as /.well-known/openid-configuration, which some clients ask for instead.
func (s *Server) routeMetadata(mux *http.ServeMux) {
	prm := s.protectedResource(s.resource)
	serve := func(doc any) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Access-Control-Allow-Origin", "*") // browser-based clients read these
			w.Header().Set("Cache-Control", "public, max-age=3600")
			writeJSON(w, http.StatusOK, doc)
		}
	}
	mux.HandleFunc("GET /.well-known/oauth-protected-resource/mcp", serve(prm))
	mux.HandleFunc("GET /.well-known/oauth-protected-resource", serve(prm))
	mux.HandleFunc("GET /.well-known/oauth-protected-resource/mcp/{path...}", func(w http.ResponseWriter, r *http.Request) {
		resource := s.resource + "/" + r.PathValue("path")
		if _, ok := s.connection(resource); !ok {
			http.NotFound(w, r)
			return
		}
		serve(s.protectedResource(resource))(w, r)
	})
	asm := s.serverMetadata()
	mux.HandleFunc("GET /.well-known/oauth-authorization-server", serve(asm))
	mux.HandleFunc("GET /.well-known/openid-configuration", serve(asm))
}

// protectedResource is the RFC 9728 metadata of one of our resources: /mcp, or a path below
// it (a client checks that it names the very URL it connected to).
func (s *Server) protectedResource(resource string) map[string]any {
	return map[string]any{
		"resource":                 resource,
		"authorization_servers":    []string{s.issuer},
		"scopes_supported":         supportedScopes,
		"bearer_methods_supported": []string{"header"},
		"resource_name":            "intervals-mcp (Intervals.icu)",
	}
}

func (s *Server) serverMetadata() map[string]any {
	auth := []string{"none", "private_key_jwt"}
	return map[string]any{
		"issuer":                                           s.issuer,
		"authorization_endpoint":                           s.issuer + "/authorize",
		"token_endpoint":                                   s.issuer + "/token",
		"registration_endpoint":                            s.issuer + "/register",
		"revocation_endpoint":                              s.issuer + "/revoke",
		"scopes_supported":                                 supportedScopes,
		"response_types_supported":                         []string{"code"},
		"response_modes_supported":                         []string{"query"},
		"grant_types_supported":                            []string{"authorization_code", "refresh_token"},
		"code_challenge_methods_supported":                 []string{"S256"},
		"token_endpoint_auth_methods_supported":            auth,
		"token_endpoint_auth_signing_alg_values_supported": assertionAlgs,
		"revocation_endpoint_auth_methods_supported":       auth,
		"client_id_metadata_document_supported":            true,
		"authorization_response_iss_parameter_supported":   true,
		"service_documentation":                            "https://github.com/intervals-mcp/intervals-mcp#remote-sign-in-oauth",
	}
}
