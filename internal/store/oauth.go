package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// OAuth is the authorization server's data (internal/auth): clients, pending authorizations,
// athletes' sealed Intervals.icu tokens, grants, codes, and tokens of every kind. Every token
// is given to the store as text and kept as its SHA-256 only. The tokens methods are in
// oauth_tokens.go.
type OAuth interface {
	// PutClient registers a client, or refreshes the cached copy of a metadata document.
	PutClient(ctx context.Context, c Client) error
	// RegisterClient registers a client (c.MetadataDoc false) unless limit registered
	// clients are kept already: ErrFull then. Replicas registering at the same instant may
	// each pass the count once, so the limit can be passed by that many.
	RegisterClient(ctx context.Context, c Client, limit int) error
	// Client returns the client with this id; ErrNotFound when none (or a cached document
	// whose Expires has passed by now: fetch it again).
	Client(ctx context.Context, id string, now time.Time) (*Client, error)
	// UseAssertion spends a client assertion's jti until expires: ErrUsed when the client
	// used it before and it has not expired yet (a replay).
	UseAssertion(ctx context.Context, clientID, jti string, expires, now time.Time) error

	// PutPending keeps an authorization waiting for consent under handle.
	PutPending(ctx context.Context, handle string, p Pending) error
	// Pending returns the authorization waiting under handle, if it has not expired, been
	// approved or been taken.
	Pending(ctx context.Context, handle string, now time.Time) (*Pending, error)
	// ApprovePending records the consent (scope chosen) and the state sent upstream; it
	// succeeds once per handle (ErrUsed after).
	ApprovePending(ctx context.Context, handle, scope, upstreamState string, now time.Time) error
	// TakePending returns the approved authorization whose upstream state this is, once.
	TakePending(ctx context.Context, upstreamState string, now time.Time) (*Pending, error)

	// PutAthlete records an athlete's latest sign-in: their sealed Intervals.icu token.
	PutAthlete(ctx context.Context, a Athlete) error
	// Athlete returns an athlete's latest sign-in; ErrNotFound when they never signed in.
	Athlete(ctx context.Context, id string) (*Athlete, error)
	// ForgetAthlete deletes an athlete's sign-in (their sealed Intervals.icu token) and ends
	// their account-page sessions, if nothing of theirs is live at now: no live grant, none
	// waiting for its code to be redeemed, no personal token neither revoked nor expired. It returns
	// what it deleted; nil when it kept it (or there was none).
	ForgetAthlete(ctx context.Context, id string, now time.Time) (*Athlete, error)

	// PutGrant records one client's access for one athlete.
	PutGrant(ctx context.Context, g Grant) error
	// Grants lists an athlete's live grants (not revoked, with a token still usable at now:
	// a grant whose code was never redeemed is none), the newest first, with their clients'
	// names.
	Grants(ctx context.Context, athleteID string, now time.Time) ([]Grant, error)
	// RevokeGrant revokes a grant and every token of it (athleteID "" for any athlete's).
	RevokeGrant(ctx context.Context, id, athleteID string, now time.Time) error

	// PutCode keeps an authorization code of a grant.
	PutCode(ctx context.Context, code string, c Code) error
	// TakeCode redeems a code, once. A second redemption revokes the grant the first one
	// started (RFC 6749 4.1.2) and returns ErrUsed; an expired or unknown code ErrNotFound.
	TakeCode(ctx context.Context, code string, now time.Time) (*Code, error)

	Tokens
}

// The ways an OAuth lookup (or a registration) fails.
var (
	ErrNotFound = errors.New("store: not found (never issued, expired or revoked)")
	ErrUsed     = errors.New("store: already used")
	ErrFull     = errors.New("store: the registered clients are at their limit")
	// ErrRevoked and ErrExpired are the ErrNotFound of VerifyToken for a token it knows:
	// revoked (or of a revoked grant), or past its expiry. They are told only to whoever
	// holds the token itself, which a guess never does.
	ErrRevoked = fmt.Errorf("%w: revoked", ErrNotFound)
	ErrExpired = fmt.Errorf("%w: expired", ErrNotFound)
)

