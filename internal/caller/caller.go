package caller

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// The OAuth scopes of /mcp. Write implies read: a write grant's scope is
// "intervals:read intervals:write".
const (
	ScopeRead  = "intervals:read"
	ScopeWrite = "intervals:write"
)

// Caller is who a request speaks for. The zero Caller is the server's own credential (its
// API key) with no scope: what a stdio call, or an HTTP call without a bearer, runs as.
type Caller struct {
	// Token is a signed-in athlete's Intervals.icu access token: the call's client is built
	// on it (never logged; answers redact it). "" means the server's own credential, as for
	// MCP_AUTH_TOKEN.
	Token string
	// AthleteID is the signed-in athlete ("" for the server's own credential).
	AthleteID string
	// Grant names the sign-in, never a secret: "access:<grant id>" for an OAuth grant,
	// "personal:<token id>" for a personal token. A caller's Intervals.icu client and read
	// cache are kept under it. "" for the server's own credential.
	Grant string
	// Scopes are the bearer's scopes (ScopeRead, ScopeWrite); nil without a bearer.
	Scopes []string
	// Expires is when the bearer stops being accepted; zero without a bearer.
	Expires time.Time
	// Verified is when the bearer's verification read the store (this process's clock): the
	// call's own look at the store (its unfinished journals) is as fresh when it shares that
	// read. Zero without a bearer checked in the store.
	Verified time.Time
	// Key is the caller key of a tool call (KeyOf: the credential and the athlete the call
	// acts for), set by the call path: upstream budgets, range-delete confirmations, write
	// journals and notices hang on it. "" until then.
	Key string
}

// SignedIn says whether the caller brings an athlete's own Intervals.icu token (an OAuth
// grant or a personal token) rather than the server's credential.
func (c Caller) SignedIn() bool { return c.Token != "" }

// Has says whether the caller's bearer carries scope.
func (c Caller) Has(scope string) bool { return slices.Contains(c.Scopes, scope) }

// Credential names the credential the caller's calls run under, for KeyOf: the sign-in
// ("oauth:" + Grant) of a signed-in caller, else own (the server's API key or token).
func (c Caller) Credential(own string) string {
	if c.SignedIn() {
		return "oauth:" + c.Grant
	}
	return own
}

// KeyOf is the caller key of a credential acting for an athlete: a hash, never the
// credential itself. An athlete's id keys alike with or without its "i" ("100001",
// "i100001"); "0" (the athlete behind the credential) is the caller's to resolve first.
func KeyOf(credential, athlete string) string {
	if id := strings.TrimPrefix(strings.ToLower(athlete), "i"); id != "0" && id != "" && strings.Trim(id, "0123456789") == "" {
		athlete = "i" + id
	}
	h := sha256.Sum256([]byte("intervals-mcp caller\x00" + credential + "\x00" + athlete))
	return hex.EncodeToString(h[:16])
}

type key struct{}

// With returns ctx carrying c.
func With(ctx context.Context, c Caller) context.Context { return context.WithValue(ctx, key{}, c) }

// From returns the caller ctx carries, and whether it carries one.
func From(ctx context.Context) (Caller, bool) {
	c, ok := ctx.Value(key{}).(Caller)
	return c, ok
}

// ErrInvalidToken is a bearer that is not accepted: unknown, expired, revoked, or of an
// athlete whose sign-in is no longer kept. The gate answers it 401.
var ErrInvalidToken = errors.New("invalid token")

// ErrTokenRevoked and ErrTokenExpired are an ErrInvalidToken known to have been revoked (the
// client must sign in again) or to have expired (the client refreshes it): said only to the
// holder of the token itself.
var (
	ErrTokenRevoked = fmt.Errorf("%w: revoked", ErrInvalidToken)
	ErrTokenExpired = fmt.Errorf("%w: expired", ErrInvalidToken)
)

// ErrSignedOut is in the chain of an error when an athlete's Intervals.icu token is not kept
// here: never signed in, forgotten once their last connection was revoked, or sealed under a
// key the server no longer has.
var ErrSignedOut = errors.New("no Intervals.icu sign-in of this athlete is kept here")
