package auth

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/intervals-mcp/intervals-mcp/gen/intervals"
	"github.com/intervals-mcp/intervals-mcp/internal/caller"
	"github.com/intervals-mcp/intervals-mcp/internal/store"
)

// Verify is the caller of a bearer token of /mcp, checked in the store: one of our access
// tokens or a personal access token (the server's own MCP_AUTH_TOKEN is the transport
// gate's to check). The caller carries the athlete's unsealed Intervals.icu token to the
// call (caller.Caller.Token), never further: it is not logged and the server redacts it
// from answers. A token that is not accepted is an error wrapping caller.ErrInvalidToken:
// caller.ErrTokenRevoked or caller.ErrTokenExpired when the store knows it so.
//
// A token verified here is kept in memory for a minute at most (verified), and taken from
// there while the store's revocation signal has not moved since: each request reads that
// signal (store.Signals, one row, shared by the requests that arrive together, and by the
// call's own look at the store: caller.Caller.Verified), so a token, grant or connection
// revoked on any replica is refused at the next request, as before.
func (s *Server) Verify(ctx context.Context, token string) (caller.Caller, error) {
	arrived := time.Now() // the process's clock: the signals must be read after this
	now := s.now()
	kind := store.KindAccess
	switch {
	case strings.HasPrefix(token, PrefixPersonal):
		kind = store.KindPersonal
	case !strings.HasPrefix(token, PrefixAccess):
		return caller.Caller{}, caller.ErrInvalidToken
	}
	sig, err := s.opts.Store.Signals(ctx, arrived)
	if err != nil {
		s.log.Error("verify: store", "error", err)
		return caller.Caller{}, err
	}
	key := sha256.Sum256([]byte(token))
	if c, ok := s.verified.get(key, sig.Revocations, now); ok {
		c.Verified = arrived
		return c, nil
	}
	t, err := s.opts.Store.VerifyToken(ctx, token, now, kind)
	switch {
	case errors.Is(err, store.ErrRevoked):
		return caller.Caller{}, caller.ErrTokenRevoked
	case errors.Is(err, store.ErrExpired):
		return caller.Caller{}, caller.ErrTokenExpired
	case errors.Is(err, store.ErrNotFound):
		return caller.Caller{}, caller.ErrInvalidToken
	}
	if err != nil {
		s.log.Error("verify: store", "error", err)
		return caller.Caller{}, err
	}
	upstream, err := s.upstreamToken(ctx, t.AthleteID)
	if err != nil {
		return caller.Caller{}, err
	}
	exp := t.Expires
	if exp.IsZero() {
		exp = now.Add(time.Hour) // a personal token without expiry; go-sdk wants one
	}
	grant := t.ID
	if t.GrantID != "" {
		grant = t.GrantID
	}
	c := caller.Caller{Token: upstream, AthleteID: t.AthleteID, Grant: kind + ":" + grant, Scopes: Scopes(t.Scope), Expires: exp, Verified: arrived}
	s.verified.put(key, c, sig.Revocations, now)
	return c, nil
}

// verifiedFor is how long a verified token is kept in memory at most: its use is noted in the
// store (the account page's "last used") when it is verified again.
const verifiedFor = time.Minute

// maxVerified bounds the tokens kept; past it the expired ones go, and if none has, all.
const maxVerified = 10000

// verified are the tokens this process has verified, each kept under the revocation signal
// it was verified at (store.Signals.Revocations), until its expiry or verifiedFor.
type verified struct {
	mu     sync.Mutex
	tokens map[[sha256.Size]byte]verifiedToken
}

type verifiedToken struct {
	c      caller.Caller
	signal int64
	until  time.Time
}

// get is the caller of the token hashed key, if it was verified under signal and is not past
// its time at now.
func (v *verified) get(key [sha256.Size]byte, signal int64, now time.Time) (caller.Caller, bool) {
	v.mu.Lock()
	defer v.mu.Unlock()
	t, ok := v.tokens[key]
	if !ok || t.signal != signal || !now.Before(t.until) {
		return caller.Caller{}, false
	}
	return t.c, true
}

func (v *verified) put(key [sha256.Size]byte, c caller.Caller, signal int64, now time.Time) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.tokens == nil {
		v.tokens = map[[sha256.Size]byte]verifiedToken{}
	}
	if len(v.tokens) >= maxVerified {
		for k, t := range v.tokens {
			if t.signal != signal || !now.Before(t.until) {
				delete(v.tokens, k)
			}
		}
		if len(v.tokens) >= maxVerified {
			clear(v.tokens)
		}
	}
	until := now.Add(verifiedFor)
	if c.Expires.Before(until) {
		until = c.Expires
	}
	v.tokens[key] = verifiedToken{c: c, signal: signal, until: until}
}

// upstreamToken is AthleteToken for the verifier: an athlete without a token kept here
// makes their bearer token invalid.
func (s *Server) upstreamToken(ctx context.Context, athleteID string) (string, error) {
	tok, err := AthleteToken(ctx, s.opts.Store, s.opts.Sealer, athleteID)
	switch {
	case errors.Is(err, caller.ErrSignedOut):
		if err != caller.ErrSignedOut { // not a missing sign-in: one that cannot be opened
			s.log.Error("verify: "+err.Error(), "athlete", athleteID)
		}
		return "", caller.ErrInvalidToken
	case err != nil:
		s.log.Error("verify: store", "error", err)
		return "", err
	}
	return tok, nil
}

// AthleteToken is an athlete's Intervals.icu token, unsealed; a token sealed under an older
// key is sealed again under the current one (key rotation happens as athletes call). An
// athlete with none kept (never signed in, or forgotten), or whose token cannot be unsealed,
// is an error wrapping caller.ErrSignedOut.
func AthleteToken(ctx context.Context, st store.Store, sealer *Sealer, athleteID string) (string, error) {
	a, err := st.Athlete(ctx, athleteID)
	if errors.Is(err, store.ErrNotFound) {
		return "", caller.ErrSignedOut
	}
	if err != nil {
		return "", err
	}
	plain, err := sealer.Open(a.SealedToken, []byte(a.ID))
	if err != nil {
		// Open's error names the key by its id, never the key or the token.
		return "", fmt.Errorf("%w: their Intervals.icu token cannot be unsealed (was its sealing key removed from MCP_SEAL_KEYS?): they must sign in again (%v)", caller.ErrSignedOut, err)
	}
	if !sealer.Current(a.SealedToken) {
		if again, err := sealer.Seal(plain, []byte(a.ID)); err == nil {
			a.SealedToken = again
			_ = st.PutAthlete(ctx, *a) // sealed again at the next call if this fails
		}
	}
	return string(plain), nil
}

// JournalClient is server.Persist.ClientFor on a server with sign-in: the Intervals.icu
// client (newClient) on a signed-in athlete's own token, unsealed with sealer.
func JournalClient(sealer *Sealer, newClient func(token string) (*intervals.ClientWithResponses, error)) func(context.Context, store.Store, string) (*intervals.ClientWithResponses, error) {
	return func(ctx context.Context, st store.Store, athleteID string) (*intervals.ClientWithResponses, error) {
		tok, err := AthleteToken(ctx, st, sealer, athleteID)
		if err != nil {
			return nil, err
		}
		return newClient(tok)
	}
}