// Client is an OAuth client: registered (RFC 7591) or a cached client ID metadata document.
type Client struct {
	ID           string
	Name         string
	RedirectURIs []string
	AuthMethod   string // "none" or "private_key_jwt"
	JWKSURI      string // private_key_jwt: where the keys are, or
	JWKS         string // the keys themselves (JSON)
	MetadataDoc  bool   // a metadata document's cached copy (ID is its URL)
	Created      time.Time
	Expires      time.Time // a cached document's end; zero for a registered client
}

// Pending is an authorization between /authorize and the upstream callback. Purpose "mcp" is
// a client's authorization; "account" the account page's sign-in (no client, no code).
type Pending struct {
	Purpose     string
	Binding     string // the hash of the browser's cookie the consent must come with
	ClientID    string
	RedirectURI string
	State       string // the client's state, returned to it
	Challenge   string // PKCE S256 code challenge
	Resource    string
	Scope       string // asked for; after ApprovePending, chosen
	Expires     time.Time
}

// Athlete is an athlete's latest sign-in through Intervals.icu.
type Athlete struct {
	ID            string // i12345
	Name          string
	SealedToken   string // the Intervals.icu access token, sealed by internal/auth
	UpstreamScope string // as Intervals.icu granted it
	Updated       time.Time
}

// Grant is one client's access for one athlete under our scope.
type Grant struct {
	ID         string
	ClientID   string
	ClientName string // filled by Grants
	AthleteID  string
	Scope      string
	Created    time.Time
	LastUsed   time.Time
}

// Code is an authorization code's binding.
type Code struct {
	GrantID     string
	ClientID    string
	RedirectURI string
	Challenge   string
	Resource    string
	Expires     time.Time
}

