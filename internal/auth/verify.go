package auth

import (
	"context"
	"crypto/subtle"
	"errors"
	"net/http"
	"strings"
	"time"

	sdkauth "github.com/modelcontextprotocol/go-sdk/auth"

	"github.com/intervals-mcp/intervals-mcp/internal/server"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// Verifier checks the bearer token of every /mcp request in the store: one of our access
// tokens, a personal access token, or the static MCP_AUTH_TOKEN. A token of an athlete
// carries the athlete's unsealed Intervals.icu token to the call (server.Caller), never
// further: it is not logged and the server redacts it from answers.
func (s *Server) Verifier() sdkauth.TokenVerifier {
	return func(ctx context.Context, token string, _ *http.Request) (*sdkauth.TokenInfo, error) {
		now := s.now()
		if s.opts.StaticToken != "" && subtle.ConstantTimeCompare([]byte(token), []byte(s.opts.StaticToken)) == 1 {
			return &sdkauth.TokenInfo{Scopes: []string{ScopeRead, ScopeWrite}, Expiration: now.Add(time.Hour)}, nil
		}
		kind := store.KindAccess
		switch {
		case strings.HasPrefix(token, PrefixPersonal):
			kind = store.KindPersonal
		case !strings.HasPrefix(token, PrefixAccess):
			return nil, sdkauth.ErrInvalidToken
		}
		t, err := s.opts.Store.VerifyToken(ctx, token, now, kind)
		if errors.Is(err, store.ErrNotFound) {
			return nil, sdkauth.ErrInvalidToken
		}
		if err != nil {
			s.log.Error("verify: store", "error", err)
			return nil, err
		}
		upstream, err := s.upstreamToken(ctx, t.AthleteID)
		if err != nil {
			return nil, err
		}
		exp := t.Expires
		if exp.IsZero() {
			exp = now.Add(time.Hour) // a personal token without expiry; go-sdk wants one
		}
		key := t.ID
		if t.GrantID != "" {
			key = t.GrantID
		}
		info := &sdkauth.TokenInfo{Scopes: Scopes(t.Scope), Expiration: exp, UserID: t.AthleteID}
		server.SetCaller(info, server.Caller{Token: upstream, AthleteID: t.AthleteID, Key: kind + ":" + key})
		return info, nil
	}
}

// upstreamToken is an athlete's Intervals.icu token, unsealed; a token sealed under an older
// key is sealed again under the current one (key rotation happens as athletes call).
func (s *Server) upstreamToken(ctx context.Context, athleteID string) (string, error) {
	a, err := s.opts.Store.Athlete(ctx, athleteID)
	if errors.Is(err, store.ErrNotFound) {
		return "", sdkauth.ErrInvalidToken // never signed in (a personal token made for them early)
	}
	if err != nil {
		s.log.Error("verify: store", "error", err)
		return "", err
	}
	plain, err := s.opts.Sealer.Open(a.SealedToken, []byte(a.ID))
	if err != nil {
		s.log.Error("verify: an athlete's Intervals.icu token cannot be unsealed (was its sealing key removed from MCP_SEAL_KEYS?): they must sign in again", "athlete", a.ID)
		return "", sdkauth.ErrInvalidToken
	}
	if !s.opts.Sealer.Current(a.SealedToken) {
		if again, err := s.opts.Sealer.Seal(plain, []byte(a.ID)); err == nil {
			a.SealedToken = again
			if err := s.opts.Store.PutAthlete(ctx, *a); err != nil {
				s.log.Warn("verify: reseal", "error", err)
			}
		}
	}
	return string(plain), nil
}
