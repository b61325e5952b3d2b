package auth

import "net/http"

// revoke is token revocation (RFC 7009): an access or refresh token of the authenticated
// client revokes its whole grant (every token of it, on every replica at the next request).
// The answer is 200 whether or not the token was known, as the RFC asks.
func (s *Server) revoke(w http.ResponseWriter, r *http.Request) {
	if !parseForm(w, r) {
		return
	}
	c, ok := s.authenticate(w, r)
	if !ok {
		return
	}
	token := r.PostForm.Get("token")
	if token == "" {
		oauthError(w, http.StatusBadRequest, "invalid_request", "token is missing")
		return
	}
	if err := s.opts.Store.RevokeToken(r.Context(), token, c.ID, s.now()); err != nil {
		s.unavailable(w, "revoke", err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
}