func (s *DB) PutClient(ctx context.Context, c Client) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO oauth_clients (client_id, name, redirect_uris, auth_method, jwks_uri, jwks, metadata_doc, created_us, expires_us)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
		ON CONFLICT (client_id) DO UPDATE SET name = excluded.name, redirect_uris = excluded.redirect_uris, auth_method = excluded.auth_method,
			jwks_uri = excluded.jwks_uri, jwks = excluded.jwks, metadata_doc = excluded.metadata_doc, expires_us = excluded.expires_us`,
		c.ID, c.Name, strings.Join(c.RedirectURIs, "\n"), c.AuthMethod, c.JWKSURI, c.JWKS, boolInt(c.MetadataDoc), us(c.Created), usOrZero(c.Expires))
	if err != nil {
		return fmt.Errorf("store: put a client: %w", err)
	}
	return nil
}

func (s *DB) RegisterClient(ctx context.Context, c Client, limit int) error {
	if c.MetadataDoc {
		return errors.New("store: RegisterClient takes registered clients, not metadata documents")
	}
	// One statement: the count and the insert see the same rows (PostgreSQL needs the types
	// of parameters that only a SELECT list names).
	res, err := s.db.ExecContext(ctx, `INSERT INTO oauth_clients (client_id, name, redirect_uris, auth_method, jwks_uri, jwks, metadata_doc, created_us, expires_us)
		SELECT CAST($1 AS TEXT), CAST($2 AS TEXT), CAST($3 AS TEXT), CAST($4 AS TEXT), CAST($5 AS TEXT), CAST($6 AS TEXT), 0, CAST($7 AS BIGINT), 0
		WHERE (SELECT COUNT(*) FROM oauth_clients WHERE metadata_doc = 0) < $8`,
		c.ID, c.Name, strings.Join(c.RedirectURIs, "\n"), c.AuthMethod, c.JWKSURI, c.JWKS, us(c.Created), limit)
	if err != nil {
		return fmt.Errorf("store: register a client: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrFull
	}
	return nil
}

func (s *DB) Client(ctx context.Context, id string, now time.Time) (*Client, error) {
	var c Client
	var uris string
	var doc int
	var created, expires int64
	err := s.db.QueryRowContext(ctx, `SELECT client_id, name, redirect_uris, auth_method, jwks_uri, jwks, metadata_doc, created_us, expires_us
		FROM oauth_clients WHERE client_id = $1`, id).Scan(&c.ID, &c.Name, &uris, &c.AuthMethod, &c.JWKSURI, &c.JWKS, &doc, &created, &expires)
	if errors.Is(err, sql.ErrNoRows) || err == nil && expires != 0 && expires <= us(now) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: read a client: %w", err)
	}
	c.RedirectURIs = strings.Split(uris, "\n")
	c.MetadataDoc, c.Created, c.Expires = doc == 1, fromUS(created), fromUSOrZero(expires)
	return &c, nil
}

func (s *DB) UseAssertion(ctx context.Context, clientID, jti string, expires, now time.Time) error {
	// A row already expired (not yet cleaned up) is taken over: the jti is free again.
	res, err := s.db.ExecContext(ctx, `INSERT INTO oauth_assertions (client_id, jti, expires_us) VALUES ($1, $2, $3)
		ON CONFLICT (client_id, jti) DO UPDATE SET expires_us = excluded.expires_us WHERE oauth_assertions.expires_us <= $4`,
		clientID, jti, us(expires), us(now))
	if err != nil {
		return fmt.Errorf("store: spend a client assertion: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrUsed
	}
	return nil
}

func (s *DB) PutPending(ctx context.Context, handle string, p Pending) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO oauth_pending (handle_hash, purpose, binding_hash, client_id, redirect_uri, state, challenge, resource, scope, expires_us)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		hashToken(handle), p.Purpose, hashToken(p.Binding), p.ClientID, p.RedirectURI, p.State, p.Challenge, p.Resource, p.Scope, us(p.Expires))
	if err != nil {
		return fmt.Errorf("store: put a pending authorization: %w", err)
	}
	return nil
}

const pendingColumns = `purpose, binding_hash, client_id, redirect_uri, state, challenge, resource, scope, expires_us`

func scanPending(row *sql.Row) (*Pending, error) {
	var p Pending
	var exp int64
	if err := row.Scan(&p.Purpose, &p.Binding, &p.ClientID, &p.RedirectURI, &p.State, &p.Challenge, &p.Resource, &p.Scope, &exp); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("store: read a pending authorization: %w", err)
	}
	p.Expires = fromUS(exp)
	return &p, nil
}

// BindingMatches says whether cookie is the browser binding of p (Binding holds its hash).
func (p *Pending) BindingMatches(cookie string) bool {
	return cookie != "" && hashToken(cookie) == p.Binding
}

func (s *DB) Pending(ctx context.Context, handle string, now time.Time) (*Pending, error) {
	return scanPending(s.db.QueryRowContext(ctx, `SELECT `+pendingColumns+` FROM oauth_pending
		WHERE handle_hash = $1 AND approved_us IS NULL AND expires_us > $2`, hashToken(handle), us(now)))
}

func (s *DB) ApprovePending(ctx context.Context, handle, scope, upstreamState string, now time.Time) error {
	res, err := s.db.ExecContext(ctx, `UPDATE oauth_pending SET approved_us = $2, scope = $3, upstream_hash = $4
		WHERE handle_hash = $1 AND approved_us IS NULL AND expires_us > $2`, hashToken(handle), us(now), scope, hashToken(upstreamState))
	if err != nil {
		return fmt.Errorf("store: approve a pending authorization: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrUsed
	}
	return nil
}

func (s *DB) TakePending(ctx context.Context, upstreamState string, now time.Time) (*Pending, error) {
	h := hashToken(upstreamState)
	res, err := s.db.ExecContext(ctx, `UPDATE oauth_pending SET taken_us = $2 WHERE upstream_hash = $1 AND taken_us IS NULL AND expires_us > $2`, h, us(now))
	if err != nil {
		return nil, fmt.Errorf("store: take a pending authorization: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil, ErrNotFound
	}
	return scanPending(s.db.QueryRowContext(ctx, `SELECT `+pendingColumns+` FROM oauth_pending WHERE upstream_hash = $1`, h))
}

func (s *DB) PutAthlete(ctx context.Context, a Athlete) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO oauth_athletes (athlete_id, name, sealed_token, upstream_scope, updated_us) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (athlete_id) DO UPDATE SET name = excluded.name, sealed_token = excluded.sealed_token,
				upstream_scope = excluded.upstream_scope, updated_us = excluded.updated_us`,
			a.ID, a.Name, a.SealedToken, a.UpstreamScope, us(a.Updated)); err != nil {
			return err
		}
		return signal(ctx, tx, "revocations") // verified tokens carry the athlete's Intervals.icu token
	})
	if err != nil {
		return fmt.Errorf("store: put an athlete: %w", err)
	}
	return nil
}

