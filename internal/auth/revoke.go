package auth

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// revoke is token revocation (RFC 7009): an access or refresh token of the authenticated
// client revokes its whole grant (every token of it, on every replica at the next request).
// The answer is 200 whether or not the token was known, as the RFC asks. When that was the
// athlete's last connection, they are forgotten (Forget).
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
	athlete, err := s.opts.Store.RevokeToken(r.Context(), token, c.ID, s.now())
	if err != nil {
		s.unavailable(w, "revoke", err)
		return
	}
	s.forget(r.Context(), athlete)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
}

// Forget follows a revocation of athleteID's: once nothing of theirs is live (no
// connection, no personal token: store.ForgetAthlete), their sealed Intervals.icu token is
// deleted and their account sessions end, and intervals-mcp is disconnected from their
// Intervals.icu account with that token (DELETE /api/v1/disconnect-app), so that nothing of
// theirs is kept here or usable there. The disconnect is best effort: a failure is logged
// (never the token) and disconnected is false; a nil sealer (a command without the seal
// keys) skips it. err is the store's only.
func Forget(ctx context.Context, st store.Store, sealer *Sealer, up *Upstream, athleteID string, now time.Time, log *slog.Logger) (forgotten, disconnected bool, err error) {
	if athleteID == "" {
		return false, false, nil
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	a, err := st.ForgetAthlete(ctx, athleteID, now)
	if err != nil || a == nil {
		return false, false, err
	}
	log.Info("forgot an athlete: their last connection is revoked and their Intervals.icu token deleted", "athlete", a.ID)
	if sealer == nil || up == nil {
		return true, false, nil
	}
	plain, err := sealer.Open(a.SealedToken, []byte(a.ID))
	if err != nil {
		log.Warn("forget: the Intervals.icu token cannot be unsealed (was its key removed from MCP_SEAL_KEYS?), so intervals-mcp is not disconnected at Intervals.icu; it is deleted here all the same", "athlete", a.ID)
		return true, false, nil
	}
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := up.Disconnect(dctx, string(plain)); err != nil {
		log.Warn("forget: disconnecting at Intervals.icu failed; the token is deleted here all the same", "athlete", a.ID, "error", err)
		return true, false, nil
	}
	return true, true, nil
}

// forget is Forget with the server's store, keys and Intervals.icu app.
func (s *Server) forget(ctx context.Context, athleteID string) (forgotten, disconnected bool) {
	forgotten, disconnected, err := Forget(ctx, s.opts.Store, s.opts.Sealer, s.opts.Upstream, athleteID, s.now(), s.log)
	if err != nil {
		s.log.Error("forget: store", "error", err)
	}
	return forgotten, disconnected
}
