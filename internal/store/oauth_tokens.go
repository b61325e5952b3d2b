package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Tokens are the bearer tokens of the authorization server, of four kinds: a grant's access
// and refresh tokens, personal access tokens and account-page sessions (both of an athlete,
// no grant). Only their SHA-256 is stored. Every revocation moves Signals.Revocations, so a
// replica that keeps verified tokens in memory (internal/auth) verifies them again at its
// next request: a revocation stops the next request on every replica.
type Tokens interface {
	// IssueTokens stores a grant's first access and refresh tokens, under the grant's scope
	// (p.Scope is not used), and returns that scope. ErrNotFound: the grant is revoked.
	IssueTokens(ctx context.Context, grantID string, p TokenPair, now time.Time) (scope string, err error)
	// RotateRefresh redeems a refresh token for next, once. The same token again within
	// grace answers the pair it was redeemed for (sealedNext, as given then: concurrent
	// refreshes of one client); after grace it revokes the grant and returns ErrUsed.
	// ErrNotFound: unknown, expired, revoked, not a refresh token, or of another client than
	// clientID (then nothing is consumed). next.Scope, when set, narrows the new pair (and
	// every later one) to it; ErrScope when it is wider than the token's.
	RotateRefresh(ctx context.Context, refresh, clientID string, next TokenPair, sealedNext string, grace time.Duration, now time.Time) (*Rotation, error)
	// VerifyToken returns the live token of one of kinds, and notes its use. Unknown or of
	// another kind: ErrNotFound; revoked or of a revoked grant: ErrRevoked; expired:
	// ErrExpired (both wrap ErrNotFound; the cleanup forgets such a token after a day).
	VerifyToken(ctx context.Context, token string, now time.Time, kinds ...string) (*Token, error)
	// PutToken stores a personal token or a session (t.Kind), with t.ID naming it.
	PutToken(ctx context.Context, token string, t Token) error
	// PersonalTokens lists the personal tokens not revoked, of athleteID ("": everyone's),
	// the newest first, expired ones included (Expires says so).
	PersonalTokens(ctx context.Context, athleteID string) ([]Token, error)
	// RevokeTokenID revokes a personal token by its id (of athleteID, unless ""), and
	// returns its athlete.
	RevokeTokenID(ctx context.Context, id, athleteID string, now time.Time) (athlete string, err error)
	// RevokeToken revokes a token by its text (RFC 7009): an access or refresh token of
	// clientID's grant revokes the grant; a personal token or session itself. It returns
	// the athlete of what it revoked. Unknown tokens, or a grant of another client, are not
	// an error: nothing is revoked, athlete is "".
	RevokeToken(ctx context.Context, token, clientID string, now time.Time) (athlete string, err error)
}

// Token kinds.
const (
	KindAccess   = "access"
	KindRefresh  = "refresh"
	KindPersonal = "pat"
	KindSession  = "session"
)

// TokenPair is an access token and a refresh token issued together, under one scope.
type TokenPair struct {
	Access, Refresh               string
	AccessExpires, RefreshExpires time.Time
	Scope                         string
}

// Token is what a token grants. Expires zero is never.
type Token struct {
	Kind      string
	ID        string // a personal token's public id (its list and revoke name)
	GrantID   string // access and refresh tokens
	ClientID  string // of the grant
	AthleteID string
	Scope     string
	Name      string // a personal token's name
	Created   time.Time
	Expires   time.Time
	LastUsed  time.Time
}

// Rotation is a redeemed refresh token's grant; Replayed when it was redeemed before, within
// the grace window, and SealedNext holds the pair that redemption issued.
type Rotation struct {
	GrantID, ClientID, AthleteID, Scope string
	Replayed                            bool
	SealedNext                          string
}

// lastUsedStep is how stale a token's (and its grant's) last use may be before a
// verification writes it: one write a minute per token at most, not one per request.
const lastUsedStep = time.Minute

func (s *DB) IssueTokens(ctx context.Context, grantID string, p TokenPair, now time.Time) (string, error) {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var athlete string
		if err := tx.QueryRowContext(ctx, `SELECT athlete_id, scope FROM oauth_grants WHERE id = $1 AND revoked_us IS NULL`, grantID).Scan(&athlete, &p.Scope); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return ErrNotFound
			}
			return err
		}
		return insertPair(ctx, tx, grantID, athlete, p, now)
	})
	if err != nil && !errors.Is(err, ErrNotFound) {
		return "", fmt.Errorf("store: issue tokens: %w", err)
	}
	return p.Scope, err
}