func (s *DB) Athlete(ctx context.Context, id string) (*Athlete, error) {
	var a Athlete
	var upd int64
	err := s.db.QueryRowContext(ctx, `SELECT athlete_id, name, sealed_token, upstream_scope, updated_us FROM oauth_athletes WHERE athlete_id = $1`, id).
		Scan(&a.ID, &a.Name, &a.SealedToken, &a.UpstreamScope, &upd)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: read an athlete: %w", err)
	}
	a.Updated = fromUS(upd)
	return &a, nil
}

func (s *DB) ForgetAthlete(ctx context.Context, id string, now time.Time) (*Athlete, error) {
	var a Athlete
	var upd int64
	err := s.tx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `DELETE FROM oauth_athletes WHERE athlete_id = $1
			AND NOT EXISTS (SELECT 1 FROM oauth_grants g WHERE g.athlete_id = $1 AND (`+liveGrant("$2")+`
				OR g.revoked_us IS NULL AND EXISTS (SELECT 1 FROM oauth_codes c WHERE c.grant_id = g.id AND c.used_us IS NULL AND c.expires_us > $2)))
			AND NOT EXISTS (SELECT 1 FROM oauth_tokens p WHERE p.athlete_id = $1 AND p.kind = $3 AND p.revoked_us IS NULL AND (p.expires_us = 0 OR p.expires_us > $2))
			RETURNING athlete_id, name, sealed_token, upstream_scope, updated_us`, id, us(now), KindPersonal).
			Scan(&a.ID, &a.Name, &a.SealedToken, &a.UpstreamScope, &upd)
		if err != nil {
			return err
		}
		if _, err = tx.ExecContext(ctx, `UPDATE oauth_tokens SET revoked_us = $2 WHERE athlete_id = $1 AND kind = $3 AND revoked_us IS NULL`, id, us(now), KindSession); err != nil {
			return err
		}
		return signal(ctx, tx, "revocations")
	})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("store: forget an athlete: %w", err)
	}
	a.Updated = fromUS(upd)
	return &a, nil
}

func (s *DB) PutGrant(ctx context.Context, g Grant) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO oauth_grants (id, client_id, athlete_id, scope, created_us, last_used_us) VALUES ($1, $2, $3, $4, $5, $5)`,
		g.ID, g.ClientID, g.AthleteID, g.Scope, us(g.Created))
	if err != nil {
		return fmt.Errorf("store: put a grant: %w", err)
	}
	return nil
}

// liveGrant is the condition on a grant g of being live at the time in the placeholder now:
// not revoked, and one of its tokens (an access token, a refresh token not yet rotated) is
// neither revoked nor expired.
func liveGrant(now string) string {
	return `g.revoked_us IS NULL AND EXISTS (SELECT 1 FROM oauth_tokens t WHERE t.grant_id = g.id AND t.revoked_us IS NULL
		AND t.used_us IS NULL AND (t.expires_us = 0 OR t.expires_us > ` + now + `))`
}

func (s *DB) Grants(ctx context.Context, athleteID string, now time.Time) ([]Grant, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT g.id, g.client_id, COALESCE(c.name, g.client_id), g.athlete_id, g.scope, g.created_us, g.last_used_us
		FROM oauth_grants g LEFT JOIN oauth_clients c ON c.client_id = g.client_id
		WHERE g.athlete_id = $1 AND `+liveGrant("$2")+` ORDER BY g.created_us DESC, g.id`, athleteID, us(now))
	if err != nil {
		return nil, fmt.Errorf("store: list grants: %w", err)
	}
	defer rows.Close()
	var out []Grant
	for rows.Next() {
		var g Grant
		var created, used int64
		if err := rows.Scan(&g.ID, &g.ClientID, &g.ClientName, &g.AthleteID, &g.Scope, &created, &used); err != nil {
			return nil, fmt.Errorf("store: list grants: %w", err)
		}
		g.Created, g.LastUsed = fromUS(created), fromUS(used)
		out = append(out, g)
	}
	return out, rows.Err()
}