func insertPair(ctx context.Context, tx *sql.Tx, grantID, athlete string, p TokenPair, now time.Time) error {
	for _, t := range []struct {
		kind, text string
		exp        time.Time
	}{{KindAccess, p.Access, p.AccessExpires}, {KindRefresh, p.Refresh, p.RefreshExpires}} {
		if _, err := tx.ExecContext(ctx, `INSERT INTO oauth_tokens (token_hash, kind, id, grant_id, athlete_id, scope, created_us, expires_us)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, hashToken(t.text), t.kind, grantID, grantID, athlete, p.Scope, us(now), usOrZero(t.exp)); err != nil {
			return err
		}
	}
	return nil
}

// ErrScope: a refresh asked for a scope its token does not hold (RFC 6749 6: invalid_scope).
var ErrScope = errors.New("store: the scope asked is wider than the token's")

// scopeWithin says whether every scope of asked (space-separated) is in held, where
// intervals:write holds intervals:read (write implies read).
func scopeWithin(asked, held string) bool {
	have := strings.Fields(held)
	if slices.Contains(have, "intervals:write") {
		have = append(have, "intervals:read")
	}
	for _, a := range strings.Fields(asked) {
		if !slices.Contains(have, a) {
			return false
		}
	}
	return true
}

func (s *DB) RotateRefresh(ctx context.Context, refresh, clientID string, next TokenPair, sealedNext string, grace time.Duration, now time.Time) (*Rotation, error) {
	var r Rotation
	reused := false // the revocation is committed, then ErrUsed returned
	err := s.tx(ctx, func(tx *sql.Tx) error {
		h := hashToken(refresh)
		var kind string
		var exp int64
		var used, revoked, grantRevoked sql.NullInt64
		err := tx.QueryRowContext(ctx, `SELECT t.kind, t.grant_id, g.client_id, t.athlete_id, t.scope, t.expires_us, t.used_us, t.next_sealed, t.revoked_us, g.revoked_us
			FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id WHERE t.token_hash = $1`+s.d.forUpdate, h).
			Scan(&kind, &r.GrantID, &r.ClientID, &r.AthleteID, &r.Scope, &exp, &used, &r.SealedNext, &revoked, &grantRevoked)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return ErrNotFound
		case err != nil:
			return err
		case kind != KindRefresh, r.ClientID != clientID, revoked.Valid, grantRevoked.Valid, exp != 0 && exp <= us(now):
			return ErrNotFound
		case used.Valid && now.Sub(fromUS(used.Int64)) <= grace && r.SealedNext != "":
			r.Replayed = true
			return nil
		case used.Valid:
			reused = true
			return revokeGrant(ctx, tx, r.GrantID, "", now)
		}
		if next.Scope != "" && !scopeWithin(next.Scope, r.Scope) {
			return ErrScope
		}
		if _, err := tx.ExecContext(ctx, `UPDATE oauth_tokens SET used_us = $2, next_sealed = $3 WHERE token_hash = $1`, h, us(now), sealedNext); err != nil {
			return err
		}
		if next.Scope == "" { // the token's own scope; a narrower one asked is kept by the new pair and every later one
			next.Scope = r.Scope
		}
		r.Scope = next.Scope
		r.SealedNext = ""
		return insertPair(ctx, tx, r.GrantID, r.AthleteID, next, now)
	})
	if errors.Is(err, ErrNotFound) || errors.Is(err, ErrScope) {
		return nil, err
	}
	if err == nil && reused {
		return nil, ErrUsed
	}
	if err != nil {
		return nil, fmt.Errorf("store: rotate a refresh token: %w", err)
	}
	return &r, nil
}

func (s *DB) VerifyToken(ctx context.Context, token string, now time.Time, kinds ...string) (*Token, error) {
	var t Token
	var created, exp, last int64
	var revoked, grantRevoked sql.NullInt64
	var grantID sql.NullString
	h := hashToken(token)
	err := s.db.QueryRowContext(ctx, `SELECT t.kind, t.id, t.grant_id, COALESCE(g.client_id, ''), t.athlete_id, t.scope, t.name,
			t.created_us, t.expires_us, t.last_used_us, t.revoked_us, g.id, g.revoked_us
		FROM oauth_tokens t LEFT JOIN oauth_grants g ON g.id = t.grant_id WHERE t.token_hash = $1`, h).
		Scan(&t.Kind, &t.ID, &t.GrantID, &t.ClientID, &t.AthleteID, &t.Scope, &t.Name, &created, &exp, &last, &revoked, &grantID, &grantRevoked)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, ErrNotFound
	case err != nil:
		return nil, fmt.Errorf("store: verify a token: %w", err)
	case !slices.Contains(kinds, t.Kind):
		return nil, ErrNotFound
	case revoked.Valid, t.GrantID != "" && (!grantID.Valid || grantRevoked.Valid):
		return nil, ErrRevoked
	case exp != 0 && exp <= us(now):
		return nil, ErrExpired
	}
	t.Created, t.Expires, t.LastUsed = fromUS(created), fromUSOrZero(exp), fromUSOrZero(last)
	if now.Sub(t.LastUsed) >= lastUsedStep {
		if _, err := s.db.ExecContext(ctx, `UPDATE oauth_tokens SET last_used_us = $2 WHERE token_hash = $1`, h, us(now)); err != nil {
			return nil, fmt.Errorf("store: note a token's use: %w", err)
		}
		if t.GrantID != "" {
			if _, err := s.db.ExecContext(ctx, `UPDATE oauth_grants SET last_used_us = $2 WHERE id = $1`, t.GrantID, us(now)); err != nil {
				return nil, fmt.Errorf("store: note a grant's use: %w", err)
			}
		}
	}
	return &t, nil
}

func (s *DB) PutToken(ctx context.Context, token string, t Token) error {
	if t.Kind != KindPersonal && t.Kind != KindSession {
		return fmt.Errorf("store: PutToken takes personal tokens and sessions, not %q", t.Kind)
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO oauth_tokens (token_hash, kind, id, athlete_id, scope, name, created_us, expires_us)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, hashToken(token), t.Kind, t.ID, t.AthleteID, t.Scope, t.Name, us(t.Created), usOrZero(t.Expires))
	if err != nil {
		return fmt.Errorf("store: put a token: %w", err)
	}
	return nil
}

func (s *DB) PersonalTokens(ctx context.Context, athleteID string) ([]Token, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, athlete_id, scope, name, created_us, expires_us, last_used_us FROM oauth_tokens
		WHERE kind = $1 AND revoked_us IS NULL AND ($2 = '' OR athlete_id = $2) ORDER BY created_us DESC, id`, KindPersonal, athleteID)
	if err != nil {
		return nil, fmt.Errorf("store: list personal tokens: %w", err)
	}
	defer rows.Close()
	var out []Token
	for rows.Next() {
		t := Token{Kind: KindPersonal}
		var created, exp, last int64
		if err := rows.Scan(&t.ID, &t.AthleteID, &t.Scope, &t.Name, &created, &exp, &last); err != nil {
			return nil, fmt.Errorf("store: list personal tokens: %w", err)
		}
		t.Created, t.Expires, t.LastUsed = fromUS(created), fromUSOrZero(exp), fromUSOrZero(last)
		out = append(out, t)
	}
	return out, rows.Err()
}

func (s *DB) RevokeTokenID(ctx context.Context, id, athleteID string, now time.Time) (string, error) {
	var athlete string
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, `UPDATE oauth_tokens SET revoked_us = $2 WHERE id = $1 AND kind = $4 AND revoked_us IS NULL AND ($3 = '' OR athlete_id = $3)
			RETURNING athlete_id`, id, us(now), athleteID, KindPersonal).Scan(&athlete); err != nil {
			return err
		}
		return signal(ctx, tx, "revocations")
	})
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("store: revoke a personal token: %w", err)
	}
	return athlete, nil
}

func (s *DB) RevokeToken(ctx context.Context, token, clientID string, now time.Time) (string, error) {
	var athlete string
	err := s.tx(ctx, func(tx *sql.Tx) error {
		h := hashToken(token)
		var kind, grant, client, who string
		err := tx.QueryRowContext(ctx, `SELECT t.kind, t.grant_id, COALESCE(g.client_id, ''), t.athlete_id FROM oauth_tokens t LEFT JOIN oauth_grants g ON g.id = t.grant_id
			WHERE t.token_hash = $1 AND t.revoked_us IS NULL`, h).Scan(&kind, &grant, &client, &who)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return nil
		case err != nil:
			return err
		case grant != "":
			if client != clientID {
				return nil
			}
			if err := revokeGrant(ctx, tx, grant, "", now); err != nil && !errors.Is(err, ErrNotFound) {
				return err
			}
			athlete = who
			return nil
		}
		if _, err = tx.ExecContext(ctx, `UPDATE oauth_tokens SET revoked_us = $2 WHERE token_hash = $1`, h, us(now)); err != nil {
			return err
		}
		athlete = who
		return signal(ctx, tx, "revocations")
	})
	if err != nil {
		return "", fmt.Errorf("store: revoke a token: %w", err)
	}
	return athlete, nil
}