func (s *DB) RevokeGrant(ctx context.Context, id, athleteID string, now time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error { return revokeGrant(ctx, tx, id, athleteID, now) })
}

// revokeGrant revokes a grant and its tokens in tx; ErrNotFound when there is no such live
// grant (of athleteID, unless "").
func revokeGrant(ctx context.Context, tx *sql.Tx, id, athleteID string, now time.Time) error {
	res, err := tx.ExecContext(ctx, `UPDATE oauth_grants SET revoked_us = $2 WHERE id = $1 AND revoked_us IS NULL AND ($3 = '' OR athlete_id = $3)`, id, us(now), athleteID)
	if err != nil {
		return fmt.Errorf("store: revoke a grant: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrNotFound
	}
	if _, err := tx.ExecContext(ctx, `UPDATE oauth_tokens SET revoked_us = $2, next_sealed = '' WHERE grant_id = $1 AND revoked_us IS NULL`, id, us(now)); err != nil {
		return fmt.Errorf("store: revoke a grant's tokens: %w", err)
	}
	return signal(ctx, tx, "revocations")
}

func (s *DB) PutCode(ctx context.Context, code string, c Code) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO oauth_codes (code_hash, grant_id, client_id, redirect_uri, challenge, resource, expires_us) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		hashToken(code), c.GrantID, c.ClientID, c.RedirectURI, c.Challenge, c.Resource, us(c.Expires))
	if err != nil {
		return fmt.Errorf("store: put a code: %w", err)
	}
	return nil
}

func (s *DB) TakeCode(ctx context.Context, code string, now time.Time) (*Code, error) {
	var c Code
	var exp int64
	var used sql.NullInt64
	reused := false // the revocation is committed, then ErrUsed returned
	err := s.tx(ctx, func(tx *sql.Tx) error {
		h := hashToken(code)
		err := tx.QueryRowContext(ctx, `SELECT grant_id, client_id, redirect_uri, challenge, resource, expires_us, used_us FROM oauth_codes WHERE code_hash = $1`+s.d.forUpdate, h).
			Scan(&c.GrantID, &c.ClientID, &c.RedirectURI, &c.Challenge, &c.Resource, &exp, &used)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return ErrNotFound
		case err != nil:
			return err
		case used.Valid:
			reused = true
			if err := revokeGrant(ctx, tx, c.GrantID, "", now); err != nil && !errors.Is(err, ErrNotFound) {
				return err
			}
			return nil
		case exp <= us(now):
			return ErrNotFound
		}
		_, err = tx.ExecContext(ctx, `UPDATE oauth_codes SET used_us = $2 WHERE code_hash = $1`, h, us(now))
		return err
	})
	if errors.Is(err, ErrNotFound) {
		return nil, err
	}
	if err == nil && reused {
		return nil, ErrUsed
	}
	if err != nil {
		return nil, fmt.Errorf("store: take a code: %w", err)
	}
	c.Expires = fromUS(exp)
	return &c, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// usOrZero is t as stored, the zero time as 0 (never).
func usOrZero(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return us(t)
}

func fromUS(v int64) time.Time { return time.UnixMicro(v).UTC() }

func fromUSOrZero(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return fromUS(v)
}
